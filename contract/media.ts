import { z } from "zod";
import { binaryAnswer, endpoint, noInput } from "./http";
import { uuid } from "./fields";
import { IMAGE_MAX_PIXELS } from "./limits";

/** Stored images, served as WebP in a few fixed widths: `/images/{id}/{width}.webp`. */

/** Every image is served in these widths. */
export const IMAGE_WIDTHS = [200, 400, 800] as const;
/**
 * A banner is drawn across the page, 1232 px at most (the page's width less its margins): it is
 * served up to twice that, for sharp screens, and never as narrow as a product thumbnail.
 */
export const BANNER_IMAGE_WIDTHS = [400, 800, 1232, 1600, 2464] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number] | (typeof BANNER_IMAGE_WIDTHS)[number];

/** 400: an upload with more than IMAGE_MAX_PIXELS pixels, refused before it is decoded. */
export const IMAGE_TOO_MANY_PIXELS = `La imagen tiene demasiados píxeles: como máximo ${IMAGE_MAX_PIXELS / 1_000_000} megapíxeles (por ejemplo, 6000 × 4000). Redúcela e inténtalo de nuevo.`;
/** 503 with Retry-After: every place in the image queue is taken. */
export const IMAGE_QUEUE_FULL =
  "Estamos procesando muchas imágenes en este momento. Inténtalo de nuevo en unos segundos.";

export const IMAGE_FILES = [
  "200.webp",
  "400.webp",
  "800.webp",
  "1232.webp",
  "1600.webp",
  "2464.webp",
] as const satisfies readonly `${ImageWidth}.webp`[];

/** The path of one width of a stored image, on the API's address. */
export const imagePath = (imageId: string, width: ImageWidth) => `/images/${imageId}/${width}.webp`;

/**
 * Answers that carry image ids also carry their addresses (issue 32), for clients that do not build
 * them: `imageUrl` beside `image`, `imageUrls` beside `images`, absolute from PUBLIC_API_URL, at the
 * one width every image has up to 800 px (`/images/{id}/{200|400|800}.webp` serves the others).
 */
export const IMAGE_URL_WIDTH = 800 satisfies ImageWidth;
export const imageUrlOf = (publicApiUrl: string, imageId: string) =>
  `${publicApiUrl.replace(/\/$/, "")}${imagePath(imageId, IMAGE_URL_WIDTH)}`;
// Optional for the handlers that build answers: the API adds them to every answer in one place
// (api/src/image-urls.ts), so clients always receive them.
export const imageUrlField = z.string().nullable().optional();
export const imageUrlsField = z.array(z.string()).optional();

export const imageParams = z.object({
  id: uuid("Identificador de imagen no válido"),
  file: z.enum(IMAGE_FILES, {
    errorMap: () => ({ message: `Tamaño de imagen no válido: usa ${IMAGE_FILES.join(", ")}` }),
  }),
});
export type ImageParams = z.infer<typeof imageParams>;

export const mediaEndpoints = {
  /**
   * The WebP bytes of one width of an image, cacheable for a year (ETag; 304 when If-None-Match
   * matches); 404 with a message when there is no such image.
   */
  image: endpoint({
    method: "GET",
    path: "/images/:id/:file",
    params: imageParams,
    query: noInput,
    answer: binaryAnswer,
  }),
};
