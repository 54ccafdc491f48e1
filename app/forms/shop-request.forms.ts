import { formatSpanishNumber } from "#contract/number-format";
import {
  REPLACEMENT_PART_PREFIX,
  SHOP_COUNTRIES,
  SHOP_DOCUMENT_MAX_BYTES,
  SHOP_DOCUMENT_TYPES,
  type ShopCountry,
  type ShopRequestField,
  TAX_ID_LABELS,
} from "#contract/shop-labels";

import type { FormAnswer } from "./form-answer";

/**
 * The shop request's forms without zod, so their pages load zod only with a form's schema
 * (shop-request.schema.ts): what their buttons ask for, the tax id's label and hint for a country,
 * the documents' inputs and how the page writes a document's size.
 */

export const shopIntents = { apply: "solicitar-tienda", resend: "enviar-cambios" } as const;

/** What «Pedir cambios» asks of a request: the named data, the request's country, tax id and phone, the documents to replace. */
export interface ChangesAsked {
  fields: readonly ShopRequestField[];
  current: { country: ShopCountry; rif: string; phone: string };
  documentIds: readonly string[];
}

export const shopRequestSchemas = {
  application: () => import("./shop-request.schema").then((module) => module.shopApplicationSchema),
  /** Memoize on what was asked: the loader keys the browser's validators. */
  changes: (asked: ChangesAsked) => () => import("./shop-request.schema").then((module) => module.changesSchema(asked)),
};

/**
 * A refused form that carries files: `attempt` renews the file inputs (no browser sends chosen
 * files back), `filesLost` says some were chosen, so the page asks to choose them again.
 */
export interface FilesFormAnswer extends FormAnswer {
  attempt: string;
  filesLost: boolean;
}

/** The file input's `accept`: the types by MIME and by extension, for pickers that know only one. */
export const SHOP_DOCUMENT_ACCEPT = [
  ...Object.keys(SHOP_DOCUMENT_TYPES),
  ".pdf",
  ".jpg",
  ".jpeg",
  ".png",
  ".webp",
].join(",");

/** Said beside the documents after a refused submission: no browser sends chosen files back. */
export const CHOOSE_FILES_AGAIN = "Por seguridad, vuelve a elegir los archivos.";

/** The tax id's label: the country's name for it, or all three while no country is known (or without JavaScript). */
export function taxIdLabel(country: ShopCountry | null | undefined): string {
  return country
    ? TAX_ID_LABELS[country]
    : `Identificador fiscal (${TAX_ID_LABELS.VE}; ${TAX_ID_LABELS.ES}; ${TAX_ID_LABELS.US})`;
}

/** How each country's tax id is written, for the hint under the field. */
export const TAX_ID_EXAMPLES: Record<ShopCountry, string> = {
  VE: "Venezuela: RIF, una letra (J, V, E, G o P), ocho cifras y el dígito verificador, por ejemplo J-12345678-4.",
  ES: "España: NIF o CIF, con su letra o dígito de control, por ejemplo B12345674.",
  US: "Estados Unidos: EIN, nueve cifras, por ejemplo 12-3456789.",
};

/** The hint under the tax id: the chosen country's form, or every country's. */
export function taxIdHint(country: ShopCountry | null | undefined): string[] {
  return country ? [TAX_ID_EXAMPLES[country]] : SHOP_COUNTRIES.map((code) => TAX_ID_EXAMPLES[code]);
}

/** A country code from a form or a stored request, or null. */
export function countryOf(value: unknown): ShopCountry | null {
  return typeof value === "string" && (SHOP_COUNTRIES as readonly string[]).includes(value)
    ? (value as ShopCountry)
    : null;
}

/** The part a replacement travels in (`reemplazo:<documentId>`), which is also its field's name. */
export function replacementField(documentId: string): string {
  return `${REPLACEMENT_PART_PREFIX}${documentId}`;
}

/** Said under each replacement's file input. */
export const REPLACEMENT_HINT = `Un archivo PDF, JPG, PNG o WebP de hasta ${
  SHOP_DOCUMENT_MAX_BYTES / (1024 * 1024)
} MB.`;

/** A size in bytes as the documents' list shows it (1,2 MB, 340 kB). */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${formatSpanishNumber(bytes / (1024 * 1024), 0, 1)} MB`;
  return `${formatSpanishNumber(Math.max(1, Math.round(bytes / 1024)), 0, 0)} kB`;
}
