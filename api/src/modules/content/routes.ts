import type { FastifyInstance } from "fastify";
import { CONTACT_RECEIVED, contentEndpoints as endpoints } from "#contract/content";
import type { Db } from "../../db/client.js";
import { route } from "../../route.js";
import { listBlogPosts, saveContactMessage } from "./service.js";

/** The blog and the contact form of the informational pages. */
export async function contentRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, endpoints.blogPosts, (request) => listBlogPosts(db, request.query));

  route(app, endpoints.contact, { rateLimit: "contact" }, async (request, reply) => {
    await saveContactMessage(db, request.body);
    reply.status(201);
    return { message: CONTACT_RECEIVED };
  });
}
