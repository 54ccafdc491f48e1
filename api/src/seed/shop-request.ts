import sharp from "sharp";
import { shopLocation } from "#contract/shops";
import type { ShopCountry } from "#contract/shop-labels";
import type { Transaction } from "../db/client.js";
import { shopDocuments, shops } from "../db/schema.js";
import type { FileStore } from "../files/store.js";

/**
 * The demo store's pending shop request (issue 10): a customer who applied with two documents, a
 * PDF and a PNG made here (no files shipped), so a fresh store's admin queue is not empty.
 */

export const PENDING_REQUEST = {
  name: "Punto de Oro Maracaibo",
  slug: "punto-de-oro-maracaibo",
  // J, 41234567: 3·4 + 4·3 + 1·2 + 2·7 + 3·6 + 4·5 + 5·4 + 6·3 + 7·2 = 130; 130 mod 11 = 9; 11 - 9 = 2.
  rif: "J-41234567-2",
  country: "VE" as ShopCountry,
  province: "Zulia",
  city: "Maracaibo",
  address: "Av. 5 de Julio con calle 72, local 3",
  phone: "+58 261 7923314",
};

/** A one-page PDF (1.4, Helvetica, WinAnsi text) with its cross-reference table computed. */
export function simplePdf(lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (character) => `\\${character}`);
  const content = ["BT", "/F1 14 Tf", "72 770 Td", "18 TL", ...lines.map((line) => `(${escape(line)}) '`), "ET"].join(
    "\n",
  );
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

/** The shop's front, drawn as SVG and saved as a PNG. */
async function storefrontPng(name: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320" viewBox="0 0 480 320">
    <rect width="480" height="320" fill="#dfe8f3"/>
    <rect x="40" y="70" width="400" height="230" fill="#f4f4f1" stroke="#23262b" stroke-width="4"/>
    <rect x="40" y="40" width="400" height="50" fill="#1f63b0"/>
    <text x="240" y="74" font-family="sans-serif" font-size="24" font-weight="bold" fill="#ffffff" text-anchor="middle">${name}</text>
    <rect x="70" y="120" width="150" height="110" fill="#9cc3e6" stroke="#23262b" stroke-width="3"/>
    <rect x="270" y="120" width="130" height="180" fill="#8a5a2b" stroke="#23262b" stroke-width="3"/>
    <circle cx="145" cy="175" r="28" fill="#d9ec3c" stroke="#23262b" stroke-width="2"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}

/** Stores the request of `ownerId`, pending, with its two documents (their files in `files`). */
export async function insertPendingShopRequest(
  tx: Transaction,
  files: FileStore,
  ownerId: string,
  ownerName: string,
): Promise<void> {
  const [shop] = await tx
    .insert(shops)
    .values({ ...PENDING_REQUEST, ownerId, location: shopLocation(PENDING_REQUEST), status: "pendiente" })
    .returning({ id: shops.id });
  const certificate = simplePdf([
    "REPUBLICA BOLIVARIANA DE VENEZUELA",
    "Registro de Información Fiscal (RIF)",
    "",
    `Razón social: ${PENDING_REQUEST.name}, C.A.`,
    `RIF: ${PENDING_REQUEST.rif}`,
    `Domicilio fiscal: ${shopLocation(PENDING_REQUEST)}`,
    `Representante: ${ownerName}`,
    "",
    "Documento de demostración de Mercado Pádel.",
  ]);
  const certificateFile = await files.put(certificate);
  const storefrontFile = await files.put(await storefrontPng(PENDING_REQUEST.name));
  await tx.insert(shopDocuments).values([
    {
      shopId: shop!.id,
      fileName: "registro-de-informacion-fiscal.pdf",
      contentType: "application/pdf",
      sizeBytes: certificateFile.sizeBytes,
      fileKey: certificateFile.key,
    },
    {
      shopId: shop!.id,
      fileName: "fachada-de-la-tienda.png",
      contentType: "image/png",
      sizeBytes: storefrontFile.sizeBytes,
      fileKey: storefrontFile.key,
    },
  ]);
}
