import type { ShippingInfo } from "../../db/schema.js";

/**
 * Answer shapes of the order, coupon and payment calls, shared by the API and the web. Money is
 * integer cents (USD); dates are ISO 8601 strings.
 */
export type { ShippingInfo };

/** The short number a customer sees for an order (expiry's SQL in migration 0011 writes it the same way). */
export function orderNumber(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}

export type DeliveryStatus = "pendiente" | "procesando" | "enviado" | "entregado" | "cancelado";

/** What a customer reads for each delivery status, on every page and in every notice. */
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pendiente: "Pendiente",
  procesando: "En preparación",
  enviado: "Enviado",
  entregado: "Entregado",
  cancelado: "Cancelado",
};
export type PaymentStatus = "sin_pagar" | "pagado" | "reembolsado";
export type PaymentMethod = "cartera" | "tarjeta_prueba" | "paypal";

export interface PlaceOrderAnswer {
  message: string;
  orderId: string;
}

export interface OrderItem {
  productId: string;
  name: string;
  /** null for a product without sizes. */
  size: string | null;
  quantity: number;
  /** Sale price per unit when the order was placed. */
  unitPrice: number;
  lineTotal: number;
  /** The product's first image id (/images/{id}/{200|400|800}.webp), if it still has one. */
  image: string | null;
}

/** The part of the order one shop fulfils. */
export interface ShopOrder {
  _id: string;
  shopId: string;
  shopName: string;
  products: OrderItem[];
  subtotal: number;
  shipping_fee: number;
  /** subtotal + shipping_fee. */
  price: number;
  delivery_status: DeliveryStatus;
  payment_status: PaymentStatus;
}

export interface OrderDetail {
  _id: string;
  /** A short number to show the customer (the id's first characters). */
  number: string;
  createdAt: string;
  /** Until when an unpaid order keeps its stock. */
  expiresAt: string;
  /** True once the order expired unpaid (it is then 'cancelado'). */
  expired: boolean;
  paidAt: string | null;
  payment_method: PaymentMethod | null;
  shippingInfo: ShippingInfo;
  /** Sum of the products. */
  subtotal: number;
  /** The coupon's discount, never above the subtotal. */
  discount: number;
  couponCode: string | null;
  shipping_fee: number;
  /** What the customer pays: subtotal - discount + shipping_fee. */
  price: number;
  /** What the payment charged, null before it is paid. */
  amountPaid: number | null;
  /**
   * What went back to the customer's wallet when paid parts were cancelled: the charge less what
   * the order costs now (only cancellations change a paid order's price).
   */
  refunded: number;
  delivery_status: DeliveryStatus;
  payment_status: PaymentStatus;
  suborders: ShopOrder[];
}

export interface OrderAnswer {
  order: OrderDetail;
}

export type CouponKind = "porcentaje" | "importe";

export interface Coupon {
  code: string;
  kind: CouponKind;
  /** A percentage for 'porcentaje', cents for 'importe'. */
  value: number;
}

export interface CouponAnswer {
  coupon: Coupon | null;
  /** What the coupon takes off the cart's available products now; placing the order computes it again. */
  discount: number;
}

export interface CouponAppliedAnswer {
  message: string;
  coupon: Coupon;
}
