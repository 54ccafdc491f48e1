import Busboy from "@fastify/busboy";
import { randomUUID } from "node:crypto";
import { createWriteStream, openAsBlob } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { FILE_NOT_EXPECTED, FORM_TOO_MANY_PARTS, uploadBodyMaxBytes, type UploadLimits } from "#contract/uploads";
import { FORM_BODY_LIMIT } from "./body-limits.server";

/**
 * Forms that send files (issue 31, finding 5), read as they stream: never whole, never past what the
 * API would refuse. Text fields are kept in memory (a few kilobytes); each file is written to a
 * temporary file of the request's own (UploadScope) as it arrives and handed on as a File read from
 * disk, so an application of 25 MB costs the web no memory. The limits are the API's
 * (contract/uploads.ts): past one, reading stops at once and the form is answered with the field's
 * message and what was typed before it; the rest of the body is never read (server.ts drops it).
 */

/** One page's upload form: its limits, which parts take files, and its messages. */
export interface UploadForm {
  limits: UploadLimits;
  /** The form field a file part is shown under (its errors go there), or null for a part that takes no file. */
  fileField(part: string): string | null;
  /** Where "too many files" and "too large" are said when no one part is at fault; null: above the form. */
  filesField: string | null;
  /** The API's messages: a file past `limits.fileBytes`, and more files than `limits.files`. */
  tooLarge: string;
  tooMany: string;
  /**
   * The page's form a refused post belongs to, by the field at fault and what arrived before it: a
   * post refused early never got to its button's intent.
   */
  intentOf(field: string | null, formData: FormData): string;
}

/** Why a post was refused while it arrived: the status, the field at fault (null: the form) and the message. */
export interface UploadRefusal {
  status: 400 | 413;
  field: string | null;
  message: string;
}

export interface ReadUpload {
  /** Every text field and accepted file, in the body's order; only those before the refusal when refused. */
  formData: FormData;
  refusal: UploadRefusal | null;
  /** The browser sent a chosen file (none comes back: the page asks for them again). */
  filesChosen: boolean;
  /** Bytes of the body read: at most the limit passed, plus one chunk. */
  bytesRead: number;
}

/**
 * One request's temporary files: made on the first upload, removed by `dispose` once the request is
 * answered (server.ts), whether its files were sent on to the API or refused.
 */
export class UploadScope {
  private folder: Promise<string> | null = null;

  dir(): Promise<string> {
    this.folder ??= mkdtemp(path.join(tmpdir(), "mp-subida-"));
    return this.folder;
  }

  async dispose(): Promise<void> {
    const folder = this.folder;
    this.folder = null;
    if (folder) await rm(await folder, { recursive: true, force: true });
  }
}

/** A body that is no form: the sender's fault, answered 400 and the error page as readForm does. */
const notAForm = () => new Response("Formulario no válido", { status: 400, statusText: "Formulario no válido" });

/** A post that is not multipart (no files): read only up to a form's limit, as any other page's. */
async function readSmallForm(request: Request): Promise<ReadUpload> {
  const bytes = await readAtMost(request, FORM_BODY_LIMIT);
  try {
    const formData = await new Request(request.url, {
      method: "POST",
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      body: new Uint8Array(bytes),
    }).formData();
    return { formData, refusal: null, filesChosen: false, bytesRead: bytes.length };
  } catch {
    throw notAForm();
  }
}

async function readAtMost(request: Request, limit: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > limit) throw new Response("Contenido demasiado grande", { status: 413 });
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks);
}

/**
 * Reads an upload form's post as it streams, within `form.limits`: see the module's comment. A
 * malformed body is a 400 Response (thrown), as readForm's; a refusal within the limits is an answer
 * for the form (`refusal`), with what arrived before it.
 */
export async function readUploadForm(request: Request, form: UploadForm, scope: UploadScope): Promise<ReadUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) return readSmallForm(request);

  const limits = form.limits;
  const maxBody = uploadBodyMaxBytes(limits);
  // A declared length past every limit: what comes before the first file is read, for the form; no file is.
  const declared = Number(request.headers.get("content-length"));
  const declaredTooLarge = Number.isFinite(declared) && declared > maxBody;
  const dir = await scope.dir();

  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { "content-type": contentType },
      limits: {
        fileSize: limits.fileBytes,
        files: limits.files,
        fields: limits.fields,
        fieldSize: limits.fieldBytes,
        parts: limits.parts,
      },
    });
  } catch {
    throw notAForm();
  }

  /** The body's entries in order; a file's settles once it is on disk. */
  const entries: Promise<[string, string | File] | null>[] = [];
  let refusal: UploadRefusal | null = null;
  let filesChosen = false;
  let malformed: unknown = null;
  let lastFileField: string | null = form.filesField;
  /** Files still arriving: cut off when reading stops early. */
  const receiving = new Set<NodeJS.ReadableStream & { destroy(error?: Error): void }>();
  const refuse = (status: 400 | 413, field: string | null, message: string) => {
    refusal ??= { status, field, message };
  };

  parser.on("field", (name, value) => {
    if (!refusal) entries.push(Promise.resolve([name, value]));
  });
  parser.on("file", (name, stream, filename, _encoding, mimeType) => {
    const field = form.fileField(name);
    if (filename) filesChosen = true;
    if (refusal || field === null || declaredTooLarge) {
      stream.resume();
      if (field === null) refuse(400, name, FILE_NOT_EXPECTED);
      else if (declaredTooLarge) refuse(413, field, form.tooLarge);
      return;
    }
    lastFileField = field;
    receiving.add(stream);
    stream.once("end", () => receiving.delete(stream));
    stream.once("limit", () => refuse(413, field, form.tooLarge));
    const target = path.join(dir, randomUUID());
    const written = pipeline(stream, createWriteStream(target)).then(async (): Promise<[string, File] | null> => {
      if (stream.truncated) return null;
      const type = mimeType || "application/octet-stream";
      return [name, new File([await openAsBlob(target, { type })], filename ?? "", { type })];
    });
    // Judged once reading is over (Promise.allSettled below); a failure before then is no crash.
    written.catch(() => undefined);
    entries.push(written);
  });
  parser.on("filesLimit", () => refuse(400, lastFileField, form.tooMany));
  parser.on("partsLimit", () => refuse(413, null, FORM_TOO_MANY_PARTS));
  parser.on("fieldsLimit", () => refuse(413, null, FORM_TOO_MANY_PARTS));
  parser.on("error", (error: unknown) => {
    malformed ??= error;
  });
  const finished = new Promise<void>((resolve) => parser.once("finish", resolve));

  const reader = request.body.getReader();
  let bytesRead = 0;
  let whole = false;
  try {
    while (!refusal && !malformed) {
      const { done, value } = await reader.read();
      if (done) break;
      bytesRead += value.length;
      if (bytesRead > maxBody) {
        refuse(413, lastFileField, form.tooLarge);
        break;
      }
      await new Promise<void>((resolve) => parser.write(value, () => resolve()));
    }
    if (!refusal && !malformed) {
      parser.end();
      await Promise.race([finished, new Promise((resolve) => parser.once("error", resolve))]);
      whole = !malformed;
    }
  } catch (error) {
    if (request.signal.aborted) throw error;
    throw notAForm();
  } finally {
    if (!whole) {
      // Past a limit (or a broken body) nothing more is read: the browser gets its answer while it
      // may still be sending. The files cut short are closed with an error: a file stream whose
      // last bytes had arrived would otherwise count as whole.
      await reader.cancel().catch(() => undefined);
      parser.destroy();
      for (const stream of receiving) stream.destroy(new Error("Subida interrumpida"));
    }
  }
  if (malformed && !refusal) throw notAForm();

  const settled = await Promise.allSettled(entries);
  const formData = new FormData();
  for (const entry of settled) {
    if (entry.status === "rejected") {
      // A file cut short by the refusal stops where it stopped; otherwise the body was broken.
      if (refusal) continue;
      throw notAForm();
    }
    if (entry.value) formData.append(entry.value[0], entry.value[1]);
  }
  return { formData, refusal, filesChosen, bytesRead };
}
