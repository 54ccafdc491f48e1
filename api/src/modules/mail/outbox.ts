import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { MailSettings } from "../../config.js";
import type { Db, Transaction } from "../../db/client.js";
import { mailOutbox } from "../../db/schema.js";
import { optedOut } from "./preferences.js";

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
/** While the database fails, the worker looks again every 30 s instead of every second. */
const FAILING_POLL_INTERVAL_MS = 30_000;

/** Seconds before the next attempt after `attempts` failures: 30 s doubling, at most an hour. */
export function mailBackoffSeconds(attempts: number): number {
  if (attempts >= MAIL_STUCK_AFTER_ATTEMPTS) return STUCK_RETRY_SECONDS;
  return Math.min(30 * 2 ** Math.max(attempts - 1, 0), MAX_BACKOFF_SECONDS);
}

/**
 * Writes a message to mail_outbox. Pass the transaction of the event the message reports, so the
 * message exists exactly when the event does; the worker sends it after the commit. An optional kind
 * (contract/mail-kinds.ts) its reader turned off is not written at all (decision 0041): the check is
 * here, where every mail passes, so no template or module can forget it. Receipts and security mails
 * always go. Answers whether the message was queued.
 */
export async function queueMail(tx: Db | Transaction, message: MailMessage): Promise<boolean> {
  if (message.userId && (await optedOut(tx, message.userId, message.kind ?? "account"))) return false;
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
  return true;
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
  // Written aside and renamed: a reader of the folder (the tests, a developer) never sees half a file.
  const partial = path.join(outboxDir, `.${name}.part`);
  await writeFile(partial, JSON.stringify(file, null, 2));
  await rename(partial, path.join(outboxDir, name));
  console.log(`Correo para ${to}: ${link}`);
}

export type SendMail = (message: MailMessage & { messageId: string }) => Promise<void>;

/** SMTP through nodemailer when SMTP_URL is set; otherwise JSON files in DATA_DIR/outbox/. */
export function mailSender(settings: MailSettings): SendMail {
  // Short timeouts: a server that does not answer is retried later, not waited on for minutes.
  const transport = settings.smtpUrl
    ? nodemailer.createTransport({
        url: settings.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : null;
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

/** How long a claimed message is left to its worker before another may try it (a crash mid-send). */
const CLAIM_LEASE_SECONDS = 600;

/**
 * Sends what is due, one batch. Rows are claimed in one short statement (FOR UPDATE SKIP LOCKED,
 * attempt counted, lease set) and sent outside any transaction: a slow or dead SMTP server never holds
 * a database connection (PGlite has only one). Each row is then marked sent or rescheduled with its
 * backoff; a worker that dies mid-send leaves the row to be retried when its lease ends, with the same
 * Message-ID. Returns how many rows it claimed.
 */
export async function deliverDueMail(db: Db, send: SendMail, from: string): Promise<number> {
  const claimed = await db.execute<Record<string, unknown>>(sql`
    update mail_outbox set attempts = attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})
    where id in (
      select id from mail_outbox
      where sent_at is null and next_attempt_at <= now()
      order by next_attempt_at limit ${CLAIM_BATCH}
      for update skip locked)
    returning id, to_address, subject, html, text, link, headers, attempts`);
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
      await db.execute(sql`update mail_outbox set sent_at = now(), last_error = null where id = ${row.id}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db.execute(sql`update mail_outbox set last_error = ${reason.slice(0, 500)},
        next_attempt_at = now() + make_interval(secs => ${mailBackoffSeconds(row.attempts)}) where id = ${row.id}`);
    }
  }
  return rows.length;
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
  let failing = false;

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
        .then(
          () => {
            failing = false;
          },
          (error: unknown) => {
            // Once per outage (the database gone, its disk full), not every second of it.
            if (!failing) console.error("No se pudo enviar el correo pendiente:", error);
            failing = true;
          },
        )
        .finally(() => schedule(failing ? FAILING_POLL_INTERVAL_MS : POLL_INTERVAL_MS));
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
      // Closing with the database already gone must still close: what is due stays in the table.
      if (!closed)
        await runOnce().catch((error: unknown) => console.error("No se pudo enviar el correo pendiente:", error));
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
