import { z } from "zod";
import { endpoint, noInput } from "./http";
import { isoDateTime, objectExpected, requiredText, uuid } from "./fields";
import {
  ADDRESS_FIELD_MAX_LENGTH,
  MAX_ORDER_LINES,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
  SHIPPING_ADDRESS_MAX_LENGTH,
  SHIPPING_ADDRESS_MIN_LENGTH,
  SHIPPING_POST_CODE_MAX_LENGTH,
  TRACKING_NUMBER_MAX_LENGTH,
  TRACKING_NUMBER_MIN_LENGTH,
} from "./limits";
import { INVALID_USER } from "./messages";
import { DELIVERY_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, type DeliveryStatus } from "./order-labels";
import { imageUrlField } from "./media";

/**
 * Placing and reading orders, and the delivery status sellers and admins move (SPEC.md section 7
 * "Orders"). Money is integer cents (USD); dates are ISO 8601 strings.
 */

// ---- Statuses -----------------------------------------------------------------------------------

/** The statuses' and methods' values and labels are order-labels.ts's (no zod there, for the pages). */
export const deliveryStatus = z.enum(DELIVERY_STATUSES);
export const paymentStatus = z.enum(PAYMENT_STATUSES);
export const paymentMethod = z.enum(PAYMENT_METHODS);

// ---- Messages -----------------------------------------------------------------------------------

export const ORDER_PLACED = "Pedido realizado.";
export const INVALID_ORDER = "El pedido no es válido.";
/** A line the shopper confirmed is no longer in the cart (removed or ordered from another tab). */
export const CART_CHANGED_WHILE_REVIEWING =
  "Tu carrito cambió mientras revisabas el pedido: revisa el resumen y vuelve a realizarlo.";
/** The server's total is not the one the shopper confirmed (a price, a quantity or the coupon changed meanwhile). */
export const orderTotalChanged = (total: string) =>
  `El total de tu pedido cambió a ${total} mientras lo revisabas: revisa el resumen y vuelve a realizarlo.`;

// ---- Inputs -------------------------------------------------------------------------------------

const INVALID_PHONE = "Escribe un teléfono válido, por ejemplo +58 412 555 0000.";
const INVALID_POST_CODE = "El código postal no es válido.";
const INVALID_EXPECTED_TOTAL = "El total confirmado no es válido.";

/** Nombre completo, Dirección, Provincia, Ciudad, Zona/Área, Código postal, Teléfono: the checkout's shipping form. */
export const shippingInfoInput = z.object(
  {
    name: requiredText(
      "Escribe el nombre de quien recibe el pedido.",
      NAME_MAX_LENGTH,
      `El nombre no puede superar los ${NAME_MAX_LENGTH} caracteres.`,
    ).pipe(z.string().min(NAME_MIN_LENGTH, `El nombre debe tener al menos ${NAME_MIN_LENGTH} caracteres.`)),
    address: requiredText(
      "Escribe la dirección de entrega.",
      SHIPPING_ADDRESS_MAX_LENGTH,
      `La dirección no puede superar los ${SHIPPING_ADDRESS_MAX_LENGTH} caracteres.`,
    ).pipe(z.string().min(SHIPPING_ADDRESS_MIN_LENGTH, "Escribe la dirección completa: calle, número, piso.")),
    province: requiredText(
      "Escribe la provincia o el estado.",
      ADDRESS_FIELD_MAX_LENGTH,
      `La provincia no puede superar los ${ADDRESS_FIELD_MAX_LENGTH} caracteres.`,
    ),
    city: requiredText(
      "Escribe la ciudad.",
      ADDRESS_FIELD_MAX_LENGTH,
      `La ciudad no puede superar los ${ADDRESS_FIELD_MAX_LENGTH} caracteres.`,
    ).pipe(z.string().regex(/\p{L}/u, "Escribe el nombre de la ciudad.")),
    area: requiredText(
      "Escribe la zona o el barrio.",
      ADDRESS_FIELD_MAX_LENGTH,
      `La zona no puede superar los ${ADDRESS_FIELD_MAX_LENGTH} caracteres.`,
    ),
    // Letters, digits, spaces and dashes, 3 to SHIPPING_POST_CODE_MAX_LENGTH characters, at least one a
    // digit (as every postal code of the countries the shops are in: 28001, 1060, 10001, and abroad).
    postCode: requiredText("Escribe el código postal.", SHIPPING_POST_CODE_MAX_LENGTH, INVALID_POST_CODE).pipe(
      z.string().regex(/^(?=.*\d)[A-Za-z0-9][A-Za-z0-9 -]{2,9}$/, INVALID_POST_CODE),
    ),
    phone: requiredText("Escribe un teléfono de contacto.", PHONE_MAX_LENGTH, "El teléfono no es válido.").pipe(
      z
        .string()
        .regex(/^\+?[0-9 ()-]+$/, INVALID_PHONE)
        .refine((phone) => phone.replace(/\D/g, "").length >= PHONE_MIN_LENGTH, INVALID_PHONE),
    ),
  },
  objectExpected("Completa los datos de envío."),
);

/**
 * The spec's payload (price, products, shippingInfo, userId, items). The lines and every price come
 * from the user's cart in the database; the client's `price` and `products` are ignored. `items` may
 * list cart line ids to order only those, and then every one of them must still be orderable;
 * `expectedTotal` is the total the shopper confirmed, and the order is refused when the server's
 * differs. Either refusal changes nothing (DESIGN.md: short stock changes nothing).
 */
export const placeOrderBody = z.object(
  {
    userId: uuid(INVALID_USER),
    shippingInfo: shippingInfoInput,
    items: z.preprocess(
      (value) => (Array.isArray(value) ? value : undefined),
      z
        .array(uuid("El producto del carrito no es válido."))
        .min(1, "Elige al menos un producto del carrito.")
        .max(MAX_ORDER_LINES, `Un pedido admite hasta ${MAX_ORDER_LINES} productos.`)
        .optional(),
    ),
    expectedTotal: z
      .number({ invalid_type_error: INVALID_EXPECTED_TOTAL })
      .int(INVALID_EXPECTED_TOTAL)
      .nonnegative(INVALID_EXPECTED_TOTAL)
      .optional(),
  },
  objectExpected("Envía los datos del pedido."),
);
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

export const orderParams = z.object({ orderId: uuid(INVALID_ORDER) });

const INVALID_STATUS = `Estado no válido: usa ${DELIVERY_STATUSES.join(", ")}.`;

export const TRACKING_NUMBER_MISSING = "Escribe el número de seguimiento del transportista.";
export const TRACKING_NUMBER_INVALID = `El número de seguimiento tiene de ${TRACKING_NUMBER_MIN_LENGTH} a ${TRACKING_NUMBER_MAX_LENGTH} caracteres: letras, números, espacios y guiones.`;
export const TRACKING_NUMBER_ONLY_WHEN_SHIPPING = "El número de seguimiento solo se indica al enviar el pedido.";

/** The carrier's tracking number as typed: trimmed, empty means none. */
export const trackingNumberInput = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z
    .string({ invalid_type_error: TRACKING_NUMBER_INVALID })
    .trim()
    // One check for length and characters, so a bad number gets its message once.
    .regex(
      new RegExp(
        `^[A-Za-z0-9][A-Za-z0-9 -]{${TRACKING_NUMBER_MIN_LENGTH - 2},${TRACKING_NUMBER_MAX_LENGTH - 2}}[A-Za-z0-9]$`,
      ),
      TRACKING_NUMBER_INVALID,
    )
    .optional(),
);

/**
 * The web's status forms: shipping a part needs the carrier's tracking number (so the customer can
 * follow it); a part delivered may carry one; no other step does.
 */
export function trackingNumberRule(
  value: { status?: DeliveryStatus; trackingNumber?: string },
  context: z.RefinementCtx,
): void {
  if (value.status === "enviado" && value.trackingNumber === undefined) {
    context.addIssue({ code: z.ZodIssueCode.custom, path: ["trackingNumber"], message: TRACKING_NUMBER_MISSING });
  }
  trackingNumberOnlyWhenShipping(value, context);
}

/**
 * The API's own check: SPEC.md section 7 sends only `{status}`, so a shipment without a tracking
 * number is accepted there (and shown as NO_TRACKING_NUMBER, issue 32). A number is still only for
 * a shipment or a delivery.
 */
function trackingNumberOnlyWhenShipping(
  value: { status?: DeliveryStatus; trackingNumber?: string },
  context: z.RefinementCtx,
): void {
  if (
    value.trackingNumber !== undefined &&
    value.status !== undefined &&
    value.status !== "enviado" &&
    value.status !== "entregado"
  ) {
    context.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["trackingNumber"],
      message: TRACKING_NUMBER_ONLY_WHEN_SHIPPING,
    });
  }
}

/** The new delivery status a seller or an admin sets, with the tracking number when it ships. */
export const orderStatusBody = z
  .object(
    {
      status: z.enum(DELIVERY_STATUSES, { errorMap: () => ({ message: INVALID_STATUS }) }),
      trackingNumber: trackingNumberInput,
    },
    objectExpected(INVALID_STATUS),
  )
  .superRefine(trackingNumberOnlyWhenShipping);
export type OrderStatusBody = z.infer<typeof orderStatusBody>;

/** A part reaches 'entregado' only once it was sent (issue 31). */
export const DELIVERED_ONLY_AFTER_SHIPPED = "Un pedido solo se marca como «Entregado» después de «Enviado».";
/** The admin cancels and refunds a shipped part only until its sale's money is available to the seller. */
export const SALE_MONEY_AVAILABLE =
  "El dinero de esta venta ya está disponible para el vendedor: el pedido ya no se puede cancelar ni reembolsar.";

/** The customer's «Lo he recibido» on one shop's part of their order. */
export const RECEIPT_CONFIRMED = "Gracias: has confirmado que recibiste el pedido.";
export const RECEIPT_ALREADY_CONFIRMED = "Ya confirmaste que recibiste este pedido.";
export const RECEIPT_NOT_SHIPPED =
  "Este pedido aún no se ha enviado: podrás confirmar que lo recibiste cuando te llegue.";
export const RECEIPT_CANCELLED = "El pedido está cancelado: no hay nada que recibir.";

/** A shop order (seller) or an order (admin) whose status changes. */
export const orderStatusParams = z.object({ id: uuid(INVALID_ORDER) });

// ---- Answers ------------------------------------------------------------------------------------

/** Where an order is delivered: what the shipping form asks for, kept as the customer sent it. */
export const shippingInfo = z.object({
  name: z.string(),
  address: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  postCode: z.string(),
  phone: z.string(),
});
export type ShippingInfo = z.infer<typeof shippingInfo>;

export const placeOrderAnswer = z.object({ message: z.string(), orderId: z.string() });
export type PlaceOrderAnswer = z.infer<typeof placeOrderAnswer>;

export const orderItem = z.object({
  productId: z.string(),
  name: z.string(),
  /** null for a product without sizes. */
  size: z.string().nullable(),
  quantity: z.number().int(),
  /** Sale price per unit when the order was placed. */
  unitPrice: z.number().int(),
  lineTotal: z.number().int(),
  /** The product's first image id (/images/{id}/{200|400|800}.webp), if it still has one. */
  image: z.string().nullable(),
  imageUrl: imageUrlField,
});
export type OrderItem = z.infer<typeof orderItem>;

/** The part of the order one shop fulfils. */
export const shopOrder = z.object({
  _id: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  products: z.array(orderItem),
  subtotal: z.number().int(),
  /** The shop's own coupon on this part (issue 34) and what it took off the subtotal; the shop bears it. */
  couponCode: z.string().nullable(),
  discount: z.number().int(),
  shipping_fee: z.number().int(),
  /** subtotal - discount + shipping_fee. */
  price: z.number().int(),
  delivery_status: deliveryStatus,
  payment_status: paymentStatus,
  /** The carrier's tracking number, given when the part was shipped (null before, or for parts shipped without one). */
  trackingNumber: z.string().nullable(),
  shippedAt: isoDateTime.nullable(),
  deliveredAt: isoDateTime.nullable(),
  /** When the customer confirmed they received it («Lo he recibido»); null before. */
  receivedAt: isoDateTime.nullable(),
});
export type ShopOrder = z.infer<typeof shopOrder>;

/** When a paid part's sale is available to its seller (README "Money rules"), for the seller's and the admin's screens. */
export const saleMoney = z.object({
  /** The moment; null while it is not shipped, or not paid (cancelled: refunded). */
  moneyAvailableAt: isoDateTime.nullable(),
  /** True once that moment has come: the seller may withdraw it, and the admin may no longer cancel the part. */
  moneyAvailable: z.boolean(),
});

export const orderDetail = z.object({
  _id: z.string(),
  /** A short number to show the customer (the id's first characters). */
  number: z.string(),
  createdAt: isoDateTime,
  /** Until when an unpaid order keeps its stock. */
  expiresAt: isoDateTime,
  /** True once the order expired unpaid (it is then 'cancelado'). */
  expired: z.boolean(),
  paidAt: isoDateTime.nullable(),
  payment_method: paymentMethod.nullable(),
  shippingInfo,
  /** Sum of the products. */
  subtotal: z.number().int(),
  /** The store coupon's discount, never above what the products cost after the shops' coupons. */
  discount: z.number().int(),
  couponCode: z.string().nullable(),
  /** The shops' coupons' discounts in all (each part's `discount`). */
  shopDiscount: z.number().int(),
  shipping_fee: z.number().int(),
  /** What the customer pays: subtotal - shopDiscount - discount + shipping_fee. */
  price: z.number().int(),
  /** What the payment charged, null before it is paid. */
  amountPaid: z.number().int().nullable(),
  /**
   * What went back to the customer's wallet when paid parts were cancelled: the charge less what
   * the order costs now (only cancellations change a paid order's price).
   */
  refunded: z.number().int(),
  delivery_status: deliveryStatus,
  payment_status: paymentStatus,
  suborders: z.array(shopOrder),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const orderAnswer = z.object({ order: orderDetail });
export type OrderAnswer = z.infer<typeof orderAnswer>;

export const statusChange = z.object({
  message: z.string(),
  /** The order's status after the change (the least advanced of its sub-orders). */
  orderStatus: deliveryStatus,
  /** The sub-orders that moved. */
  suborders: z.array(z.object({ _id: z.string(), delivery_status: deliveryStatus })),
});
export type StatusChange = z.infer<typeof statusChange>;

// ---- Calls --------------------------------------------------------------------------------------

/** Bearer calls: the order is always the caller's own (an admin reads any). */
export const orderEndpoints = {
  /** Spelt so (SPEC.md section 7). */
  placeOrder: endpoint({
    method: "POST",
    path: "/home/order/palce-order",
    body: placeOrderBody,
    answer: placeOrderAnswer,
    statuses: [201],
  }),
  order: endpoint({
    method: "GET",
    path: "/home/order/:orderId",
    params: orderParams,
    query: noInput,
    answer: orderAnswer,
  }),
};

/** Delivery status changes; the customer is notified. */
export const orderStatusEndpoints = {
  /** A seller (or an admin) moves one sub-order (`suborders[]._id`) of their own shop. */
  seller: endpoint({
    method: "PUT",
    path: "/seller/order-status/update/:id",
    params: orderStatusParams,
    body: orderStatusBody,
    answer: statusChange,
  }),
  /** An admin moves a whole order: every sub-order not cancelled and behind the status moves to it. */
  admin: endpoint({
    method: "PUT",
    path: "/admin/order-status/update/:id",
    params: orderStatusParams,
    body: orderStatusBody,
    answer: statusChange,
  }),
};
