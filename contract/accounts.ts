import { z } from "zod";
import { endpoint, messageAnswer, noBody, noInput } from "./http";
import { isoDateTime, objectExpected, uuid } from "./fields";
import {
  ADDRESS_FIELD_MAX_LENGTH,
  ADDRESS_LINE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAILED_TOKEN_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
  POST_CODE_MAX_LENGTH,
  PROFILE_IMAGE_MAX_BYTES,
  TYPED_PASSWORD_MAX_LENGTH,
} from "./limits";
import { imageUrlField } from "./media";
import { REGIONS } from "./region-time";

/**
 * Accounts (SPEC.md section 7 "Account", plus e-mail verification and password reset, DESIGN.md
 * section 2). The field pieces are exported so the web's forms are built from the same rules and
 * texts the API validates with.
 */

// ---- Messages both halves show ------------------------------------------------------------------
export const REGISTERED = "Cuenta creada. Te enviamos un correo para verificar tu dirección.";
/** SPEC.md section 8: a refused sign-in (400) without the server's message. */
export const BAD_CREDENTIALS = "Email o contraseña incorrecto.";
/** SPEC.md section 8: sign-in, 429; also too many e-mails asked for. */
export const TOO_MANY_ATTEMPTS = "Has superado el límite de intentos. Intenta de nuevo más tarde.";
export const PROFILE_UPDATED = "Perfil actualizado.";
export const PROFILE_IMAGE_TOO_LARGE = `La imagen no puede superar los ${PROFILE_IMAGE_MAX_BYTES / (1024 * 1024)} MB.`;
export const PASSWORD_CHANGED = "Contraseña actualizada.";
export const UNKNOWN_REGION = "Elige España, Venezuela o Estados Unidos.";

// ---- Roles --------------------------------------------------------------------------------------
export const role = z.enum(["customer", "seller", "admin"]);
export type Role = z.infer<typeof role>;

// ---- Field pieces -------------------------------------------------------------------------------
const EMAIL_MISSING = "Escribe tu correo electrónico.";
const EMAIL_NOT_TEXT = "El correo electrónico debe ser un texto.";
const EMAIL_TOO_LONG = "El correo electrónico es demasiado largo.";
const PASSWORD_NOT_TEXT = "La contraseña debe ser un texto.";

function emailField(lowerCase: boolean) {
  const typed = z.string({ required_error: EMAIL_MISSING, invalid_type_error: EMAIL_NOT_TEXT }).trim();
  return (lowerCase ? typed.toLowerCase() : typed)
    .max(EMAIL_MAX_LENGTH, EMAIL_TOO_LONG)
    .email("Escribe un correo electrónico válido, por ejemplo nombre@dominio.com.");
}

/** An e-mail address as typed (the contact form): trimmed and checked. */
export const emailAddress = emailField(false);
/** An account's e-mail: also lower-cased, as accounts are stored and looked up. */
export const email = emailField(true);

/** A login only needs something to compare: a malformed address is simply a wrong one. */
export const loginEmail = z
  .string({ required_error: EMAIL_MISSING, invalid_type_error: EMAIL_NOT_TEXT })
  .trim()
  .toLowerCase()
  .min(1, EMAIL_MISSING)
  .max(EMAIL_MAX_LENGTH, EMAIL_TOO_LONG);

/** A password typed to sign in: only compared. */
export const loginPassword = z
  .string({ required_error: "Escribe tu contraseña.", invalid_type_error: PASSWORD_NOT_TEXT })
  .min(1, "Escribe tu contraseña.")
  .max(TYPED_PASSWORD_MAX_LENGTH, "La contraseña es demasiado larga.");

/** The current password typed to confirm a change: only compared. */
export const currentPassword = z
  .string({
    required_error: "Escribe tu contraseña actual.",
    invalid_type_error: "La contraseña actual debe ser un texto.",
  })
  .max(TYPED_PASSWORD_MAX_LENGTH, "La contraseña actual es demasiado larga.");

/** The rule for every new password (registration, change, reset); `required` is the text when it is missing. */
export function passwordRule(required: string) {
  return z
    .string({ required_error: required, invalid_type_error: PASSWORD_NOT_TEXT })
    .min(PASSWORD_MIN_LENGTH, `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`)
    .max(PASSWORD_MAX_LENGTH, `La contraseña no puede superar los ${PASSWORD_MAX_LENGTH} caracteres.`)
    .regex(/\p{L}/u, "La contraseña debe contener al menos una letra.")
    .regex(/\p{Nd}/u, "La contraseña debe contener al menos un número.");
}

/** A password being chosen (registration, and every password form of the web). */
export const newPassword = passwordRule("Escribe una contraseña.");
/** A replacement password as the API's change and reset calls ask for it. */
export const replacementPassword = passwordRule("Escribe la nueva contraseña.");

export const name = z
  .string({ required_error: "Escribe tu nombre.", invalid_type_error: "El nombre debe ser un texto." })
  .trim()
  .min(NAME_MIN_LENGTH, `El nombre debe tener al menos ${NAME_MIN_LENGTH} caracteres.`)
  .max(NAME_MAX_LENGTH, `El nombre no puede superar los ${NAME_MAX_LENGTH} caracteres.`);

/** Digits, spaces, +, - and parentheses, PHONE_MIN_LENGTH to PHONE_MAX_LENGTH of them. */
export const PHONE_PATTERN = new RegExp(`^[\\d\\s+\\-()]{${PHONE_MIN_LENGTH},${PHONE_MAX_LENGTH}}$`);
export const PHONE_INVALID = `Escribe un teléfono válido: de ${PHONE_MIN_LENGTH} a ${PHONE_MAX_LENGTH} cifras, espacios, +, - o paréntesis.`;

/** A phone as typed; "" means none. */
export const phoneNumber = z
  .string({ invalid_type_error: "El teléfono debe ser un texto." })
  .trim()
  .refine((value) => value === "" || PHONE_PATTERN.test(value), PHONE_INVALID);

/** The profile's phone: "" (or null) clears it, absent leaves it as it is. */
export const phone = phoneNumber.nullish();

/** An optional text where "" clears the value; absent leaves it as it is. */
function clearableText(label: string, max: number) {
  return z
    .string({ invalid_type_error: `${label} debe ser un texto.` })
    .trim()
    .max(max, `${label} no puede superar los ${max} caracteres.`)
    .optional();
}

export const addressLine = clearableText("La dirección", ADDRESS_LINE_MAX_LENGTH);
export const city = clearableText("La ciudad", ADDRESS_FIELD_MAX_LENGTH);
export const province = clearableText("La provincia", ADDRESS_FIELD_MAX_LENGTH);
export const area = clearableText("La zona", ADDRESS_FIELD_MAX_LENGTH);
export const postCode = clearableText("El código postal", POST_CODE_MAX_LENGTH);

/** The profile's address as sent: each field optional, "" clears it. */
export const addressInput = z.object(
  { line: addressLine, city, province, area, postCode },
  { invalid_type_error: "La dirección debe ser un objeto con line, city, province, area y postCode." },
);

/** Tokens are 32 bytes in base64url (43 characters); anything far off that is not one of ours. */
export const emailedToken = z
  .string({ required_error: "Falta el token.", invalid_type_error: "El token debe ser un texto." })
  .trim()
  .min(1, "Falta el token.")
  .max(EMAILED_TOKEN_MAX_LENGTH, "El token no es válido.");

// ---- Inputs -------------------------------------------------------------------------------------
/** Unknown fields (role, balance, emailVerified…) are dropped: zod objects strip them. */
export const registerBody = z.object(
  { name, email, password: newPassword },
  objectExpected("Envía nombre, correo electrónico y contraseña."),
);
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object(
  { email: loginEmail, password: loginPassword },
  objectExpected("Envía correo electrónico y contraseña."),
);
export type LoginBody = z.infer<typeof loginBody>;

export const profileParams = z.object({ id: uuid("Identificador de usuario no válido.") });

export const profileUpdateBody = z.object(
  { name, phone, address: addressInput.optional() },
  objectExpected("Envía al menos el nombre."),
);
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

/** A password change to the password the account already has (the API refuses it; the form says it first). */
export const SAME_PASSWORD = "La nueva contraseña debe ser distinta de la actual.";

export const changePasswordBody = z.object(
  {
    /** Not needed by an account that has no password yet (made through Google). */
    oldPassword: currentPassword.optional(),
    newPassword: replacementPassword,
  },
  objectExpected("Envía la contraseña actual y la nueva."),
);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const verifyEmailBody = z.object({ token: emailedToken }, objectExpected("Envía el token de verificación."));

export const forgotPasswordBody = z.object({ email }, objectExpected("Envía tu correo electrónico."));

export const resetTokenParams = z.object({ token: emailedToken });

export const resetPasswordBody = z.object(
  { token: emailedToken, password: replacementPassword },
  objectExpected("Envía el token y la nueva contraseña."),
);

// ---- Answers ------------------------------------------------------------------------------------
export const address = z.object({
  line: z.string(),
  city: z.string(),
  province: z.string(),
  area: z.string(),
  postCode: z.string(),
});
export type Address = z.infer<typeof address>;

/** What the account calls answer about a user: never a hash or a token. */
export const profileData = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  address,
  /** A stored image id, served as /images/{id}/{200|400|800}.webp. */
  image: z.string().nullable(),
  imageUrl: imageUrlField,
  /** False for an account made through Google that never set a password. */
  hasPassword: z.boolean(),
  /** The region whose zone the user's times are written in, on pages and in mails (decision 0039). */
  region: z.enum(REGIONS),
  createdAt: isoDateTime,
});
export type ProfileData = z.infer<typeof profileData>;

/**
 * A new session: the access token, the refresh token, and the device token that marks this browser
 * as one that signed in to the account (both also set as httpOnly cookies; the web keeps its own).
 */
export const sessionAnswer = z.object({
  token: z.string(),
  refreshToken: z.string(),
  deviceToken: z.string(),
  message: z.string(),
});
export type SessionAnswer = z.infer<typeof sessionAnswer>;

/** POST /refresh-token: the rotated pair. */
export const refreshAnswer = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type RefreshAnswer = z.infer<typeof refreshAnswer>;

export const profileAnswer = z.object({ profileData });
export type ProfileAnswer = z.infer<typeof profileAnswer>;

export const profileUpdatedAnswer = z.object({ message: z.string(), profileData });
export type ProfileUpdatedAnswer = z.infer<typeof profileUpdatedAnswer>;

/** PUT /user/region: the region the user chose (a flag, or the browser's own zone). */
export const regionBody = z.object(
  { region: z.enum(REGIONS, { message: UNKNOWN_REGION }) },
  objectExpected("Envía la región."),
);
export type RegionBody = z.infer<typeof regionBody>;
export const regionAnswer = z.object({ region: z.enum(REGIONS) });

/** GET /user/reset-password/:token: the link still works (otherwise a 400 with the reason). */
export const resetTokenAnswer = z.object({ valid: z.literal(true) });
export type ResetTokenAnswer = z.infer<typeof resetTokenAnswer>;

// ---- Calls --------------------------------------------------------------------------------------
export const accountEndpoints = {
  register: endpoint({
    method: "POST",
    path: "/user/register",
    body: registerBody,
    answer: sessionAnswer,
    statuses: [201],
  }),
  /** 429 with Retry-After after too many failed attempts. */
  login: endpoint({ method: "POST", path: "/user/login", body: loginBody, answer: sessionAnswer }),
  /** The bearer is Google's access token, not ours. */
  google: endpoint({ method: "GET", path: "/user/google", query: noInput, answer: sessionAnswer }),
  /** Reads the refresh cookie; 401 (and the cookie cleared) when it is not a live one. */
  refreshToken: endpoint({ method: "POST", path: "/refresh-token", body: noBody, answer: refreshAnswer }),
  logout: endpoint({ method: "POST", path: "/logout", body: noBody, answer: messageAnswer }),
  /** Bearer: the user themself or an admin. */
  profile: endpoint({
    method: "GET",
    path: "/user/profile/:id",
    params: profileParams,
    query: noInput,
    answer: profileAnswer,
  }),
  updateProfile: endpoint({
    method: "PUT",
    path: "/user/profile/update",
    body: profileUpdateBody,
    answer: profileUpdatedAnswer,
  }),
  updateRegion: endpoint({ method: "PUT", path: "/user/region", body: regionBody, answer: regionAnswer }),
  /** multipart/form-data with the picture in the field «image», at most PROFILE_IMAGE_MAX_BYTES. */
  uploadProfileImage: endpoint({
    method: "POST",
    path: "/user/profile/image/upload",
    multipart: true,
    answer: profileAnswer,
  }),
  /** A wrong current password: 400 with an error on `oldPassword`. */
  changePassword: endpoint({
    method: "PUT",
    path: "/user/change-password",
    body: changePasswordBody,
    answer: messageAnswer,
  }),
  verifyEmail: endpoint({ method: "POST", path: "/user/verify-email", body: verifyEmailBody, answer: messageAnswer }),
  /** 429 with Retry-After when the address received too many e-mails. */
  resendVerification: endpoint({
    method: "POST",
    path: "/user/resend-verification",
    body: noBody,
    answer: messageAnswer,
  }),
  /** The same answer whether or not the address is registered. */
  forgotPassword: endpoint({
    method: "POST",
    path: "/user/forgot-password",
    body: forgotPasswordBody,
    answer: messageAnswer,
  }),
  checkResetToken: endpoint({
    method: "GET",
    path: "/user/reset-password/:token",
    params: resetTokenParams,
    query: noInput,
    answer: resetTokenAnswer,
  }),
  resetPassword: endpoint({
    method: "POST",
    path: "/user/reset-password",
    body: resetPasswordBody,
    answer: messageAnswer,
  }),
};
