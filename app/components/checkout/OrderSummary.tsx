import type { ReactNode } from "react";
import { formatPrice } from "~/services/money";

/** What a summary adds up: the cart's, the order about to be placed (/shipping), a placed order's. */
export interface SummaryAmounts {
  /** The cart's units ('3 productos'): only the cart says how many. */
  units?: number;
  subtotal: number;
  /** The store coupon's part, when it takes something off. */
  discount?: { amount: number; code: string | null } | null;
  /** What the shops' own coupons take off their products, in all (issue 34; each shop's shows by its lines). */
  shopDiscount?: number;
  shipping: number;
  total: number;
  /** A placed order partly refunded: what was paid and what went back to the wallet. */
  refund?: { paid: number; refunded: number } | null;
}

function unitsText(units: number) {
  return units === 1 ? "1 producto" : `${units} productos`;
}

function Row({
  label,
  testId,
  strong,
  children,
}: {
  label: ReactNode;
  testId: string;
  strong?: boolean;
  children: ReactNode;
}) {
  return strong ? (
    <>
      {/* The total's rule spans the gap between the columns too. */}
      <dt className="-mr-4 border-t border-neutral-300 pr-4 pt-3 text-base font-bold text-ink">{label}</dt>
      <dd
        className="border-t border-neutral-300 pt-3 text-right text-base font-extrabold text-ink"
        data-testid={testId}
      >
        {children}
      </dd>
    </>
  ) : (
    <>
      <dt className="text-neutral-700">{label}</dt>
      <dd className="text-right font-semibold" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/**
 * The amounts of an order, the same on the cart, on /shipping and on a placed order's pages:
 * subtotal, the coupon's discount, shipping and the total. Shipping reads 'Gratis' only when
 * there is something to ship. `testIds` names the figures: `summary-…` before the order is
 * placed, `order-…` after.
 */
export function OrderSummary({
  amounts,
  testIds,
  className,
}: {
  amounts: SummaryAmounts;
  testIds: "summary" | "order";
  className?: string;
}) {
  const { units, subtotal, discount, shopDiscount, shipping, total, refund } = amounts;
  return (
    <dl
      className={`grid grid-cols-[1fr_auto] gap-x-4 gap-y-3 text-sm ${className ?? ""}`}
      data-testid={testIds === "order" ? "order-totals" : undefined}
    >
      {units !== undefined ? (
        <Row label="Productos" testId={`${testIds}-items`}>
          {unitsText(units)}
        </Row>
      ) : null}
      <Row label="Subtotal" testId={`${testIds}-subtotal`}>
        {formatPrice(subtotal)}
      </Row>
      {shopDiscount !== undefined && shopDiscount > 0 ? (
        <Row label="Cupones de las tiendas" testId={`${testIds}-shop-discount`}>
          −{formatPrice(shopDiscount)}
        </Row>
      ) : null}
      {discount && discount.amount > 0 ? (
        <Row label={discount.code ? `Descuento (cupón ${discount.code})` : "Descuento"} testId={`${testIds}-discount`}>
          −{formatPrice(discount.amount)}
        </Row>
      ) : null}
      <Row label="Envío" testId={`${testIds}-shipping`}>
        {shipping > 0 || subtotal === 0 ? formatPrice(shipping) : "Gratis"}
      </Row>
      <Row label="Total" testId={`${testIds}-total`} strong>
        {formatPrice(total)}
      </Row>
      {refund && refund.refunded > 0 ? (
        <>
          <Row label="Pagado" testId={`${testIds}-amount-paid`}>
            {formatPrice(refund.paid)}
          </Row>
          <Row label="Reembolsado a tu cartera" testId={`${testIds}-refunded`}>
            −{formatPrice(refund.refunded)}
          </Row>
        </>
      ) : null}
    </dl>
  );
}
