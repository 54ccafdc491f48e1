import { spawn, type ChildProcess } from "node:child_process";
import { childProcessEnv, loadConfig } from "../api/src/config.js";
import { supervise } from "./supervisor.js";

/**
 * `npm start`: runs the built API and web side by side, passing each the configuration it needs.
 * An API that fails once it has served (API_RESTART_EXIT_CODE after a full disk, a crash, a kill)
 * is started again, after a pause that grows while it keeps failing (supervisor.ts); the web stays
 * up meanwhile, answering 503. Both stop when the web ends, when the API fails its first start or
 * stops as asked, or when the terminal is closed.
 */
const config = loadConfig();
const env: NodeJS.ProcessEnv = { ...childProcessEnv(config), NODE_ENV: "production" };

let web: ChildProcess | null = null;
let stopping = false;

function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(code), 5000).unref();
  const running = web;
  const webStopped =
    running && running.exitCode === null
      ? new Promise((resolve) => {
          running.once("exit", resolve);
          running.kill("SIGTERM");
        })
      : null;
  Promise.all([api.stop(), webStopped]).then(() => process.exit(code));
}

function run(command: string, args: string[], onOutput?: (line: string) => void): ChildProcess {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "inherit"] });
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => {
    process.stdout.write(chunk);
    onOutput?.(chunk);
  });
  return child;
}

process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));

let apiServed = false;
const api = supervise({
  start: () =>
    run(process.execPath, ["build/api/main.js"], (output) => {
      if (!output.includes("API de Mercado Pádel")) return;
      apiServed = true;
      if (web) return;
      web = run(process.execPath, ["build/web/server.js"], (webOutput) => {
        if (webOutput.includes("Web de Mercado Pádel escuchando"))
          console.log(`\nMercado Pádel está listo: abre ${config.publicWebUrl}\n`);
      });
      web.on("exit", (code) => stopAll(code ?? 1));
    }),
  // Exit code 0 is a stop it was asked for (SIGTERM, SIGINT): npm start ends too. Before it ever
  // served, a failure is the configuration's or the build's: said, and npm start ends.
  restart: (code) => apiServed && code !== 0,
  onRestart: (code, signal, delayMs) =>
    console.error(`La API se detuvo (${signal ?? `código ${code}`}): se vuelve a arrancar en ${delayMs / 1000} s.`),
  onEnd: (code) => stopAll(code ?? 1),
});
