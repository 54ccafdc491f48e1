/**
 * What the document's module preloads and module scripts say instead of `modulepreload` and
 * `module` when it leaves the server (app/services/document-bytes.server.ts): values the browser
 * does not know, so it neither fetches nor runs them while it draws the page. `PageScripts` puts
 * real ones in their place once the page is on screen. Free of imports: the end-to-end tests read it
 * too (tests/e2e/fixtures.ts).
 */
export const AFTER_FIRST_PAINT = { rel: "modulepreload-after-first-paint", type: "module-after-first-paint" } as const;

/**
 * Said by `PageScripts` once React has hydrated the page: the attribute stays on `<html>` (the
 * end-to-end tests wait for it) and the event lets the page's first inline script stop holding back
 * the shopper's input events.
 */
export const HYDRATED = {
  attribute: "data-hidratada",
  event: "pagina-hidratada",
} as const;
