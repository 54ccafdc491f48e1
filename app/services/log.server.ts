import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The web's error log. Every line carries the id of the request it happened in, the same id the
 * API logs that request's calls under (x-request-id), so one failure can be followed across both.
 */
const currentRequest = new AsyncLocalStorage<string>();

/** Runs one request's work (server.ts wraps Remix's handler in it) so its log lines name it. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return currentRequest.run(requestId, work);
}

export function logError(message: string, error?: unknown): void {
  console.error(`[web ${currentRequest.getStore() ?? "-"}] ${message}`, ...(error === undefined ? [] : [error]));
}
