import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import { MAIL_ALREADY_SENT, MAIL_NOT_FOUND, type StuckMail } from "#contract/mail";
import { MAIL_KINDS, type MailKind } from "#contract/mail-kinds";
import type { Db } from "../../db/client.js";
import { mailOutbox } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import { recordAudit } from "../audit/service.js";
import { MAIL_STUCK_AFTER_ATTEMPTS } from "./outbox.js";

/** At most this many stuck mails are listed, oldest first: past that, the SMTP server is what to fix. */
const STUCK_LIST_LIMIT = 200;

const kindLabel = (kind: string) => (Object.hasOwn(MAIL_KINDS, kind) ? MAIL_KINDS[kind as MailKind].label : kind);

/** The admin's page: mail still unsent after MAIL_STUCK_AFTER_ATTEMPTS attempts, oldest first. */
export async function listStuckMail(db: Db): Promise<StuckMail[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), gte(mailOutbox.attempts, MAIL_STUCK_AFTER_ATTEMPTS)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(STUCK_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    kind: row.kind,
    kindLabel: kindLabel(row.kind),
    subject: row.subject,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * «Reintentar ahora»: the mail is due at once (the worker, woken by the caller, sends it), audited.
 * A mail already sent is refused (409); the row is locked so a worker's claim and this never cross.
 */
export async function retryMailNow(db: Db, actorId: string, mailId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, mailId)).for("update");
    if (!row) throw new HttpError(404, MAIL_NOT_FOUND);
    if (row.sentAt) throw new HttpError(409, MAIL_ALREADY_SENT);
    const [updated] = await tx
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, mailId))
      .returning({ nextAttemptAt: mailOutbox.nextAttemptAt });
    await recordAudit(tx, {
      actorId,
      action: "correo.reintentar",
      entity: "correo",
      entityId: mailId,
      before: { nextAttemptAt: row.nextAttemptAt.toISOString(), attempts: row.attempts, lastError: row.lastError },
      after: { nextAttemptAt: updated!.nextAttemptAt.toISOString() },
    });
  });
}
