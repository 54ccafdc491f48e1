import type { ChildProcess } from "node:child_process";

/** How long a restart waits: `firstMs`, doubled after each quick exit up to `maxMs`; a run of `steadyMs` starts again from `firstMs`. */
export interface RestartDelays {
  firstMs: number;
  maxMs: number;
  steadyMs: number;
}

/** `npm start`'s: a crash loop (a disk still full, a database not back) costs one start every 30 s at most. */
export const RESTART_DELAYS: RestartDelays = { firstMs: 1000, maxMs: 30_000, steadyMs: 60_000 };

export interface Supervised {
  /** The process running now, if any (none while a restart waits). */
  readonly child: ChildProcess | null;
  /** No more restarts; the running process is sent `signal` and waited for. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Keeps a process running: `start` runs it, and each time it ends `restart` says whether it is
 * started again (after a delay, RestartDelays) or not, when `onEnd` gets its exit code.
 */
export function supervise(options: {
  start: () => ChildProcess;
  restart: (code: number | null, signal: NodeJS.Signals | null) => boolean;
  onRestart?: (code: number | null, signal: NodeJS.Signals | null, delayMs: number) => void;
  onEnd: (code: number | null) => void;
  delays?: RestartDelays;
}): Supervised {
  const delays = options.delays ?? RESTART_DELAYS;
  let child: ChildProcess | null = null;
  let stopped = false;
  let pending: NodeJS.Timeout | null = null;
  let delayMs = delays.firstMs;

  const launch = () => {
    pending = null;
    const started = Date.now();
    const running = options.start();
    child = running;
    running.once("exit", (code, signal) => {
      child = null;
      if (stopped) return;
      if (!options.restart(code, signal)) {
        options.onEnd(code);
        return;
      }
      if (Date.now() - started >= delays.steadyMs) delayMs = delays.firstMs;
      options.onRestart?.(code, signal, delayMs);
      pending = setTimeout(launch, delayMs);
      delayMs = Math.min(delayMs * 2, delays.maxMs);
    });
  };
  launch();

  return {
    get child() {
      return child;
    },
    async stop(signal = "SIGTERM") {
      stopped = true;
      if (pending) clearTimeout(pending);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill(signal);
      await exited;
    },
  };
}
