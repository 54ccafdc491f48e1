import type { FastifyInstance, FastifyRequest } from "fastify";
import { BALANCES_NOT_YOURS, withdrawalEndpoints as endpoints } from "#contract/withdrawals";
import type { WithdrawalSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import type { Mailer } from "../mail/outbox.js";
import type { MailContext } from "../mail/render.js";
import { adminOnly, currentUser, FORBIDDEN } from "../accounts/auth.js";
import {
  archiveWithdrawal,
  balancesOf,
  decideWithdrawal,
  ledgerOf,
  listAdminWithdrawals,
  listWithdrawals,
  payoutMethodOf,
  requestWithdrawal,
  savePayoutMethod,
} from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "withdrawals",
  description:
    "Sellers' money: balances, payout methods, withdrawal requests and the admin's decisions (issue 12; " +
    "decision 0011). Shapes and messages: `contract/withdrawals.ts`; statuses and payout kinds by name: " +
    "`contract/withdrawal-labels.ts`. Every call needs `Authorization: Bearer`.\n\n" +
    "A seller's money lives in their user wallet, the same wallet they shop with: the ledger references, " +
    'what each balance means and when a sale matures are in docs/api/money.md, "Seller money".\n\n' +
    "**Concurrency.** `POST /withdraw` takes the wallet's advisory lock (the one wallet payments take) " +
    "before it reads the balances and writes the request and its `retiro` entry, so parallel requests " +
    "(or a purchase at the same moment) cannot together exceed what is available: 20 requests of the " +
    "whole amount at once give one (`tests/api/withdrawals-postgres.test.ts`). A decision locks the " +
    "withdrawal's row and acts only from `pendiente`: a second decision, at once or later, is 409 `Este " +
    "retiro ya fue decidido.`.\n\n" +
    "**Who is told.** Requests notify every admin and decisions the seller (type `retiro`, live like " +
    "every notification); each writes the audit log (`retiro.solicitar`, `retiro.confirmar`, " +
    "`retiro.rechazar`; entity `retiro`).",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  balance: {
    summary: "A seller's balances",
    description:
      "The seller (an admin: anyone's; customers 403): `{withdrawalBalances, minimumAmount, " +
      "availableAfterDays, availableAfterShipmentDays}` (amounts in cents; the days after receipt and " +
      "after shipping before a sale is available), for the shop of the user (all zero without one). " +
      "`withdrawalBalances` holds `totalAmount`, `pendingAmount`, `requestedAmount`, `withdrowAmount` " +
      '(spelt as the spec spells it), `amountWithdrawn` and `availableAmount`: docs/api/money.md, "Seller ' +
      'money".',
  },
  sellerBalance: {
    summary: "A seller's balances (the spec's second path)",
    description: "The same answer as `GET /payment/withdrawal-balance/{id}`, for `{sellerId}`.",
  },
  payoutMethod: {
    summary: "The seller's payout method",
    description: "The seller: `{payoutMethod}`, or `null` before one is saved.",
  },
  savePayoutMethod: {
    summary: "Save the seller's payout method",
    description:
      "The seller. `{kind: 'transferencia', holder, bank, account}` or `{kind: 'pago_movil', bank, phone, " +
      "idDocument}`: `{message, payoutMethod}`. `account` an IBAN (mod-97 checked) or a Venezuelan " +
      "20-digit account; `phone` a Venezuelan mobile (stored `0414-1234567`); `idDocument` V or E and 6-9 " +
      "digits (stored `V-12345678`); 400 with `errors` per field.",
  },
  withdraw: {
    summary: "Request a withdrawal",
    description:
      "The seller; `{amount}`: 201 `{message, withdrawal}`. 403 without an approved shop, 409 without a " +
      "payout method, 400 with `errors: [{field: 'amount'}]` under `WITHDRAWAL_MINIMUM_CENTS` or above " +
      "`availableAmount`. The request and its `retiro` entry are written under the shop's lock and the " +
      "wallet's advisory lock.",
  },
  list: {
    summary: "A seller's withdrawal requests",
    description:
      "The seller (an admin: anyone's). `?status&archived=1&page&parPage`: `{withdrawals, totalWithdrawal, " +
      "page, parPage}`, newest first; archived ones only with `archived=1`.",
  },
  archive: {
    summary: "Archive a finished request",
    description:
      "The owner: `{message: 'Retiro archivado exitosamente', withdrawal}`; 404 for someone else's, 409 " +
      "while pending or when already archived.",
  },
  ledger: {
    summary: "A shop's ledger rows for one month",
    description:
      "The seller (an admin: anyone's). `?month=YYYY-MM`: `{month, rows}`, the shop's entries of that " +
      "month (in the store's time zone), oldest first, each with `kind`, the order and the part's total " +
      "and commission for sales, the withdrawal for withdrawals, and `availableAt`/`available` (a sale: " +
      "delivery + waiting days).",
  },
  adminList: {
    summary: "The withdrawal requests, for the admin",
    description:
      "Admin. `?status&page&parPage`: the requests in one status (default `pendiente`, oldest first; " +
      "decided ones newest first) with shop and seller.",
  },
  confirm: {
    summary: "Confirm a withdrawal as paid",
    description:
      "Admin. `{paymentId, reference?}`: `{message, withdrawal}`; `paymentId` is the withdrawal's id, " +
      "`reference` the transfer's. Without `reference` (SPEC.md section 7 sends `{paymentId}` only) the " +
      "withdrawal is confirmed with `reference: null` and the audit log says it was paid without one; the " +
      "web's form always asks for it. Writes no ledger entry: the money left with the request. 409 `Este " +
      "retiro ya fue decidido.` unless `pendiente`.",
  },
  reject: {
    summary: "Reject a withdrawal",
    description:
      "Admin. `{paymentId, reason}`: `{message, withdrawal}`; the amount is available again (a " +
      "`retiro-rechazado` entry). 409 `Este retiro ya fue decidido.` unless `pendiente`.",
  },
} satisfies Record<string, RouteWords>;

/** Sellers and admins only: customers are refused before anything is read. */
async function sellersAndAdmins(request: FastifyRequest): Promise<void> {
  const { role } = currentUser(request);
  if (role !== "seller" && role !== "admin") throw new HttpError(403, FORBIDDEN);
}

/** Only sellers act on their own money (an admin has no shop to withdraw from). */
async function sellersOnly(request: FastifyRequest): Promise<void> {
  if (currentUser(request).role !== "seller") throw new HttpError(403, FORBIDDEN);
}

/** A seller reads their own money; an admin anyone's. */
function ownMoney(request: FastifyRequest, userId: string): void {
  const user = currentUser(request);
  if (user.role !== "admin" && user.id !== userId.toLowerCase()) throw new HttpError(403, BALANCES_NOT_YOURS);
}

/** Sellers' withdrawals and the admin's decisions on them (issue 12; docs/api/money.md, "Seller money"). */
export async function withdrawalRoutes(
  app: FastifyInstance,
  opts: { db: Db; withdrawals: WithdrawalSettings; mail: MailContext; mailer: Mailer },
) {
  documentModule(app, section);
  const { db, withdrawals: settings, mail, mailer } = opts;
  const sellerArea = { onRequest: [app.authenticate, sellersAndAdmins] };
  const sellerOnly = { onRequest: [app.authenticate, sellersOnly] };
  const sellerWrite = { ...sellerOnly, sellerWrite: true as const };
  const adminArea = { onRequest: [app.authenticate, adminOnly] };
  const balancesAnswer = async (userId: string) => ({
    withdrawalBalances: await balancesOf(db, userId.toLowerCase(), settings),
    minimumAmount: settings.minimumCents,
    availableAfterDays: settings.saleAvailableAfterDays,
    availableAfterShipmentDays: settings.saleAvailableAfterShipmentDays,
  });

  route(app, endpoints.balance, { ...sellerArea, ...words.balance }, async (request) => {
    ownMoney(request, request.params.id);
    return balancesAnswer(request.params.id);
  });
  route(app, endpoints.sellerBalance, { ...sellerArea, ...words.sellerBalance }, async (request) => {
    ownMoney(request, request.params.sellerId);
    return balancesAnswer(request.params.sellerId);
  });

  route(app, endpoints.payoutMethod, { ...sellerOnly, ...words.payoutMethod }, async (request) => ({
    payoutMethod: await payoutMethodOf(db, currentUser(request).id),
  }));
  route(app, endpoints.savePayoutMethod, { ...sellerWrite, ...words.savePayoutMethod }, async (request) =>
    savePayoutMethod(db, currentUser(request).id, request.body),
  );

  route(app, endpoints.withdraw, { ...sellerWrite, ...words.withdraw }, async (request, reply) => {
    const answer = await requestWithdrawal(db, currentUser(request), request.body.amount, settings, mail);
    mailer.wake();
    reply.status(201);
    return answer;
  });
  route(app, endpoints.list, { ...sellerArea, ...words.list }, async (request) => {
    ownMoney(request, request.params.userId);
    return listWithdrawals(db, request.params.userId.toLowerCase(), request.query);
  });
  route(app, endpoints.archive, { ...sellerWrite, ...words.archive }, async (request) =>
    archiveWithdrawal(db, currentUser(request), request.params.id),
  );
  route(app, endpoints.ledger, { ...sellerArea, ...words.ledger }, async (request) => {
    ownMoney(request, request.params.sellerId);
    return ledgerOf(db, request.params.sellerId.toLowerCase(), request.query.month, settings);
  });

  route(app, endpoints.adminList, { ...adminArea, ...words.adminList }, async (request) =>
    listAdminWithdrawals(db, request.query),
  );
  route(app, endpoints.confirm, { ...adminArea, ...words.confirm }, async (request) => {
    const decision = { kind: "confirmar" as const, reference: request.body.reference ?? null };
    const answer = await decideWithdrawal(db, currentUser(request), request.body.paymentId, decision, mail);
    mailer.wake();
    return answer;
  });
  route(app, endpoints.reject, { ...adminArea, ...words.reject }, async (request) => {
    const decision = { kind: "rechazar" as const, reason: request.body.reason };
    const answer = await decideWithdrawal(db, currentUser(request), request.body.paymentId, decision, mail);
    mailer.wake();
    return answer;
  });
}
