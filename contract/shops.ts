import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";
import { productCard } from "./catalog";
import {
  isoDateTime,
  objectExpected,
  queryChoice,
  queryPage,
  queryPageSize,
  queryText,
  requiredText,
  uuid,
} from "./fields";
import { binaryAnswer, endpoint, noBody, noInput } from "./http";
import { MAX_PRODUCTS_PER_PAGE, PRODUCTS_PER_PAGE } from "./limits";
import { normalizeEin, normalizeRif, normalizeSpanishTaxId } from "./tax-ids";
import {
  SHOP_COUNTRIES,
  SHOP_COUNTRY_LABELS,
  SHOP_DOCUMENT_MAX_BYTES,
  SHOP_DOCUMENT_STATUSES,
  SHOP_DOCUMENT_TYPES,
  SHOP_DOCUMENTS_MAX,
  SHOP_REQUEST_FIELDS,
  SHOP_STATUSES,
  shopRequestInputs,
  type ShopCountry,
  type ShopDocumentType,
  type ShopRequestField,
  type ShopRequestInput,
} from "./shop-labels";
import { shopStatus } from "./shop-status";

/**
 * Shops (issue 10, SPEC.md sections 2-4 and 7 "Shop authorization"): a customer applies with the
 * shop's data and documents, an admin asks for changes, approves, rejects, suspends or reactivates
 * it, and every decision is in the audit log (contract/audit.ts). An approved shop has a public page.
 */

// ---- Statuses and countries ---------------------------------------------------------------------

/** The values and names of statuses, countries and documents are shop-labels.ts's (no zod there, for the pages). */
export const shopDocumentStatus = z.enum(SHOP_DOCUMENT_STATUSES);
export const shopCountry = z.enum(SHOP_COUNTRIES, { errorMap: () => ({ message: "Elige el país de la tienda." }) });

// ---- Limits -------------------------------------------------------------------------------------

export const SHOP_NAME_MIN_LENGTH = 3;
export const SHOP_NAME_MAX_LENGTH = 80;
export const DECISION_REASON_MAX_LENGTH = 500;
export const DOCUMENT_NOTE_MAX_LENGTH = 300;

// ---- Messages both halves show ------------------------------------------------------------------

export const SHOP_REQUEST_SENT = "Solicitud enviada. Te avisaremos cuando la revisemos.";
export const SHOP_CHANGES_SENT = "Cambios enviados. Tu solicitud vuelve a revisión.";
export const SHOP_APPROVED = "Tienda aprobada.";
export const SHOP_REJECTED = "Solicitud rechazada.";
export const SHOP_CHANGES_REQUESTED = "Se pidieron cambios al solicitante.";
export const SHOP_SUSPENDED = "Tienda suspendida.";
export const SHOP_REACTIVATED = "Tienda reactivada.";
export const SELLER_ACTIVATED = "Modo vendedor activado.";
export const SHOP_NOT_FOUND = "Tienda no encontrada.";
export const DOCUMENT_NOT_FOUND = "Documento no encontrado.";
export const RIF_TAKEN = "Ese identificador fiscal ya lo usa otra tienda.";
export const DOCUMENT_TYPE_REFUSED =
  "Solo se aceptan documentos PDF, JPG, PNG o WebP (se comprueba su contenido, no su nombre).";
export const DOCUMENT_TOO_LARGE = `Cada documento puede tener como máximo ${SHOP_DOCUMENT_MAX_BYTES / (1024 * 1024)} MB.`;
export const DOCUMENTS_MISSING = "Adjunta al menos un documento de la tienda.";
export const DOCUMENTS_TOO_MANY = `Adjunta como máximo ${SHOP_DOCUMENTS_MAX} documentos.`;
/** 403: an admin never decides on their own shop (its request, suspension or reactivation): another admin does (issue 31). */
export const OWN_SHOP_DECISION = "Es tu propia tienda: otro administrador debe decidir sobre ella.";
/** 409 of a second decision (two admins at once): the first one stands. */
export const SHOP_ALREADY_DECIDED = "Esta solicitud ya se decidió; recarga la página para ver su estado.";
/** PUT /user/activate-seller without an approved shop. */
export const NO_APPROVED_SHOP = "No tienes una tienda aprobada: solicita abrir una y espera la aprobación.";
/** 409 of an application from a user whose request is not a rejected one (one shop per user). */
export const SHOP_REQUEST_EXISTS = "Ya tienes una solicitud de tienda; puedes volver a solicitar solo si se rechazó.";
/** 409 of a resubmission when the admin asked for no change (or it was sent already). */
export const NOTHING_TO_CHANGE = "Tu solicitud no tiene datos ni documentos pendientes de cambiar.";
/** 400: a resubmission carries a datum the admin did not name (only the named ones may change). */
export const FIELD_NOT_TO_CHANGE = "Ese dato no es uno de los que hay que corregir.";
/** 400: «Pedir cambios» naming nothing. */
export const CHANGES_NOTHING_NAMED = "Elige al menos un dato o un documento que haya que cambiar.";
/** 400: a replacement names a document that is not one of those the admin asked to change. */
export const DOCUMENT_NOT_TO_REPLACE = "Ese documento no es uno de los que hay que reemplazar.";
/** 400: a replacement without any file. */
export const REPLACEMENT_MISSING = "Adjunta el documento nuevo de cada archivo que hay que reemplazar.";
/** 400: request changes naming a document that is not in force in this request. */
export const DOCUMENT_NOT_IN_REQUEST = "Ese documento no pertenece a esta solicitud o ya fue reemplazado.";
/** 409 of a suspension of a shop that is not approved, or a reactivation of one that is not suspended. */
export const SHOP_NOT_APPROVED = "Solo se puede suspender una tienda aprobada; recarga la página para ver su estado.";
export const SHOP_NOT_SUSPENDED =
  "Solo se puede reactivar una tienda suspendida; recarga la página para ver su estado.";
/**
 * 403 of every seller write (products, images, stock, order statuses, offers, withdrawals, payout
 * method) while the seller's shop is suspended (issue 31), with the admin's reason; the seller
 * still reads their area.
 */
export const SHOP_SUSPENDED_NO_WRITES =
  "Tu tienda está suspendida: mientras dure la suspensión puedes consultar tu panel, pero no cambiar productos, stock, pedidos, ofertas, retiros ni tus datos de cobro.";
export function shopSuspendedNoWrites(reason: string | null): string {
  const why = reason?.trim() ? ` Motivo: ${reason.trim().replace(/\.?$/, ".")}` : "";
  return `${SHOP_SUSPENDED_NO_WRITES}${why}`;
}

// ---- The application ----------------------------------------------------------------------------

const TAX_ID_INVALID: Record<ShopCountry, string> = {
  VE: "Escribe un RIF válido: J, V, E, G o P, ocho cifras y el dígito verificador (por ejemplo J-12345678-4).",
  ES: "Escribe un NIF o CIF válido, con su letra o dígito de control (por ejemplo B12345674).",
  US: "Escribe un EIN válido: nueve cifras, como 12-3456789.",
};
const TAX_ID_CHECKS: Record<ShopCountry, (value: string) => string | null> = {
  VE: normalizeRif,
  ES: normalizeSpanishTaxId,
  US: normalizeEin,
};
export const SHOP_PHONE_INVALID: Record<ShopCountry, string> = {
  ES: "Escribe un teléfono de España válido, por ejemplo +34 914 350 218.",
  US: "Escribe un teléfono de Estados Unidos válido, por ejemplo +1 212 555 0123.",
  VE: "Escribe un teléfono de Venezuela válido, por ejemplo +58 212 285 4410.",
};

/** The address written whole, as pages show it: address, city, province (when it is not the city), country. */
export function shopLocation(shop: { address: string; city: string; province: string; country: ShopCountry }): string {
  const parts = [shop.address, shop.city];
  if (shop.province.trim().toLowerCase() !== shop.city.trim().toLowerCase()) parts.push(shop.province);
  parts.push(SHOP_COUNTRY_LABELS[shop.country]);
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .join(", ");
}

/** The tax id in its written form for the country, or null. */
export function normalizeTaxId(country: ShopCountry, value: string): string | null {
  return TAX_ID_CHECKS[country](value);
}

/** The phone in international form (+58 212 2854410) when it is a valid number of the country, or null. */
export function normalizePhone(country: ShopCountry, value: string): string | null {
  const phone = parsePhoneNumberFromString(value, country);
  return phone && phone.isValid() && phone.country === country ? phone.formatInternational() : null;
}

/** The tax id as typed, before its country's check (`checkTaxId`). */
export const taxIdText = requiredText(
  "Escribe el identificador fiscal de la tienda.",
  20,
  "El identificador fiscal no es válido.",
);

/** The tax id must be one of the country's, with its check digit (the application's rule). */
export function checkTaxId(fields: { country: ShopCountry; rif: string }, context: z.RefinementCtx): void {
  if (!normalizeTaxId(fields.country, fields.rif))
    context.addIssue({ code: "custom", path: ["rif"], message: TAX_ID_INVALID[fields.country] });
}

const shopFieldsExpected = objectExpected("Envía los datos de la tienda.");

/** The application's name rule, which a change of name follows too (contract/shop-identity.ts). */
export const shopNameField = requiredText(
  "Escribe el nombre de la tienda.",
  SHOP_NAME_MAX_LENGTH,
  `El nombre no puede superar los ${SHOP_NAME_MAX_LENGTH} caracteres.`,
).pipe(z.string().min(SHOP_NAME_MIN_LENGTH, `El nombre debe tener al menos ${SHOP_NAME_MIN_LENGTH} caracteres.`));
const addressField = requiredText(
  "Escribe la dirección de la tienda.",
  200,
  "La dirección no puede superar los 200 caracteres.",
).pipe(z.string().min(5, "Escribe la dirección completa: calle, número, local."));

/**
 * The request's fields (the documents travel beside them as files). The tax id and the phone are
 * checked for the chosen country and answered in their usual written form, in a member of their
 * own checked as soon as the three parse (decision 0025).
 */
const shopPlaceFields = z.object(
  {
    shopName: shopNameField,
    province: requiredText(
      "Escribe el estado o la provincia.",
      80,
      "El estado o la provincia no puede superar los 80 caracteres.",
    ),
    city: requiredText("Escribe la ciudad.", 80, "La ciudad no puede superar los 80 caracteres."),
    address: addressField,
  },
  shopFieldsExpected,
);
export const shopApplicationFields = z.intersection(shopPlaceFields, shopIdentityFields());
export type ShopApplication = z.output<typeof shopApplicationFields>;

/** The data a correction may change, by the application's input names. */
export type ShopCorrection = Partial<Pick<ShopApplication, ShopRequestInput>>;

/**
 * A correction of the data an admin named (issue 34): exactly their inputs, checked as in the
 * application (the tax id and the phone for the request's country, which does not change). The
 * tax id and phone that are not named are the request's own, so the country's checks run on
 * whole data; the answer holds only the named inputs.
 */
export function shopCorrectionFields(
  named: readonly ShopRequestField[],
  current: { country: ShopCountry; rif: string; phone: string },
) {
  const inputs = shopRequestInputs(named);
  const place = shopPlaceFields.pick(
    Object.fromEntries(inputs.filter((input) => input in shopPlaceFields.shape).map((input) => [input, true])) as {
      [Input in keyof typeof shopPlaceFields.shape]?: true;
    },
  );
  const identity = z.preprocess((value) => {
    const sent = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
    return {
      country: current.country,
      rif: inputs.includes("rif") ? sent.rif : current.rif,
      phone: inputs.includes("phone") ? sent.phone : current.phone,
    };
  }, shopIdentityFields());
  return z
    .intersection(place, identity)
    .transform(
      (fields): ShopCorrection =>
        Object.fromEntries(inputs.map((input) => [input, (fields as Record<string, string>)[input]])),
    );
}

/**
 * SPEC.md section 7's application (issue 32): `shopName, rif, location, phone`, the place in one
 * line. The line is kept as the address (city and province empty: pages show the line as written),
 * and a missing country is read from the tax id's form (a RIF is Venezuelan, a NIF or CIF Spanish,
 * an EIN American).
 */
const sectionSevenApplication = z.intersection(
  z
    .object({ shopName: shopNameField, location: addressField }, shopFieldsExpected)
    .transform(({ location, ...fields }) => ({ ...fields, address: location, city: "", province: "" })),
  shopIdentityFields(),
);

/** The country whose tax id `value` is, if any. */
export function countryOfTaxId(value: string): ShopCountry | null {
  return SHOP_COUNTRIES.find((country) => normalizeTaxId(country, value) !== null) ?? null;
}

/**
 * The API's check of an application's fields: the web's form (`shopApplicationFields`), or section
 * 7's when it sends `location` instead of the address fields. The country may be left out when the
 * tax id tells it.
 */
export function parseShopApplication(fields: Record<string, unknown>) {
  const withCountry =
    fields.country === undefined && typeof fields.rif === "string"
      ? { ...fields, country: countryOfTaxId(fields.rif) ?? undefined }
      : fields;
  const sectionSeven =
    fields.location !== undefined &&
    fields.address === undefined &&
    fields.city === undefined &&
    fields.province === undefined;
  return (sectionSeven ? sectionSevenApplication : shopApplicationFields).safeParse(withCountry);
}

/** The tax id, country and phone, each checked for the country and answered in its written form. */
function shopIdentityFields() {
  return z
    .object(
      {
        rif: taxIdText,
        country: shopCountry,
        phone: requiredText("Escribe un teléfono de contacto.", 30, "El teléfono no es válido."),
      },
      shopFieldsExpected,
    )
    .superRefine((fields, context) => {
      checkTaxId(fields, context);
      if (!normalizePhone(fields.country, fields.phone))
        context.addIssue({ code: "custom", path: ["phone"], message: SHOP_PHONE_INVALID[fields.country] });
    })
    .transform((fields) => ({
      ...fields,
      rif: normalizeTaxId(fields.country, fields.rif)!,
      phone: normalizePhone(fields.country, fields.phone)!,
    }));
}

// ---- Answers ------------------------------------------------------------------------------------

export const shopDocument = z.object({
  _id: z.string(),
  fileName: z.string(),
  contentType: z.enum(Object.keys(SHOP_DOCUMENT_TYPES) as [ShopDocumentType, ...ShopDocumentType[]]),
  size: z.number().int(),
  status: shopDocumentStatus,
  /** The admin's note when it has to be replaced. */
  note: z.string().nullable(),
  /** The document this one replaced, if any. */
  replacesId: z.string().nullable(),
  createdAt: isoDateTime,
});
export type ShopDocument = z.infer<typeof shopDocument>;

export const shopRequestField = z.enum(SHOP_REQUEST_FIELDS, {
  errorMap: () => ({ message: "Ese dato de la solicitud no existe." }),
});

/** A datum the admin asked to correct, with their note if they wrote one. */
export const shopFieldToFix = z.object({ field: shopRequestField, note: z.string().nullable() });
export type ShopFieldToFix = z.infer<typeof shopFieldToFix>;

/**
 * One round of «Pedir cambios» whose data the applicant sent again: for each named datum, its
 * inputs' values before and after (the address's three lines together).
 */
export const shopRequestVersion = z.object({
  _id: z.string(),
  requestedAt: isoDateTime,
  resubmittedAt: isoDateTime,
  changes: z.array(shopFieldToFix.extend({ before: z.record(z.string()), after: z.record(z.string()) })),
});
export type ShopRequestVersion = z.infer<typeof shopRequestVersion>;

export const shopRequest = z.object({
  _id: z.string(),
  userId: z.string(),
  applicant: z.object({ name: z.string(), email: z.string() }),
  shopName: z.string(),
  slug: z.string(),
  rif: z.string(),
  country: shopCountry,
  province: z.string(),
  city: z.string(),
  address: z.string(),
  /** The address written whole, as the shop's page shows it. */
  location: z.string(),
  phone: z.string(),
  status: shopStatus,
  /** Why it was rejected or suspended. */
  statusReason: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  /** The documents in force, oldest first. */
  documents: z.array(shopDocument),
  /** Documents replaced since, newest first: the request's history. */
  history: z.array(shopDocument),
  /** While it waits for its applicant: the data the admin asked to correct (none when only documents). */
  fieldsToFix: z.array(shopFieldToFix),
  /** The data sent again after each «Pedir cambios», newest first: what it was and what it became. */
  versions: z.array(shopRequestVersion),
});
export type ShopRequest = z.infer<typeof shopRequest>;

/** One line of the admin's queue and shop list. */
export const shopSummary = shopRequest
  .omit({ documents: true, history: true, fieldsToFix: true, versions: true })
  .extend({ documentCount: z.number().int(), productCount: z.number().int() });
export type ShopSummary = z.infer<typeof shopSummary>;

export const shopRequestAnswer = z.object({ request: shopRequest });
export const myShopRequestAnswer = z.object({ request: shopRequest.nullable() });
/** SPEC.md section 7: the request answers a token (an access token of the caller, role unchanged). */
export const shopApplicationAnswer = z.object({ message: z.string(), token: z.string(), request: shopRequest });
export const pendingShopsAnswer = z.object({
  /** Requests waiting for an admin ('pendiente') or for the applicant ('requiere_cambios'), oldest first. */
  requests: z.array(shopSummary),
  /** How many wait for an admin: the menu's badge. */
  totalPending: z.number().int(),
});
export const shopsAnswer = z.object({
  shops: z.array(shopSummary),
  totalShop: z.number().int(),
  page: z.number().int(),
  parPage: z.number().int(),
});
export const shopDecisionAnswer = z.object({ message: z.string(), request: shopRequest });
export const activateSellerAnswer = z.object({ message: z.string(), token: z.string() });

export const publicShop = z.object({
  name: z.string(),
  slug: z.string(),
  location: z.string(),
  country: shopCountry,
  /** When it was approved (or opened, for the demo shops). */
  since: isoDateTime,
  /** The average of its products' reviews, one decimal; 0 without reviews. */
  rating: z.number(),
  reviewCount: z.number().int(),
  productCount: z.number().int(),
  /** Its profile (issue 34): image ids or null, plain texts ("" when none), contact or null. */
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  description: z.string(),
  returnPolicy: z.string(),
  shippingPolicy: z.string(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** While it is on vacation: its return date (YYYY-MM-DD) and note. */
  vacation: z.object({ until: z.string(), note: z.string().nullable() }).nullable(),
});
export type PublicShop = z.infer<typeof publicShop>;
export const publicShopAnswer = z.object({
  shop: publicShop,
  products: z.array(productCard),
  totalProduct: z.number().int(),
  parPage: z.number().int(),
});
/** Every approved shop, by name: the sitemap's shop pages. */
export const publicShopsAnswer = z.object({ shops: z.array(z.object({ name: z.string(), slug: z.string() })) });

// ---- Inputs -------------------------------------------------------------------------------------

export const userIdParams = z.object({ userId: uuid("El usuario no es válido.") });
export const shopIdParams = z.object({ shopId: uuid("La tienda no es válida.") });
export const documentParams = z.object({ documentId: uuid("El documento no es válido.") });
export const shopSlugParams = z.object({ slug: z.string({ required_error: SHOP_NOT_FOUND }).max(200, SHOP_NOT_FOUND) });

const reason = (missing: string) =>
  requiredText(
    missing,
    DECISION_REASON_MAX_LENGTH,
    `El motivo no puede superar los ${DECISION_REASON_MAX_LENGTH} caracteres.`,
  );

/**
 * SPEC.md section 7: `{approved}`, and a reason for a rejection when the client has one. Without
 * it the applicant reads NEUTRAL_REJECTION_REASON (issue 32); the admin's own form asks for one.
 */
export const shopDecisionBody = z.object(
  {
    approved: z.boolean({
      required_error: "Elige aprobar o rechazar.",
      invalid_type_error: "Elige aprobar o rechazar.",
    }),
    reason: reason("Escribe el motivo del rechazo.").optional(),
  },
  objectExpected("Envía la decisión."),
);
export type ShopDecisionBody = z.infer<typeof shopDecisionBody>;

/** The web's rejection: its reason is required, so the applicant knows what to fix. */
export const shopDecisionForm = shopDecisionBody.refine(
  (decision) => decision.approved || decision.reason !== undefined,
  { path: ["reason"], message: "Escribe el motivo del rechazo." },
);

/** The reason of a rejection sent without one. */
export const NEUTRAL_REJECTION_REASON = "La administración no indicó un motivo.";

const noteTooLong = `La nota no puede superar los ${DOCUMENT_NOTE_MAX_LENGTH} caracteres.`;

/**
 * «Pedir cambios»: the data to correct, each with an optional note (an empty one is none), and the
 * documents to replace, each with its note; at least one of either.
 */
export const requestChangesBody = z
  .object(
    {
      fields: z
        .array(
          z.object({
            field: shopRequestField,
            note: z
              .string({ invalid_type_error: "La nota no es válida." })
              .trim()
              .max(DOCUMENT_NOTE_MAX_LENGTH, noteTooLong)
              .nullish()
              .transform((note) => (note ? note : null)),
          }),
          { invalid_type_error: "Envía los datos que hay que corregir." },
        )
        .max(SHOP_REQUEST_FIELDS.length, "Demasiados datos.")
        .default([]),
      documents: z
        .array(
          z.object({
            documentId: uuid("El documento no es válido."),
            note: requiredText("Di qué hay que cambiar en el documento.", DOCUMENT_NOTE_MAX_LENGTH, noteTooLong),
          }),
          { invalid_type_error: "Envía los documentos que hay que cambiar." },
        )
        .max(SHOP_DOCUMENTS_MAX * 4, "Demasiados documentos.")
        .default([]),
    },
    objectExpected("Envía los datos y documentos que hay que cambiar."),
  )
  .refine((body) => body.fields.length + body.documents.length > 0, { message: CHANGES_NOTHING_NAMED });
export type RequestChangesBody = z.output<typeof requestChangesBody>;

export const suspendBody = z.object(
  { reason: reason("Escribe el motivo de la suspensión.") },
  objectExpected("Envía el motivo de la suspensión."),
);

export const activateSellerBody = z.object(
  { userId: uuid("El usuario no es válido.") },
  objectExpected("Envía el usuario."),
);

export const shopsQuery = z.object({
  status: queryChoice(SHOP_STATUSES, "El estado de la tienda no es válido."),
  searchValue: queryText({ max: 100, message: "La búsqueda no puede superar los 100 caracteres." }),
  page: queryPage(),
  parPage: queryPageSize(50, 20),
});

export const publicShopQuery = z.object({
  pageNumber: queryPage(),
  parPage: queryPageSize(MAX_PRODUCTS_PER_PAGE, PRODUCTS_PER_PAGE),
  sortPrice: queryChoice(["low-to-high", "high-to-low"], "El orden por precio debe ser «low-to-high» o «high-to-low»."),
  sortByDate: queryChoice(["newest", "oldest"], "El orden por fecha debe ser «newest» u «oldest»."),
});

// ---- Calls --------------------------------------------------------------------------------------

/**
 * Multipart calls: the request's fields as `shopApplicationFields` plus the files in the part
 * `documents` (repeated); a replacement names the document it replaces in its part name
 * (`reemplazo:<documentId>`).
 */
export const shopEndpoints = {
  /** Bearer, the user themself: applies (or applies again after a rejection). */
  apply: endpoint({
    method: "POST",
    path: "/request-auth-shop/:userId",
    params: userIdParams,
    multipart: true,
    answer: shopApplicationAnswer,
    statuses: [201],
  }),
  /** Bearer: the caller's own request, with its documents, or null. */
  myRequest: endpoint({ method: "GET", path: "/shop/my-request", query: noInput, answer: myShopRequestAnswer }),
  /** Bearer, the owner: replaces the documents the admin asked for; the request goes back to 'pendiente'. */
  replaceDocuments: endpoint({
    method: "POST",
    path: "/shop/replace-documents/:userId",
    params: userIdParams,
    multipart: true,
    answer: shopRequestAnswer,
  }),
  /** Owner or admin: the file, as an attachment (PDF) or an image. */
  document: endpoint({
    method: "GET",
    path: "/shop/document/:documentId",
    params: documentParams,
    query: noInput,
    answer: binaryAnswer,
  }),
  /** Admin: the queue. */
  pending: endpoint({ method: "GET", path: "/shop/pending-auth", query: noInput, answer: pendingShopsAnswer }),
  /** Owner or admin: one request with its documents and history. */
  request: endpoint({
    method: "GET",
    path: "/shop/request/:userId",
    params: userIdParams,
    query: noInput,
    answer: shopRequestAnswer,
  }),
  /** Admin: approves (the user becomes a seller) or rejects with a reason; a second decision answers 409. */
  decide: endpoint({
    method: "POST",
    path: "/shop/approved/:userId",
    params: userIdParams,
    body: shopDecisionBody,
    answer: shopDecisionAnswer,
  }),
  /** Admin: asks the applicant to replace some documents, each with a note. */
  requestChanges: endpoint({
    method: "POST",
    path: "/shop/request-changes/:userId",
    params: userIdParams,
    body: requestChangesBody,
    answer: shopDecisionAnswer,
  }),
  /** Admin: every shop, by status and name. */
  list: endpoint({ method: "GET", path: "/admin/shops", query: shopsQuery, answer: shopsAnswer }),
  suspend: endpoint({
    method: "POST",
    path: "/admin/shops/:shopId/suspend",
    params: shopIdParams,
    body: suspendBody,
    answer: shopDecisionAnswer,
  }),
  reactivate: endpoint({
    method: "POST",
    path: "/admin/shops/:shopId/reactivate",
    params: shopIdParams,
    body: noBody,
    answer: shopDecisionAnswer,
  }),
  /** SPEC.md section 7: a token carrying the seller role, for a user whose shop is approved; 409 otherwise. */
  activateSeller: endpoint({
    method: "PUT",
    path: "/user/activate-seller",
    body: activateSellerBody,
    answer: activateSellerAnswer,
  }),
  /** Anyone: an approved shop's page and a page of its products. */
  publicShop: endpoint({
    method: "GET",
    path: "/home/shop/:slug",
    params: shopSlugParams,
    query: publicShopQuery,
    answer: publicShopAnswer,
  }),
  /** Anyone: the approved shops' names and slugs (the sitemap). */
  publicShops: endpoint({ method: "GET", path: "/home/shops", query: noInput, answer: publicShopsAnswer }),
};
