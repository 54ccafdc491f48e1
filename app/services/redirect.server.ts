function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Where any URL is resolved to compare origins; never reached. */
const HERE = "http://tienda.invalid";

/**
 * The one check for every redirect target a browser sends us (`redirectTo` of the sign-in pages, the
 * cards' "back" path): a path on this site, or `fallback`. Browsers drop tabs and newlines inside
 * URLs and read `\` as `/`, so `/<TAB>/evil.example` would leave the site: control characters and
 * backslashes are refused outright, and what is left must resolve to this origin.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.includes("\\") || hasControlCharacter(target))
    return fallback;
  let url: URL;
  try {
    url = new URL(target, HERE);
  } catch {
    return fallback;
  }
  return url.origin === HERE ? url.pathname + url.search + url.hash : fallback;
}
