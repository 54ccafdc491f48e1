import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { currentUser, requireSelfOrAdmin } from "../accounts/auth.js";
import { voucherBody, walletParams, type VoucherRedeemedAnswer, type WalletAnswer } from "./schemas.js";
import { redeemVoucher, walletOf } from "./service.js";

/** The wallet ledger (SPEC.md section 7 "Wallet and payments") and the /gift page's vouchers. */
export async function walletRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get("/wallet/:id", { onRequest: app.authenticate, schema: { params: walletParams } }, async (request): Promise<WalletAnswer> => {
    requireSelfOrAdmin(request, request.params.id.toLowerCase());
    return walletOf(db, request.params.id.toLowerCase());
  });

  routes.post(
    "/wallet/voucher/redeem",
    { onRequest: app.authenticate, schema: { body: voucherBody } },
    (request): Promise<VoucherRedeemedAnswer> => redeemVoucher(db, currentUser(request).id, request.body.code),
  );
}
