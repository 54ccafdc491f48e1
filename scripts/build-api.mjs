// Bundles the API, the web server and the start-up script into plain JavaScript; npm packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: {
    "api/main": "api/src/main.ts",
    "api/seed": "api/src/seed/cli.ts",
    start: "scripts/start.ts",
    // The web server imports the Remix build (build/server/index.js) at run time.
    "web/server": "server.ts",
  },
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
