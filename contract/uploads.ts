import { CATEGORY_IMAGE_MAX_BYTES } from "./category-labels";
import { PRODUCT_IMPORT_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES } from "./limits";
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from "./seller-product-labels";
import { SHOP_DOCUMENT_MAX_BYTES, SHOP_DOCUMENTS_MAX } from "./shop-labels";

/**
 * The limits of each form that sends files, written once for both halves: the API's multipart
 * parser refuses past them while the body streams, and the web's (app/services/uploads.server.ts)
 * refuses the same before reading the rest of the body, so it never reads what the API would refuse.
 */
export interface UploadLimits {
  /** Largest file, in bytes. */
  fileBytes: number;
  /** Most files. */
  files: number;
  /** Most text fields, and the longest one in bytes: far above the form's own, so only abuse meets them. */
  fields: number;
  fieldBytes: number;
  /** Most parts of any kind. */
  parts: number;
}

/** Multipart framing around a file or a field: its boundary and part headers. */
export const MULTIPART_PART_OVERHEAD = 1024;

/**
 * The largest body a form within `limits` can be: every file and field at its largest, with its
 * framing. Anything longer is refused before it is read (a declared Content-Length) or once that many
 * bytes have arrived.
 */
export function uploadBodyMaxBytes(limits: UploadLimits): number {
  return limits.files * limits.fileBytes + limits.fields * limits.fieldBytes + limits.parts * MULTIPART_PART_OVERHEAD;
}

/** A shop application (1 to 5 documents) and a replacement of its documents (one file per document). */
export const SHOP_DOCUMENT_UPLOAD: UploadLimits = {
  fileBytes: SHOP_DOCUMENT_MAX_BYTES,
  files: SHOP_DOCUMENTS_MAX,
  fields: 20,
  fieldBytes: 4096,
  parts: 40,
};

/** A product added or edited: up to eight images, 20 sizes of two fields, a spec sheet, a 4000-character description. */
export const PRODUCT_UPLOAD: UploadLimits = {
  fileBytes: PRODUCT_IMAGE_MAX_BYTES,
  files: PRODUCT_IMAGES_MAX,
  fields: 120,
  fieldBytes: 20_000,
  parts: 140,
};

/** A category added or edited, with its one image. */
export const CATEGORY_UPLOAD: UploadLimits = {
  fileBytes: CATEGORY_IMAGE_MAX_BYTES,
  files: 1,
  fields: 10,
  fieldBytes: 4096,
  parts: 12,
};

/** The profile's picture. */
export const PROFILE_IMAGE_UPLOAD: UploadLimits = {
  fileBytes: PROFILE_IMAGE_MAX_BYTES,
  files: 1,
  fields: 20,
  fieldBytes: 4096,
  parts: 21,
};

/** 400: a file in a part that takes none. */
export const FILE_NOT_EXPECTED = "Este campo no admite archivos.";
/** 400: a second image where a form takes one (a category's, the profile's). */
export const ONE_IMAGE_ONLY = "Envía una sola imagen.";
/** 413: more fields or parts than any form of ours sends. */
export const FORM_TOO_MANY_PARTS = "El formulario tiene demasiados campos.";

/**
 * The catalogue import page (decision 0054): the CSV file on the first step, and on the second the
 * same text in one hidden field (so apply checks what was previewed, not what the browser says).
 */
export const PRODUCT_IMPORT_UPLOAD: UploadLimits = {
  fileBytes: PRODUCT_IMPORT_MAX_BYTES,
  files: 1,
  fields: 4,
  fieldBytes: PRODUCT_IMPORT_MAX_BYTES,
  parts: 5,
};
