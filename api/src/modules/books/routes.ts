import type { FastifyInstance } from "fastify";
import { bookEndpoints as endpoints } from "#contract/books";
import type { WithdrawalSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { adminOnly } from "../accounts/auth.js";
import { shopBooks } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "books",
  description:
    "The books (issues 12 and 31): whether every shop's ledger rows add up to what its sales and " +
    "withdrawals say, and which wallets and withdrawals do not add up. Shapes: `contract/books.ts`. The " +
    'definitions and how they are tested: docs/api/money.md, "Books".',
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  books: {
    summary: "Every shop's books, and each wallet or withdrawal that does not add up",
    description:
      "Admin only, read in one read-only snapshot. `shops`: for every shop with sales or withdrawals, " +
      "`expected` (what its paid parts earned, less refunds and withdrawals not rejected), `ledger` (its " +
      "owner's wallet entries for those parts and withdrawals) and `difference` = ledger − expected, which " +
      "must be 0; shops with a difference come first. `wallets`: only the wallets that do not add up, with " +
      "`ledger` (Σ entries), `stored` (the balance the database keeps, `wallets.balance`), `pendingSales` " +
      "(the owner's sales not yet available) and `problems`, one Spanish sentence each: stored ≠ ledger, " +
      "ledger below zero, ledger below pendingSales. `withdrawals`: only the requests whose `retiro:` and " +
      "`retiro-rechazado:` entries in the requester's wallet do not sum to `expected` (−amount, 0 once " +
      "rejected), and entries naming no request of theirs (`status` null), with `problem`. `unbalanced` " +
      "counts the shops with a difference plus the wallets and withdrawals listed.",
  },
} satisfies Record<string, RouteWords>;

/** The books of every shop (issue 12; docs/api/money.md, "Books"), for admins. */
export async function bookRoutes(app: FastifyInstance, opts: { db: Db; withdrawals: WithdrawalSettings }) {
  documentModule(app, section);
  route(app, endpoints.books, { ...words.books, onRequest: [app.authenticate, adminOnly] }, async () =>
    shopBooks(opts.db, opts.withdrawals),
  );
}
