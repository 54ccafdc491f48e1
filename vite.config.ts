import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // Off on purpose: Remix 2's lazy discovery can lose a route when its eager link discovery
        // and a navigation fetch the same manifest at once, and the click lands on the catch-all 404
        // (seen in CI on a search submitted right after load; fixed upstream in React Router 7 only,
        // react-router#15327). With ~40 routes the whole manifest is one small cached script.
        v3_lazyRouteDiscovery: false,
        v3_routeConfig: true,
        // Dev only: Vite pre-bundles every route's dependencies at start. Found one by one as pages
        // were first opened, each new one reloaded the page with a second copy of React ("Invalid hook call").
        unstable_optimizeDeps: true,
      },
    }),
  ],
  // Keeps build/client/.vite/manifest.json: the page-weight budget reads the chunk graph from it
  // (tests/build/budget.spec.ts), lazy chunks included, which Remix's own manifest leaves out.
  build: { manifest: true, sourcemap: !!process.env.SOURCEMAP },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  server: { host: "127.0.0.1" },
});
