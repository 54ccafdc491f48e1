import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { nextTaskStarted } from "~/components/hydration";

/**
 * Remix's first render suspends until the page's streamed data is decoded: it throws that promise
 * before any hook runs. React waits for it at the root; Preact has no root to wait at, so the
 * browser build waits here, calling it once to start the decoding (docs/decisions/0013).
 */
async function pageDataDecoded() {
  try {
    RemixBrowser({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
    else throw thrown;
  }
}

/**
 * Remix builds its router in its first render, after the data is decoded; that render then needs
 * hooks and throws without a component around it. Building the router in a task of its own keeps
 * a phone's first hydration task short (about a third of it at 4x CPU slowdown).
 */
function buildRouter() {
  try {
    RemixBrowser({});
  } catch {
    // Expected: the router is built and kept (window.__remixRouter); the hooks after it need a render.
  }
}

async function startRemix() {
  await pageDataDecoded();
  if (import.meta.env.HYDRATES_IN_TURNS) {
    await nextTaskStarted();
    buildRouter();
    await nextTaskStarted();
  }
}

void startRemix().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});
