import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { Server as SocketServer } from "socket.io";
import type { Config } from "./config.js";
import type { Db, Listen } from "./db/client.js";
import { HttpError } from "./http-error.js";
import { registerAuthentication } from "./modules/accounts/auth.js";
import { createMailer } from "./modules/accounts/mail.js";
import { accountRoutes } from "./modules/accounts/routes.js";
import { cartRoutes } from "./modules/cart/routes.js";
import { catalogRoutes } from "./modules/catalog/routes.js";
import { contentRoutes } from "./modules/content/routes.js";
import { mediaRoutes } from "./modules/media/routes.js";
import { customerRoutes } from "./modules/orders/customer-routes.js";
import { offerRoutes } from "./modules/orders/offer-routes.js";
import { notificationRoutes } from "./modules/notifications/routes.js";
import { attachNotificationSocket } from "./modules/notifications/socket.js";
import { orderRoutes } from "./modules/orders/routes.js";
import { orderStatusRoutes } from "./modules/orders/status-routes.js";
import { paymentRoutes } from "./modules/payments/routes.js";
import { reviewRoutes } from "./modules/reviews/routes.js";
import { trialClassRoutes } from "./modules/trial-class/routes.js";
import { walletRoutes } from "./modules/wallet/routes.js";

export interface AppDeps {
  db: Db;
  config: Pick<Config, "publicWebUrl" | "catalogueCacheSeconds" | "trustedProxies" | "accounts" | "cart" | "orders" | "payments" | "trialClass" | "mail"> & {
    secrets: Pick<Config["secrets"], "jwtSecret">;
  };
  /** The database's LISTEN (Database.listen): without it notifications are stored but not pushed live. */
  listen?: Listen;
  logger?: boolean;
}

export type App = FastifyInstance & { io: SocketServer };

const INTERNAL_ERROR = "Error interno del servidor. Intente de nuevo más tarde.";

export async function buildApp({ db, config, listen, logger = false }: AppDeps): Promise<App> {
  const app = Fastify({
    logger: logger ? { level: "info" } : false,
    // The API sits behind the web on loopback: X-Forwarded-For counts only when one of these peers
    // sent it, so any other client's request.ip is its own address, whatever header it makes up.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 1024 * 1024,
    // ignoreTrailingSlash: the spec spells some paths with a final slash (handle-seller-response/), clients may not.
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    // Errors Fastify raises before routing (malformed URL, bad headers) get a Spanish answer too.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).status(400).send({ message: "Petición no válida." });
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
      return reply.status(400).send({ message: issues[0]?.message ?? "Petición no válida", errors: issues });
    }
    const status = error.statusCode ?? 500;
    if (error instanceof HttpError) return reply.status(status).send({ message: error.message });
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx texts are English; the client gets a Spanish one.
      return reply.status(status).send({ message: status === 413 ? "El contenido es demasiado grande." : "Petición no válida." });
    }
    request.log.error(error);
    return reply.status(500).send({ message: INTERNAL_ERROR });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: "Recurso no encontrado." }));

  await app.register(cookie);
  // Files are read only by routes that ask for them (request.file()), with their own limits.
  await app.register(multipart, { limits: { files: 1, fields: 20 } });
  registerAuthentication(app, { db, jwtSecret: config.secrets.jwtSecret });

  app.get("/health", { schema: {} }, async () => ({ ok: true }));
  await app.register(accountRoutes, { db, config, mailer: createMailer(config.mail) });
  await app.register(catalogRoutes, { db, catalogueCacheSeconds: config.catalogueCacheSeconds });
  await app.register(cartRoutes, { db, cart: config.cart });
  await app.register(contentRoutes, { db });
  await app.register(mediaRoutes, { db });
  await app.register(orderRoutes, { db, cart: config.cart, orders: config.orders });
  await app.register(customerRoutes, { db });
  await app.register(offerRoutes, { db, orders: config.orders });
  await app.register(orderStatusRoutes, { db });
  await app.register(notificationRoutes, { db, jwtSecret: config.secrets.jwtSecret });
  await app.register(paymentRoutes, { db, payments: config.payments, publicWebUrl: config.publicWebUrl });
  await app.register(walletRoutes, { db });
  await app.register(reviewRoutes, { db });
  await app.register(trialClassRoutes, { db, capacity: config.trialClass.capacity });

  const io = new SocketServer(app.server, {
    cors: { origin: config.publicWebUrl, credentials: true },
  });
  const unlisten = await attachNotificationSocket(io, { db, jwtSecret: config.secrets.jwtSecret, listen });
  app.addHook("onClose", async () => {
    await unlisten();
    io.close();
  });
  return Object.assign(app, { io });
}
