import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../api/src/app";
import type { Database } from "../../api/src/db/client";
import { openTestDatabase } from "../support/databases";
import { images, imageVariants } from "../../api/src/db/schema";
import { BANNER_IMAGE_WIDTHS } from "#contract/media";
import { encodeImage, keepEncodedImage, saveStoredImage, storeImage } from "../../api/src/modules/media/service";
import { readStoredFile, temporaryFileStore, testConfig } from "./support";

const solidPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#1f5bd8" } })
    .png()
    .toBuffer();

describe("imágenes", () => {
  let database: Database;
  let app: App;
  let imageId: string;
  const store = temporaryFileStore();
  const files = store.files;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({ db: database.db, config: testConfig(), files });
    imageId = await storeImage(database.db, files, await solidPng(1200, 900), "Pala azul");
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await store.remove();
  });

  const variantsOf = async (id: string) => {
    const rows = await database.db
      .select()
      .from(imageVariants)
      .where(eq(imageVariants.imageId, id))
      .orderBy(imageVariants.width);
    return Promise.all(rows.map(async (row) => ({ ...row, data: (await readStoredFile(files, row.fileKey))! })));
  };

  it("guarda la imagen como WebP en 200, 400 y 800 px de ancho", async () => {
    const [image] = await database.db.select().from(images).where(eq(images.id, imageId));
    expect(image).toMatchObject({ alt: "Pala azul", width: 800, height: 600 });
    const variants = await variantsOf(imageId);
    expect(variants.map((variant) => variant.width)).toEqual([200, 400, 800]);
    for (const variant of variants) {
      const metadata = await sharp(variant.data).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.width).toBe(variant.width);
      expect(variant.sizeBytes).toBe(variant.data.length);
    }
  });

  it("no amplía una imagen pequeña, pero guarda una fila por cada ancho", async () => {
    const smallId = await storeImage(database.db, files, await solidPng(300, 150), "Muñequera");
    const variants = await variantsOf(smallId);
    expect(variants.map((variant) => variant.width)).toEqual([200, 400, 800]);
    const pixelWidths = await Promise.all(
      variants.map(async (variant) => (await sharp(variant.data).metadata()).width),
    );
    expect(pixelWidths).toEqual([200, 300, 300]);
  });

  it("un banner se guarda y se sirve en sus anchos, hasta 2464 px; una foto de producto no tiene esos anchos", async () => {
    const bannerId = await saveStoredImage(
      database.db,
      await keepEncodedImage(files, await encodeImage(await solidPng(3000, 1125), BANNER_IMAGE_WIDTHS)),
      "Banner",
    );
    expect((await variantsOf(bannerId)).map((variant) => variant.width)).toEqual([400, 800, 1232, 1600, 2464]);
    const widest = await app.inject({ method: "GET", url: `/images/${bannerId}/2464.webp` });
    expect(widest.statusCode).toBe(200);
    expect(await sharp(widest.rawPayload).metadata()).toMatchObject({ format: "webp", width: 2464, height: 924 });
    const productWide = await app.inject({ method: "GET", url: `/images/${imageId}/1232.webp` });
    expect(productWide.statusCode).toBe(404);
  });

  it("rechaza lo que no es una imagen, mirando el contenido", async () => {
    const countImages = async () => (await database.db.select({ id: images.id }).from(images)).length;
    const before = await countImages();
    await expect(
      storeImage(database.db, files, Buffer.from("esto no es una imagen, aunque se llame foto.png"), "Texto"),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: "Imagen no válida",
    });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    await expect(storeImage(database.db, files, svg, "SVG")).rejects.toMatchObject({
      statusCode: 400,
      message: "Imagen no válida",
    });
    expect(await countImages()).toBe(before);
  });

  it("sirve cada ancho como WebP con caché larga y ETag", async () => {
    const response = await app.inject({ method: "GET", url: `/images/${imageId}/400.webp` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers.etag).toMatch(/^".+"$/);
    const metadata = await sharp(response.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 400 });
  });

  it("responde 304 cuando el ETag coincide", async () => {
    const first = await app.inject({ method: "GET", url: `/images/${imageId}/200.webp` });
    const etag = String(first.headers.etag);
    const again = await app.inject({
      method: "GET",
      url: `/images/${imageId}/200.webp`,
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const weakAmongOthers = await app.inject({
      method: "GET",
      url: `/images/${imageId}/200.webp`,
      headers: { "if-none-match": `"otra", W/${etag}` },
    });
    expect(weakAmongOthers.statusCode).toBe(304);
    const otherWidth = await app.inject({
      method: "GET",
      url: `/images/${imageId}/800.webp`,
      headers: { "if-none-match": etag },
    });
    expect(otherWidth.statusCode).toBe(200);
  });

  it("responde 404 para una imagen que no existe", async () => {
    const response = await app.inject({ method: "GET", url: `/images/${randomUUID()}/400.webp` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Imagen no encontrada" });
  });

  it("responde 400 en español para un ancho o un id no válidos", async () => {
    for (const url of [`/images/${imageId}/300.webp`, `/images/${imageId}/400.png`, "/images/no-es-un-id/400.webp"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toMatch(/no válid/);
    }
  });
});
