import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { MailSettings } from "../../config.js";

/** An account e-mail: plain Spanish text carrying one link. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  link: string;
}

export interface Mailer {
  /**
   * Composes (which may store a token) and sends in the background, so the answer does not wait
   * for SMTP and, for the password reset, takes no longer for a registered address than for an
   * unknown one. Failures are logged.
   */
  sendLater(compose: () => Promise<MailMessage>): void;
  /** Waits for every message still being sent; called when the API closes. */
  flush(): Promise<void>;
}

/**
 * One file per message in the outbox, named by its ISO time (':' written as '-' so the name is
 * valid everywhere) plus a random suffix, so names sort in sending order.
 */
async function writeToOutbox(outboxDir: string, message: MailMessage): Promise<void> {
  await mkdir(outboxDir, { recursive: true });
  const createdAt = new Date().toISOString();
  const name = `${createdAt.replaceAll(":", "-")}-${randomBytes(4).toString("hex")}.json`;
  await writeFile(path.join(outboxDir, name), JSON.stringify({ ...message, createdAt }, null, 2));
  console.log(`Correo para ${message.to}: ${message.link}`);
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise JSON files in DATA_DIR/outbox/. */
export function createMailer(settings: MailSettings): Mailer {
  const transport = settings.smtpUrl ? nodemailer.createTransport(settings.smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  const send = async (message: MailMessage) => {
    if (!transport) return writeToOutbox(settings.outboxDir, message);
    await transport.sendMail({ from: settings.from, to: message.to, subject: message.subject, text: message.text });
  };

  return {
    sendLater(compose) {
      const sending = compose()
        .then(send)
        .catch((error: unknown) => console.error("No se pudo enviar un correo:", error))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async flush() {
      await Promise.all(pending);
    },
  };
}
