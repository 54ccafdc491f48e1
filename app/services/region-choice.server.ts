import { redirect } from "@remix-run/node";
import { parseRegion, regionCookieHeader } from "./region.server";

/**
 * Where to go back after choosing a flag: only a path on this site ('/…', never '//host' or
 * '/\host', which browsers read as another site); anything else goes home.
 */
export function safeReturnPath(value: string | null): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  // A control character or a backslash anywhere could be read as another host.
  if ([...value].some((char) => char < " " || char === "\\")) return "/";
  return value;
}

/** Keeps the chosen region in its cookie and goes back to the page; an unknown region changes nothing. */
export async function chooseRegion(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const back = safeReturnPath(url.searchParams.get("back"));
  const region = parseRegion(url.searchParams.get("to"));
  if (!region) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": await regionCookieHeader(region), "Cache-Control": "no-store" } });
}
