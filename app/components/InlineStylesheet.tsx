import { createContext, useContext, type ReactNode } from "react";

/**
 * The store's stylesheet, written into each document's head rather than linked: a linked one
 * blocks the first paint for one more round trip, the largest part of a phone's wait on a page
 * (issue 13, `npm run lighthouse`, docs/decisions/0016). The server gives the text through this
 * context; the browser reads it back from the document.
 */
const StylesheetContext = createContext("");
const STYLESHEET_ID = "hoja-de-estilos";

export function StylesheetProvider({ css, children }: { css: string; children: ReactNode }) {
  return <StylesheetContext.Provider value={css}>{children}</StylesheetContext.Provider>;
}

// Read once, before React's first render in the browser: when hydration gives up on a mismatch and
// renders the document anew, the <style> is written again with this text instead of emptied (a page
// lost all its styles that way).
const browserCss = typeof document === "undefined" ? "" : (document.getElementById(STYLESHEET_ID)?.textContent ?? "");

export function InlineStylesheet() {
  const css = useContext(StylesheetContext) || browserCss;
  return <style id={STYLESHEET_ID} dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
