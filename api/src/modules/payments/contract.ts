import type { OrderDetail } from "../orders/contract.js";

/** Answer shapes of the payment calls, shared by the API and the web. */
export interface PaymentAnswer {
  message: string;
  order: OrderDetail;
}

/** How /payment takes a card: through PayPal, or in the labelled test-card mode without credentials. */
export interface PaymentOptionsAnswer {
  cardMode: "paypal" | "prueba";
}

/** Where to send the customer to approve the payment on PayPal. */
export interface PayPalApprovalAnswer {
  approveUrl: string;
}
