import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import type { App } from "../../api/src/app";
import type { Db } from "../../api/src/db/client";
import { auditLog } from "../../api/src/db/schema";
import { simplePdf } from "../../api/src/seed/shop-request";
import type { Customer } from "./orders-support";
import { uniqueRif } from "./support";

/** Helpers the shop tests (PGlite and PostgreSQL) share. */

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----limite${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("value" in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? "application/octet-stream"}\r\n\r\n`,
        ),
        part.content,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

export const PDF = simplePdf(["Registro de Información Fiscal", "Documento de prueba."]);

const picture = (format: "png" | "jpeg" | "webp") =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#1f63b0" } })
    .toFormat(format)
    .toBuffer();
export const PNG = await picture("png");
export const JPEG = await picture("jpeg");
export const WEBP = await picture("webp");
/** A Windows program: "MZ" and its header, whatever its name says. */
export const EXE = Buffer.concat([
  Buffer.from("MZ\u0090\u0000\u0003\u0000\u0000\u0000", "latin1"),
  Buffer.alloc(512, 0x41),
]);

/** A Venezuelan shop's fields, valid, with a RIF no other shop has. */
export function shopFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    shopName: `Pádel Lara ${randomUUID().slice(0, 6)}`,
    rif: uniqueRif(),
    country: "VE",
    province: "Lara",
    city: "Barquisimeto",
    address: "Av. Lara con calle 5, local 12",
    phone: "0212-285-4410",
    ...overrides,
  };
}

export const fieldParts = (fields: Record<string, string>): Part[] =>
  Object.entries(fields).map(([name, value]) => ({ name, value }));

/** POST /request-auth-shop/:userId with the fields and files given. */
export function apply(app: App, user: Customer, parts: Part[], userId = user.id) {
  const body = multipart(parts);
  return app.inject({
    method: "POST",
    url: `/request-auth-shop/${userId}`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

/** An application that must succeed: the fields given (or valid ones) with a PDF and a PNG. */
export async function appliedRequest(app: App, user: Customer, fields = shopFields()) {
  const response = await apply(app, user, [
    ...fieldParts(fields),
    { name: "documents", filename: "rif.pdf", content: PDF, type: "application/pdf" },
    { name: "documents", filename: "fachada.png", content: PNG, type: "image/png" },
  ]);
  if (response.statusCode !== 201)
    throw new Error(`La solicitud no se aceptó: ${response.statusCode} ${response.body}`);
  return response.json().request as {
    _id: string;
    userId: string;
    documents: { _id: string; fileName: string; status: string }[];
  };
}

export function decide(app: App, admin: Customer, userId: string, body: Record<string, unknown>) {
  return app.inject({ method: "POST", url: `/shop/approved/${userId}`, headers: admin.headers, payload: body });
}

/** POST /shop/request-changes/:userId: «Pedir cambios» with the data and documents given. */
export function requestChanges(app: App, admin: Customer, userId: string, body: Record<string, unknown>) {
  return app.inject({
    method: "POST",
    url: `/shop/request-changes/${userId}`,
    headers: admin.headers,
    payload: body,
  });
}

/** POST /shop/replace-documents/:userId: the request sent again with the parts given. */
export function resubmit(app: App, user: Customer, parts: Part[], userId = user.id) {
  const body = multipart(parts);
  return app.inject({
    method: "POST",
    url: `/shop/replace-documents/${userId}`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

/** The audit log's actions on one shop, oldest first. */
export async function auditActionsOf(db: Db, shopId: string): Promise<string[]> {
  return (
    await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, shopId))
      .orderBy(auditLog.createdAt, auditLog.id)
  ).map((row) => row.action);
}
