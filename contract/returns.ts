import { z } from "zod";
import { isoDateTime, objectExpected, requiredText, uuid } from "./fields";
import { endpoint, noBody, noInput } from "./http";
import { RETURN_TEXT_MAX_LENGTH, RETURN_WINDOW_DAYS } from "./limits";
import { formatUsd } from "./money-format";
import { INVALID_ORDER, paymentMethod } from "./orders";
import { INVALID_SHOP_ORDER } from "./order-message-labels";
import { RETURN_STATUSES } from "./return-labels";

/**
 * Returns and refunds (issue 35): within RETURN_WINDOW_DAYS of a part's delivery its customer asks
 * to return lines of it; the shop accepts (with instructions) or refuses (with a reason), an admin
 * in its place once the shop's answer time has passed (the API's RETURN_SELLER_ANSWER_DAYS setting);
 * when the shop (or, as long after the acceptance, an admin) marks the goods received, the refund is
 * made in the same transaction. Money is integer cents.
 */

export { RETURN_STATUSES, RETURN_STATUS_LABELS, REFUND_METHOD_LABELS, type ReturnStatus } from "./return-labels";

export const RETURN_REQUESTED = "Solicitud de devolución enviada: la tienda te dirá cómo devolver los productos.";
export const RETURN_ACCEPTED = "Devolución aceptada: el cliente ya tiene las instrucciones.";
export const RETURN_REFUSED = "Devolución rechazada: el cliente ya sabe el motivo.";
export const RETURN_REFUNDED = "Devolución recibida y reembolsada.";
export const RETURN_NOT_FOUND = "Devolución no encontrada.";
export const RETURN_PART_NOT_DELIVERED = "Solo se pueden devolver productos de un pedido entregado.";
export const RETURN_WINDOW_CLOSED = `El plazo de ${RETURN_WINDOW_DAYS} días desde la entrega para devolver productos ya terminó.`;
export const RETURN_ALREADY_OPEN = "Ya tienes una devolución abierta de esta parte del pedido: espera a que termine.";
export const RETURN_NOTHING_CHOSEN = "Indica cuántas unidades devuelves de al menos un producto.";
export const RETURN_LINE_UNKNOWN = "Uno de los productos no es de esta parte del pedido.";
export const RETURN_NOT_PAID = "Esta parte del pedido no está pagada: no hay nada que reembolsar.";
export const RETURN_ALREADY_ANSWERED = "Esta devolución ya fue contestada.";
export const RETURN_NOT_ACCEPTED = "Solo se marca como recibida una devolución aceptada.";
export const RETURN_BLOCKS_CANCELLATION =
  "Esta parte del pedido tiene devoluciones: ya no se cancela, se devuelve producto a producto.";
export const RETURN_PAYPAL_OFF =
  "Este pedido se pagó con PayPal y la tienda no tiene PayPal configurado: no se puede reembolsar.";
export const RETURN_PAYPAL_REFUSED = "PayPal no aceptó el reembolso. Intenta de nuevo en unos minutos.";
const REASON_MISSING = "Cuéntanos por qué devuelves los productos.";
const INSTRUCTIONS_MISSING = "Escribe cómo debe devolver el cliente los productos (dirección, transportista, plazo).";
const REFUSAL_MISSING = "Escribe el motivo del rechazo.";
const TEXT_TOO_LONG = `Escribe como máximo ${RETURN_TEXT_MAX_LENGTH} caracteres.`;
const QUANTITY_INVALID = "Escribe un número entero de unidades, de 0 en adelante.";
const DECISION_INVALID = "Elige aceptar o rechazar la devolución.";
export const INVALID_RETURN = "La devolución no es válida.";

/** 409: more units of a line than were bought and not yet returned. */
export const returnQuantityTooHigh = (name: string, returnable: number) =>
  returnable === 0
    ? `De «${name}» ya no queda nada por devolver.`
    : `De «${name}» puedes devolver como máximo ${returnable}.`;

const dayCount = (days: number) => `${days} ${days === 1 ? "día" : "días"}`;

/** 409: an admin decides only once the shop's time to answer (`days`) is over (a store date, already formatted). */
export const returnAdminTooEarly = (from: string, days: number) =>
  `La tienda aún tiene tiempo para contestar (${dayCount(days)}): podrás decidir desde el ${from}.`;

/** 409: an admin marks an accepted return received only once the shop's time (`days` since it accepted) is over. */
export const returnAdminReceiveTooEarly = (from: string, days: number) =>
  `La tienda aún tiene tiempo para recibir la devolución (${dayCount(days)} desde que se aceptó): podrás marcarla como recibida desde el ${from}.`;

/** 409: the seller's wallet no longer holds, available, what the refund takes back (decision 0056). */
export const returnSaleSpent = (sale: number, available: number) =>
  `No se puede reembolsar: hay que descontar ${formatUsd(sale)} de la venta y la cartera de la tienda solo tiene ` +
  `${formatUsd(available)} disponibles (ninguna cartera queda en negativo). La administración lo resolverá.`;

export const returnLineBody = z.object({
  orderItemId: uuid(RETURN_LINE_UNKNOWN),
  quantity: z
    .number({ required_error: QUANTITY_INVALID, invalid_type_error: QUANTITY_INVALID })
    .int(QUANTITY_INVALID)
    .min(0, QUANTITY_INVALID)
    .max(999, QUANTITY_INVALID),
});

const returnText = (missing: string) => requiredText(missing, RETURN_TEXT_MAX_LENGTH, TEXT_TOO_LONG);
const returnInstructions = returnText(INSTRUCTIONS_MISSING);
const returnRefusalReason = returnText(REFUSAL_MISSING);
/** The web's one answer form: its text is the instructions to accept or the reason to refuse. */
export const returnAnswerText = returnText("Escribe las instrucciones para aceptarla o el motivo para rechazarla.");

/** The customer's request: a quantity per line (0 leaves it), and why. */
export const returnRequestBody = z.object(
  {
    shopOrderId: uuid(INVALID_SHOP_ORDER),
    lines: z.array(returnLineBody, { invalid_type_error: RETURN_NOTHING_CHOSEN }).max(100, RETURN_NOTHING_CHOSEN),
    reason: returnText(REASON_MISSING),
  },
  objectExpected("Envía la solicitud de devolución."),
);
export type ReturnRequestBody = z.infer<typeof returnRequestBody>;

/** The shop's (or an admin's) answer. */
export const returnAnswerBody = z.discriminatedUnion(
  "decision",
  [
    z.object({ decision: z.literal("aceptar"), instructions: returnInstructions }),
    z.object({ decision: z.literal("rechazar"), reason: returnRefusalReason }),
  ],
  { errorMap: () => ({ message: DECISION_INVALID }) },
);
export type ReturnAnswerBody = z.infer<typeof returnAnswerBody>;

export const returnParams = z.object({ id: uuid(INVALID_RETURN) });
export const returnsOfOrderParams = z.object({ orderId: uuid(INVALID_ORDER) });

export const returnLine = z.object({
  orderItemId: z.string(),
  name: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
});

export const orderReturn = z.object({
  _id: z.string(),
  orderId: z.string(),
  shopOrderId: z.string(),
  shopName: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.string(),
  instructions: z.string().nullable(),
  refusal: z.string().nullable(),
  /** Who answered: the shop or an admin in its place; null while waiting. */
  answeredBy: z.enum(["tienda", "admin"]).nullable(),
  createdAt: isoDateTime,
  answeredAt: isoDateTime.nullable(),
  /** From when an admin may answer in the shop's place (RETURN_SELLER_ANSWER_DAYS after the request). */
  adminMayAnswerAt: isoDateTime,
  /** An accepted return's: from when an admin may mark it received in the shop's place (as long after the acceptance). */
  adminMayReceiveAt: isoDateTime.nullable(),
  receivedAt: isoDateTime.nullable(),
  /** Who marked the goods received (and so made the refund): the shop or an admin in its place; null before. */
  receivedBy: z.enum(["tienda", "admin"]).nullable(),
  lines: z.array(returnLine),
  /** Once refunded: what the customer got back, the part's shipping included when the whole part came back. */
  refund: z
    .object({
      amount: z.number().int(),
      shipping: z.number().int(),
      method: paymentMethod,
      /** The wallet entry, PayPal's refund id; null in the test-card mode (no money moved). */
      reference: z.string().nullable(),
      /** What the seller's wallet gave back: the lines' credit less their commission. */
      sellerReversal: z.number().int(),
      commission: z.number().int(),
    })
    .nullable(),
});
export type OrderReturn = z.infer<typeof orderReturn>;

/** What of one shop's part can still be returned (the customer's form). */
export const returnablePart = z.object({
  shopOrderId: z.string(),
  shopName: z.string(),
  /** The window's end; null before delivery. */
  returnableUntil: isoDateTime.nullable(),
  /** Delivered, paid, inside the window, no return open and something left to return. */
  canRequest: z.boolean(),
  lines: z.array(
    z.object({
      orderItemId: z.string(),
      name: z.string(),
      size: z.string(),
      bought: z.number().int(),
      /** Bought less what returns not refused take. */
      returnable: z.number().int(),
    }),
  ),
});
export type ReturnablePart = z.infer<typeof returnablePart>;

export const returnsAnswer = z.object({ returns: z.array(orderReturn), parts: z.array(returnablePart) });
export type ReturnsAnswer = z.infer<typeof returnsAnswer>;

export const returnWrittenAnswer = z.object({ message: z.string(), orderReturn });
export type ReturnWrittenAnswer = z.infer<typeof returnWrittenAnswer>;

/** Bearer calls. */
export const returnEndpoints = {
  /** An order's returns and what is left to return: its customer's all, a seller's own part, an admin's all. */
  list: endpoint({
    method: "GET",
    path: "/returns/order/:orderId",
    params: returnsOfOrderParams,
    query: noInput,
    answer: returnsAnswer,
  }),
  request: endpoint({
    method: "POST",
    path: "/home/customer/returns",
    body: returnRequestBody,
    answer: returnWrittenAnswer,
    statuses: [201],
  }),
  sellerAnswer: endpoint({
    method: "PUT",
    path: "/seller/returns/:id/answer",
    params: returnParams,
    body: returnAnswerBody,
    answer: returnWrittenAnswer,
  }),
  sellerReceived: endpoint({
    method: "PUT",
    path: "/seller/returns/:id/received",
    params: returnParams,
    body: noBody,
    answer: returnWrittenAnswer,
  }),
  adminAnswer: endpoint({
    method: "PUT",
    path: "/admin/returns/:id/answer",
    params: returnParams,
    body: returnAnswerBody,
    answer: returnWrittenAnswer,
  }),
  /** An admin's «Recibido» in the shop's place, once the shop's time since accepting is over. */
  adminReceived: endpoint({
    method: "PUT",
    path: "/admin/returns/:id/received",
    params: returnParams,
    body: noBody,
    answer: returnWrittenAnswer,
  }),
};
