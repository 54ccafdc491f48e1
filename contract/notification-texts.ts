import { formatUsd } from "./money-format";
import { counted } from "./number-format";

/**
 * Every notification's text, in one place like every other message (issue 29): what each user reads
 * in their bell and on /dashboard/system-notifications. Written once, stored with the notification
 * when it is made. Free of zod, so the API's services and its database functions share it.
 */

const units = (count: number) => `${count} ${count === 1 ? "unidad" : "unidades"}`;

// ---- Orders and payments -------------------------------------------------------------------------

/** The seller of a new order's part, before it is paid. */
export const newOrderNotice = (orderNumber: string, shopName: string, unitCount: number) =>
  `Nuevo pedido #${orderNumber} para ${shopName}: ${units(unitCount)}, pendiente de pago.`;

/** The customer, once the order is paid. */
export const paymentConfirmedNotice = (orderNumber: string) => `Pago confirmado del pedido #${orderNumber}.`;

/** Each seller of a paid order. */
export const paidOrderNotice = (orderNumber: string, shopName: string) =>
  `El pedido #${orderNumber} para ${shopName} está pagado: ya puedes prepararlo.`;

/** What the customer is told of the tracking number that came with a status change. */
const trackingNote = (trackingNumber: string | undefined) =>
  trackingNumber === undefined ? "" : ` Número de seguimiento: ${trackingNumber}.`;

/** What the customer is told after a cancellation that refunded them. */
const refundNote = (refundCents: number) =>
  refundCents > 0 ? ` Te devolvimos ${formatUsd(refundCents)} a tu cartera.` : "";

/** The customer, when one shop's part of their order changes status (`statusLabel`: the label they read). */
export const shopPartStatusNotice = (
  orderNumber: string,
  shopName: string,
  statusLabel: string,
  trackingNumber: string | undefined,
  refundCents: number,
) =>
  `Tu pedido #${orderNumber} de ${shopName} está ahora «${statusLabel}».${trackingNote(trackingNumber)}${refundNote(refundCents)}`;

/** The customer, when their whole order changes status. */
export const orderStatusNotice = (
  orderNumber: string,
  statusLabel: string,
  trackingNumber: string | undefined,
  refundCents: number,
) => `Tu pedido #${orderNumber} está ahora «${statusLabel}».${trackingNote(trackingNumber)}${refundNote(refundCents)}`;

/** A seller whose paid sale an admin cancelled: it comes off their wallet. */
export const saleCancelledByAdminNotice = (orderNumber: string, shopName: string) =>
  `La administración canceló el pedido #${orderNumber} para ${shopName}: se reembolsó al cliente y se descontó la venta de tu cartera.`;

/** The seller, when the customer confirms they received their part (`availableOn`: the date, as written for people). */
export const receiptConfirmedNotice = (orderNumber: string, shopName: string, availableOn: string) =>
  `El cliente confirmó que recibió el pedido #${orderNumber} de ${shopName}: el dinero de la venta estará disponible el ${availableOn}.`;

// ---- Offers --------------------------------------------------------------------------------------

/** The seller, of an offer on their part of an order (amounts in cents). */
export const offerReceivedNotice = (orderNumber: string, priceCents: number, shopName: string, subtotalCents: number) =>
  `Nueva oferta en el pedido #${orderNumber}: ${formatUsd(priceCents)} por los productos de ${shopName} (subtotal actual ${formatUsd(subtotalCents)}).`;

/** The customer, of the seller's answer; `newTotalCents` when it was accepted. */
export const offerAnsweredNotice = (
  orderNumber: string,
  priceCents: number,
  shopName: string,
  newTotalCents: number | null,
) => {
  const about = `Tu oferta de ${formatUsd(priceCents)} para el pedido #${orderNumber} (${shopName})`;
  return newTotalCents === null
    ? `${about} fue rechazada.`
    : `${about} fue aceptada. Nuevo total del pedido: ${formatUsd(newTotalCents)}.`;
};

// ---- Messages -----------------------------------------------------------------------------------

/** The other side of a message on one shop's part of an order: the seller when the customer wrote, and back. */
export const orderMessageNotice = (orderNumber: string, shopName: string, fromCustomer: boolean) =>
  fromCustomer
    ? `Nuevo mensaje del cliente en el pedido #${orderNumber} (${shopName}).`
    : `Nuevo mensaje de ${shopName} sobre tu pedido #${orderNumber}.`;

// ---- Reviews and stock ---------------------------------------------------------------------------

/** The seller, of a new review (`stars`: starsText's words) or a changed one. */
export const reviewNotice = (productName: string, stars: string, changed: boolean) =>
  changed
    ? `Una reseña de «${productName}» ha cambiado: ahora da ${stars}.`
    : `Nueva reseña de ${stars} en «${productName}».`;

/** The reviewer, when the shop replies to their review (or changes its reply). */
export const reviewReplyNotice = (productName: string, shopName: string, changed: boolean) =>
  changed
    ? `${shopName} cambió su respuesta a tu reseña de «${productName}».`
    : `${shopName} respondió a tu reseña de «${productName}».`;

/** A shopper who asked to hear when a product (or one size) is back. */
export const backInStockNotice = (productName: string, size: string) =>
  size === "" ? `Volvió a haber unidades de «${productName}».` : `Volvió la talla ${size} de «${productName}».`;

// ---- Shops and money -----------------------------------------------------------------------------

/** What happened to an applicant's request or shop. */
export type ShopOutcome =
  | { kind: "aprobada" }
  | { kind: "rechazada"; reason: string }
  | {
      kind: "requiere_cambios";
      /** The data to correct by their names (the tax id's as the country calls it), each with its note if any. */
      fields: { label: string; note: string | null }[];
      documents: { fileName: string; note: string }[];
    }
  | { kind: "suspendida"; reason: string }
  | { kind: "reactivada" };

/** The applicant, of the admin's decision. */
export function shopOutcomeNotice(shopName: string, outcome: ShopOutcome): string {
  switch (outcome.kind) {
    case "aprobada":
      return `Tu tienda «${shopName}» fue aprobada. Ya puedes vender en Mercado Pádel.`;
    case "rechazada":
      return `Tu solicitud de tienda «${shopName}» fue rechazada. Motivo: ${outcome.reason} Puedes corregirla y solicitar de nuevo.`;
    case "requiere_cambios": {
      const asked: string[] = [];
      if (outcome.fields.length > 0)
        asked.push(
          `corrige ${counted(outcome.fields.length, "dato", "datos")} (${outcome.fields
            .map((field) => (field.note ? `«${field.label}»: ${field.note}` : `«${field.label}»`))
            .join("; ")})`,
        );
      if (outcome.documents.length > 0)
        asked.push(
          `reemplaza ${counted(outcome.documents.length, "documento", "documentos")} (${outcome.documents
            .map((document) => `«${document.fileName}»: ${document.note}`)
            .join("; ")})`,
        );
      return `Tu solicitud de tienda «${shopName}» necesita cambios: ${asked.join(" y ")}.`;
    }
    case "suspendida":
      return `Tu tienda «${shopName}» fue suspendida. Motivo: ${outcome.reason}`;
    case "reactivada":
      return `Tu tienda «${shopName}» fue reactivada. Tus productos vuelven a estar a la venta.`;
  }
}

/** The admins, of a request that arrived or came back with the changes asked for. */
export const shopRequestNotice = (shopName: string, applicantName: string, kind: "nueva" | "reenviada") =>
  kind === "nueva"
    ? `Nueva solicitud de tienda: «${shopName}», de ${applicantName}.`
    : `«${shopName}» envió los cambios pedidos: la solicitud vuelve a estar pendiente de revisión.`;

/**
 * An approved shop's change of name or tax id (decision 0055): what was asked, as words after
 * «cambiar» («su nombre a «X» y su RIF a J-…»), for the admins' notice and the seller's.
 */
export function identityChangeWords(
  requested: { shopName: string | null; rif: string | null },
  taxIdLabel: string,
): string {
  const parts: string[] = [];
  if (requested.shopName !== null) parts.push(`su nombre a «${requested.shopName}»`);
  if (requested.rif !== null) parts.push(`su ${taxIdLabel} a ${requested.rif}`);
  return parts.join(" y ");
}

/** The admins, of a seller's change of name or tax id to review. */
export const identityChangeRequestedNotice = (shopName: string, asked: string) =>
  `La tienda «${shopName}» pidió cambiar ${asked}. Revísalo en «Cambios de tiendas».`;

/** The seller, of the admin's decision on their change of name or tax id. */
export const identityChangeDecidedNotice = (
  shopName: string,
  asked: string,
  decision: { approved: true } | { approved: false; reason: string },
) =>
  decision.approved
    ? `Aprobamos que tu tienda cambie ${asked}: ya se muestra así.`
    : `No aprobamos que tu tienda «${shopName}» cambie ${asked}. Motivo: ${decision.reason}`;

/** The admins, of a seller's withdrawal request. */
export const withdrawalRequestedNotice = (shopName: string, amountCents: number) =>
  `${shopName} solicitó un retiro de ${formatUsd(amountCents)}.`;

/** The seller, of the admin's decision on their withdrawal. */
export const withdrawalDecidedNotice = (
  amountCents: number,
  decision: { confirmed: true; reference: string | null } | { confirmed: false; reason: string },
) =>
  decision.confirmed
    ? decision.reference
      ? `Tu retiro de ${formatUsd(amountCents)} fue pagado. Referencia de la transferencia: ${decision.reference}.`
      : `Tu retiro de ${formatUsd(amountCents)} fue pagado.`
    : `Tu retiro de ${formatUsd(amountCents)} fue rechazado: ${decision.reason}. El importe vuelve a estar disponible.`;

// ---- Returns (issue 35) ------------------------------------------------------------------------------

/** The shop's seller, when a customer asks to return lines of their part. */
export const returnRequestedNotice = (orderNumber: string, shopName: string) =>
  `El cliente del pedido #${orderNumber} pide devolver productos de ${shopName}: acepta o rechaza la devolución en el pedido.`;

/** Every admin, when a customer asks for a return: they may answer in the shop's place from `answerFrom` on. */
export const returnRequestedAdminNotice = (orderNumber: string, shopName: string, answerFrom: string) =>
  `Devolución pedida en el pedido #${orderNumber} de ${shopName}. Si la tienda no contesta, puedes decidir tú en el pedido a partir del ${answerFrom}.`;

/** The customer (and the seller, when an admin answered in the shop's place), once the return is answered. */
export const returnAnsweredNotice = (orderNumber: string, shopName: string, accepted: boolean, toSeller: boolean) =>
  toSeller
    ? `La administración ${accepted ? "aceptó" : "rechazó"} la devolución del pedido #${orderNumber} de ${shopName} porque la tienda no contestó a tiempo.`
    : accepted
      ? `${shopName} aceptó tu devolución del pedido #${orderNumber}: mira en el pedido cómo enviar los productos.`
      : `${shopName} rechazó tu devolución del pedido #${orderNumber}: mira el motivo en el pedido.`;

/**
 * The customer, once the goods are marked received and the refund is made (`where`:
 * REFUND_METHOD_LABELS); `byAdmin` when an admin marked them in the shop's place.
 */
export const returnRefundedNotice = (
  orderNumber: string,
  shopName: string,
  refundCents: number,
  where: string,
  byAdmin = false,
) =>
  `${
    byAdmin
      ? `Mercado Pádel dio por recibida tu devolución del pedido #${orderNumber} en lugar de ${shopName}`
      : `${shopName} recibió tu devolución del pedido #${orderNumber}`
  }: te devolvimos ${formatUsd(refundCents)} ${where}.`;

/** The seller, when an admin marked their shop's accepted return received: the refund is made and taken from their wallet. */
export const returnReceivedByAdminNotice = (orderNumber: string, shopName: string, sellerReversalCents: number) =>
  `La administración dio por recibida la devolución del pedido #${orderNumber} de ${shopName} porque la tienda no la marcó a tiempo: se reembolsó al cliente y se descontaron ${formatUsd(sellerReversalCents)} de tu cartera.`;

// ---- Written by the database ---------------------------------------------------------------------

/**
 * The notices the database's own functions write (api/src/db/functions/), as PostgreSQL `format()`
 * templates: `%s` takes the values in order. api/src/db/functions.ts puts them into the functions'
 * source, as `{{name}}`, when it applies them; tests/api check them against the functions above.
 */
export const DATABASE_NOTICE_TEMPLATES = {
  orderExpired: "Tu pedido #%s caducó sin pagarse y se ha cancelado.",
  lowStock: "Stock bajo: «%s» tiene %s.",
  lowStockOfSize: "Stock bajo: «%s», talla %s, tiene %s.",
  unit: "unidad",
  units: "unidades",
} as const;
