import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchSuggestions, type SearchSuggestion } from "~/services/catalog.server";
import { logError } from "~/services/log.server";

/** The header's suggestion list: GET ?searchValue= gives up to 8 products as JSON. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // SPEC.md section 5: the text is trimmed and an empty text searches nothing.
  const searchValue = (new URL(request.url).searchParams.get("searchValue") ?? "").trim().slice(0, 100);
  let suggestions: SearchSuggestion[] = [];
  try {
    if (searchValue !== "") suggestions = await searchSuggestions(context.api, searchValue);
  } catch (error) {
    // Suggestions are a comfort: a failure must not replace the page with the error screen
    // (an error answer to a fetcher would), the search form still works.
    logError("No se pudieron cargar las sugerencias de búsqueda", error);
    return Response.json([], { headers: { "Cache-Control": "no-store" } });
  }
  // Revalidated every time, like the catalogue's pages: a seller's change shows on the next keystroke.
  return Response.json(suggestions, { headers: { "Cache-Control": "public, no-cache" } });
}
