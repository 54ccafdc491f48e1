import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from "fastify";
import type { z, ZodTypeAny } from "zod";
import { errorAnswer, type BodyOf, type Endpoint, type ParamsOf, type QueryOf } from "#contract/http";
import type { RateLimitedAction } from "#contract/messages";

/** A route's request as the contract validated it. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

/** What a handler returns: the contract's answer, or the reply it already sent (a refusal, a file). */
type Returned<E extends Endpoint> = z.input<E["answer"]> | FastifyReply;

export type EndpointHandler<E extends Endpoint> = (
  this: FastifyInstance,
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Returned<E> | Promise<Returned<E>>;

export interface EndpointOptions {
  /** `app.authenticate` and role checks: they run before the body is read. */
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  bodyLimit?: number;
  /** This route's own headers, merged over the app's @fastify/helmet settings (images: cross-origin). */
  helmet?: RouteOptions["helmet"];
  /**
   * Counts each call against the action's limits (RATE_LIMIT_* settings), per signed-in account and
   * per client address, once authenticated and validated and before the handler runs: past either,
   * 429 with Retry-After and the action's message (`app.rateLimit`, rate-limit.ts).
   */
  rateLimit?: RateLimitedAction;
}

/**
 * Fastify's schema of an endpoint: its inputs, its answer for each success status and the error
 * answer for every refusal, so a field the contract does not name never leaves the API.
 */
export function schemaOf(definition: Endpoint) {
  const response: Record<number | string, ZodTypeAny> = { "4xx": errorAnswer, "5xx": errorAnswer };
  for (const status of definition.statuses ?? [200]) response[status] = definition.answer;
  Object.assign(response, definition.refusals);
  return {
    ...(definition.params ? { params: definition.params } : {}),
    ...(definition.query ? { querystring: definition.query } : {}),
    ...(definition.body ? { body: definition.body } : {}),
    ...(definition.multipart ? { consumes: ["multipart/form-data"] } : {}),
    response,
  };
}

/** Registers the route of one contract endpoint on `app` (a module's plugin). */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  definition: E,
  options: EndpointOptions,
  handler: EndpointHandler<E>,
): void;
export function route<E extends Endpoint>(app: FastifyInstance, definition: E, handler: EndpointHandler<E>): void;
export function route<E extends Endpoint>(
  app: FastifyInstance,
  definition: E,
  optionsOrHandler: EndpointOptions | EndpointHandler<E>,
  maybeHandler?: EndpointHandler<E>,
): void {
  const { rateLimit, ...options }: EndpointOptions = typeof optionsOrHandler === "function" ? {} : optionsOrHandler;
  const handler = typeof optionsOrHandler === "function" ? optionsOrHandler : maybeHandler!;
  app.route({
    method: definition.method,
    url: definition.path,
    schema: schemaOf(definition),
    ...options,
    ...(rateLimit ? { preHandler: app.rateLimit(rateLimit) } : {}),
    handler: handler as RouteOptions["handler"],
  });
}
