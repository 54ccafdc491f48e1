import { describe, expect, it } from "vitest";
import { AFTER_FIRST_PAINT } from "~/browser/after-first-paint";
import { documentBytes } from "~/services/document-bytes.server";

/** The bytes `documentBytes` lets out when `chunks` go in, in that order. */
async function throughDocumentBytes(chunks: Buffer[], holdScriptsBack = true): Promise<string> {
  const transform = documentBytes({ holdScriptsBack });
  const out: Buffer[] = [];
  transform.on("data", (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => transform.on("end", resolve));
  for (const chunk of chunks) transform.write(chunk);
  transform.end();
  await ended;
  return Buffer.concat(out).toString("utf8");
}

/** What Remix's `<Scripts>` writes, with a shopper's text that quotes the same words (escaped by React). */
const SENT =
  "<p>Ponle type=&quot;module&quot; y rel=&quot;modulepreload&quot;: Administración</p>" +
  '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>' +
  '<script nonce="abc">window.__remixContext = {"state":{"loaderData":{"root":{"text":"rel=\\"modulepreload\\""}}}};</script>' +
  '<script nonce="abc" type="module" async="">import "/assets/manifest-1.js";</script>';

const HELD =
  "<p>Ponle type=&quot;module&quot; y rel=&quot;modulepreload&quot;: Administración</p>" +
  `<link rel="${AFTER_FIRST_PAINT.rel}" href="/assets/manifest-1.js"/><link rel="${AFTER_FIRST_PAINT.rel}" href="/assets/entry.client-2.js"/>` +
  '<script nonce="abc">window.__remixContext = {"state":{"loaderData":{"root":{"text":"rel=\\"modulepreload\\""}}}};</script>' +
  `<script nonce="abc" type="${AFTER_FIRST_PAINT.type}" async="">import "/assets/manifest-1.js";</script>`;

describe("los bytes del documento al salir del servidor", () => {
  it("retienen las precargas de módulos y el script de módulo, y nada que solo lo cite", async () => {
    expect(await throughDocumentBytes([Buffer.from(SENT)])).toBe(HELD);
  });

  it("retienen lo mismo cuando un trozo corta la etiqueta en cualquier byte", async () => {
    const bytes = Buffer.from(SENT);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await throughDocumentBytes([bytes.subarray(0, cut), bytes.subarray(cut)]), `corte en ${cut}`).toBe(HELD);
    }
    const oneByOne = [...bytes].map((byte) => Buffer.from([byte]));
    expect(await throughDocumentBytes(oneByOne)).toBe(HELD);
  });

  it("quitan los bytes cero con que React 18 rellena un búfer antes de una tilde", async () => {
    const [before, after] = SENT.split("ción");
    const padded = [Buffer.concat([Buffer.from(`${before}ci`), Buffer.alloc(3)]), Buffer.from(`ón${after}`)];
    expect(await throughDocumentBytes(padded)).toBe(HELD);
  });

  it("en desarrollo dejan los scripts como están", async () => {
    expect(await throughDocumentBytes([Buffer.from(SENT)], false)).toBe(SENT);
  });

  it("dejan intacta una página sin scripts", async () => {
    const page = '<html lang="es"><body><h1>Política de privacidad</h1></body></html>';
    expect(await throughDocumentBytes([Buffer.from(page)])).toBe(page);
  });
});
