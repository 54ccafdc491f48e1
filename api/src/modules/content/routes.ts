import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { blogPostsQuery, contactBody, type ContactAnswer } from "./schemas.js";
import { listBlogPosts, saveContactMessage } from "./service.js";

const CONTACT_RECEIVED = "Mensaje enviado. Le responderemos pronto.";

/** The blog and the contact form of the informational pages. */
export async function contentRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get("/blog-posts", { schema: { querystring: blogPostsQuery } }, (request) => listBlogPosts(db, request.query));

  routes.post("/contact", { schema: { body: contactBody } }, async (request, reply): Promise<ContactAnswer> => {
    await saveContactMessage(db, request.body);
    reply.status(201);
    return { message: CONTACT_RECEIVED };
  });
}
