import cookie from "@fastify/cookie";
import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { DestinationStream } from "pino";
import { Server as SocketServer } from "socket.io";
import { z } from "zod";
import { endpoint } from "#contract/http";
import {
  INTERNAL_ERROR,
  INVALID_REQUEST,
  INVALID_TEXT,
  NOT_FOUND,
  SERVICE_BUSY,
  STORAGE_FULL,
  TOO_LARGE,
} from "#contract/messages";
import { CATEGORY_GONE } from "#contract/categories";
import { WALLET_BELOW_ZERO } from "#contract/wallet";
import type { Config } from "./config.js";
import type { Db, Listen } from "./db/client.js";
import { refusedWhileSetAside } from "./db/disk-full.js";
import { databaseFailure } from "./db/errors.js";
import { DiskFileStore } from "./files/disk.js";
import { tidyFileStore } from "./files/housekeeping.js";
import type { FileStore } from "./files/store.js";
import { FieldsError, HttpError } from "./http-error.js";
import { registerAuthentication } from "./modules/accounts/auth.js";
import { createMailer } from "./modules/mail/outbox.js";
import { mailRoutes } from "./modules/mail/routes.js";
import { mailContextOf } from "./modules/mail/render.js";
import { accountRoutes } from "./modules/accounts/routes.js";
import { signAccessToken } from "./modules/accounts/tokens.js";
import { adminOrderRoutes } from "./modules/admin-orders/routes.js";
import { adminUserRoutes } from "./modules/admin-users/routes.js";
import { cartRoutes } from "./modules/cart/routes.js";
import { shippingRoutes } from "./modules/shipping/routes.js";
import { shopProfileRoutes } from "./modules/shop-profile/routes.js";
import { shopCouponRoutes } from "./modules/shop-coupons/routes.js";
import { productModerationRoutes } from "./modules/product-moderation/routes.js";
import { catalogRoutes } from "./modules/catalog/routes.js";
import { racketFinderRoutes } from "./modules/racket-finder/routes.js";
import { contentRoutes } from "./modules/content/routes.js";
import { registerImageQueue } from "./modules/media/queue.js";
import { mediaRoutes } from "./modules/media/routes.js";
import { couponRoutes } from "./modules/coupons/routes.js";
import { customerRoutes } from "./modules/customer/routes.js";
import { dashboardRoutes } from "./modules/dashboards/routes.js";
import { offerRoutes } from "./modules/offers/routes.js";
import { commissionRoutes } from "./modules/commission/routes.js";
import { orderMessageRoutes } from "./modules/order-messages/routes.js";
import { notificationRoutes } from "./modules/notifications/routes.js";
import { attachNotificationSocket } from "./modules/notifications/socket.js";
import { orderRoutes } from "./modules/orders/routes.js";
import { orderStatusRoutes } from "./modules/order-status/routes.js";
import { returnRoutes } from "./modules/returns/routes.js";
import { paymentRoutes } from "./modules/payments/routes.js";
import { promotionRoutes } from "./modules/promotions/routes.js";
import { reviewRoutes } from "./modules/reviews/routes.js";
import { sellerProductRoutes } from "./modules/seller-products/routes.js";
import { sellerOrderRoutes } from "./modules/seller-orders/routes.js";
import { sellerExportRoutes } from "./modules/seller-exports/routes.js";
import { productImportRoutes } from "./modules/product-import/routes.js";
import { attachShopEvents } from "./modules/shops/events.js";
import { shopRoutes } from "./modules/shops/routes.js";
import { shopIdentityRoutes } from "./modules/shop-identity/routes.js";
import { registerSellerWrites } from "./modules/shops/seller-writes.js";
import { auditRoutes } from "./modules/audit/routes.js";
import { stockRoutes } from "./modules/stock/routes.js";
import { categoryRoutes } from "./modules/categories/routes.js";
import { trialClassRoutes } from "./modules/trial-class/routes.js";
import { walletRoutes } from "./modules/wallet/routes.js";
import { withdrawalRoutes } from "./modules/withdrawals/routes.js";
import { bookRoutes } from "./modules/books/routes.js";
import { sweepPeriodically } from "./periodic.js";
import { registerRateLimits } from "./rate-limit.js";
import { registerImageUrls } from "./image-urls.js";
import { documentModule, registerReference } from "./reference.js";
import { route } from "./route.js";
import { registerTextGuard } from "./text-guard.js";

export interface AppDeps {
  db: Db;
  config: Pick<
    Config,
    | "publicWebUrl"
    | "catalogueCacheSeconds"
    | "trustedProxies"
    | "corsOrigins"
    | "accounts"
    | "rateLimits"
    | "cart"
    | "orders"
    | "payments"
    | "trialClass"
    | "mail"
    | "withdrawals"
    | "returns"
  > &
    Pick<Config, "publicApiUrl" | "requestTimeoutSeconds" | "imageQueue" | "filesDir"> &
    Pick<Config, "dashboards"> & {
      secrets: Pick<Config["secrets"], "jwtSecret">;
    };
  /** The database's LISTEN (Database.listen): without it notifications are stored but not pushed live. */
  listen?: Listen;
  /** Where documents and images are kept (decision 0036): a DiskFileStore on `config.filesDir` unless given. */
  files?: FileStore;
  /**
   * True while the database cannot write at all (PGlite set aside after a full disk, disk-full.ts):
   * /health and /ready answer 503 then, so a balancer or supervisor sees it.
   */
  storageFull?: () => boolean;
  /**
   * pino's level (default `error`), whether each request gets a line, and where lines go (standard
   * output unless a test reads them). Every 5xx is logged with its error and request id.
   */
  log?: { level?: string; requests?: boolean; stream?: DestinationStream };
}

export type App = FastifyInstance & { io: SocketServer };

/** The web's x-request-id is reused when it looks like one of its ids, so one request reads the same in both logs. */
const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

/**
 * The routes every instance has beside the modules': liveness (the process answers), readiness (its
 * database answers too: 503 otherwise) and the OpenAPI document.
 */
const serviceEndpoints = {
  health: endpoint({ method: "GET", path: "/health", answer: z.object({ ok: z.literal(true) }) }),
  ready: endpoint({ method: "GET", path: "/ready", answer: z.object({ ok: z.literal(true) }) }),
  openapi: endpoint({ method: "GET", path: "/openapi.json", answer: z.record(z.unknown()) }),
};

/** Seconds a 503 tells the client to wait (Retry-After): a lock or a burst is usually over by then. */
export const BUSY_RETRY_AFTER_SECONDS = 5;
/** Seconds a 503 for a full disk tells the client to wait: room is made by an operator, not in seconds. */
export const STORAGE_FULL_RETRY_AFTER_SECONDS = 60;

/** The answer while nothing can be saved (a full disk). */
function storageFull(reply: FastifyReply) {
  return reply
    .status(503)
    .header("retry-after", String(STORAGE_FULL_RETRY_AFTER_SECONDS))
    .send({ message: STORAGE_FULL });
}

/** How long /ready waits for `select 1`: a database slower than this is not ready for shoppers. */
export const READY_TIMEOUT_MS = 2000;

/** `select 1` within READY_TIMEOUT_MS; false when the database fails or is too slow. */
async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const tooSlow = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, tooSlow]);
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness, readiness and the reference's document: what every instance answers beside the modules. */
async function serviceRoutes(
  app: FastifyInstance,
  { db, storageFull: isStorageFull }: Pick<AppDeps, "db" | "storageFull">,
) {
  documentModule(app, {
    name: "service",
    description:
      "What every API instance answers beside the modules: whether it runs, whether its database answers, and this document. None needs a token.",
  });
  route(
    app,
    serviceEndpoints.health,
    {
      summary: "Liveness: the process answers",
      description: `\`{ok: true}\` while the process runs; it reads nothing. A balancer restarts an instance that stops answering it. 503 \`${STORAGE_FULL}\` with \`Retry-After\` while the embedded database's disk is full: the process then exits by itself once there is room again, for \`npm start\` to start it anew.`,
    },
    async (_request, reply) => (isStorageFull?.() ? storageFull(reply) : { ok: true as const }),
  );
  route(
    app,
    serviceEndpoints.ready,
    {
      summary: "Readiness: the database answers too",
      description: `Runs \`select 1\` on the database, waiting ${
        READY_TIMEOUT_MS / 1000
      } s at most: \`{ok: true}\`, or 503 \`El servicio está ocupado. Intenta de nuevo en unos segundos.\` with \`Retry-After\` (send shoppers elsewhere).`,
    },
    async (_request, reply) => {
      if (isStorageFull?.()) return storageFull(reply);
      if (await databaseAnswers(db)) return { ok: true as const };
      return reply.status(503).header("retry-after", String(BUSY_RETRY_AFTER_SECONDS)).send({ message: SERVICE_BUSY });
    },
  );
  route(
    app,
    serviceEndpoints.openapi,
    {
      summary: "This reference, as an OpenAPI 3 document",
      description:
        "The OpenAPI 3 document made from every route's contract schemas, summary and description; `/docs` shows the same document in Swagger UI.",
    },
    async () => app.swagger() as unknown as Record<string, unknown>,
  );
}

/** How often an instance removes the files no row names any more (tidyFileStore). */
const FILE_TIDY_INTERVAL_MS = 6 * 60 * 60 * 1000;

export async function buildApp({
  db,
  config,
  listen,
  files: givenFiles,
  storageFull: isStorageFull,
  log = {},
}: AppDeps): Promise<App> {
  const files = givenFiles ?? new DiskFileStore(config.filesDir);
  const app = Fastify({
    logger: { level: log.level ?? "error", ...(log.stream ? { stream: log.stream } : {}) },
    logController: new LogController({ disableRequestLogging: !log.requests }),
    genReqId: (request) => {
      const sent = request.headers["x-request-id"];
      return typeof sent === "string" && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
    // The API sits behind the web on loopback: X-Forwarded-For counts only when one of these peers
    // sent it, so any other client's request.ip is its own address, whatever header it makes up.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 1024 * 1024,
    // A backstop behind the database's own timeouts (docs/api/limits.md, "Timeouts and busy answers"): no request
    // is held longer than this. handlerTimeout answers 503 (FST_ERR_HANDLER_TIMEOUT) from routing to
    // the answer; requestTimeout bounds receiving a request; connectionTimeout closes a silent socket,
    // never before a minute: socket.io's long polling holds a request 25 s (pingInterval).
    handlerTimeout: config.requestTimeoutSeconds * 1000,
    requestTimeout: config.requestTimeoutSeconds * 1000,
    connectionTimeout: Math.max(2 * config.requestTimeoutSeconds, 60) * 1000,
    // ignoreTrailingSlash: the spec spells some paths with a final slash (handle-seller-response/), clients may not.
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    // Errors Fastify raises before routing (malformed URL, bad headers) get a Spanish answer too.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).status(400).send({ message: INVALID_REQUEST });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: issue.message ?? "Valor no válido",
      }));
      return reply.status(400).send({ message: issues[0]?.message ?? INVALID_REQUEST, errors: issues });
    }
    const failure = databaseFailure(error);
    if (failure === "storage-full") {
      // The error that met the full disk is logged whole; the refusals after it, in a line each.
      if (refusedWhileSetAside(error)) request.log.warn("respuesta 503: base de datos apartada por disco lleno");
      else request.log.error({ err: error }, "respuesta 503: disco lleno");
      return storageFull(reply);
    }
    if (failure === "invalid-text") return reply.status(400).send({ message: INVALID_TEXT });
    if (failure === "wallet-below-zero") return reply.status(409).send({ message: WALLET_BELOW_ZERO });
    if (failure === "category-gone")
      return reply
        .status(409)
        .send({ message: CATEGORY_GONE, errors: [{ field: "categoryId", message: CATEGORY_GONE }] });
    const busy = failure === "busy" || (error as FastifyError).code === "FST_ERR_HANDLER_TIMEOUT";
    const status = busy ? 503 : (error.statusCode ?? 500);
    if (status >= 500) request.log.error({ err: error }, "respuesta %d", status);
    if (busy)
      return reply.status(503).header("retry-after", String(BUSY_RETRY_AFTER_SECONDS)).send({ message: SERVICE_BUSY });
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.retryAfterSeconds));
      if (error instanceof FieldsError)
        return reply.status(status).send({ message: error.message, errors: error.errors });
      return reply.status(status).send({ message: error.message });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx texts are English; the client gets a Spanish one.
      return reply.status(status).send({ message: status === 413 ? TOO_LARGE : INVALID_REQUEST });
    }
    return reply.status(500).send({ message: INTERNAL_ERROR });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: NOT_FOUND }));
  // Set once the API starts closing (preClose below).
  let closing = false;
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    // A request still being answered when the API began to close kept its keep-alive connection
    // open afterwards, and the close waited for it (up to keepAliveTimeout, 72 s): its answer now
    // ends the connection. Fastify does so itself only for requests that arrive after.
    if (closing) reply.header("connection", "close");
  });

  // Headers for an API that answers JSON and images (docs/api/limits.md, "Headers"): nothing may run or be
  // framed, images may be shown by the web on another origin, and HSTS only behind an https address.
  // The reference page, /docs, runs Swagger UI's scripts under a policy of its own (reference.ts).
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: "same-origin" },
    frameguard: { action: "deny" },
    strictTransportSecurity: config.publicApiUrl.startsWith("https:")
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
  // Browsers on the origins of CORS_ORIGINS may call the API with credentials (issue 32); any other
  // origin gets no CORS headers, so its pages cannot read an answer, as before.
  const corsOrigins = new Set(config.corsOrigins);
  await app.register(cors, {
    origin: (origin, answer) => answer(null, origin !== undefined && corsOrigins.has(origin)),
    credentials: true,
    methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    allowedHeaders: ["authorization", "content-type", "x-request-id"],
    exposedHeaders: ["x-request-id", "retry-after"],
    maxAge: 600,
  });
  await app.register(cookie);
  // Files are read only by routes that ask for them (request.file()), with their own limits.
  await app.register(multipart, { limits: { files: 1, fields: 20 } });
  registerTextGuard(app);
  registerImageUrls(app, config.publicApiUrl);
  registerImageQueue(app, config.imageQueue);
  registerAuthentication(app, { db, jwtSecret: config.secrets.jwtSecret });
  registerRateLimits(app, { db, limits: config.rateLimits });
  registerSellerWrites(app, { db });
  sweepPeriodically(app, FILE_TIDY_INTERVAL_MS, () => tidyFileStore(db, files));

  // The API reference (reference.ts): GET /openapi.json, and /docs to browse it.
  await registerReference(app);
  await app.register(serviceRoutes, { db, storageFull: isStorageFull });
  // One mailer for every module: accounts' onClose waits for whatever it is still sending.
  const mailer = createMailer(config.mail, db);
  const mail = mailContextOf(config);
  await app.register(accountRoutes, { db, files, config, mailer });
  await app.register(mailRoutes, { db, mailer, jwtSecret: config.secrets.jwtSecret });
  await app.register(catalogRoutes, { db, catalogueCacheSeconds: config.catalogueCacheSeconds, listen });
  await app.register(racketFinderRoutes, { db });
  await app.register(cartRoutes, { db, cart: config.cart });
  await app.register(shippingRoutes, { db, cart: config.cart });
  await app.register(shopProfileRoutes, { db, files });
  await app.register(shopCouponRoutes, { db });
  await app.register(productModerationRoutes, { db });
  await app.register(contentRoutes, { db });
  await app.register(mediaRoutes, { db, files });
  await app.register(orderRoutes, { db, cart: config.cart, orders: config.orders, mail, mailer });
  await app.register(couponRoutes, { db });
  await app.register(commissionRoutes, { db, orders: config.orders });
  await app.register(customerRoutes, { db, withdrawals: config.withdrawals, mail });
  await app.register(offerRoutes, { db, orders: config.orders, mail, mailer });
  await app.register(orderMessageRoutes, { db, mail, mailer });
  await app.register(orderStatusRoutes, { db, withdrawals: config.withdrawals, mail, mailer });
  await app.register(adminOrderRoutes, { db, withdrawals: config.withdrawals, mail });
  await app.register(adminUserRoutes, { db, mail });
  await app.register(notificationRoutes, { db, jwtSecret: config.secrets.jwtSecret });
  await app.register(paymentRoutes, {
    db,
    payments: config.payments,
    withdrawals: config.withdrawals,
    publicWebUrl: config.publicWebUrl,
    mail,
    mailer,
  });
  await app.register(walletRoutes, { db, withdrawals: config.withdrawals });
  await app.register(returnRoutes, {
    db,
    payments: config.payments,
    withdrawals: config.withdrawals,
    returns: config.returns,
    mail,
    mailer,
  });
  await app.register(reviewRoutes, { db, mail, mailer });
  await app.register(trialClassRoutes, { db, capacity: config.trialClass.capacity });
  await app.register(shopRoutes, {
    db,
    files,
    mailer,
    mail,
    jwtSecret: config.secrets.jwtSecret,
    accessTokenTtlSeconds: config.accounts.accessTokenTtlSeconds,
  });
  await app.register(shopIdentityRoutes, { db, mail, mailer });
  await app.register(auditRoutes, { db });
  await app.register(sellerProductRoutes, { db, files });
  await app.register(sellerOrderRoutes, { db, withdrawals: config.withdrawals, mail });
  await app.register(sellerExportRoutes, { db, mail });
  await app.register(productImportRoutes, { db, mail });
  await app.register(dashboardRoutes, { db, dashboards: config.dashboards, mail });
  await app.register(stockRoutes, { db, mailer, mail });
  await app.register(categoryRoutes, { db, files });
  await app.register(promotionRoutes, { db });
  await app.register(withdrawalRoutes, { db, withdrawals: config.withdrawals, mail, mailer });
  await app.register(bookRoutes, { db, withdrawals: config.withdrawals });

  const webOrigin = new URL(config.publicWebUrl).origin;
  const socketOrigins = [webOrigin, ...config.corsOrigins];
  const io = new SocketServer(app.server, {
    cors: { origin: socketOrigins, credentials: true },
    // CORS guards long-polling only: a browser opens a WebSocket from any page and says which in
    // Origin. Only the store's pages (and CORS_ORIGINS') may connect; clients that are not browsers
    // send no Origin.
    allowRequest: (request, answer) =>
      answer(null, request.headers.origin === undefined || socketOrigins.includes(request.headers.origin)),
  });
  const unlisten = await attachNotificationSocket(io, { db, jwtSecret: config.secrets.jwtSecret, listen });
  const unlistenShops = await attachShopEvents(io, {
    db,
    listen,
    signAccessToken: (user) =>
      signAccessToken(user, {
        secret: config.secrets.jwtSecret,
        ttlSeconds: config.accounts.accessTokenTtlSeconds,
      }),
  });
  // Real-time clients are let go before the HTTP server closes: Fastify's close waits for every open
  // connection, and a signed-in page's WebSocket ended only in io.close() below, which runs after
  // that wait, so the API never exited on SIGTERM. Only the engine here: io.close() also closes the
  // HTTP server, and Fastify's close would then stop waiting for requests still being answered.
  app.addHook("preClose", async () => {
    closing = true;
    io.engine.close();
  });
  app.addHook("onClose", async () => {
    await unlisten();
    await unlistenShops();
    await io.close();
  });
  return Object.assign(app, { io });
}
