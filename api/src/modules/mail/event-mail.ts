import type { Db, Transaction } from "../../db/client.js";
import { queueMail } from "./outbox.js";
import { composeMail, type MailContext } from "./render.js";

/** What a template builder answers: composeMail's options (kind, recipient, subject, link, element). */
export type MailOptions = Parameters<typeof composeMail>[0];

/** An absolute link to a page of the store, from the API's publicWebUrl setting and the page's path. */
export function webLink(publicWebUrl: string, pathAndQuery: string): string {
  return new URL(pathAndQuery.replace(/^\/+/, ""), publicWebUrl.replace(/\/*$/, "/")).href;
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
