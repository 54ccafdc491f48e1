import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * In the browser build, Preact stands in for React: 35 KB less per page (docs/decisions/0013). The
 * server build keeps React, which renders and streams every page; `npm run dev` keeps React too
 * (fast refresh is React's), and there `Turn` draws its part at once.
 */
function preactInTheBrowser(): Plugin {
  const standIns: Record<string, string> = {
    react: "preact/compat",
    "react-dom": "preact/compat",
    "react/jsx-runtime": "preact/compat/jsx-runtime",
    "react-dom/client": new URL("./app/browser/react-dom-client.ts", import.meta.url).pathname,
  };
  return {
    name: "preact-in-the-browser",
    apply: "build",
    enforce: "pre",
    config: () => ({ define: { "import.meta.env.HYDRATES_IN_TURNS": "true" } }),
    async resolveId(source, importer, options) {
      const standIn = options?.ssr ? undefined : standIns[source];
      if (!standIn) return null;
      return this.resolve(standIn, importer, { ...options, skipSelf: true });
    },
  };
}

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    preactInTheBrowser(),
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
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  server: { host: "127.0.0.1" },
});
