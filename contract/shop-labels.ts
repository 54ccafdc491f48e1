/**
 * What pages show of shops and their requests, without zod or the phone library: the statuses,
 * countries and documents with their Spanish names, and the admin's ready reasons. shops.ts and
 * shop-status.ts build their schemas on these.
 */

// ---- Statuses -----------------------------------------------------------------------------------

/** Only an 'aprobada' shop sells: the products of any other are out of the catalogue. */
export const SHOP_STATUSES = ["pendiente", "requiere_cambios", "aprobada", "rechazada", "suspendida"] as const;
export type ShopStatus = (typeof SHOP_STATUSES)[number];

export const SHOP_STATUS_LABELS: Record<ShopStatus, string> = {
  pendiente: "Pendiente de revisión",
  requiere_cambios: "Requiere cambios",
  aprobada: "Aprobada",
  rechazada: "Rechazada",
  suspendida: "Suspendida",
};

/** A document as sent; accepted or to be replaced once reviewed; replaced ones stay as history. */
export const SHOP_DOCUMENT_STATUSES = ["enviado", "aceptado", "requiere_cambios", "reemplazado"] as const;
export type ShopDocumentStatus = (typeof SHOP_DOCUMENT_STATUSES)[number];

export const SHOP_DOCUMENT_STATUS_LABELS: Record<ShopDocumentStatus, string> = {
  enviado: "Enviado, en revisión",
  aceptado: "Aceptado",
  requiere_cambios: "Hay que reemplazarlo",
  reemplazado: "Reemplazado",
};

// ---- Countries ----------------------------------------------------------------------------------

export const SHOP_COUNTRIES = ["ES", "US", "VE"] as const;
export type ShopCountry = (typeof SHOP_COUNTRIES)[number];

export const SHOP_COUNTRY_LABELS: Record<ShopCountry, string> = { ES: "España", US: "Estados Unidos", VE: "Venezuela" };

/** What the tax id is called in each country, for the form's label and its messages. */
export const TAX_ID_LABELS: Record<ShopCountry, string> = { ES: "NIF o CIF", US: "EIN", VE: "RIF" };

// ---- Data an admin may ask to correct -----------------------------------------------------------

/**
 * The application's data an admin may name in «Pedir cambios» (issue 34), each with the form's
 * inputs it opens again: the address is its three lines. The country stays: the tax id and the
 * phone are checked for it.
 */
export const SHOP_REQUEST_FIELDS = ["shopName", "address", "phone", "rif"] as const;
export type ShopRequestField = (typeof SHOP_REQUEST_FIELDS)[number];
export type ShopRequestInput = "shopName" | "province" | "city" | "address" | "phone" | "rif";

export const SHOP_REQUEST_FIELD_INPUTS: Record<ShopRequestField, readonly ShopRequestInput[]> = {
  shopName: ["shopName"],
  address: ["province", "city", "address"],
  phone: ["phone"],
  rif: ["rif"],
};

/** The inputs the named data open again, in the form's order. */
export function shopRequestInputs(fields: readonly ShopRequestField[]): ShopRequestInput[] {
  return SHOP_REQUEST_FIELDS.filter((field) => fields.includes(field)).flatMap((field) => [
    ...SHOP_REQUEST_FIELD_INPUTS[field],
  ]);
}

/** A datum's name on the pages and in the notices; the tax id's depends on the country. */
export function shopRequestFieldLabel(field: ShopRequestField, country: ShopCountry): string {
  switch (field) {
    case "shopName":
      return "Nombre de la tienda";
    case "address":
      return "Dirección";
    case "phone":
      return "Teléfono";
    case "rif":
      return TAX_ID_LABELS[country];
  }
}

/** Each input's label, as the application's form names it. */
export function shopRequestInputLabel(input: ShopRequestInput, country: ShopCountry): string {
  switch (input) {
    case "province":
      return "Estado o provincia";
    case "city":
      return "Ciudad";
    case "address":
      return "Dirección";
    default:
      return shopRequestFieldLabel(input, country);
  }
}

// ---- Documents ----------------------------------------------------------------------------------

/** Documents of one request, counted by content (magic bytes), never by the file's name. */
export const SHOP_DOCUMENT_TYPES = {
  "application/pdf": "PDF",
  "image/jpeg": "JPG",
  "image/png": "PNG",
  "image/webp": "WebP",
} as const;
export type ShopDocumentType = keyof typeof SHOP_DOCUMENT_TYPES;
export const SHOP_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const SHOP_DOCUMENTS_MIN = 1;
export const SHOP_DOCUMENTS_MAX = 5;
/** The multipart part a replacement travels in: `reemplazo:<documentId>`. */
export const REPLACEMENT_PART_PREFIX = "reemplazo:";

/** The sentence the form shows under the documents field, and the API's refusals of it. */
export const SHOP_DOCUMENTS_HINT = `De ${SHOP_DOCUMENTS_MIN} a ${SHOP_DOCUMENTS_MAX} archivos PDF, JPG, PNG o WebP, de hasta ${SHOP_DOCUMENT_MAX_BYTES / (1024 * 1024)} MB cada uno.`;

// ---- The admin's decisions ----------------------------------------------------------------------

/** The ready reasons an admin picks from (or writes another), to reject or suspend. */
export const REJECTION_REASONS = [
  "Los documentos no son legibles.",
  "El identificador fiscal no corresponde a la tienda.",
  "Los datos de la tienda están incompletos o no coinciden con los documentos.",
  "La tienda no vende productos de pádel.",
] as const;
export const SUSPENSION_REASONS = [
  "Pedidos sin enviar o reclamaciones de clientes sin atender.",
  "Productos falsificados o anunciados de forma engañosa.",
  "Documentación caducada.",
] as const;
