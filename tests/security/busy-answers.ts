import { expect } from "vitest";
import { SERVICE_BUSY } from "#contract/messages";
import { BUSY_RETRY_AFTER_SECONDS, type App } from "../../api/src/app";

/** What the API answers to an injected request. */
export type Injected = Awaited<ReturnType<App["inject"]>>;

/** An injected request's answer and how long it took, in milliseconds. */
export async function timed(request: Promise<Injected>): Promise<{ response: Injected; ms: number }> {
  const started = performance.now();
  const response = await request;
  return { response, ms: performance.now() - started };
}

/** The API's answer when its database cannot serve: 503, the Spanish message, and when to retry. */
export function expectBusy(response: Injected) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.json()).toEqual({ message: SERVICE_BUSY });
  expect(response.headers["retry-after"]).toBe(String(BUSY_RETRY_AFTER_SECONDS));
}
