import { z } from "zod";
import { isoDateTime } from "./fields";
import { endpoint, noInput } from "./http";

/**
 * Books that balance (issue 12): for every shop, what its orders and withdrawals say it should
 * have been credited, against the ledger rows its owner's wallet actually holds for them (docs/api/money.md,
 * "Books"). Money is integer cents (USD).
 */

export const shopBooks = z.object({
  shopId: z.string(),
  shopName: z.string(),
  ownerId: z.string(),
  /** Σ (total − commission) of the shop's parts ever paid (still paid, or refunded since). */
  paidSales: z.number().int(),
  /** Σ (total − commission) of its paid parts cancelled since (refunded). */
  cancelledSales: z.number().int(),
  /** Σ of its withdrawals not rejected (pending or confirmed). */
  withdrawals: z.number().int(),
  /** paidSales − cancelledSales − withdrawals. */
  expected: z.number().int(),
  /** Σ of the owner's ledger rows `venta:`/`anulacion:` of its parts and `retiro:`/`retiro-rechazado:` of its withdrawals. */
  ledger: z.number().int(),
  /** ledger − expected: 0 when the books balance. */
  difference: z.number().int(),
});
export type ShopBooks = z.infer<typeof shopBooks>;

export const booksAnswer = z.object({
  /** Shops with a difference first (largest first), then by name. */
  shops: z.array(shopBooks),
  /** How many shops do not balance. */
  unbalanced: z.number().int(),
  checkedAt: isoDateTime,
});
export type BooksAnswer = z.infer<typeof booksAnswer>;

/** Admin only. */
export const bookEndpoints = {
  books: endpoint({ method: "GET", path: "/admin/books", query: noInput, answer: booksAnswer }),
};
