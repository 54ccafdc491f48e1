import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
    {
      // React drew the page anew over the server's HTML: the page works, but the two disagreed.
      // Said in these words so the end-to-end tests fail the journey (tests/e2e/fixtures.ts).
      onRecoverableError: (error) => console.error("Hidratación fallida:", error),
    },
  );
});
