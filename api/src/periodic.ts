import type { FastifyInstance } from "fastify";

/**
 * Runs a database sweep every `intervalMs` while the app is open. The sweeps are idempotent SQL,
 * so every instance may run them without coordinating; a failure is logged and retried next time.
 */
export function sweepPeriodically(app: FastifyInstance, intervalMs: number, sweep: () => Promise<unknown>): void {
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => app.log.error(error));
  }, intervalMs);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}
