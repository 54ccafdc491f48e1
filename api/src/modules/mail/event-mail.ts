import type { Db, Transaction } from "../../db/client.js";
import { queueMail } from "./outbox.js";
import { composeMail, type MailContext } from "./render.js";

/** What a template builder answers: composeMail's options (kind, recipient, subject, link, element). */
export type MailOptions = Parameters<typeof composeMail>[0];

/** An absolute link to a page of the store, from the API's publicWebUrl setting and the page's path. */
export function webLink(publicWebUrl: string, pathAndQuery: string): string {
  return new URL(pathAndQuery.replace(/^\/+/, ""), publicWebUrl.replace(/\/*$/, "/")).href;
}

/** The order's page as one side reads it: the shop's part for its seller, the whole order for its customer. */
export function orderPageLink(
  publicWebUrl: string,
  part: { orderId: string; shopOrderId: string },
  forSeller: boolean,
): string {
  return webLink(
    publicWebUrl,
    forSeller ? `/dashboard/seller/orders/details/${part.shopOrderId}` : `/dashboard/order/details/${part.orderId}`,
  );
}

/**
 * Renders a template's mail and writes it to the outbox in the event's transaction, with its
 * one-click unsubscribe when the kind is optional; a reader who turned the kind off gets none.
 */
export async function queueEventMail(
  tx: Db | Transaction,
  context: MailContext,
  options: MailOptions,
): Promise<boolean> {
  return queueMail(tx, await composeMail(options, context));
}
