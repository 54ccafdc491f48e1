import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from "fastify";
import type { z, ZodTypeAny } from "zod";
import { errorAnswer, type BodyOf, type Endpoint, type ParamsOf, type QueryOf } from "#contract/http";
import type { RateLimitedAction } from "#contract/messages";
import { SELLER_WRITE_WORDS } from "./modules/shops/seller-writes.js";

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
  /**
   * The call in one line, for the API reference (OpenAPI `summary`, browsable at /docs): what it
   * does, in the words its list of calls reads best.
   */
  summary: string;
  /**
   * What the reference says about the call (OpenAPI `description`, Markdown): who may call it, what
   * it answers, what it refuses and with which Spanish message, what it locks. What the schemas
   * already say (fields, limits) is not repeated; what holds for every call of the module is in
   * the module's section (`documentModule`, reference.ts).
   */
  description: string;
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
  /**
   * A seller's write (products, images, stock, order statuses, offers, money): `app.sellerWrite`
   * runs after `onRequest` and refuses a suspended shop (403) before the body is read, and the
   * reference says so. The write's transaction still takes its shop with `lockSellerShop` first
   * (modules/shops/seller-writes.ts); tests/api/seller-writes.test.ts lists every such route.
   */
  sellerWrite?: true;
}

/** A call's words in the API reference: every route has them (route()'s options). */
export type RouteWords = Pick<EndpointOptions, "summary" | "description">;

/**
 * Fastify's schema of an endpoint: its inputs, its answer for each success status and the error
 * answer for every refusal, so a field the contract does not name never leaves the API; and its
 * words in the API reference.
 */
export function schemaOf(definition: Endpoint, { summary, description }: RouteWords) {
  const response: Record<number | string, ZodTypeAny> = { "4xx": errorAnswer, "5xx": errorAnswer };
  for (const status of definition.statuses ?? [200]) response[status] = definition.answer;
  Object.assign(response, definition.refusals);
  return {
    ...(definition.params ? { params: definition.params } : {}),
    ...(definition.query ? { querystring: definition.query } : {}),
    ...(definition.body ? { body: definition.body } : {}),
    ...(definition.multipart ? { consumes: ["multipart/form-data"] } : {}),
    response,
    summary,
    description,
  };
}

/**
 * Registers the route of one contract endpoint on `app` (a module's plugin). Its summary and
 * description are required: every call the API answers is in the reference
 * (tests/api/reference.test.ts).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  definition: E,
  { summary, description, rateLimit, sellerWrite, ...options }: EndpointOptions,
  handler: EndpointHandler<E>,
): void {
  app.route({
    method: definition.method,
    url: definition.path,
    schema: schemaOf(definition, {
      summary,
      description: sellerWrite ? `${description}\n\n${SELLER_WRITE_WORDS}` : description,
    }),
    ...options,
    ...(sellerWrite ? { onRequest: [...[options.onRequest ?? []].flat(), app.sellerWrite] } : {}),
    ...(rateLimit ? { preHandler: app.rateLimit(rateLimit) } : {}),
    handler: handler as RouteOptions["handler"],
  });
}
