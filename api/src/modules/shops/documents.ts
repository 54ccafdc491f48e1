import type { Multipart } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FieldError } from "#contract/http";
import { INVALID_TEXT } from "#contract/messages";
import { DOCUMENT_TOO_LARGE, DOCUMENT_TYPE_REFUSED, DOCUMENTS_TOO_MANY } from "#contract/shops";
import {
  REPLACEMENT_PART_PREFIX,
  SHOP_DOCUMENT_MAX_BYTES,
  SHOP_DOCUMENTS_MAX,
  type ShopDocumentType,
} from "#contract/shop-labels";
import { FieldsError, HttpError } from "../../http-error.js";

/**
 * Shop documents as they arrive (DESIGN.md section 5): multipart parts read with @fastify/multipart's
 * limits, so a file past SHOP_DOCUMENT_MAX_BYTES is refused while it streams (never held whole) and a
 * part past the count is refused before it is read; each file's type is judged by its first bytes,
 * never by its name or declared type, and its name is given the extension of that type.
 */

/** A document read and checked, ready to be stored. */
export interface UploadedDocument {
  fileName: string;
  contentType: ShopDocumentType;
  data: Buffer;
}

const startsWith = (data: Buffer, bytes: readonly number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, index) => data[offset + index] === byte);

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** The signatures of the accepted types: PDF `%PDF-`, JPEG `FF D8 FF`, PNG's eight bytes, WebP `RIFF....WEBP`. */
const SIGNATURES: { type: ShopDocumentType; matches: (data: Buffer) => boolean }[] = [
  { type: "application/pdf", matches: (data) => startsWith(data, ascii("%PDF-")) },
  { type: "image/jpeg", matches: (data) => startsWith(data, [0xff, 0xd8, 0xff]) },
  { type: "image/png", matches: (data) => startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: "image/webp", matches: (data) => startsWith(data, ascii("RIFF")) && startsWith(data, ascii("WEBP"), 8) },
];

/** The document's type by its content, or null when it is none of the accepted ones (an .exe renamed .pdf). */
export function detectDocumentType(data: Buffer): ShopDocumentType | null {
  return SIGNATURES.find((signature) => signature.matches(data))?.type ?? null;
}

const EXTENSIONS: Record<ShopDocumentType, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

/** Longest name kept, extension included. */
const FILE_NAME_MAX_LENGTH = 120;

/**
 * The name a document is stored and downloaded under: the sender's name without folders, control
 * characters or quotes, cut to a sane length, with the extension of its real type (a PDF sent as
 * `contrato.exe` downloads as `contrato.pdf`).
 */
export function documentFileName(sent: string | undefined, type: ShopDocumentType): string {
  const base = (sent ?? "")
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|*?:;]/g, "")
    .replace(/\.[^.]*$/, "")
    .trim()
    .replace(/\s+/g, " ");
  const extension = EXTENSIONS[type];
  const kept = base.slice(0, FILE_NAME_MAX_LENGTH - extension.length - 1).trim();
  return `${kept === "" ? "documento" : kept}.${extension}`;
}

/** One uploaded file checked by content; the refusal is the field's error. */
function checkedDocument(part: { filename?: string }, data: Buffer, field: string): UploadedDocument | FieldError {
  const type = detectDocumentType(data);
  if (!type) return { field, message: DOCUMENT_TYPE_REFUSED };
  return { fileName: documentFileName(part.filename, type), contentType: type, data };
}

/** A browser sends an empty part for a file input left empty (no name, no bytes): it is no document. */
const isEmptyInput = (part: { filename?: string }, data: Buffer) => data.length === 0 && (part.filename ?? "") === "";

/** Text fields per request, and the longest value: far above the form's own limits, so only abuse hits them. */
const MULTIPART_LIMITS = { fields: 20, fieldSize: 4096, parts: 40, fileSize: SHOP_DOCUMENT_MAX_BYTES } as const;

const TOO_MANY_PARTS = "La solicitud tiene demasiados campos.";
const NO_FILE_HERE = "Este campo no admite archivos.";
const MULTIPART_EXPECTED = "Envía los datos y los documentos como formulario multipart/form-data.";

/** The multipart plugin's refusals (limits reached while reading) as the field's Spanish error. */
function multipartRefusal(error: unknown, filesField: string): HttpError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "FST_REQ_FILE_TOO_LARGE") {
    const part = (error as { part?: { fieldname?: string } }).part;
    return new FieldsError(413, [{ field: part?.fieldname ?? filesField, message: DOCUMENT_TOO_LARGE }]);
  }
  if (code === "FST_FILES_LIMIT") return new FieldsError(400, [{ field: filesField, message: DOCUMENTS_TOO_MANY }]);
  if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") return new HttpError(413, TOO_MANY_PARTS);
  if (code === "FST_PROTO_VIOLATION" || code === "FST_INVALID_JSON_FIELD_ERROR")
    return new HttpError(400, MULTIPART_EXPECTED);
  return null;
}

export interface ReadParts {
  /** Text fields by name (the last one of a repeated name). */
  fields: Record<string, string>;
  /** Files checked by content, by the part they came in. */
  files: { fieldname: string; document: UploadedDocument }[];
  /** Files refused by content, and parts where no file was expected. */
  errors: FieldError[];
}

/**
 * Reads a request's parts: text fields, and files in `isFilePart` parts (at most `maxFiles`, each at
 * most SHOP_DOCUMENT_MAX_BYTES). Past a limit the request is refused at once (FieldsError); files of
 * a refused type are reported in `errors`, so the answer names every field at fault together.
 */
export async function readDocumentParts(
  request: FastifyRequest,
  options: { isFilePart: (fieldname: string) => boolean; filesField: string; maxFiles: number },
): Promise<ReadParts> {
  if (!request.isMultipart()) throw new HttpError(400, MULTIPART_EXPECTED);
  const read: ReadParts = { fields: {}, files: [], errors: [] };
  try {
    for await (const part of request.parts({
      limits: { ...MULTIPART_LIMITS, files: options.maxFiles },
    }) as AsyncIterable<Multipart>) {
      if (part.type === "field") {
        const value = typeof part.value === "string" ? part.value : String(part.value);
        if (value.includes("\u0000") || part.fieldname.includes("\u0000"))
          throw new FieldsError(400, [{ field: part.fieldname, message: INVALID_TEXT }]);
        read.fields[part.fieldname] = value;
        continue;
      }
      if (!options.isFilePart(part.fieldname)) {
        // Read to the end (bounded by fileSize) so the next part arrives; the request is refused.
        await part.toBuffer();
        read.errors.push({ field: part.fieldname, message: NO_FILE_HERE });
        continue;
      }
      const data = await part.toBuffer();
      if (isEmptyInput(part, data)) continue;
      const checked = checkedDocument(part, data, part.fieldname);
      if ("field" in checked) read.errors.push(checked);
      else read.files.push({ fieldname: part.fieldname, document: checked });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // Reading parts touches nothing but the body: any other failure (no boundary, a body cut short)
    // is a malformed request, not the server's.
    throw multipartRefusal(error, options.filesField) ?? new HttpError(400, MULTIPART_EXPECTED);
  }
  return read;
}

/** Application parts: the fields of `shopApplicationFields` and the files in the repeated part `documents`. */
export const DOCUMENTS_PART = "documents";

/** `reemplazo:<documentId>`: the id of the document a replacement part replaces, or null for any other part name. */
export function replacedDocumentId(fieldname: string): string | null {
  return fieldname.startsWith(REPLACEMENT_PART_PREFIX) ? fieldname.slice(REPLACEMENT_PART_PREFIX.length) : null;
}

/** How many replacement files one request may carry: as many as the documents a request may have. */
export const REPLACEMENTS_MAX = SHOP_DOCUMENTS_MAX;
