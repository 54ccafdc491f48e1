import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { MailSettings } from "../../config.js";
import type { Db, Transaction } from "../../db/client.js";
import { mailOutbox } from "../../db/schema.js";

/** An e-mail: Spanish text (and HTML when rendered) carrying one link back to the store. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  link: string;
  html?: string;
  /** What the message is about (verification, shop decision…); "account" unless told. */
  kind?: string;
  userId?: string | null;
  headers?: Record<string, string>;
}

/** After this many failed attempts a message is "stuck": still retried, but only every six hours. */
export const MAIL_STUCK_AFTER_ATTEMPTS = 8;
const MAX_BACKOFF_SECONDS = 3600;
const STUCK_RETRY_SECONDS = 6 * 3600;
const CLAIM_BATCH = 20;
const POLL_INTERVAL_MS = 1000;

/** Seconds before the next attempt after `attempts` failures: 30 s doubling, at most an hour. */
export function mailBackoffSeconds(attempts: number): number {
  if (attempts >= MAIL_STUCK_AFTER_ATTEMPTS) return STUCK_RETRY_SECONDS;
  return Math.min(30 * 2 ** Math.max(attempts - 1, 0), MAX_BACKOFF_SECONDS);
}

/**
 * Writes a message to mail_outbox. Pass the transaction of the event the message reports, so the
 * message exists exactly when the event does; the worker sends it after the commit.
 */
export async function queueMail(tx: Db | Transaction, message: MailMessage): Promise<void> {
  await tx.insert(mailOutbox).values({
    userId: message.userId ?? null,
    toAddress: message.to,
    kind: message.kind ?? "account",
    subject: message.subject,
    html: message.html ?? null,
    text: message.text,
    link: message.link,
    headers: message.headers ?? {},
  });
}

/**
 * One file per message in the outbox, named by its ISO time (':' written as '-' so the name is
 * valid everywhere) plus a random suffix, so names sort in sending order.
 */
async function writeToOutbox(outboxDir: string, message: MailMessage & { messageId: string }): Promise<void> {
  await mkdir(outboxDir, { recursive: true });
  const createdAt = new Date().toISOString();
  const name = `${createdAt.replaceAll(":", "-")}-${randomBytes(4).toString("hex")}.json`;
  const { to, subject, text, link, html, headers, messageId } = message;
  const file = { to, subject, text, link, html: html ?? null, headers: headers ?? {}, messageId, createdAt };
  await writeFile(path.join(outboxDir, name), JSON.stringify(file, null, 2));
  console.log(`Correo para ${to}: ${link}`);
}

export type SendMail = (message: MailMessage & { messageId: string }) => Promise<void>;

/** SMTP through nodemailer when SMTP_URL is set; otherwise JSON files in DATA_DIR/outbox/. */
export function mailSender(settings: MailSettings): SendMail {
  const transport = settings.smtpUrl ? nodemailer.createTransport(settings.smtpUrl) : null;
  return async (message) => {
    if (!transport) return writeToOutbox(settings.outboxDir, message);
    await transport.sendMail({
      from: settings.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      headers: message.headers ?? {},
      messageId: message.messageId,
    });
  };
}

/** The Message-ID of an outbox row: the same on every attempt, so a receiver can spot a resend. */
export function mailMessageId(id: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? "mercadopadel.local";
  return `<${id}@${domain}>`;
}

interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  html: string | null;
  text: string;
  link: string;
  headers: Record<string, string>;
  attempts: number;
}

/**
 * Sends what is due, one batch. The rows are claimed with FOR UPDATE SKIP LOCKED and marked sent (or
 * rescheduled) in the claiming transaction: another instance skips them meanwhile, and a row is
 * marked sent only once. Returns how many rows it claimed.
 */
export async function deliverDueMail(db: Db, send: SendMail, from: string): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx.execute<Record<string, unknown>>(sql`
      select id, to_address, subject, html, text, link, headers, attempts from mail_outbox
      where sent_at is null and next_attempt_at <= now()
      order by next_attempt_at limit ${CLAIM_BATCH}
      for update skip locked`);
    const rows = claimed.rows as unknown as OutboxRow[];
    for (const row of rows) {
      try {
        await send({
          to: row.to_address,
          subject: row.subject,
          text: row.text,
          link: row.link,
          html: row.html ?? undefined,
          headers: row.headers,
          messageId: mailMessageId(row.id, from),
        });
        await tx.execute(
          sql`update mail_outbox set sent_at = now(), attempts = attempts + 1, last_error = null where id = ${row.id}`,
        );
      } catch (error) {
        const attempts = row.attempts + 1;
        const reason = error instanceof Error ? error.message : String(error);
        await tx.execute(sql`update mail_outbox set attempts = ${attempts}, last_error = ${reason.slice(0, 500)},
          next_attempt_at = now() + make_interval(secs => ${mailBackoffSeconds(attempts)}) where id = ${row.id}`);
      }
    }
    return rows.length;
  });
}

export interface Mailer {
  /**
   * Composes (which may store a token) and queues in the background, so the answer does not wait
   * and, for the password reset, takes no longer for a registered address than for an unknown one.
   * Failures are logged.
   */
  sendLater(compose: () => Promise<MailMessage>): void;
  /** Asks the worker to look for due mail now (after a transaction that queued some committed). */
  wake(): void;
  /** Waits for every message still being composed and sends whatever is due. */
  flush(): Promise<void>;
  /** Stops the worker after its current batch; called when the API closes. */
  close(): Promise<void>;
}

/** The outbox worker of this API instance, polling every second and woken when mail is queued. */
export function createMailer(settings: MailSettings, db: Db, send: SendMail = mailSender(settings)): Mailer {
  const pending = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const runOnce = async () => {
    while ((await deliverDueMail(db, send, settings.from)) === CLAIM_BATCH && !closed);
  };
  const schedule = (delayMs: number) => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      running = running
        .then(runOnce)
        .catch((error: unknown) => console.error("No se pudo enviar el correo pendiente:", error))
        .finally(() => schedule(POLL_INTERVAL_MS));
    }, delayMs);
    // An idle worker must not keep Node alive; close() clears it anyway.
    timer.unref();
  };
  schedule(0);

  return {
    sendLater(compose) {
      const queuing = compose()
        .then((message) => queueMail(db, message))
        .then(() => schedule(0))
        .catch((error: unknown) => console.error("No se pudo preparar un correo:", error))
        .finally(() => pending.delete(queuing));
      pending.add(queuing);
    },
    wake() {
      schedule(0);
    },
    async flush() {
      await Promise.all(pending);
      await running;
      if (!closed) await runOnce();
    },
    async close() {
      await Promise.all(pending);
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
