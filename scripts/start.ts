import { spawn, type ChildProcess } from "node:child_process";
import { childProcessEnv, loadConfig } from "../api/src/config.js";

/**
 * `npm start`: runs the built API and web side by side, passing each the configuration it
 * needs, and stops both when either ends or the terminal is closed.
 */
const config = loadConfig();
const env: NodeJS.ProcessEnv = { ...childProcessEnv(config), NODE_ENV: "production" };

const children: ChildProcess[] = [];
let stopping = false;

function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(
    children.map(
      (child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve))),
    ),
  ).then(() => process.exit(code));
}

function run(command: string, args: string[], onOutput?: (line: string) => void): ChildProcess {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "inherit"] });
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => {
    process.stdout.write(chunk);
    onOutput?.(chunk);
  });
  child.on("exit", (code) => stopAll(code ?? 1));
  children.push(child);
  return child;
}

process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));

let webStarted = false;
run(process.execPath, ["build/api/main.js"], (output) => {
  if (webStarted || !output.includes("API de Mercado Pádel")) return;
  webStarted = true;
  run(process.execPath, ["build/web/server.js"], (webOutput) => {
    if (webOutput.includes("Web de Mercado Pádel escuchando"))
      console.log(`\nMercado Pádel está listo: abre ${config.publicWebUrl}\n`);
  });
});
