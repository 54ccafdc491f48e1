/**
 * What a return gives back, in integer cents (issue 35, decision 0056). Every figure is computed on
 * the part's CUMULATIVE returned value (this return's lines plus those refunded before) and this
 * return takes the difference: rounding down each cumulative figure, and hitting the part's exact
 * figures once all of it has come back, means repeated partial returns never pay back more than the
 * part paid, and a whole part comes back to the cent.
 */

/** What the part was sold for, as its shop_orders row and the order's store coupon say. */
export interface PartMoney {
  /** Σ unit price × quantity of its lines: what returned lines are weighed against. */
  linesValue: number;
  /** What the part's goods were sold for: `linesValue`, or the price of an accepted offer. */
  subtotal: number;
  /** The shop coupon's discount on the part. */
  discount: number;
  shippingFee: number;
  commission: number;
  /** Σ unit price × quantity × rate (basis points) of its lines: what the commission is shared by. */
  commissionWeight: number;
  /** The part's share of the order's store coupon (storeDiscountShares). */
  storeDiscount: number;
}

/** `whole × value / of`, rounded down; `whole` itself when `value` reaches `of`. */
function proRata(whole: number, value: number, of: number): number {
  if (of <= 0 || value >= of) return whole;
  return Math.floor((whole * value) / of);
}

/**
 * The store coupon's discount of an order shared among its parts pro rata of their discounted
 * subtotals, by cumulative rounding in the parts' id order so the shares add up to the discount.
 */
export function storeDiscountShares(
  discount: number,
  parts: { id: string; subtotal: number; discount: number }[],
): Map<string, number> {
  const sorted = [...parts].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const base = sorted.reduce((sum, part) => sum + part.subtotal - part.discount, 0);
  const shares = new Map<string, number>();
  let cumulative = 0;
  let given = 0;
  for (const part of sorted) {
    cumulative += part.subtotal - part.discount;
    const upTo = Math.min(proRata(discount, cumulative, base), base);
    shares.set(part.id, Math.min(upTo - given, part.subtotal - part.discount));
    given = upTo;
  }
  return shares;
}

/** The value of returned lines after the shop coupon (`returned`: Σ unit price × quantity). */
function netValue(part: PartMoney, returned: number): number {
  return proRata(part.subtotal - part.discount, returned, part.linesValue);
}

/** Returned lines as the figures read them: their value (Σ unit price × quantity) and commission weight. */
export interface Returned {
  value: number;
  /** Σ unit price × quantity × the line's own rate (order_items.commission_bp; decision 0059). */
  commissionWeight: number;
}

/**
 * The commission on returned lines: the part's commission shared by each line's value at the rate it
 * was placed with, so a line of a higher-rate category gives back more of it (decision 0059).
 */
export function returnedCommission(part: PartMoney, returned: Returned): number {
  return proRata(part.commission, returned.commissionWeight, part.commissionWeight);
}

/** What the customer paid for lines worth `returned`: after both coupons. */
function paidValue(part: PartMoney, returned: number): number {
  return proRata(part.subtotal - part.discount - part.storeDiscount, returned, part.linesValue);
}

/** The seller's credit on the returned lines: after the shop coupon, less their commission. */
function creditValue(part: PartMoney, returned: Returned): number {
  return netValue(part, returned.value) - returnedCommission(part, returned);
}

export interface ReturnMoney {
  /** What the customer gets back, `shipping` included. */
  refund: number;
  /** The part's shipping fee, when this return brings the whole part back. */
  shipping: number;
  /** What comes off the seller's wallet: the lines' credit less their commission, and the shipping. */
  sellerReversal: number;
  /** The commission on the returned lines (the store gives it up). */
  commission: number;
}

/**
 * The money of one return: `before` is the part's lines refunded earlier, `after` those plus this
 * return's lines; `completesPart` when, with it, every unit of the part has come back (then the
 * shipping is refunded too).
 */
export function returnMoney(part: PartMoney, before: Returned, after: Returned, completesPart: boolean): ReturnMoney {
  const shipping = completesPart ? part.shippingFee : 0;
  return {
    refund: paidValue(part, after.value) - paidValue(part, before.value) + shipping,
    shipping,
    sellerReversal: creditValue(part, after) - creditValue(part, before) + shipping,
    commission: returnedCommission(part, after) - returnedCommission(part, before),
  };
}
