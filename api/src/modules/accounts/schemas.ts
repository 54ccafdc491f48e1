import { z } from "zod";
import type { Role } from "./tokens.js";

/** What the account calls answer about a user: never a hash or a token. */
export interface ProfileData {
  _id: string;
  name: string;
  email: string;
  role: Role;
  emailVerified: boolean;
  phone: string | null;
  address: { line: string; city: string; province: string; area: string; postCode: string };
  /** A stored image id, served as /images/{id}/{200|400|800}.webp. */
  image: string | null;
  /** False for an account made through Google that never set a password. */
  hasPassword: boolean;
  createdAt: string;
}

export interface SessionAnswer {
  token: string;
  refreshToken: string;
  message: string;
}

export interface MessageAnswer {
  message: string;
}

const EMAIL_MAX = 254;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

/** An empty body arrives as null, not undefined: one text serves both cases. */
const objectExpected = (message: string) => ({ required_error: message, invalid_type_error: message });

const email = z
  .string({ required_error: "Escriba su correo electrónico.", invalid_type_error: "El correo electrónico debe ser un texto." })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, "El correo electrónico es demasiado largo.")
  .email("Escriba un correo electrónico válido, por ejemplo nombre@dominio.com.");

/** The rule for every new password (registration, change, reset). */
const newPassword = (required: string) =>
  z
    .string({ required_error: required, invalid_type_error: "La contraseña debe ser un texto." })
    .min(PASSWORD_MIN, `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres.`)
    .max(PASSWORD_MAX, `La contraseña no puede superar los ${PASSWORD_MAX} caracteres.`)
    .regex(/\p{L}/u, "La contraseña debe contener al menos una letra.")
    .regex(/\p{Nd}/u, "La contraseña debe contener al menos un número.");

const name = z
  .string({ required_error: "Escriba su nombre.", invalid_type_error: "El nombre debe ser un texto." })
  .trim()
  .min(2, "El nombre debe tener al menos 2 caracteres.")
  .max(80, "El nombre no puede superar los 80 caracteres.");

/** Unknown fields (role, balance, emailVerified…) are dropped: zod objects strip them. */
export const registerBody = z.object(
  { name, email, password: newPassword("Escriba una contraseña.") },
  objectExpected("Envíe nombre, correo electrónico y contraseña."),
);
export type RegisterBody = z.infer<typeof registerBody>;

/** A login only needs something to compare: a malformed address is simply a wrong one. */
export const loginBody = z.object(
  {
    email: z
      .string({ required_error: "Escriba su correo electrónico.", invalid_type_error: "El correo electrónico debe ser un texto." })
      .trim()
      .toLowerCase()
      .min(1, "Escriba su correo electrónico.")
      .max(EMAIL_MAX, "El correo electrónico es demasiado largo."),
    password: z
      .string({ required_error: "Escriba su contraseña.", invalid_type_error: "La contraseña debe ser un texto." })
      .min(1, "Escriba su contraseña.")
      .max(1024, "La contraseña es demasiado larga."),
  },
  objectExpected("Envíe correo electrónico y contraseña."),
);
export type LoginBody = z.infer<typeof loginBody>;

export const profileParams = z.object({ id: z.string().uuid("Identificador de usuario no válido.") });

/** An optional text where "" clears the value; absent leaves it as it is. */
const clearableText = (label: string, max: number) =>
  z
    .string({ invalid_type_error: `${label} debe ser un texto.` })
    .trim()
    .max(max, `${label} no puede superar los ${max} caracteres.`)
    .optional();

export const profileUpdateBody = z.object(
  {
    name,
    phone: z
      .string({ invalid_type_error: "El teléfono debe ser un texto." })
      .trim()
      .refine((phone) => phone === "" || /^[\d\s+\-()]{7,20}$/.test(phone), "Escriba un teléfono válido: de 7 a 20 cifras, espacios, +, - o paréntesis.")
      .nullish(),
    address: z
      .object(
        {
          line: clearableText("La dirección", 160),
          city: clearableText("La ciudad", 80),
          province: clearableText("La provincia", 80),
          area: clearableText("La zona", 80),
          postCode: clearableText("El código postal", 12),
        },
        { invalid_type_error: "La dirección debe ser un objeto con line, city, province, area y postCode." },
      )
      .optional(),
  },
  objectExpected("Envíe al menos el nombre."),
);
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

export const changePasswordBody = z.object(
  {
    /** Not needed by an account that has no password yet (made through Google). */
    oldPassword: z.string({ invalid_type_error: "La contraseña actual debe ser un texto." }).max(1024, "La contraseña actual es demasiado larga.").optional(),
    newPassword: newPassword("Escriba la nueva contraseña."),
  },
  objectExpected("Envíe la contraseña actual y la nueva."),
);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** Tokens are 32 bytes in base64url (43 characters); anything far off that is not one of ours. */
const emailedToken = z
  .string({ required_error: "Falta el token.", invalid_type_error: "El token debe ser un texto." })
  .trim()
  .min(1, "Falta el token.")
  .max(200, "El token no es válido.");

export const verifyEmailBody = z.object({ token: emailedToken }, objectExpected("Envíe el token de verificación."));

export const forgotPasswordBody = z.object({ email }, objectExpected("Envíe su correo electrónico."));

export const resetTokenParams = z.object({ token: emailedToken });

export const resetPasswordBody = z.object(
  { token: emailedToken, password: newPassword("Escriba la nueva contraseña.") },
  objectExpected("Envíe el token y la nueva contraseña."),
);
