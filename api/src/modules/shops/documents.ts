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
import { FILE_NOT_EXPECTED, FORM_TOO_MANY_PARTS, SHOP_DOCUMENT_UPLOAD } from "#contract/uploads";
import { FileTooLargeError, type FileStore, type StagedFile, type StoredFile } from "../../files/store.js";
import { FieldsError, HttpError } from "../../http-error.js";

/**
 * Shop documents as they arrive (DESIGN.md section 5): multipart parts read with @fastify/multipart's
 * limits (contract/uploads.ts), so a file past SHOP_DOCUMENT_MAX_BYTES is refused while it streams
 * and a part past the count is refused before it is read. Each file streams into the file store's
 * staging (never held whole, never through the database); its type is judged by its first bytes,
 * never by its name or declared type, and its name is given the extension of that type.
 */

/** A document received and checked, staged in the file store until its request is accepted. */
export interface UploadedDocument {
  fileName: string;
  contentType: ShopDocumentType;
  file: StagedFile;
}

/** A document whose file is in the file store (committed): what its row records. */
export interface KeptDocument {
  fileName: string;
  contentType: ShopDocumentType;
  file: StoredFile;
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

/** A browser sends an empty part for a file input left empty (no name, no bytes): it is no document. */
const isEmptyInput = (part: { filename?: string }, file: StagedFile) =>
  file.sizeBytes === 0 && (part.filename ?? "") === "";

const MULTIPART_LIMITS = {
  fields: SHOP_DOCUMENT_UPLOAD.fields,
  fieldSize: SHOP_DOCUMENT_UPLOAD.fieldBytes,
  parts: SHOP_DOCUMENT_UPLOAD.parts,
  fileSize: SHOP_DOCUMENT_UPLOAD.fileBytes,
} as const;

const MULTIPART_EXPECTED = "Envía los datos y los documentos como formulario multipart/form-data.";

/** The multipart plugin's refusals (limits reached while reading) as the field's Spanish error. */
function multipartRefusal(error: unknown, filesField: string): HttpError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "FST_REQ_FILE_TOO_LARGE") {
    const part = (error as { part?: { fieldname?: string } }).part;
    return new FieldsError(413, [{ field: part?.fieldname ?? filesField, message: DOCUMENT_TOO_LARGE }]);
  }
  if (code === "FST_FILES_LIMIT") return new FieldsError(400, [{ field: filesField, message: DOCUMENTS_TOO_MANY }]);
  if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") return new HttpError(413, FORM_TOO_MANY_PARTS);
  if (code === "FST_PROTO_VIOLATION" || code === "FST_INVALID_JSON_FIELD_ERROR")
    return new HttpError(400, MULTIPART_EXPECTED);
  return null;
}

export interface ReadParts {
  /** Text fields by name (the last one of a repeated name). */
  fields: Record<string, string>;
  /** Files checked by content, by the part they came in, staged in the file store. */
  files: { fieldname: string; document: UploadedDocument }[];
  /** Files refused by content, and parts where no file was expected. */
  errors: FieldError[];
  /** Commits the accepted documents' files to the file store, durably: before their rows are written. */
  keep(): Promise<void>;
  /** Drops every staged file not kept: call once the request is done, accepted or not. */
  discard(): Promise<void>;
}

/** Reads a file part to its end and drops it: the next part arrives only after it. */
async function skipFile(part: { file: AsyncIterable<unknown> }): Promise<void> {
  for await (const _chunk of part.file) {
    // Dropped as it arrives (bounded by fileSize).
  }
}

/**
 * Reads a request's parts: text fields, and files in `isFilePart` parts (at most `maxFiles`, each at
 * most SHOP_DOCUMENT_MAX_BYTES). Each file streams to a temporary file of `files` as it arrives,
 * hashed on the way and never held whole; its first bytes say its type. Past a limit the request is
 * refused at once (FieldsError) with nothing kept; files of a refused type are reported in `errors`,
 * so the answer names every field at fault together.
 */
export async function readDocumentParts(
  request: FastifyRequest,
  files: FileStore,
  options: { isFilePart: (fieldname: string) => boolean; filesField: string; maxFiles: number },
): Promise<ReadParts> {
  if (!request.isMultipart()) throw new HttpError(400, MULTIPART_EXPECTED);
  const staged: StagedFile[] = [];
  const discard = async () => {
    await Promise.all(staged.map((file) => file.discard()));
  };
  const read: ReadParts = {
    fields: {},
    files: [],
    errors: [],
    keep: async () => {
      for (const { document } of read.files) await document.file.commit();
    },
    discard,
  };
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
        // Read to the end so the next part arrives; the request is refused.
        await skipFile(part);
        read.errors.push({ field: part.fieldname, message: FILE_NOT_EXPECTED });
        continue;
      }
      const file = await files.stage(part.file, { maxBytes: SHOP_DOCUMENT_MAX_BYTES });
      staged.push(file);
      // Cut off at fileSize by the parser: the file was larger.
      if (part.file.truncated) throw new FieldsError(413, [{ field: part.fieldname, message: DOCUMENT_TOO_LARGE }]);
      if (isEmptyInput(part, file)) continue;
      const type = detectDocumentType(file.head);
      if (!type) read.errors.push({ field: part.fieldname, message: DOCUMENT_TYPE_REFUSED });
      else
        read.files.push({
          fieldname: part.fieldname,
          document: { fileName: documentFileName(part.filename, type), contentType: type, file },
        });
    }
  } catch (error) {
    await discard();
    if (error instanceof HttpError) throw error;
    if (error instanceof FileTooLargeError)
      throw new FieldsError(413, [{ field: options.filesField, message: DOCUMENT_TOO_LARGE }]);
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
