import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { type IncomingMessage, type ServerResponse } from "node:http";
import { beforeEach, describe, expect, it } from "vitest";
import { useFakeApi } from "../support/fake-api";
import { DOCUMENT_TOO_LARGE, DOCUMENTS_TOO_MANY } from "#contract/shops";
import { SHOP_DOCUMENT_MAX_BYTES, SHOP_DOCUMENTS_MAX } from "#contract/shop-labels";
import type { FilesFormAnswer } from "~/forms/shop-request.forms";

/**
 * Issue 31, finding 5: the web read a 25 MB upload whole, for any signed-in user, before the form was
 * judged (16 at once took it from 176 to 692 MB). Now an upload page reads its post as it streams,
 * within the API's limits (contract/uploads.ts): past one it answers the form at once, with the
 * field's message and what was typed, and reads nothing more, even of a body that never ends. Files
 * within the limits go to the API from disk, and are removed once the request is answered.
 */

const USER_ID = "6f1c1a52-3a4b-4c5d-8e9f-0a1b2c3d4e5f";

/** An access token as the web reads it (the signature is the API's business). */
function accessToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part({ id: USER_ID, role: "customer" })}.firma`;
}

const FIELDS = {
  shopName: "Pádel Barquisimeto",
  rif: "J-31234567-5",
  country: "VE",
  province: "Lara",
  city: "Barquisimeto",
  address: "Av. Lara con calle 5, local 12",
  phone: "0212 285 4410",
};

const CHUNK = 64 * 1024;

/**
 * A post of the application form as a browser sends it without JavaScript (fields, then the files,
 * then the button's intent), streamed a chunk at a time as it is read. `documents` gives each file's
 * size; Infinity is a file that never ends, nor does the body. `pulled()` says how much was read.
 */
function applicationPost(documents: number[]): { request: Request; pulled(): number; cancelled(): boolean } {
  const boundary = `----limite${randomUUID()}`;
  const encoder = new TextEncoder();
  const pieces: (Uint8Array | number)[] = [];
  for (const [name, value] of Object.entries(FIELDS))
    pieces.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  documents.forEach((size, index) => {
    pieces.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="documento-${index + 1}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-`,
      ),
      size - 5,
      encoder.encode("\r\n"),
    );
  });
  pieces.push(
    encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsolicitar-tienda\r\n--${boundary}--\r\n`,
    ),
  );
  let pulled = 0;
  let cancelled = false;
  let remainingOfFile = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      let chunk: Uint8Array;
      if (remainingOfFile > 0) {
        chunk = randomBytes(Math.min(CHUNK, remainingOfFile));
        remainingOfFile -= chunk.length;
      } else {
        const next = pieces.shift();
        if (next === undefined) return controller.close();
        if (typeof next === "number") {
          remainingOfFile = next;
          return this.pull!(controller);
        }
        chunk = next;
      }
      pulled += chunk.length;
      controller.enqueue(chunk);
    },
    cancel() {
      cancelled = true;
    },
  });
  const request = new Request("http://127.0.0.1/dashboard/shop", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled, cancelled: () => cancelled };
}

describe("la web lee las subidas mientras llegan, dentro de los límites de la API", () => {
  const received: { path: string; bytes: Buffer }[] = [];

  function answer(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", bytes: Buffer.concat(chunks) });
      response.writeHead(409, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          message: "Ese identificador fiscal ya lo usa otra tienda.",
          errors: [{ field: "rif", message: "Ese identificador fiscal ya lo usa otra tienda." }],
        }),
      );
    });
  }

  useFakeApi(answer);

  beforeEach(() => {
    received.length = 0;
  });

  /** Sends the post to the application page's action as a signed-in customer. */
  async function post(request: Request) {
    const { createRequestContext } = await import("~/services/context.server");
    const { requireAccount } = await import("~/services/auth.server");
    const { shopApplicationAction } = await import("~/services/shops.server");
    const context = await createRequestContext(request, { requestId: "prueba-subida", cspNonce: "" });
    context.session.set("accessToken", accessToken());
    context.session.set("refreshToken", "refresco");
    context.session.set("userName", "Marta");
    const args = { request, context, params: {} };
    try {
      const answered = (await shopApplicationAction(args, requireAccount(args))) as unknown as {
        data: FilesFormAnswer;
        init: { status: number } | null;
      };
      return { answered, folder: await context.uploads.dir() };
    } finally {
      await context.uploads.dispose();
    }
  }

  it("un documento de más de 5 MB se rechaza en cuanto pasa el límite, aunque el cuerpo no termine nunca", async () => {
    const endless = applicationPost([Infinity]);
    const { answered } = await post(endless.request);
    expect(answered.init?.status).toBe(413);
    expect(answered.data.result?.error).toEqual({ documents: [DOCUMENT_TOO_LARGE] });
    // What was typed comes back; the files are asked for again.
    expect(answered.data.result?.initialValue).toMatchObject({ shopName: FIELDS.shopName, rif: FIELDS.rif });
    expect(answered.data.filesLost).toBe(true);
    // Read up to the limit and a chunk or two past it, then no more: the rest is never asked for.
    expect(endless.pulled()).toBeLessThan(SHOP_DOCUMENT_MAX_BYTES + 4 * CHUNK);
    expect(endless.cancelled()).toBe(true);
    expect(received).toEqual([]);
  });

  it("dieciséis a la vez: de cada una se lee como mucho el límite de un documento", async () => {
    const posts = Array.from({ length: 16 }, () => applicationPost([Infinity]));
    const answers = await Promise.all(posts.map((sent) => post(sent.request)));
    for (const { answered } of answers) expect(answered.init?.status).toBe(413);
    const read = posts.reduce((total, sent) => total + sent.pulled(), 0);
    expect(read).toBeLessThan(16 * (SHOP_DOCUMENT_MAX_BYTES + 4 * CHUNK));
    expect(received).toEqual([]);
  });

  it("un documento de más se rechaza antes de leerlo, con el mensaje de la API", async () => {
    const tooMany = applicationPost(Array.from({ length: SHOP_DOCUMENTS_MAX + 1 }, () => 200_000));
    const { answered } = await post(tooMany.request);
    expect(answered.init?.status).toBe(400);
    expect(answered.data.result?.error).toEqual({ documents: [DOCUMENTS_TOO_MANY] });
    expect(tooMany.pulled()).toBeLessThan((SHOP_DOCUMENTS_MAX + 1) * 200_000);
    expect(received).toEqual([]);
  });

  it("una solicitud dentro de los límites llega entera a la API desde el disco, y sus archivos se borran al responder", async () => {
    const sizes = [2 * 1024 * 1024, 1024 * 1024];
    const sent = applicationPost(sizes);
    const { answered, folder } = await post(sent.request);
    // The stand-in API refused the tax id: the form comes back with its message beside the field.
    expect(answered.init?.status).toBe(409);
    expect(answered.data.result?.error).toMatchObject({ rif: ["Ese identificador fiscal ya lo usa otra tienda."] });
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe(`/request-auth-shop/${USER_ID}`);
    // Both documents arrived whole (each PDF header followed by its bytes).
    expect(received[0]!.bytes.length).toBeGreaterThan(sizes[0]! + sizes[1]!);
    expect(received[0]!.bytes.toString("latin1").match(/%PDF-/g)).toHaveLength(2);
    expect(existsSync(folder)).toBe(false);
  });

  it("mientras se atiende, cada documento está en un archivo temporal, no en memoria", async () => {
    const { readUploadForm, UploadScope } = await import("~/services/uploads.server");
    const { SHOP_DOCUMENT_UPLOAD } = await import("#contract/uploads");
    const scope = new UploadScope();
    try {
      const read = await readUploadForm(
        applicationPost([3 * 1024 * 1024, 1024 * 1024]).request,
        {
          limits: SHOP_DOCUMENT_UPLOAD,
          fileField: (part) => (part === "documents" ? part : null),
          filesField: "documents",
          tooLarge: DOCUMENT_TOO_LARGE,
          tooMany: DOCUMENTS_TOO_MANY,
          intentOf: () => "solicitar-tienda",
        },
        scope,
      );
      expect(read.refusal).toBeNull();
      const files = read.formData.getAll("documents") as File[];
      expect(files.map((file) => file.size)).toEqual([3 * 1024 * 1024, 1024 * 1024]);
      expect(await readdir(await scope.dir())).toHaveLength(2);
      expect(Buffer.from(await files[1]!.slice(0, 5).arrayBuffer()).toString("latin1")).toBe("%PDF-");
    } finally {
      await scope.dispose();
    }
  });
});
