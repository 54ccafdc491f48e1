import { z } from "zod";
import { endpoint, noInput } from "./http";
import { isoDateTime, objectExpected, requiredText, uuid } from "./fields";
import { INVALID_ORDER } from "./orders";
import {
  INVALID_SHOP_ORDER,
  MAX_ORDER_MESSAGE_LENGTH,
  ORDER_MESSAGE_MISSING,
  ORDER_MESSAGE_TOO_LONG,
} from "./order-message-labels";

/**
 * Messages per order (issue 33): on each shop's part of an order, its customer and the shop's
 * seller write to each other; an admin reads every thread and writes none. Plain text only: the
 * web shows it as text, never as HTML or links.
 */

export {
  MAX_ORDER_MESSAGE_LENGTH,
  ORDER_MESSAGE_MISSING,
  ORDER_MESSAGE_TOO_LONG,
  INVALID_SHOP_ORDER,
  ORDER_MESSAGE_SENT,
  ORDER_MESSAGES_NOT_FOUND,
  ORDER_MESSAGES_ADMIN_READ_ONLY,
} from "./order-message-labels";

/** The text of a message: trimmed, 1 to MAX_ORDER_MESSAGE_LENGTH characters. */
export const orderMessageText = requiredText(ORDER_MESSAGE_MISSING, MAX_ORDER_MESSAGE_LENGTH, ORDER_MESSAGE_TOO_LONG);

export const orderMessageBody = z.object(
  { shopOrderId: uuid(INVALID_SHOP_ORDER), body: orderMessageText },
  objectExpected("Envía el mensaje."),
);
export type OrderMessageBody = z.infer<typeof orderMessageBody>;

export const orderMessagesParams = z.object({ orderId: uuid(INVALID_ORDER) });

/** Who wrote a message: the order's customer or the shop's seller. */
export const orderMessageAuthor = z.enum(["cliente", "tienda"]);
export type OrderMessageAuthor = z.infer<typeof orderMessageAuthor>;

export const orderMessage = z.object({
  _id: z.string(),
  shopOrderId: z.string(),
  author: orderMessageAuthor,
  authorName: z.string(),
  /** Written by the caller («Tú» on screen). */
  mine: z.boolean(),
  body: z.string(),
  createdAt: isoDateTime,
});
export type OrderMessage = z.infer<typeof orderMessage>;

/** One shop part's thread, oldest message first. */
export const orderMessageThread = z.object({
  shopOrderId: z.string(),
  shopName: z.string(),
  messages: z.array(orderMessage),
});
export type OrderMessageThread = z.infer<typeof orderMessageThread>;

export const orderMessagesAnswer = z.object({ threads: z.array(orderMessageThread) });
export type OrderMessagesAnswer = z.infer<typeof orderMessagesAnswer>;

export const orderMessageCreatedAnswer = z.object({ message: z.string(), orderMessage });
export type OrderMessageCreatedAnswer = z.infer<typeof orderMessageCreatedAnswer>;

// ---- Calls --------------------------------------------------------------------------------------

/** Bearer calls. */
export const orderMessageEndpoints = {
  /** The threads of an order the caller may read: the customer's all, a seller's own part, an admin's all. */
  list: endpoint({
    method: "GET",
    path: "/order-messages/:orderId",
    params: orderMessagesParams,
    query: noInput,
    answer: orderMessagesAnswer,
  }),
  /** The order's customer writes to one shop's part. */
  customerWrite: endpoint({
    method: "POST",
    path: "/home/customer/order-message",
    body: orderMessageBody,
    answer: orderMessageCreatedAnswer,
    statuses: [201],
  }),
  /** The shop's seller writes on their part of an order. */
  sellerWrite: endpoint({
    method: "POST",
    path: "/seller/order-message",
    body: orderMessageBody,
    answer: orderMessageCreatedAnswer,
    statuses: [201],
  }),
};
