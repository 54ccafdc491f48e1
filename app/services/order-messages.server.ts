import { longDateTime } from "#contract/store-time";
import { orderMessageEndpoints, type OrderMessageBody, type OrderMessageThread } from "#contract/order-messages";
import { answerRefused } from "~/forms/form-answer.server";
import { ORDER_MESSAGE_INTENT } from "~/forms/order-message.forms";
import type { AccountClient, RequestArgs } from "./auth.server";
import { logError } from "./log.server";
import { redirectWithFlash } from "./session.server";

/** A thread with each message's time already written for people. */
export type ListedOrderThread = Omit<OrderMessageThread, "messages"> & {
  messages: (OrderMessageThread["messages"][number] & { writtenAt: string })[];
};

/**
 * The message threads of an order the account may read (`GET /order-messages/{orderId}`), or null
 * when they cannot be read: the page says so there and shows the rest of the order.
 */
export async function loadOrderThreads(account: AccountClient, orderId: string): Promise<ListedOrderThread[] | null> {
  try {
    const { threads } = await account.call(orderMessageEndpoints.list, { params: { orderId } });
    return threads.map((thread) => ({
      ...thread,
      messages: thread.messages.map((message) => ({ ...message, writtenAt: longDateTime(message.createdAt) })),
    }));
  } catch (error) {
    if (error instanceof Response) throw error;
    logError("No se pudieron cargar los mensajes del pedido", error);
    return null;
  }
}

/**
 * Sends a parsed message form as the customer or the shop's seller, then back to `back` with a
 * flash; a refusal (too many messages, the shop suspended) stays beside the text, which is kept.
 */
export async function sendOrderMessage(
  args: RequestArgs,
  account: AccountClient,
  side: "cliente" | "tienda",
  form: {
    value: OrderMessageBody;
    reply: Parameters<typeof answerRefused>[1]["reply"];
  },
  back: string,
) {
  const call = side === "cliente" ? orderMessageEndpoints.customerWrite : orderMessageEndpoints.sellerWrite;
  try {
    const { message } = await account.call(call, { body: form.value });
    return redirectWithFlash(args.context, back, { kind: "success", message });
  } catch (error) {
    return answerRefused(
      error,
      { intent: ORDER_MESSAGE_INTENT, reply: form.reply },
      { fields: ["body"], target: form.value.shopOrderId, pageErrors: [401] },
    );
  }
}
