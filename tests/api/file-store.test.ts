import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, readdir, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { PGlite } from "@electric-sql/pglite";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { SHOP_DOCUMENT_MAX_BYTES, SHOP_DOCUMENTS_MAX } from "#contract/shop-labels";
import { buildApp, type App } from "../../api/src/app";
import { openDatabase, type Database, type Db } from "../../api/src/db/client";
import { DiskFileStore } from "../../api/src/files/disk";
import { ORPHAN_AGE_MS, tidyFileStore } from "../../api/src/files/housekeeping";
import type { FileStore, StagedFile } from "../../api/src/files/store";
import { storeImage } from "../../api/src/modules/media/service";
import { signedInUser, type Customer } from "./orders-support";
import { apply, fieldParts, PDF, shopFields, type Part } from "./shop-support";
import { createTestApi, insertCatalogue, testConfig, useTestApi, type TestApi } from "./support";

/**
 * Issue 31, finding 4: a 25 MB shop application on the embedded database stalled every shopper for
 * about 5 s, because its files went through PGlite's one connection. Files now live in the file store
 * (decision 0036): the database sees only their keys, reads never wait for a file being written,
 * files survive a restart, come out as streams to their owner and admins only, and what a stopped
 * process left behind is tidied at start.
 */

/** A PDF of `bytes` bytes (random after its header, so no two are alike and none compresses). */
const bigPdf = (bytes: number) => Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(bytes - 9)]);

/** The largest application there is: five documents of 5 MB, 25 MB in all. */
const largestDocuments = (): Part[] =>
  Array.from({ length: SHOP_DOCUMENTS_MAX }, (_, index) => ({
    name: "documents",
    filename: `documento-${index + 1}.pdf`,
    content: bigPdf(SHOP_DOCUMENT_MAX_BYTES),
    type: "application/pdf",
  }));

/** Every message the API sends to PGlite, by size: all statements and their parameters pass through here. */
function watchMessages(database: Db): { largest(): number; stop(): void } {
  const client = (database as unknown as { $client: PGlite }).$client;
  const original = client.execProtocolRawSync.bind(client);
  let largest = 0;
  client.execProtocolRawSync = (message: Uint8Array) => {
    largest = Math.max(largest, message.length);
    return original(message);
  };
  return {
    largest: () => largest,
    stop: () => {
      client.execProtocolRawSync = original;
    },
  };
}

describe("archivos fuera de la base de datos (PGlite)", () => {
  const api = useTestApi();

  it("una solicitud de 25 MB no pasa por la conexión de la base: ningún mensaje lleva sus documentos", async () => {
    const applicant = await signedInUser(api.db);
    const documents = largestDocuments();
    const messages = watchMessages(api.db);
    let response;
    try {
      response = await apply(api.app, applicant, [...fieldParts(shopFields()), ...documents]);
    } finally {
      messages.stop();
    }
    expect(response.statusCode, response.body).toBe(201);
    // Before, each document was one message of 5 MB; now the largest is a statement with a few keys.
    expect(messages.largest()).toBeLessThan(64 * 1024);
    const stored = response.json().request.documents as { _id: string; size: number }[];
    expect(stored.map((document) => document.size)).toEqual(documents.map(() => SHOP_DOCUMENT_MAX_BYTES));
    const first = await api.app.inject({
      method: "GET",
      url: `/shop/document/${stored[0]!._id}`,
      headers: applicant.headers,
    });
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals((documents[0] as { content: Buffer }).content)).toBe(true);
  });
});

/** A file store whose commits, once `hold()` is called, wait until `release()`: files being written, held there. */
class HeldFileStore extends DiskFileStore {
  private held: Promise<void> | null = null;
  release: () => void = () => undefined;
  private reach: () => void = () => undefined;

  /** From now on commits wait; resolves once one is waiting. */
  hold(): Promise<void> {
    this.held = new Promise((resolve) => (this.release = resolve));
    return new Promise((resolve) => (this.reach = resolve));
  }

  override async stage(...args: Parameters<DiskFileStore["stage"]>): Promise<StagedFile> {
    const staged = await super.stage(...args);
    return {
      ...staged,
      commit: async () => {
        if (this.held) {
          this.reach();
          await this.held;
        }
        await staged.commit();
      },
    };
  }
}

describe("una lectura de un comprador mientras se guardan los documentos de una solicitud (PGlite)", () => {
  let api: TestApi;
  let files: HeldFileStore;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "mp-archivos-retenidos-"));
    files = new HeldFileStore(dir);
    api = await createTestApi({ files });
  });

  afterAll(async () => {
    files?.release();
    await api?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("responde antes de que la solicitud termine: la base no espera a que se escriban archivos", async () => {
    const catalogue = await insertCatalogue(api.db);
    const applicant = await signedInUser(api.db);
    const writing = files.hold();
    let applicationDone = false;
    const application = apply(api.app, applicant, [...fieldParts(shopFields()), ...largestDocuments()]).finally(
      () => (applicationDone = true),
    );
    // The application's documents have arrived and are being written, and stay so until released.
    await writing;
    const listing = await api.app.inject({ method: "GET", url: "/home/get-products" });
    expect(listing.statusCode).toBe(200);
    expect(listing.json().products.map((product: { slug: string }) => product.slug)).toContain(
      Object.keys(catalogue.bySlug)[0],
    );
    expect(applicationDone).toBe(false);
    files.release();
    expect((await application).statusCode).toBe(201);
  });
});

describe("los archivos tras un reinicio (PGlite en disco)", () => {
  let root: string;
  let dataDir: string;
  let filesDir: string;
  const open = async () => {
    const database = await openDatabase({ dataDir });
    const files = new DiskFileStore(filesDir);
    await database.migrate(files);
    const app = await buildApp({ db: database.db, config: testConfig({ filesDir }), files });
    return { database, app, files };
  };
  let first: { database: Database; app: App; files: FileStore };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "mp-reinicio-"));
    dataDir = path.join(root, "datos");
    filesDir = path.join(root, "archivos");
    // A new database in its own folder, from the run's migrated copy.
    const dump = new Blob([await readFile(inject("pgliteDumpFile"))]);
    const seeded = await openDatabase({ dataDir, pgliteDump: dump });
    await seeded.close();
    first = await open();
  });

  afterAll(async () => {
    await first?.app.close();
    await first?.database.close().catch(() => undefined);
    await rm(root, { recursive: true, force: true });
  });

  it("siguen ahí, salen como flujo con su tamaño, y solo los ven su dueño y los admins", async () => {
    const applicant = await signedInUser(first.database.db);
    const stranger = await signedInUser(first.database.db);
    const admin = await signedInUser(first.database.db, "admin");
    const document = bigPdf(3 * 1024 * 1024);
    const applied = await apply(first.app, applicant, [
      ...fieldParts(shopFields()),
      { name: "documents", filename: "acta.pdf", content: document, type: "application/pdf" },
    ]);
    expect(applied.statusCode, applied.body).toBe(201);
    const documentId = applied.json().request.documents[0]._id as string;
    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#2a7d4f" } })
      .png()
      .toBuffer();
    const imageId = await storeImage(first.database.db, first.files, picture, "Pista");
    await first.app.close();
    await first.database.close();

    const again = await open();
    try {
      const payloads: unknown[] = [];
      again.app.addHook("onSend", async (_request, _reply, payload) => {
        payloads.push(payload);
        return payload;
      });
      const get = (url: string, user?: Customer) =>
        again.app.inject({ method: "GET", url, headers: user?.headers ?? {} });

      const owner = await get(`/shop/document/${documentId}`, applicant);
      expect(owner.statusCode).toBe(200);
      expect(owner.headers["content-type"]).toBe("application/pdf");
      expect(owner.headers["content-length"]).toBe(String(document.length));
      expect(owner.rawPayload.equals(document)).toBe(true);
      // Sent as a stream from the file, never a buffer of the whole document.
      expect(payloads.at(-1)).toBeInstanceOf(Readable);

      expect((await get(`/shop/document/${documentId}`, admin)).rawPayload.equals(document)).toBe(true);
      expect((await get(`/shop/document/${documentId}`, stranger)).statusCode).toBe(404);
      expect((await get(`/shop/document/${documentId}`)).statusCode).toBe(401);

      const image = await get(`/images/${imageId}/400.webp`);
      expect(image.statusCode).toBe(200);
      expect(payloads.at(-1)).toBeInstanceOf(Readable);
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: "webp", width: 400 });
      expect(image.headers["content-length"]).toBe(String(image.rawPayload.length));
    } finally {
      first = again;
    }
  });
});

describe("orden en el almacén al arrancar", () => {
  const api = useTestApi();

  /** How many files a folder tree holds. */
  async function countFiles(dir: string): Promise<number> {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((entry) => entry.isFile()).length;
  }

  it("borra lo que un proceso dejó a medio recibir y lo que ninguna fila nombra; conserva lo demás", async () => {
    const files = api.files as DiskFileStore;
    const longAgo = new Date(Date.now() - ORPHAN_AGE_MS - 60_000);
    const age = (file: string) => utimes(file, longAgo, longAgo);
    const stagingDir = path.join(files.dir, "recibiendo");

    // A document a stopped process was receiving, and one another instance is receiving now.
    // Aged while it is the only one there: a folder lists its files in no set order.
    const abandoned = await files.stage([Buffer.from("%PDF- a medias")], { maxBytes: 1024 });
    const [abandonedName] = await readdir(stagingDir);
    await age(path.join(stagingDir, abandonedName!));
    const receiving = await files.stage([Buffer.from("%PDF- llegando")], { maxBytes: 1024 });
    // An old file no row names (an image since replaced), and one just stored whose row is on its way.
    const replaced = await files.put(Buffer.from("imagen sustituida"));
    await age(path.join(files.dir, replaced.key.slice(0, 2), replaced.key));
    const justStored = await files.put(Buffer.from("fila en camino"));
    // An old file a row names.
    const applicant = await signedInUser(api.db);
    const applied = await apply(api.app, applicant, [
      ...fieldParts(shopFields()),
      { name: "documents", filename: "rif.pdf", content: PDF, type: "application/pdf" },
    ]);
    expect(applied.statusCode).toBe(201);
    for await (const file of files.list()) await age(path.join(files.dir, file.key.slice(0, 2), file.key));
    const justStoredPath = path.join(files.dir, justStored.key.slice(0, 2), justStored.key);
    await utimes(justStoredPath, new Date(), new Date());
    const before = await countFiles(files.dir);

    expect(await tidyFileStore(api.db, files)).toEqual({ staged: 1, unreferenced: 1 });
    expect(await countFiles(files.dir)).toBe(before - 2);
    expect(await files.open(replaced.key)).toBeNull();
    expect(await files.open(justStored.key)).not.toBeNull();
    await receiving.commit();
    expect(await files.open(receiving.key)).not.toBeNull();
    await abandoned.discard();
    const documentId = applied.json().request.documents[0]._id as string;
    const served = await api.app.inject({
      method: "GET",
      url: `/shop/document/${documentId}`,
      headers: applicant.headers,
    });
    expect(served.rawPayload.equals(PDF)).toBe(true);
  });
});
