import { createContext, useContext, type ReactNode } from "react";

/**
 * The store's stylesheet, written into each document's head rather than linked: a linked one
 * blocks the first paint for one more round trip, the largest part of a phone's wait on a page
 * (issue 13, `npm run lighthouse`). The server gives the text; in the browser it is empty.
 */
const StylesheetContext = createContext("");

export function StylesheetProvider({ css, children }: { css: string; children: ReactNode }) {
  return <StylesheetContext.Provider value={css}>{children}</StylesheetContext.Provider>;
}

/**
 * In the browser the <style> the server wrote is kept as it is: hydration neither checks nor
 * rewrites inner HTML, and later renders leave it alone while it stays the same (empty) string.
 */
export function InlineStylesheet() {
  const css = useContext(StylesheetContext);
  return <style dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
