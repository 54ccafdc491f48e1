import { once } from "node:events";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../api/src/db/client";
import { mailOutbox } from "../../api/src/db/schema";
import { deliverDueMail, mailMessageId, mailSender, queueMail, type SendMail } from "../../api/src/modules/mail/outbox";
import { openTestDatabase } from "../support/databases";
import { createTestDatabase, type TestDatabase } from "../support/postgres";

const FROM = "Mercado Pádel <no-responder@mercadopadel.test>";

/** A local SMTP server that keeps every message it accepts (its raw text). */
function smtpServer() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  return {
    received,
    async start(port = 0): Promise<number> {
      server.listen(port, "127.0.0.1");
      await once(server.server, "listening");
      const address = server.server.address();
      if (!address || typeof address === "string") throw new Error("sin puerto");
      return address.port;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const mail = (subject: string) => ({
  to: "cliente@example.com",
  subject,
  text: `Texto de ${subject}`,
  link: "http://x/",
});

describe("correo duradero con SMTP caído", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("no pierde nada mientras SMTP está caído y envía cada correo una sola vez al volver", async () => {
    // The port of a server that is then stopped: nothing listens on it until it starts again.
    const first = smtpServer();
    const port = await first.start();
    await first.stop();
    const send = mailSender({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, outboxDir: "" });
    const db = database.db;

    const subjects = ["Pedido 1", "Pedido 2", "Pedido 3"].map((s) => `${s} ${randomUUID()}`);
    await db.transaction(async (tx) => {
      for (const subject of subjects) await queueMail(tx, mail(subject));
    });

    expect(await deliverDueMail(db, send, FROM)).toBe(3);
    const failed = await db.select().from(mailOutbox);
    expect(failed.map((row) => [row.sentAt, row.attempts])).toEqual([
      [null, 1],
      [null, 1],
      [null, 1],
    ]);
    expect(failed.every((row) => row.lastError && row.nextAttemptAt > new Date())).toBe(true);
    // Backing off: nothing is due right after the failure.
    expect(await deliverDueMail(db, send, FROM)).toBe(0);

    // An hour later SMTP is back.
    const server = smtpServer();
    await server.start(port);
    try {
      await db.execute(sql`update mail_outbox set next_attempt_at = now() where sent_at is null`);
      expect(await deliverDueMail(db, send, FROM)).toBe(3);
      expect(await deliverDueMail(db, send, FROM)).toBe(0);
      for (const subject of subjects) expect(server.received.filter((raw) => raw.includes(subject))).toHaveLength(1);
      expect(server.received).toHaveLength(3);
      const rows = await db.select().from(mailOutbox);
      expect(rows.every((row) => row.sentAt && row.attempts === 2)).toBe(true);
      for (const row of rows) {
        const raw = server.received.find((text) => text.includes(row.subject));
        expect(raw).toContain(`Message-ID: ${mailMessageId(row.id, FROM)}`);
      }
    } finally {
      await server.stop();
    }
  });

  it("sin SMTP escribe el correo en la carpeta outbox con su HTML", async () => {
    const outboxDir = path.join(tmpdir(), `mp-outbox-${randomUUID()}`);
    const send = mailSender({ smtpUrl: undefined, from: FROM, outboxDir });
    const subject = `Recibo ${randomUUID()}`;
    await queueMail(database.db, { ...mail(subject), html: "<p>Hola</p>" });
    expect(await deliverDueMail(database.db, send, FROM)).toBe(1);
    const { readdir, readFile, rm } = await import("node:fs/promises");
    const [name] = await readdir(outboxDir);
    const written = JSON.parse(await readFile(path.join(outboxDir, name), "utf8")) as Record<string, unknown>;
    expect(written).toMatchObject({ to: "cliente@example.com", subject, html: "<p>Hola</p>", link: "http://x/" });
    await rm(outboxDir, { recursive: true, force: true });
  });
});

describe("correo duradero con dos trabajadores en PostgreSQL", () => {
  let testDatabase: TestDatabase;
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    first = await openTestDatabase({ databaseUrl: testDatabase.url, poolSize: 4 });
    second = await openTestDatabase({ databaseUrl: testDatabase.url, poolSize: 4 });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await testDatabase.drop();
  });

  it("dos trabajadores nunca envían la misma fila dos veces", async () => {
    const count = 60;
    await first.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) await queueMail(tx, mail(`Correo ${i}`));
    });
    const sent: string[] = [];
    // Slow sending keeps each claim open, so the workers overlap.
    const send: SendMail = async (message) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(message.messageId);
    };
    const work = async (db: Database["db"]) => {
      while ((await deliverDueMail(db, send, FROM)) > 0);
    };
    await Promise.all([work(first.db), work(second.db), work(first.db), work(second.db)]);
    expect(sent).toHaveLength(count);
    expect(new Set(sent).size).toBe(count);
    const [{ unsent }] = (
      await first.db.execute(sql`select count(*)::int as unsent from mail_outbox where sent_at is null`)
    ).rows as { unsent: number }[];
    expect(unsent).toBe(0);
  });
});
