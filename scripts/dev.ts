import { spawn, type ChildProcess } from "node:child_process";
import { childProcessEnv, loadConfig } from "../api/src/config.js";

/** `npm run dev`: the API under tsx watch and the web under Vite, both reloading on change. */
const config = loadConfig();
const env = childProcessEnv(config);

const children: ChildProcess[] = [
  spawn("npx", ["tsx", "watch", "api/src/main.ts"], { env, stdio: "inherit" }),
  spawn("npx", ["remix", "vite:dev", "--host", config.webHost, "--port", String(config.webPort), "--strictPort"], { env, stdio: "inherit" }),
];

function stop() {
  for (const child of children) child.kill("SIGTERM");
}
for (const child of children) child.on("exit", stop);
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
