import type { FastifyInstance } from "fastify";
import { walletEndpoints as endpoints } from "#contract/wallet";
import type { WithdrawalSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser, requireSelfOrAdmin } from "../accounts/auth.js";
import { redeemVoucher, walletOf } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "wallet",
  description:
    "The store wallet: each user's ledger (`wallet_entries`). The balance is the sum of the entries; a " +
    "trigger rejects any UPDATE, DELETE or TRUNCATE of them. No wallet goes below zero: another trigger " +
    "keeps each wallet's balance in `wallets`, whose CHECK makes the database refuse any movement that " +
    "would take it below zero (answered 409 `La cartera no tiene saldo suficiente: ninguna cartera puede " +
    "quedar en negativo.` should a service's own check have missed it; decision 0033). Refunds are store credit whatever the " +
    "payment method (decision 0006), and a seller's sales are credited to the same wallet (section " +
    "*withdrawals*). References and what writes them: docs/api/money.md. Shapes: `contract/wallet.ts`. " +
    "Every call needs `Authorization: Bearer`.\n\n" +
    "Vouchers VOUCHER200, VOUCHER500, VOUCHER1000 (20000, 50000, 100000) carry the spec's 2024 dates, so " +
    "they answer `Este voucher ha caducado.` until an admin moves them (section *promotions*); each user " +
    "redeems each once.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  wallet: {
    summary: "A wallet's balance and entries",
    description:
      "The user themself or an admin (403 otherwise): `{balance, pendingSales, available, entries: [{_id, " +
      "amount, reason, createdAt}]}`, entries newest first. `pendingSales` is the part of the balance that is " +
      "the user's sales not yet available (their shop's `pendingAmount`, section *withdrawals*; 0 for a " +
      "customer) and `available` = balance − pendingSales, what pays an order (`POST /payment/wallet`).",
  },
  redeemVoucher: {
    summary: "Redeem a voucher into the caller's wallet",
    description:
      "`{code}`: `{message: 'Voucher canjeado: …', balance}`; 404 `Voucher no encontrado.`; 400 `Este " +
      "voucher ha caducado.`; 409 `Ya canjeaste este voucher.`. The entry's reference " +
      "`voucher:<code>:<user>` makes a second redemption impossible, even at once.",
  },
} satisfies Record<string, RouteWords>;

/** The wallet ledger (SPEC.md section 7 "Wallet and payments") and the /gift page's vouchers. */
export async function walletRoutes(app: FastifyInstance, opts: { db: Db; withdrawals: WithdrawalSettings }) {
  documentModule(app, section);
  const { db } = opts;

  route(app, endpoints.wallet, { ...words.wallet, onRequest: app.authenticate }, async (request) => {
    requireSelfOrAdmin(request, request.params.id.toLowerCase());
    return walletOf(db, request.params.id.toLowerCase(), opts.withdrawals);
  });

  route(app, endpoints.redeemVoucher, { ...words.redeemVoucher, onRequest: app.authenticate }, (request) =>
    redeemVoucher(db, currentUser(request).id, request.body.code),
  );
}
