import { spawn, type ChildProcess } from "node:child_process";
import { childProcessEnv, loadConfig } from "../api/src/config.js";

/**
 * `npm run dev`: the API under tsx watch, and the web's own server (server.ts, as in production)
 * with Vite's middleware, which reloads the pages and the browser on change.
 */
const config = loadConfig();
const env = childProcessEnv(config);

const children: ChildProcess[] = [
  spawn("npx", ["tsx", "watch", "api/src/main.ts"], { env, stdio: "inherit" }),
  spawn("npx", ["tsx", "server.ts"], { env: { ...env, NODE_ENV: "development" }, stdio: "inherit" }),
];

function stop() {
  for (const child of children) child.kill("SIGTERM");
}
for (const child of children) child.on("exit", stop);
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
