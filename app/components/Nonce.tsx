import { createContext, useContext, type ReactNode } from "react";

/**
 * This response's Content-Security-Policy nonce, given by the server to the document's scripts. In
 * the browser it is empty: once the page has loaded, no inline script is added any more.
 */
const NonceContext = createContext("");

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}
