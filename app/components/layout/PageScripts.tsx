import { Scripts, ScrollRestoration } from "@remix-run/react";
import { useEffect } from "react";
import { markFirstDrawDone } from "~/browser/typed-before-scripts";
import { HYDRATED } from "~/browser/after-first-paint";
import { STARTER_CONFIG, STARTER_SCRIPT } from "~/browser/start-scripts";

/**
 * The page's scripts, started only once the page is on screen: on a slow phone network the first
 * paint and the first photo no longer share the line with the comfort scripts (every page works
 * without them), and the phone's processor draws before it hydrates (docs/decisions/0019). The
 * copies go into a box whose content React sets as HTML, so it never looks inside it.
 */
export function PageScripts({ nonce }: { nonce: string | undefined }) {
  // The last effect of the first draw: every component the server drew has taken in what the
  // shopper typed meanwhile (typed-before-scripts.ts), so the shopper's own events may pass now.
  useEffect(() => {
    markFirstDrawDone();
    document.documentElement.setAttribute(HYDRATED.attribute, "");
    window.dispatchEvent(new Event(HYDRATED.event));
  }, []);
  return (
    <>
      <ScrollRestoration nonce={nonce} />
      <Scripts nonce={nonce} />
      <div id={STARTER_CONFIG.boxId} hidden suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: STARTER_SCRIPT }} />
    </>
  );
}
