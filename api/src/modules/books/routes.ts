import type { FastifyInstance } from "fastify";
import { bookEndpoints as endpoints } from "#contract/books";
import type { Db } from "../../db/client.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { adminOnly } from "../accounts/auth.js";
import { shopBooks } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "books",
  description:
    "The shops' books (issue 12): whether every shop's ledger rows add up to what its sales and " +
    "withdrawals say. Shapes: `contract/books.ts`. The definitions and how they are tested: " +
    'docs/api/money.md, "Books".',
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  books: {
    summary: "Every shop's books, differences first",
    description:
      "Admin only. For every shop with sales or withdrawals, in one statement: `expected` (what its paid " +
      "parts earned, less refunds and withdrawals not rejected), `ledger` (its owner's wallet entries for " +
      "those parts and withdrawals) and `difference` = ledger − expected, which must be 0. Shops with a " +
      "difference come first.",
  },
} satisfies Record<string, RouteWords>;

/** The books of every shop (issue 12; docs/api/money.md, "Books"), for admins. */
export async function bookRoutes(app: FastifyInstance, opts: { db: Db }) {
  documentModule(app, section);
  route(app, endpoints.books, { ...words.books, onRequest: [app.authenticate, adminOnly] }, async () =>
    shopBooks(opts.db),
  );
}
