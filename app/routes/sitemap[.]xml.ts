import type { LoaderFunctionArgs } from "@remix-run/node";
import { buildSitemap } from "~/services/sitemap.server";
import { logError } from "~/services/log.server";

export async function loader({ context }: LoaderFunctionArgs) {
  try {
    return new Response(await buildSitemap(context.api), {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });
  } catch (error) {
    // A partial sitemap would tell crawlers that pages were removed; ask them to come back instead.
    logError("No se pudo generar el sitemap", error);
    return new Response("Sitemap no disponible en este momento.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "600", "Cache-Control": "no-store" },
    });
  }
}
