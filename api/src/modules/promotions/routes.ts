import type { FastifyInstance } from "fastify";
import {
  COUPON_UPDATED,
  PROMOTION_CHANGED_WHILE_EDITING,
  promotionEndpoints as endpoints,
  VOUCHER_UPDATED,
  type StaleCouponAnswer,
  type StaleVoucherAnswer,
} from "#contract/promotions";
import {
  adminCouponEndpoints,
  COUPON_ALREADY_ENDED,
  STORE_COUPON_CREATED,
  STORE_COUPON_ENDED,
  VOUCHER_CREATED,
  VOUCHER_ENDED,
} from "#contract/coupons-admin";
import type { Db } from "../../db/client.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { adminOnly, currentUser } from "../accounts/auth.js";
import {
  createStoreCoupon,
  createVoucher,
  endStoreCoupon,
  endVoucher,
  listPromotions,
  publicVouchers,
  updateCoupon,
  updateVoucher,
} from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "promotions",
  description:
    "The admin's coupons and vouchers, and the public list of vouchers. The `/admin` calls are admin " +
    "only (401 without a token, 403 `No tienes permiso para esta acción.` for sellers and customers; " +
    "`tests/api/admin-only.test.ts` checks every `/admin` route and the admin calls elsewhere, and fails " +
    "on a new one without its guard). Shapes: `contract/promotions.ts`.\n\n" +
    "**Days** are calendar days of the store (`YYYY-MM-DD`, Europe/Madrid) and whole: a coupon is valid " +
    "from the start of `validFrom` to the end of `validUntil` (stored as the next day's start, " +
    "exclusive), a voucher to the end of `expiresOn`. The seeded dates are Madrid midnights (migration " +
    "0020), so each reads as the spec's day (VOUCHER200's last day is 31-08-2024).\n\n" +
    "**Concurrency.** A change locks the row (`for update`, so it waits for an order using the coupon " +
    "and sees its use) and compares `version` (the stored window and limit; uses do not change it): a " +
    "form read before another admin's change answers 409 with the current values, unless it asks for " +
    "exactly what is stored, which is no change. Each change writes the audit log in its transaction " +
    "(`cupon.editar`, `voucher.editar`; `cupon.crear`, `cupon.terminar`, `voucher.crear` for issue 35's " +
    "creations and endings; entities `cupon` and `voucher`, whose id is `auditId`, a UUID " +
    "made from the code; before and after hold the days and the limit). " +
    "`tests/api/promotions-postgres.test.ts` runs ten admins at once and a lower limit against twenty " +
    "orders on PostgreSQL.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  vouchers: {
    summary: "The vouchers on offer",
    description: "Anyone: `{vouchers: [{code, amount, expiresOn, expired}]}` by amount: what `/gift` shows.",
  },
  list: {
    summary: "Every coupon and voucher, for the admin",
    description:
      "`{coupons: [{code, kind, value, validFrom, validUntil, maxUses, maxUsesPerCustomer, usedCount, endedAt, " +
      "validNow, version, auditId}], vouchers: [{code, amount, expiresOn, expired, redemptions, version, auditId}]}`; " +
      "`validNow` is inside its days and not ended.",
  },
  createCoupon: {
    summary: "Create a store coupon",
    description:
      "`{code, kind, value, validFrom, validUntil, maxUses, maxUsesPerCustomer}` (code 4-20 letters without " +
      "accents, digits or hyphens, kept upper-case; `porcentaje` 1-90 or `importe` 1-100000 cents; uses from 1, " +
      "per customer not above the total): 200 `{message: 'Cupón creado.', coupon}`. 400 per field, `Ese código ya " +
      "existe en la tienda. Elige otro.` beside `code` for a code any coupon (the store's or a shop's) has in any " +
      "case. Audited `cupon.crear`.",
  },
  endCoupon: {
    summary: "End a store coupon now",
    description:
      "No body: 200 `{message: 'Cupón terminado: ya no se puede usar en pedidos nuevos.', coupon}`; it applies to " +
      "no cart or order from then on, orders already placed keep their discount. Locks the coupon's row, as " +
      "placing an order that uses it does. 404 `Cupón no encontrado.` (a shop's is its seller's); 409 `Este cupón " +
      "ya está terminado.` (`PUT /admin/coupons/{code}` on an ended one answers it as a 409 `{message, current}`). " +
      "Audited `cupon.terminar`.",
  },
  endVoucher: {
    summary: "End a voucher at once",
    description:
      "Nobody can redeem it from then on (its last moment becomes now); credits already made stand. Locks the " +
      "voucher's row, as a redemption does, so a redemption racing it either committed first or is refused " +
      "`Este voucher ha caducado.`. 404 `Voucher no encontrado.`; 409 `Este voucher ya no se puede canjear: está " +
      "terminado o caducado.`. Audited `voucher.terminar`.",
  },
  createVoucher: {
    summary: "Create a voucher",
    description:
      "`{code, amount, expiresOn}` (the code as a coupon's; amount in cents, 1-100000; the last day it can be " +
      "redeemed): 200 `{message: 'Voucher creado.', voucher}`. 400 per field, `Ya existe un voucher con ese " +
      "código. Elige otro.` beside `code` for a voucher's code in any case. Audited `voucher.crear`.",
  },
  updateCoupon: {
    summary: "Change a coupon's days and limit",
    description:
      "`{validFrom, validUntil, maxUses, version}`: `{message: 'Cupón actualizado.', coupon}`. 400 per " +
      "field (a day that does not exist or is outside 2020-2099, the last day before the first, a limit " +
      "outside 0-1,000,000 or below `usedCount`); 404; 409 `{message, current}` when another admin changed " +
      "it since `version` was read, or `Este cupón ya está terminado.` once ended.",
  },
  updateVoucher: {
    summary: "Change a voucher's last day",
    description:
      "`{expiresOn, version}`: `{message: 'Voucher actualizado.', voucher}`; 400 per field; 404; 409 " +
      "`{message, current}` when another admin changed it since `version` was read.",
  },
} satisfies Record<string, RouteWords>;

/** The /gift page's coupons and vouchers: their dates and limits kept by admins (issue 12), the vouchers' expiry shown to shoppers. */
export async function promotionRoutes(app: FastifyInstance, opts: { db: Db }) {
  documentModule(app, section);
  const { db } = opts;
  const admin = { onRequest: [app.authenticate, adminOnly] };

  route(app, endpoints.vouchers, words.vouchers, async () => ({ vouchers: await publicVouchers(db) }));

  route(app, endpoints.list, { ...admin, ...words.list }, async () => listPromotions(db));

  route(app, endpoints.updateCoupon, { ...admin, ...words.updateCoupon }, async (request, reply) => {
    const result = await updateCoupon(db, currentUser(request), request.params.code, request.body);
    if (result.kind !== "saved") {
      const message = result.kind === "ended" ? COUPON_ALREADY_ENDED : PROMOTION_CHANGED_WHILE_EDITING;
      const answer: StaleCouponAnswer = { message, current: result.current };
      return reply.code(409).send(answer);
    }
    return { message: COUPON_UPDATED, coupon: result.value };
  });

  route(app, adminCouponEndpoints.createCoupon, { ...admin, ...words.createCoupon }, async (request) => ({
    message: STORE_COUPON_CREATED,
    coupon: await createStoreCoupon(db, currentUser(request), request.body),
  }));

  route(app, adminCouponEndpoints.endCoupon, { ...admin, ...words.endCoupon }, async (request) => ({
    message: STORE_COUPON_ENDED,
    coupon: await endStoreCoupon(db, currentUser(request), request.params.code),
  }));

  route(app, adminCouponEndpoints.endVoucher, { ...admin, ...words.endVoucher }, async (request) => ({
    message: VOUCHER_ENDED,
    voucher: await endVoucher(db, currentUser(request), request.params.code),
  }));

  route(app, adminCouponEndpoints.createVoucher, { ...admin, ...words.createVoucher }, async (request) => ({
    message: VOUCHER_CREATED,
    voucher: await createVoucher(db, currentUser(request), request.body),
  }));

  route(app, endpoints.updateVoucher, { ...admin, ...words.updateVoucher }, async (request, reply) => {
    const result = await updateVoucher(db, currentUser(request), request.params.code, request.body);
    if (result.kind !== "saved") {
      const answer: StaleVoucherAnswer = { message: PROMOTION_CHANGED_WHILE_EDITING, current: result.current };
      return reply.code(409).send(answer);
    }
    return { message: VOUCHER_UPDATED, voucher: result.value };
  });
}
