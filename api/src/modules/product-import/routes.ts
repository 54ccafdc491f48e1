import type { FastifyInstance, FastifyRequest } from "fastify";
import { FORBIDDEN } from "#contract/messages";
import {
  importDoneMessage,
  PRODUCT_IMPORT_MAX_BYTES,
  productImportEndpoints as endpoints,
} from "#contract/product-import";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import type { MailContext } from "../mail/render.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser } from "../accounts/auth.js";
import { applyImport, previewImport } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "product-import",
  description:
    "A seller's catalogue brought back from a CSV file (issue 34, decision 0054): the file the catalogue " +
    "download writes (columns `contract/product-csv.ts`), edited in a spreadsheet. Shapes and messages: " +
    "`contract/product-import.ts`. A `seller` whose shop is `aprobada` (customers and admins 403 `No " +
    "tienes permiso para esta acción.`, a shop not approved 403 `Tu tienda no está aprobada: …`).\n\n" +
    "**The file** (`{csv}`, its text, at most 4 MB and 5,000 product rows): UTF-8 with or without BOM, " +
    "`;` or `,` between cells (the header's decides), the catalogue's 14 headers in any order. A file " +
    "that cannot be read at all is 400 on the field `csv` and changes nothing: empty (`El archivo está " +
    "vacío: …`), not CSV (`No se pudo leer el archivo como CSV: …`), missing or unknown columns (`Al " +
    "archivo le faltan columnas (…)`, `El archivo tiene columnas que no son del catálogo (…)`), no rows, " +
    "too many rows.\n\n" +
    "**Rows.** Each row is checked by the product form's rules (`productFormFields`, " +
    "`specSheetIssues`): `ID` empty creates a product, the ID of a live product of the caller's shop " +
    "updates it; another shop's, an archived or an unknown ID is refused (`Este producto no es de tu " +
    "tienda o ya no existe: …`), so is an ID twice. `Categoría` is the category's slug (unknown: `Esa " +
    "categoría no existe.`, hidden: `Esa categoría está oculta: elige otra.` unless the product is in " +
    "it); `Estado` `borrador`, `publicado` or `oculto` (empty: a new product is a draft, an update keeps " +
    "its state); a new product cannot be `publicado` (it has no images yet), a product an admin hid " +
    "stays `oculto` (`La administración ocultó este producto: …`); `Tallas` `M: 2 | L: 3` (their sum " +
    "must equal `Stock` when both are given), `Ficha técnica` `clave: valor | …` against the category's " +
    "sheet. A text cell the download guarded with a leading apostrophe is read without it. Every " +
    "refusal is `{line, column, message}`: the spreadsheet's line (the header is 1) and the column's " +
    "header, or `column: null` for the whole row; a refused row is skipped whole.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  preview: {
    summary: "Check a catalogue CSV without importing it",
    description:
      "`{csv}`. Writes nothing. `{rows, creates, updates, skippedLines, refusals, refusalCount}`: the " +
      "valid rows that would create and update products, the lines that would be skipped, and the " +
      "first 200 refusals by line (`refusalCount` is all of them).",
  },
  apply: {
    summary: "Import a catalogue CSV's valid rows",
    description:
      "`{csv}`, the same file again: it is read and checked anew (nothing of a preview is trusted), " +
      "and its valid rows are written in one transaction, all or nothing. Locks: the shop `FOR SHARE`, " +
      "then the products the file names `FOR UPDATE` by id (a row may rename one) and then their sizes " +
      '(by product id, then size in `"C"` order): the one order every writer of products takes, sales, ' +
      "the stock screen and the product form included (`lock_products`, decision 0061), so two imports " +
      "of the same products, or an import and an edit or a sale, queue. Stock is set as the stock screen sets " +
      "it without a version: each change is a movement (`ajuste`, the seller), low-stock notices follow " +
      "the thresholds, and shoppers waiting for a size that comes back are told. Writes are set-based " +
      "(a statement per kind of change, not per row). One audit entry `producto.importar` (entity " +
      "`tienda`) with the counts and the products' ids. 400 `Ninguna fila del archivo se puede " +
      "importar: …` on `csv` when no row is valid. `{message: 'Importados: 3 nuevos, 2 actualizados.', " +
      "created, updated, skipped}`.",
  },
} satisfies Record<string, RouteWords>;

/** The text travels as JSON: its escapes can make it longer than the file. */
const BODY_LIMIT = 2 * PRODUCT_IMPORT_MAX_BYTES + 64 * 1024;

async function sellersOnly(request: FastifyRequest) {
  if (currentUser(request).role !== "seller") throw new HttpError(403, FORBIDDEN);
}

/** A seller's catalogue import (issue 34). */
export async function productImportRoutes(app: FastifyInstance, opts: { db: Db; mail: MailContext }) {
  documentModule(app, section);
  const { db, mail } = opts;
  const writer = {
    onRequest: [app.authenticate, sellersOnly],
    sellerWrite: true as const,
    bodyLimit: BODY_LIMIT,
  };

  route(app, endpoints.preview, { ...words.preview, ...writer }, (request) =>
    previewImport(db, currentUser(request), request.body.csv),
  );

  route(app, endpoints.apply, { ...words.apply, ...writer }, async (request) => {
    const counts = await applyImport(db, currentUser(request), request.body.csv, mail);
    return { message: importDoneMessage(counts.created, counts.updated), ...counts };
  });
}
