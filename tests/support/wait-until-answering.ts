import type { ChildProcess } from "node:child_process";

/** How long a server a test starts may take to answer: an API migrates and seeds its database first. */
const START_TIMEOUT_MS = 180_000;

/**
 * Answers once `url` answers 2xx. Fails, with what the process has printed, if it ends first or
 * does not answer in time.
 */
export async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`El proceso terminó antes de arrancar:\n${output()}`);
    const ready = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No arrancó a tiempo: ${url}\n${output()}`);
}
