import type { FastifyInstance, FastifyRequest } from "fastify";
import { BALANCES_NOT_YOURS, withdrawalEndpoints as endpoints } from "#contract/withdrawals";
import type { WithdrawalSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { route } from "../../route.js";
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

/** Sellers' withdrawals and the admin's decisions on them (issue 12; README "Seller money"). */
export async function withdrawalRoutes(app: FastifyInstance, opts: { db: Db; withdrawals: WithdrawalSettings }) {
  const { db, withdrawals: settings } = opts;
  const sellerArea = { onRequest: [app.authenticate, sellersAndAdmins] };
  const sellerOnly = { onRequest: [app.authenticate, sellersOnly] };
  const adminArea = { onRequest: [app.authenticate, adminOnly] };
  const balancesAnswer = async (userId: string) => ({
    withdrawalBalances: await balancesOf(db, userId.toLowerCase(), settings),
    minimumAmount: settings.minimumCents,
    availableAfterDays: settings.saleAvailableAfterDays,
  });

  route(app, endpoints.balance, sellerArea, async (request) => {
    ownMoney(request, request.params.id);
    return balancesAnswer(request.params.id);
  });
  route(app, endpoints.sellerBalance, sellerArea, async (request) => {
    ownMoney(request, request.params.sellerId);
    return balancesAnswer(request.params.sellerId);
  });

  route(app, endpoints.payoutMethod, sellerOnly, async (request) => ({
    payoutMethod: await payoutMethodOf(db, currentUser(request).id),
  }));
  route(app, endpoints.savePayoutMethod, sellerOnly, async (request) =>
    savePayoutMethod(db, currentUser(request).id, request.body),
  );

  route(app, endpoints.withdraw, sellerOnly, async (request, reply) => {
    const answer = await requestWithdrawal(db, currentUser(request), request.body.amount, settings);
    reply.status(201);
    return answer;
  });
  route(app, endpoints.list, sellerArea, async (request) => {
    ownMoney(request, request.params.userId);
    return listWithdrawals(db, request.params.userId.toLowerCase(), request.query);
  });
  route(app, endpoints.archive, sellerOnly, async (request) =>
    archiveWithdrawal(db, currentUser(request), request.params.id),
  );
  route(app, endpoints.ledger, sellerArea, async (request) => {
    ownMoney(request, request.params.sellerId);
    return ledgerOf(db, request.params.sellerId.toLowerCase(), request.query.month, settings);
  });

  route(app, endpoints.adminList, adminArea, async (request) => listAdminWithdrawals(db, request.query));
  route(app, endpoints.confirm, adminArea, async (request) =>
    decideWithdrawal(db, currentUser(request), request.body.paymentId, {
      kind: "confirmar",
      reference: request.body.reference,
    }),
  );
  route(app, endpoints.reject, adminArea, async (request) =>
    decideWithdrawal(db, currentUser(request), request.body.paymentId, {
      kind: "rechazar",
      reason: request.body.reason,
    }),
  );
}
