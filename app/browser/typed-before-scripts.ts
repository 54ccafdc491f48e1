/**
 * A page's scripts start after its first paint (docs/decisions/0019), and until React has hydrated
 * it the shopper's events stop at the window: what they type or choose meanwhile is in the page but
 * not in React's state. A component the server drew takes it in from its first effect, through
 * `pickUpTypedBeforeScripts`; one drawn later, after a navigation, holds nothing typed before it.
 */
let firstDrawDone = false;

/** Said by `PageScripts`, whose effect is the last of the page's first draw. */
export function markFirstDrawDone() {
  firstDrawDone = true;
}

/** Runs `pickUp` when called from an effect of the page's first draw, and never after it. */
export function pickUpTypedBeforeScripts(pickUp: () => void) {
  if (!firstDrawDone) pickUp();
}
