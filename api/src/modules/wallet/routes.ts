import type { FastifyInstance } from "fastify";
import { walletEndpoints as endpoints } from "#contract/wallet";
import type { Db } from "../../db/client.js";
import { route } from "../../route.js";
import { currentUser, requireSelfOrAdmin } from "../accounts/auth.js";
import { redeemVoucher, walletOf } from "./service.js";

/** The wallet ledger (SPEC.md section 7 "Wallet and payments") and the /gift page's vouchers. */
export async function walletRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, endpoints.wallet, { onRequest: app.authenticate }, async (request) => {
    requireSelfOrAdmin(request, request.params.id.toLowerCase());
    return walletOf(db, request.params.id.toLowerCase());
  });

  route(app, endpoints.redeemVoucher, { onRequest: app.authenticate }, (request) =>
    redeemVoucher(db, currentUser(request).id, request.body.code),
  );
}
