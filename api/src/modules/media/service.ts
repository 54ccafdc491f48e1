import { and, eq } from "drizzle-orm";
import sharp, { type SharpOptions } from "sharp";
import { IMAGE_MAX_PIXELS } from "#contract/limits";
import { IMAGE_TOO_MANY_PIXELS, IMAGE_WIDTHS, type ImageWidth } from "#contract/media";
import type { Db } from "../../db/client.js";
import { images, imageVariants } from "../../db/schema.js";
import type { FileStore } from "../../files/store.js";
import { HttpError } from "../../http-error.js";
import type { ImageQueue } from "./queue.js";

/**
 * Picture formats accepted, judged by content rather than by name or declared type. SVG is left
 * out: it is a document that can reference other files, not a picture. AVIF reports as "heif".
 */
const ACCEPTED_FORMATS = new Set<string>(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

const SOURCE_OPTIONS: SharpOptions = {
  // Phone photos are often stored sideways with an EXIF hint; bake the rotation in.
  autoOrient: true,
  // Read from the header before any pixel is decoded (README, "Images"): a decompression bomb, a
  // small file of huge dimensions, is refused without its cost.
  limitInputPixels: IMAGE_MAX_PIXELS,
  // Real-world photos often carry harmless decoder warnings; only real corruption is refused.
  failOn: "error",
};

const INVALID_IMAGE = "Imagen no válida";

/** Effort 2 gives files within a few per cent of the default's size in two thirds of the time. */
export const WEBP_OPTIONS = { quality: 80, effort: 2 } as const;

/** Anything that can open a transaction: the database, or a transaction (nesting becomes a savepoint). */
export type TransactionRunner = Pick<Db, "transaction">;

/** An image checked and converted, ready to be stored. */
export interface EncodedImage {
  /** Size of the largest variant. */
  width: number;
  height: number;
  variants: { width: ImageWidth; data: Buffer }[];
}

async function assertIsPicture(input: Buffer): Promise<void> {
  // The header only: with the pixel limit sharp would refuse a large image as unreadable, not as too large.
  const metadata = await sharp(input, { ...SOURCE_OPTIONS, limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new HttpError(400, INVALID_IMAGE);
    });
  if (!ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new HttpError(400, INVALID_IMAGE);
  }
  if (metadata.width * metadata.height > IMAGE_MAX_PIXELS) throw new HttpError(400, IMAGE_TOO_MANY_PIXELS);
}

/** The largest of `widths`, in raw pixels: the source is decoded once, and every variant is made from this. */
async function decodeForVariants(input: Buffer, widths: readonly ImageWidth[]) {
  const largest = Math.max(...widths);
  const { data, info } = await sharp(input, SOURCE_OPTIONS)
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new HttpError(400, INVALID_IMAGE);
    });
  return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

/** Never upscales: a source narrower than `width` is stored at its own width under that variant. */
async function encodeVariant(decoded: Awaited<ReturnType<typeof decodeForVariants>>, width: ImageWidth) {
  const { data, info } = await sharp(decoded.data, { raw: decoded.raw })
    .resize({ width, withoutEnlargement: true })
    .webp(WEBP_OPTIONS)
    .toBuffer({ resolveWithObject: true });
  return { width, data, pixelWidth: info.width, pixelHeight: info.height };
}

/**
 * Checks `input` by content and converts it to WebP in each of `widths` (a banner's are wider,
 * contract/media.ts). The source is decoded once, down to the largest width (a JPEG shrinks while
 * it is read), which takes half the time and memory of decoding it for each width.
 */
export async function encodeImage(input: Buffer, widths: readonly ImageWidth[] = IMAGE_WIDTHS): Promise<EncodedImage> {
  await assertIsPicture(input);
  const decoded = await decodeForVariants(input, widths);
  const variants = await Promise.all(widths.map((width) => encodeVariant(decoded, width)));
  const largest = variants[variants.length - 1];
  return {
    width: largest.pixelWidth,
    height: largest.pixelHeight,
    variants: variants.map(({ width, data }) => ({ width, data })),
  };
}

/** An encoded image whose widths are in the file store, durably: ready for its rows. */
export interface StoredImage {
  width: number;
  height: number;
  variants: { width: ImageWidth; fileKey: string; sizeBytes: number }[];
}

/**
 * Writes each width of an encoded image to the file store (decision 0036). Done before any
 * transaction opens: the database never waits for a file, and a row never names one not yet written.
 */
export async function keepEncodedImage(files: FileStore, image: EncodedImage): Promise<StoredImage> {
  const variants = [];
  for (const { width, data } of image.variants) {
    const stored = await files.put(data);
    variants.push({ width, fileKey: stored.key, sizeBytes: stored.sizeBytes });
  }
  return { width: image.width, height: image.height, variants };
}

/** Inserts a stored image's rows (the image and one per width), atomically, and returns its id. */
export function saveStoredImage(db: TransactionRunner, image: StoredImage, alt: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(images)
      .values({ alt, width: image.width, height: image.height })
      .returning({ id: images.id });
    await tx
      .insert(imageVariants)
      .values(image.variants.map(({ width, fileKey, sizeBytes }) => ({ imageId: row.id, width, fileKey, sizeBytes })));
    return row.id;
  });
}

/**
 * Checks `input` by content, encodes it and writes its widths to the file store, ready for saveStoredImage. A
 * request's upload passes the app's `queue` (`app.imageQueue`), so only a few images are decoded at
 * once and the rest of the store keeps its CPU; a full queue refuses with 503.
 */
export async function prepareImage(files: FileStore, input: Buffer, queue?: ImageQueue): Promise<StoredImage> {
  const encoded = queue ? await queue.run(() => encodeImage(input)) : await encodeImage(input);
  return keepEncodedImage(files, encoded);
}

/**
 * Checks `input` by content, stores it as WebP in every served width and returns the new image id.
 * Encoding and writing the files happen before the transaction opens, so the database waits only
 * for the inserts.
 */
export async function storeImage(
  db: TransactionRunner,
  files: FileStore,
  input: Buffer,
  alt: string,
  queue?: ImageQueue,
): Promise<string> {
  return saveStoredImage(db, await prepareImage(files, input, queue), alt);
}

/** The file of one width of an image, or null when there is no such image. */
export async function findImageVariant(
  db: Db,
  imageId: string,
  width: ImageWidth,
): Promise<{ fileKey: string; sizeBytes: number } | null> {
  const [variant] = await db
    .select({ fileKey: imageVariants.fileKey, sizeBytes: imageVariants.sizeBytes })
    .from(imageVariants)
    .where(and(eq(imageVariants.imageId, imageId), eq(imageVariants.width, width)));
  return variant ?? null;
}
