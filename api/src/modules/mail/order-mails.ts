import type { Transaction } from "../../db/client.js";
import { queueEventMail } from "./event-mail.js";
import type { MailContext } from "./render.js";
import { mailOrder } from "./order-data.js";
import { mailRecipient } from "./recipients.js";
import { orderPlacedMail } from "./templates/order-placed.js";
import { orderPaidMail } from "./templates/order-paid.js";
import { partShippedMail } from "./templates/part-shipped.js";
import { partDeliveredMail } from "./templates/part-delivered.js";
import { orderCancelledMail, type CancelledBy } from "./templates/order-cancelled.js";
import { saleToPrepareMail } from "./templates/sale-to-prepare.js";

/*
 * The order lifecycle's mails (issue 33), each queued in the transaction of the event it reports, so
 * it exists exactly when the event does.
 */

/** The customer's «pedido realizado»: what to pay and until when. */
export async function queueOrderPlacedMail(tx: Transaction, orderId: string, mail: MailContext): Promise<void> {
  const order = await mailOrder(tx, orderId);
  const customer = await mailRecipient(tx, order.userId);
  await queueEventMail(tx, mail, orderPlacedMail(order, customer, mail.publicWebUrl));
}

/** The customer's receipt, and one «pedido por preparar» per shop owner of the paid parts. */
export async function queueOrderPaidMails(tx: Transaction, orderId: string, mail: MailContext): Promise<void> {
  const order = await mailOrder(tx, orderId);
  const customer = await mailRecipient(tx, order.userId);
  await queueEventMail(tx, mail, orderPaidMail(order, customer, mail.publicWebUrl));
  for (const part of order.parts) {
    if (part.deliveryStatus === "cancelado") continue;
    const seller = await mailRecipient(tx, part.ownerId);
    await queueEventMail(tx, mail, saleToPrepareMail(order, part, seller, mail.publicWebUrl));
  }
}

/**
 * The customer's mail for parts that moved: one per part sent or delivered, one for what a
 * cancellation took (with the refund). Other steps («procesando») send nothing.
 */
export async function queueStatusMails(
  tx: Transaction,
  orderId: string,
  change: { status: string; partIds: string[]; refund: number; by: CancelledBy },
  context: MailContext,
): Promise<void> {
  if (change.status !== "enviado" && change.status !== "entregado" && change.status !== "cancelado") return;
  const order = await mailOrder(tx, orderId);
  const customer = await mailRecipient(tx, order.userId);
  const moved = order.parts.filter((part) => change.partIds.includes(part.id));
  if (change.status === "cancelado") {
    const mail = orderCancelledMail(order, moved, change.by, change.refund, customer, context.publicWebUrl);
    await queueEventMail(tx, context, mail);
    return;
  }
  for (const part of moved) {
    const mail =
      change.status === "enviado"
        ? partShippedMail(order, part, customer, context.publicWebUrl)
        : partDeliveredMail(order, part, customer, context.publicWebUrl);
    await queueEventMail(tx, context, mail);
  }
}
