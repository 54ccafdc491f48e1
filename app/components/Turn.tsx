import { Suspense, type ReactElement } from "react";
import { waitForTurn } from "./hydration";

/**
 * A part of the page the browser may hydrate in a later task than its surroundings. React hydrates
 * in slices of its own; Preact, which stands in for it in the browser build (docs/decisions/0013),
 * hydrates in one go, and a phone's processor would be busy for a quarter of a second. Preact keeps
 * the server's DOM of a part that waits, so `children` must draw exactly one element.
 *
 * The server draws only `children`: a Suspense boundary there would leave markers in the HTML the
 * browser's tree does not have.
 */
export function Turn({ children }: { children: ReactElement }) {
  if (import.meta.env.SSR || !import.meta.env.HYDRATES_IN_TURNS) return children;
  return (
    <Suspense fallback={null}>
      <WaitForTurn>{children}</WaitForTurn>
    </Suspense>
  );
}

function WaitForTurn({ children }: { children: ReactElement }) {
  waitForTurn();
  return children;
}
