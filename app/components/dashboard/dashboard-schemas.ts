import { z } from "zod";
import { CUSTOMER_ORDER_FILTERS, MAX_OFFER_CENTS, type CustomerOrderFilter } from "../../../api/src/modules/orders/customer-schemas";
import { voucherBody } from "../../../api/src/modules/wallet/schemas";

/** The customer dashboard's forms; each mutation's `intent` names it. */
export const dashboardIntents = { proposeOffer: "propose-offer", redeemVoucher: "redeem-voucher" } as const;

const AMOUNT = /^\d{1,7}(?:[.,]\d{1,2})?$/;
const AMOUNT_HINT = "Escriba un importe en dólares, por ejemplo 45,50.";

/**
 * The offer form: the price is typed in dollars ('45,50' or '45.50') and sent to the API in cents;
 * the API checks it is below the shop's current subtotal.
 */
export const offerFormSchema = z.object({
  shopOrderId: z.string({ required_error: "La tienda del pedido no es válida." }).uuid("La tienda del pedido no es válida."),
  price: z
    .string({ required_error: "Escriba el precio que propone." })
    .trim()
    .regex(AMOUNT, AMOUNT_HINT)
    .transform((amount) => Math.round(Number(amount.replace(",", ".")) * 100))
    .pipe(z.number().min(1, "El precio propuesto debe ser mayor que cero.").max(MAX_OFFER_CENTS, "El precio propuesto no es válido.")),
});

/** The wallet's voucher form, checked by the API's own schema. */
export const voucherFormSchema = voucherBody;

export const ORDER_FILTER_LABELS: Record<CustomerOrderFilter, string> = {
  all: "Todos",
  sin_pagar: "Sin pagar",
  pendiente: "Pendientes",
  procesando: "En preparación",
  enviado: "Enviados",
  entregado: "Entregados",
  cancelado: "Cancelados",
};

/** The filter named in the address, or every order for anything unknown. */
export function orderFilterOf(value: string | null): CustomerOrderFilter {
  return (CUSTOMER_ORDER_FILTERS as readonly string[]).includes(value ?? "") ? (value as CustomerOrderFilter) : "all";
}

export { CUSTOMER_ORDER_FILTERS };
