import { z } from "zod";
import { emailAddress } from "./accounts";
import { objectExpected } from "./fields";
import { endpoint, noInput } from "./http";
import { INVALID_TEXT } from "./messages";
import {
  SHOP_DESCRIPTION_MAX_LENGTH,
  SHOP_IMAGE_MAX_BYTES,
  SHOP_POLICY_MAX_LENGTH,
  VACATION_MAX_DAYS,
  VACATION_NOTE_MAX_LENGTH,
} from "./shop-profile-labels";
import { normalizePhone, SHOP_PHONE_INVALID, shopCountry } from "./shops";

/**
 * The shop's profile (issue 34): logo, banner, description, return and shipping policies, contact
 * e-mail and phone; and its vacation. The seller's own shop only (bearer, sellers): GET and PUT
 * /seller/profile (multipart: the texts as fields, the images in the parts `logo` and `banner`),
 * PUT /seller/vacation (JSON). Limits and the shopper's words: shop-profile-labels.ts.
 */

export const PROFILE_SAVED = "Perfil de la tienda guardado.";
export const VACATION_STARTED = "Modo vacaciones activado.";
export const VACATION_ENDED = "Modo vacaciones desactivado: tu tienda vuelve a vender.";
export const PROFILE_MULTIPART_EXPECTED = "Envía el perfil de la tienda como formulario multipart/form-data.";
export const SHOP_IMAGE_TOO_LARGE = `La imagen no puede superar los ${SHOP_IMAGE_MAX_BYTES / (1024 * 1024)} MB.`;
export const SHOP_IMAGE_INVALID =
  "El archivo no es una imagen válida (se comprueba su contenido, no su nombre): usa JPG, PNG, WebP, GIF o AVIF.";
export const VACATION_DATE_MISSING = "Elige la fecha en que vuelves.";
export const VACATION_DATE_INVALID = "La fecha no es válida: usa el formato AAAA-MM-DD.";
export const VACATION_DATE_PAST = "La fecha de vuelta debe ser posterior a hoy.";
export const VACATION_DATE_TOO_FAR = `La fecha de vuelta no puede estar a más de ${VACATION_MAX_DAYS} días de hoy.`;

// ---- Fields -------------------------------------------------------------------------------------

/**
 * A plain text of the shop's: trimmed, line breaks kept as \n (\r\n from a form becomes \n), no
 * control characters but line breaks and tabs; "" means none. Pages show it as text, never as HTML.
 */
export function shopText(label: string, max: number) {
  return z
    .string({ invalid_type_error: `${label} debe ser un texto.` })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .max(max, `${label} no puede superar los ${max} caracteres.`)
        // eslint-disable-next-line no-control-regex
        .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), INVALID_TEXT),
    );
}

/** An optional contact e-mail: "" is none; otherwise the store's rule for an e-mail address. */
const contactEmail = z
  .string({ invalid_type_error: "El correo electrónico debe ser un texto." })
  .trim()
  .pipe(z.union([z.literal(""), emailAddress]));

/**
 * The profile's texts. The phone is checked for the shop's country by `shopProfileFields(country)`
 * (the API knows the country; the web's form sends it back in a hidden field).
 */
const profileTexts = {
  description: shopText("La descripción", SHOP_DESCRIPTION_MAX_LENGTH).default(""),
  returnPolicy: shopText("La política de devoluciones", SHOP_POLICY_MAX_LENGTH).default(""),
  shippingPolicy: shopText("La política de envíos", SHOP_POLICY_MAX_LENGTH).default(""),
  contactEmail: contactEmail.default(""),
  contactPhone: z
    .string({ invalid_type_error: "El teléfono debe ser un texto." })
    .trim()
    .max(30, "El teléfono no es válido.")
    .default(""),
  /** "on" removes the logo or banner (a new file wins over it). */
  removeLogo: z.literal("on").optional(),
  removeBanner: z.literal("on").optional(),
};

/** The contact phone, when given, must be one of the shop's country (the rule of the shop's application). */
function checkPhone(
  fields: { country: z.infer<typeof shopCountry>; contactPhone: string },
  context: z.RefinementCtx,
): void {
  if (fields.contactPhone !== "" && !normalizePhone(fields.country, fields.contactPhone))
    context.addIssue({ code: "custom", path: ["contactPhone"], message: SHOP_PHONE_INVALID[fields.country] });
}

/** The profile's text fields as the API checks them for a shop of `country`: the phone answered in its written form. */
export const shopProfileFields = z
  .object({ ...profileTexts, country: shopCountry }, objectExpected("Envía el perfil de la tienda."))
  .superRefine(checkPhone)
  .transform((fields) => ({
    ...fields,
    contactPhone: fields.contactPhone === "" ? "" : normalizePhone(fields.country, fields.contactPhone)!,
  }));
export type ShopProfileFields = z.output<typeof shopProfileFields>;

/**
 * A picture the form sends. A type the browser names and that is no image is refused here; an
 * unnamed type goes on, and the API judges every file by its content.
 */
const chosenShopImage = z
  .instanceof(File)
  .refine((file) => file.type === "" || file.type.startsWith("image/"), SHOP_IMAGE_INVALID)
  .refine((file) => file.size <= SHOP_IMAGE_MAX_BYTES, SHOP_IMAGE_TOO_LARGE)
  .optional();

/** The web's profile form: the same texts and checks, the shop's country in a hidden field, the files. */
export const shopProfileForm = z
  .object({ ...profileTexts, country: shopCountry, logo: chosenShopImage, banner: chosenShopImage })
  .superRefine(checkPhone);

/** The profile form's fields, as the API's refusals name them. */
export const SHOP_PROFILE_FORM_FIELDS = [
  "logo",
  "banner",
  "description",
  "returnPolicy",
  "shippingPolicy",
  "contactEmail",
  "contactPhone",
] as const;

/** Whether YYYY-MM-DD names a day that exists (no 31 of April). */
function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** The return date as a date input writes it; the API checks it against today (store time). */
export const vacationDate = z
  .string({ required_error: VACATION_DATE_MISSING, invalid_type_error: VACATION_DATE_MISSING })
  .trim()
  .superRefine((day, context) => {
    const message =
      day === ""
        ? VACATION_DATE_MISSING
        : !/^\d{4}-\d{2}-\d{2}$/.test(day) || !isCalendarDay(day)
          ? VACATION_DATE_INVALID
          : null;
    if (message) context.addIssue({ code: "custom", message, fatal: true });
  });

/** `{on: true, until, note?}` starts (or changes) the vacation; `{on: false}` ends it. */
export const vacationBody = z.discriminatedUnion(
  "on",
  [
    z.object({
      on: z.literal(true),
      until: vacationDate,
      note: shopText("La nota", VACATION_NOTE_MAX_LENGTH).default(""),
    }),
    z.object({ on: z.literal(false) }),
  ],
  { errorMap: () => ({ message: "Envía si activas o desactivas las vacaciones." }) },
);
export type VacationBody = z.output<typeof vacationBody>;

/** The web's vacation form (on): the return date and the note. */
export const vacationForm = z.object({
  until: vacationDate,
  note: shopText("La nota", VACATION_NOTE_MAX_LENGTH).default(""),
});

// ---- Answers ------------------------------------------------------------------------------------

/** The vacation in force: null when the shop sells (never set, turned off, or its return date reached). */
export const shopVacation = z.object({ until: z.string(), note: z.string().nullable() }).nullable();
export type ShopVacation = z.infer<typeof shopVacation>;

export const shopProfile = z.object({
  name: z.string(),
  slug: z.string(),
  country: shopCountry,
  /** Image ids (`/images/{id}/{width}.webp`), or null. */
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  description: z.string(),
  returnPolicy: z.string(),
  shippingPolicy: z.string(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  vacation: shopVacation,
  /** Today in store time (YYYY-MM-DD) and the latest return date allowed: the form's bounds. */
  today: z.string(),
  latestReturn: z.string(),
});
export type ShopProfile = z.infer<typeof shopProfile>;

export const shopProfileSavedAnswer = z.object({ message: z.string(), profile: shopProfile });

export const shopProfileEndpoints = {
  get: endpoint({ method: "GET", path: "/seller/profile", query: noInput, answer: shopProfile }),
  /** Multipart: the texts, `removeLogo`/`removeBanner`, and the files `logo` and `banner` (each optional). */
  save: endpoint({
    method: "PUT",
    path: "/seller/profile",
    multipart: true,
    answer: shopProfileSavedAnswer,
    timeoutMs: 60_000,
  }),
  vacation: endpoint({ method: "PUT", path: "/seller/vacation", body: vacationBody, answer: shopProfileSavedAnswer }),
};
