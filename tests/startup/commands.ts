import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../support/free-port";
import { waitUntilAnswering } from "../support/wait-until-answering";

/**
 * One of the README's commands run as a newcomer runs it, on a fresh data folder and free ports,
 * in a process group of its own: npm, tsx and the processes they start stop together.
 */
export interface StartedCommand {
  apiUrl: string;
  webUrl: string;
  /** What it has printed so far, standard output and error. */
  output(): string;
  /** Answers once `url` answers 200; fails if the command ends first or takes too long. */
  waitUntilAnswering(url: string): Promise<void>;
  /** SIGTERM to the command alone, as Ctrl+C in its terminal; answers its exit code once it has ended. */
  interrupt(): Promise<number | null>;
  /** Stops whatever of its group still runs (its children too, had it ended without them), and removes the data folder. */
  stop(): Promise<void>;
}

export async function startCommand(command: string, args: string[]): Promise<StartedCommand> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mp-arranque-"));
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const lines: string[] = [];
  // NODE_ENV as in a developer's shell, whatever the runner's: each command sets its own.
  const env = {
    ...process.env,
    NODE_ENV: "development" as const,
    DATA_DIR: dataDir,
    API_HOST: "127.0.0.1",
    API_PORT: String(apiPort),
    HOST: "127.0.0.1",
    PORT: String(webPort),
  };
  const child = spawn(command, args, { detached: true, stdio: ["ignore", "pipe", "pipe"], env });
  child.stdout!.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const output = () => lines.join("");
  const group = -child.pid!;
  const groupRuns = () => {
    try {
      process.kill(group, 0);
      return true;
    } catch {
      return false;
    }
  };
  return {
    apiUrl: `http://127.0.0.1:${apiPort}`,
    webUrl: `http://127.0.0.1:${webPort}`,
    output,
    waitUntilAnswering: (url) => waitUntilAnswering(url, child, output),
    interrupt() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
    async stop() {
      if (groupRuns()) process.kill(group, "SIGTERM");
      const deadline = Date.now() + 10_000;
      while (groupRuns() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      if (groupRuns()) process.kill(group, "SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
