import type { FastifyInstance } from "fastify";
import {
  COUPON_UPDATED,
  PROMOTION_CHANGED_WHILE_EDITING,
  promotionEndpoints as endpoints,
  VOUCHER_UPDATED,
  type StaleCouponAnswer,
  type StaleVoucherAnswer,
} from "#contract/promotions";
import type { Db } from "../../db/client.js";
import { route } from "../../route.js";
import { adminOnly, currentUser } from "../accounts/auth.js";
import { listPromotions, publicVouchers, updateCoupon, updateVoucher } from "./service.js";

/** The /gift page's coupons and vouchers: their dates and limits kept by admins (issue 12), the vouchers' expiry shown to shoppers. */
export async function promotionRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const admin = { onRequest: [app.authenticate, adminOnly] };

  route(app, endpoints.vouchers, async () => ({ vouchers: await publicVouchers(db) }));

  route(app, endpoints.list, admin, async () => listPromotions(db));

  route(app, endpoints.updateCoupon, admin, async (request, reply) => {
    const result = await updateCoupon(db, currentUser(request), request.params.code, request.body);
    if (result.kind === "stale") {
      const answer: StaleCouponAnswer = { message: PROMOTION_CHANGED_WHILE_EDITING, current: result.current };
      return reply.code(409).send(answer);
    }
    return { message: COUPON_UPDATED, coupon: result.value };
  });

  route(app, endpoints.updateVoucher, admin, async (request, reply) => {
    const result = await updateVoucher(db, currentUser(request), request.params.code, request.body);
    if (result.kind === "stale") {
      const answer: StaleVoucherAnswer = { message: PROMOTION_CHANGED_WHILE_EDITING, current: result.current };
      return reply.code(409).send(answer);
    }
    return { message: VOUCHER_UPDATED, voucher: result.value };
  });
}
