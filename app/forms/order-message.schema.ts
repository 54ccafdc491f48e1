import { orderMessageBody } from "#contract/order-messages";

/** A message on one shop's part of an order: the API's own rules (trimmed, 1 to 2000 characters). */
export const orderMessageFormSchema = orderMessageBody;
