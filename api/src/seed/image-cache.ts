import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { ImageWidth } from "#contract/media";
import { WEBP_OPTIONS, type EncodedImage } from "../modules/media/service.js";

/**
 * The demo pictures, encoded once per machine: every new store (each `npm start` on a fresh data
 * folder, each test store) draws the same few hundred SVGs, and encoding them cost about 18 s of CPU
 * per store. A picture is found by the hash of what decides its bytes (its SVG, its widths, the WebP
 * settings and sharp's versions), so a change to any of them draws it anew. docs/decisions/0030.
 */

const ROOT = path.join(
  existsSync(path.join(process.cwd(), "node_modules")) ? path.join(process.cwd(), "node_modules", ".cache") : tmpdir(),
  "mercado-padel-seed-images",
);

interface CachedMeta {
  width: number;
  height: number;
  widths: ImageWidth[];
}

function keyOf(svg: string, widths: readonly ImageWidth[]): string {
  return createHash("sha256")
    .update(JSON.stringify({ svg, widths, webp: WEBP_OPTIONS, sharp: sharp.versions }))
    .digest("hex");
}

async function read(folder: string): Promise<EncodedImage | null> {
  try {
    const meta = JSON.parse(await readFile(path.join(folder, "meta.json"), "utf8")) as CachedMeta;
    const variants = await Promise.all(
      meta.widths.map(async (width) => ({ width, data: await readFile(path.join(folder, `${width}.webp`)) })),
    );
    return { width: meta.width, height: meta.height, variants };
  } catch {
    return null;
  }
}

/** Written whole under a temporary name, then renamed: a store starting beside this one reads all of it or none. */
async function write(folder: string, image: EncodedImage): Promise<void> {
  try {
    await mkdir(ROOT, { recursive: true });
    const draft = await mkdtemp(path.join(ROOT, ".borrador-"));
    for (const { width, data } of image.variants) await writeFile(path.join(draft, `${width}.webp`), data);
    const meta: CachedMeta = { width: image.width, height: image.height, widths: image.variants.map((v) => v.width) };
    await writeFile(path.join(draft, "meta.json"), JSON.stringify(meta));
    await rename(draft, folder).catch(() => rm(draft, { recursive: true, force: true }));
  } catch {
    // A cache that cannot be written (a read-only disk) only means drawing again next time.
  }
}

/** The encoded picture of `svg`, from the cache or drawn by `encode` and kept. */
export async function encodeOnce(
  svg: string,
  widths: readonly ImageWidth[],
  encode: () => Promise<EncodedImage>,
): Promise<EncodedImage> {
  const folder = path.join(ROOT, keyOf(svg, widths));
  const cached = await read(folder);
  if (cached) return cached;
  const encoded = await encode();
  await write(folder, encoded);
  return encoded;
}
