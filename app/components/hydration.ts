import { useEffect, useState } from "react";

/**
 * Where the browser stands in hydrating the page the server sent. React hydrates in slices of its
 * own. Preact, which stands in for it in the browser build (docs/decisions/0013), hydrates in one
 * go, so the page is cut into parts (`Turn`) that hydrate in tasks of their own; the page is
 * hydrated once no part waits.
 */
let pageHydrated = false;
const whenHydrated: Array<() => void> = [];
const pickUps: Array<() => void> = [];

/**
 * How long one task hydrates before the parts left wait for the next. Lighthouse counts a task as
 * blocking past 50 ms on a phone it takes to be four times slower than the machine it runs on, and
 * a part that starts just before the limit still runs to its end.
 */
export const SLICE_MS = 4;
let sliceStart = -Infinity;
let nextSlice: Promise<void> | null = null;
const whenTurnsDone: Array<() => void> = [];

/** Runs `then` in a task of its own, without the 4 ms a nested `setTimeout` waits. */
export function nextTask(then: () => void) {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    then();
  };
  channel.port2.postMessage(null);
}

/** Resolves in the next task (nextTask), for code that awaits. */
export function nextTaskStarted(): Promise<void> {
  return new Promise((resolve) => nextTask(resolve));
}

/**
 * Called by a part about to hydrate. Once this task has hydrated for `SLICE_MS`, it throws, for the
 * part's Suspense boundary, the promise of the next task. The first pass, which runs the router and
 * draws the page's frame, hydrates no part at all.
 */
export function waitForTurn() {
  if (pageHydrated || performance.now() - sliceStart < SLICE_MS) return;
  nextSlice ??= new Promise<void>((resolve) =>
    nextTask(() => {
      nextSlice = null;
      sliceStart = performance.now();
      resolve();
      // The parts that waited hydrate in this task's microtasks and run their effects in the next
      // task (app/browser/react-dom-client.ts); after that, if none waits again, all are done.
      nextTask(() =>
        nextTask(() => {
          if (!nextSlice) whenTurnsDone.splice(0).forEach((then) => then());
        }),
      );
    }),
  );
  throw nextSlice;
}

/** Runs `then` once no part of the page waits for its turn (at once if none does). */
export function afterTurns(then: () => void) {
  if (nextSlice) whenTurnsDone.push(then);
  else then();
}

/** Runs `then` once the whole page is hydrated (at once if it is already); the returned function cancels it. */
export function afterPageHydrated(then: () => void): () => void {
  if (pageHydrated) {
    then();
    return () => {};
  }
  return waitIn(whenHydrated, then);
}

function waitIn(list: Array<() => void>, then: () => void): () => void {
  list.push(then);
  return () => {
    const index = list.indexOf(then);
    if (index >= 0) list.splice(index, 1);
  };
}

/**
 * For a part the server drew: runs `then` once the whole page is hydrated, to pick up what the
 * shopper typed or chose while the scripts were on their way (their clicks and keys wait at the
 * window until then, PageScripts), in every part at once. A part the browser draws later, after a
 * navigation, holds nothing typed before it: `then` does not run. The returned function cancels it
 * (an effect's cleanup).
 */
export function pickUpAfterHydration(then: () => void): () => void {
  return pageHydrated ? () => {} : waitIn(pickUps, then);
}

/**
 * Said once, by the layout's last effect, after the turns are done. What waited for it (every
 * `useHydrated`) redraws its part, in slices of `SLICE_MS` like the turns:
 * a product card's buttons alone are two dozen redraws. Resolves once all are done.
 */
export async function markPageHydrated() {
  pageHydrated = true;
  // First, all at once, what reads the controls the shopper changed: a part drawn anew before its
  // pick-up would show its state again instead (the search box's empty text).
  pickUps.splice(0).forEach((then) => then());
  let sliceStart = performance.now();
  for (let then = whenHydrated.shift(); then; then = whenHydrated.shift()) {
    then();
    // Preact redraws in a microtask queued by the state `then` set: this one comes after it.
    await Promise.resolve();
    if (whenHydrated.length > 0 && performance.now() - sliceStart >= SLICE_MS) {
      await nextTaskStarted();
      sliceStart = performance.now();
    }
  }
}

/**
 * True once the page runs its scripts. False until the whole page is hydrated, so the browser draws
 * what the server drew (remix-utils' hook reads a server snapshot Preact ignores) and no part that
 * still waits for its turn is drawn anew; components drawn after that start true.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => afterPageHydrated(() => setHydrated(true)), []);
  return hydrated;
}
