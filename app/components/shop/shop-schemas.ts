import { z } from "zod";
import { formatSpanishNumber } from "#contract/number-format";
import {
  DOCUMENT_TOO_LARGE,
  DOCUMENT_TYPE_REFUSED,
  DOCUMENTS_MISSING,
  DOCUMENTS_TOO_MANY,
  REPLACEMENT_MISSING,
  REPLACEMENT_PART_PREFIX,
  SHOP_COUNTRIES,
  SHOP_DOCUMENT_MAX_BYTES,
  SHOP_DOCUMENT_TYPES,
  SHOP_DOCUMENTS_MAX,
  SHOP_DOCUMENTS_MIN,
  shopApplicationFields,
  TAX_ID_LABELS,
  type ShopCountry,
} from "#contract/shops";

/**
 * The forms of a customer's shop request (issue 10): the application on /dashboard/shop and the
 * replacement of documents on /dashboard/shop/confirmation. The fields are the contract's; the
 * web checks the files' count and size (and a type the browser already knows is wrong), the API
 * checks their content.
 */

export const shopIntents = { apply: "solicitar-tienda", replace: "reemplazar-documentos" } as const;

/** The file input's `accept`: the types by MIME and by extension, for pickers that know only one. */
export const SHOP_DOCUMENT_ACCEPT = [...Object.keys(SHOP_DOCUMENT_TYPES), ".pdf", ".jpg", ".jpeg", ".png", ".webp"].join(",");

/** Said beside the documents after a refused submission: no browser sends chosen files back. */
export const CHOOSE_FILES_AGAIN = "Por seguridad, vuelve a elegir los archivos.";

/** The tax id's label: the country's name for it, or all three while no country is known (or without JavaScript). */
export function taxIdLabel(country: ShopCountry | null | undefined): string {
  return country ? TAX_ID_LABELS[country] : `Identificador fiscal (${TAX_ID_LABELS.VE}; ${TAX_ID_LABELS.ES}; ${TAX_ID_LABELS.US})`;
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
  return typeof value === "string" && (SHOP_COUNTRIES as readonly string[]).includes(value) ? (value as ShopCountry) : null;
}

/**
 * One chosen document. A type the browser names and that is not one of ours is refused here; an
 * unnamed type (or a renamed file) goes on, and the API judges it by its content.
 */
function documentFile(missing: string) {
  return z
    .instanceof(File, { message: missing })
    .refine((file) => file.size > 0, missing)
    .refine((file) => file.type === "" || file.type in SHOP_DOCUMENT_TYPES, DOCUMENT_TYPE_REFUSED)
    .refine((file) => file.size <= SHOP_DOCUMENT_MAX_BYTES, DOCUMENT_TOO_LARGE);
}

/** The application: the contract's fields (tax id and phone checked for the country) and the documents. */
export const shopApplicationSchema = z.intersection(
  shopApplicationFields,
  z.object({
    documents: z
      .array(documentFile(DOCUMENTS_MISSING), { required_error: DOCUMENTS_MISSING, invalid_type_error: DOCUMENTS_MISSING })
      .min(SHOP_DOCUMENTS_MIN, DOCUMENTS_MISSING)
      .max(SHOP_DOCUMENTS_MAX, DOCUMENTS_TOO_MANY),
  }),
);
export type ShopApplicationForm = z.output<typeof shopApplicationSchema>;

/** The application's fields, as the form names them and the API's errors name them. */
export const SHOP_APPLICATION_FIELDS = ["shopName", "rif", "country", "province", "city", "address", "phone", "documents"] as const;

/** The part a replacement travels in (`reemplazo:<documentId>`), which is also its field's name. */
export function replacementField(documentId: string): string {
  return `${REPLACEMENT_PART_PREFIX}${documentId}`;
}

/** Said under each replacement's file input. */
export const REPLACEMENT_HINT = `Un archivo PDF, JPG, PNG o WebP de hasta ${SHOP_DOCUMENT_MAX_BYTES / (1024 * 1024)} MB.`;

/** The replacement form: one new file for each document the admin asked to change. */
export function replacementSchema(documentIds: readonly string[]) {
  return z.object(Object.fromEntries(documentIds.map((id) => [replacementField(id), documentFile(REPLACEMENT_MISSING)])) as Record<string, ReturnType<typeof documentFile>>);
}

/** A size in bytes as the documents' list shows it (1,2 MB, 340 kB). */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${formatSpanishNumber(bytes / (1024 * 1024), 0, 1)} MB`;
  return `${formatSpanishNumber(Math.max(1, Math.round(bytes / 1024)), 0, 0)} kB`;
}
