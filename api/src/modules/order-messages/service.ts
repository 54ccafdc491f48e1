import { and, asc, eq, inArray } from "drizzle-orm";
import { orderNumber } from "#contract/order-labels";
import { orderMessageNotice } from "#contract/notification-texts";
import {
  ORDER_MESSAGE_SENT,
  ORDER_MESSAGES_NOT_FOUND,
  type OrderMessage,
  type OrderMessageAuthor,
  type OrderMessageBody,
  type OrderMessageCreatedAnswer,
  type OrderMessagesAnswer,
} from "#contract/order-messages";
import type { Db } from "../../db/client.js";
import { orderMessages, orders, shopOrders, shops, users } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { queueEventMail } from "../mail/event-mail.js";
import { mailRecipient } from "../mail/recipients.js";
import type { MailContext } from "../mail/render.js";
import { orderMessageMail } from "../mail/templates/order-message.js";
import { notify } from "../notifications/service.js";
import { lockSellerShop } from "../shops/seller-writes.js";

type MessageRow = typeof orderMessages.$inferSelect & { authorName: string };

function messageAnswer(row: MessageRow, viewerId: string): OrderMessage {
  return {
    _id: row.id,
    shopOrderId: row.shopOrderId,
    author: row.authorRole,
    authorName: row.authorName,
    mine: row.authorId === viewerId,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The threads of an order the viewer may read: its customer and an admin read every shop's part, a
 * seller only their own shop's; anyone else finds no order (404), so ids reveal nothing.
 */
export async function orderThreads(db: Db, orderId: string, viewer: AuthUser): Promise<OrderMessagesAnswer> {
  const parts = await db
    .select({ id: shopOrders.id, shopName: shops.name, ownerId: shops.ownerId, customerId: orders.userId })
    .from(shopOrders)
    .innerJoin(orders, eq(orders.id, shopOrders.orderId))
    .innerJoin(shops, eq(shops.id, shopOrders.shopId))
    .where(eq(shopOrders.orderId, orderId))
    .orderBy(asc(shops.name));
  const readsAll = viewer.role === "admin" || parts.some((part) => part.customerId === viewer.id);
  const visible = readsAll ? parts : parts.filter((part) => part.ownerId === viewer.id);
  if (visible.length === 0) throw new HttpError(404, ORDER_MESSAGES_NOT_FOUND);

  const rows = await db
    .select({
      id: orderMessages.id,
      shopOrderId: orderMessages.shopOrderId,
      authorId: orderMessages.authorId,
      authorRole: orderMessages.authorRole,
      body: orderMessages.body,
      createdAt: orderMessages.createdAt,
      authorName: users.name,
    })
    .from(orderMessages)
    .innerJoin(users, eq(users.id, orderMessages.authorId))
    .where(
      inArray(
        orderMessages.shopOrderId,
        visible.map((part) => part.id),
      ),
    )
    .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id));
  return {
    threads: visible.map((part) => ({
      shopOrderId: part.id,
      shopName: part.shopName,
      messages: rows.filter((row) => row.shopOrderId === part.id).map((row) => messageAnswer(row, viewer.id)),
    })),
  };
}

/**
 * A message on one shop's part of an order, from its customer (`cliente`) or the shop's seller
 * (`tienda`), and the notice to the other side in the same transaction. A part the writer is not
 * that side of is "not found". The seller's shop is locked first: a suspended one writes nothing.
 */
export async function writeOrderMessage(
  db: Db,
  writerId: string,
  side: OrderMessageAuthor,
  body: OrderMessageBody,
  mail: MailContext,
): Promise<OrderMessageCreatedAnswer> {
  return db.transaction(async (tx) => {
    if (side === "tienda") await lockSellerShop(tx, writerId);
    const writer = side === "cliente" ? eq(orders.userId, writerId) : eq(shops.ownerId, writerId);
    const [part] = await tx
      .select({ orderId: orders.id, customerId: orders.userId, ownerId: shops.ownerId, shopName: shops.name })
      .from(shopOrders)
      .innerJoin(orders, eq(orders.id, shopOrders.orderId))
      .innerJoin(shops, eq(shops.id, shopOrders.shopId))
      .where(and(eq(shopOrders.id, body.shopOrderId), writer));
    if (!part) throw new HttpError(404, ORDER_MESSAGES_NOT_FOUND);

    const [row] = await tx
      .insert(orderMessages)
      .values({ shopOrderId: body.shopOrderId, authorId: writerId, authorRole: side, body: body.body })
      .returning();
    const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, writerId));
    await notify(tx, [
      {
        userId: side === "cliente" ? part.ownerId : part.customerId,
        type: "pedido",
        orderId: part.orderId,
        message: orderMessageNotice(orderNumber(part.orderId), part.shopName, side === "cliente"),
      },
    ]);
    await queueEventMail(
      tx,
      mail,
      orderMessageMail(
        {
          orderId: part.orderId,
          shopOrderId: body.shopOrderId,
          shopName: part.shopName,
          fromCustomer: side === "cliente",
          authorName: author!.name,
        },
        await mailRecipient(tx, side === "cliente" ? part.ownerId : part.customerId),
        mail.publicWebUrl,
      ),
    );
    return {
      message: ORDER_MESSAGE_SENT,
      orderMessage: messageAnswer({ ...row!, authorName: author!.name }, writerId),
    };
  });
}
