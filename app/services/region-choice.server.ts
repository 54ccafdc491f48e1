import { data, redirect } from "@remix-run/node";
import { accountEndpoints } from "#contract/accounts";
import type { Region } from "#contract/region-time";
import { getUser, requireAccount, type RequestArgs } from "./auth.server";
import { logError } from "./log.server";
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

/**
 * A signed-in user's choice is kept on the account too, so their mails use it (decision 0039).
 * Only a preference: when the API cannot keep it, the cookie still does and the page goes on.
 */
async function keepOnAccount(args: RequestArgs, region: Region): Promise<void> {
  if (!getUser(args)) return;
  try {
    await requireAccount(args, { background: true }).call(accountEndpoints.updateRegion, { body: { region } });
  } catch (error) {
    if (!(error instanceof Response)) logError("No se pudo guardar la región de la cuenta", error);
  }
}

/** GET /region?to=ve&back=…: keeps the chosen region and goes back to the page; an unknown region changes nothing. */
export async function chooseRegion(args: RequestArgs): Promise<Response> {
  const url = new URL(args.request.url);
  const back = safeReturnPath(url.searchParams.get("back"));
  const region = parseRegion(url.searchParams.get("to"));
  if (!region) return redirect(back);
  await keepOnAccount(args, region);
  return redirect(back, { headers: { "Set-Cookie": await regionCookieHeader(region), "Cache-Control": "no-store" } });
}

/**
 * POST /region from the browser's own zone (app/components/layout/RegionFromBrowser.tsx): the
 * same choice without leaving the page; Remix then reloads the page's data in the new zone.
 */
export async function chooseRegionFromBrowser(args: RequestArgs) {
  const region = parseRegion((await args.request.formData()).get("to"));
  if (!region) return data({ region: null }, { status: 400 });
  await keepOnAccount(args, region);
  return data({ region }, { headers: { "Set-Cookie": await regionCookieHeader(region), "Cache-Control": "no-store" } });
}
