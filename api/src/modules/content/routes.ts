import type { FastifyInstance } from "fastify";
import { CONTACT_RECEIVED, contentEndpoints as endpoints } from "#contract/content";
import type { Db } from "../../db/client.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { listBlogPosts, saveContactMessage } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "content",
  description:
    "The informational pages' blog and contact form. Shapes and messages: `contract/content.ts`. No " + "token needed.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  blogPosts: {
    summary: "The blog's posts",
    description:
      "`?page`, `?parPage`: `{posts, totalPost}`, published posts newest first; a post's body is plain " +
      "text, paragraphs separated by a blank line.",
  },
  contact: {
    summary: "Send the store a message",
    description:
      "`{name, email, subject, message}`: 201 `{message: 'Mensaje enviado. Te responderemos pronto.'}`; " +
      "the message is stored for the store. 400 per field. Counts against the `contact` rate limit: 10 an " +
      "hour per address by default, then 429 `Has enviado demasiados mensajes en poco tiempo. Inténtalo de " +
      "nuevo más tarde.`.",
  },
} satisfies Record<string, RouteWords>;

/** The blog and the contact form of the informational pages. */
export async function contentRoutes(app: FastifyInstance, opts: { db: Db }) {
  documentModule(app, section);
  const { db } = opts;

  route(app, endpoints.blogPosts, words.blogPosts, (request) => listBlogPosts(db, request.query));

  route(app, endpoints.contact, { ...words.contact, rateLimit: "contact" }, async (request, reply) => {
    await saveContactMessage(db, request.body);
    reply.status(201);
    return { message: CONTACT_RECEIVED };
  });
}
