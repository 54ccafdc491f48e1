import { useMatches, useRouteError, isRouteErrorResponse } from "@remix-run/react";

/**
 * What a route module may declare in its `handle` about the page's JavaScript. A page where
 * scripts add nothing (plain text, links and forms that post) exports `handle = NO_SCRIPTS`, and
 * its document carries no script at all (issue 13).
 */
export interface PageScriptsHandle {
  scripts?: false;
}

export const NO_SCRIPTS = { scripts: false } as const satisfies PageScriptsHandle;

/**
 * Whether the document being rendered loads the app's scripts: not when a matched route says it
 * needs none, nor on the 404 page (a thrown 404 renders the root error boundary). In the browser
 * the answer is always yes: only a page that loaded its scripts runs this, and a client-side
 * navigation keeps them (taking them out of the tree would only drop scroll restoration).
 */
export function usePageLoadsScripts(): boolean {
  const matches = useMatches();
  const error = useRouteError();
  if (typeof document !== "undefined") return true;
  if (isRouteErrorResponse(error) && error.status === 404) return false;
  return !matches.some((match) => (match.handle as PageScriptsHandle | undefined)?.scripts === false);
}
