import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "./fixtures";

/** A mail as the file outbox keeps it (DATA_DIR/outbox/*.json): the worker writes one within a second. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  link: string;
}

/** The one mail to `to` whose subject contains `subject`, once the worker has written it. */
export async function mailTo(to: string, subject: string): Promise<OutboxMail> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let found: OutboxMail[] = [];
  await expect
    .poll(
      async () => {
        const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith(".json"));
        // The worker writes a file in place (not renamed into it): one still being written is read next time.
        const mails = await Promise.all(
          names.map(async (name) => {
            try {
              return JSON.parse(await readFile(path.join(outbox, name), "utf8")) as OutboxMail;
            } catch {
              return null;
            }
          }),
        );
        found = mails.filter((mail): mail is OutboxMail => mail?.to === to && mail.subject.includes(subject));
        return found.length;
      },
      { message: `correo para ${to}: ${subject}` },
    )
    .toBe(1);
  return found[0]!;
}

/** A mail link's path and query, to open on the test's own web server. */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};
