import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { supervise, type Supervised } from "../../scripts/supervisor";

/**
 * `npm start`'s supervisor (scripts/supervisor.ts), on real processes: an API that fails after it
 * served is started again with growing pauses (issue 31, item 7: the API exits once a full disk has
 * room again, for this to start it anew), and nothing is restarted once it is told to stop.
 */

/** steadyMs well above a Node process's start on a busy machine, so only the child that waits counts as steady. */
const DELAYS = { firstMs: 50, maxMs: 150, steadyMs: 3000 };

/** A Node process running `code`. */
const node = (code: string): ChildProcess => spawn(process.execPath, ["-e", code], { stdio: "ignore" });

let supervised: Supervised | null = null;
afterEach(async () => {
  await supervised?.stop("SIGKILL");
  supervised = null;
});

describe("supervisor de npm start", () => {
  it("arranca de nuevo lo que falla, con pausas que crecen hasta el máximo y vuelven al principio tras un rato en marcha", async () => {
    const scripts = [
      "process.exit(75)",
      "process.exit(1)",
      "process.exit(75)",
      "process.exit(75)",
      // Up past steadyMs: the pause after it starts again from the first.
      "setTimeout(() => process.exit(75), 3500)",
      "process.exit(3)",
    ];
    let starts = 0;
    const restarts: { code: number | null; delayMs: number }[] = [];
    const ended = new Promise<number | null>((resolve) => {
      supervised = supervise({
        start: () => node(scripts[starts++]!),
        restart: () => starts < scripts.length,
        onRestart: (code, _signal, delayMs) => restarts.push({ code, delayMs }),
        onEnd: resolve,
        delays: DELAYS,
      });
    });
    expect(await ended).toBe(3);
    expect(starts).toBe(scripts.length);
    expect(restarts).toEqual([
      { code: 75, delayMs: 50 },
      { code: 1, delayMs: 100 },
      { code: 75, delayMs: 150 },
      { code: 75, delayMs: 150 },
      { code: 75, delayMs: 50 },
    ]);
  }, 20_000);

  it("un proceso matado por una señal también se arranca de nuevo", async () => {
    let starts = 0;
    const signals: (NodeJS.Signals | null)[] = [];
    await new Promise<void>((resolve) => {
      supervised = supervise({
        start: () => {
          starts++;
          const child = node("setInterval(() => undefined, 1000)");
          if (starts === 1) child.once("spawn", () => child.kill("SIGKILL"));
          else resolve();
          return child;
        },
        restart: (_code, signal) => {
          signals.push(signal);
          return true;
        },
        onEnd: () => undefined,
        delays: DELAYS,
      });
    });
    expect(signals).toEqual(["SIGKILL"]);
    expect(supervised!.child?.pid).toBeTypeOf("number");
  });

  it("stop detiene el proceso en marcha y no arranca otro", async () => {
    let starts = 0;
    let restartAsked = false;
    let endedWith: number | null | undefined;
    supervised = supervise({
      start: () => {
        starts++;
        return node("setInterval(() => undefined, 1000)");
      },
      restart: () => {
        restartAsked = true;
        return true;
      },
      onEnd: (code) => {
        endedWith = code;
      },
      delays: DELAYS,
    });
    const child = supervised.child!;
    await new Promise((resolve) => child.once("spawn", resolve));
    await supervised.stop();
    expect(child.signalCode).toBe("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 3 * DELAYS.maxMs));
    expect({ starts, restartAsked, endedWith }).toEqual({ starts: 1, restartAsked: false, endedWith: undefined });
    expect(supervised.child).toBeNull();
  });
});
