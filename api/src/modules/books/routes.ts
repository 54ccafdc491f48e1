import type { FastifyInstance } from "fastify";
import { bookEndpoints as endpoints } from "#contract/books";
import type { Db } from "../../db/client.js";
import { route } from "../../route.js";
import { adminOnly } from "../accounts/auth.js";
import { shopBooks } from "./service.js";

/** The books of every shop (issue 12; README "Books"), for admins. */
export async function bookRoutes(app: FastifyInstance, opts: { db: Db }) {
  route(app, endpoints.books, { onRequest: [app.authenticate, adminOnly] }, async () => shopBooks(opts.db));
}
