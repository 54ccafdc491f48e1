import { z } from "zod";

/**
 * One schema per account form: the action validates with it on the server and Conform with it in
 * the browser, so both show the same Spanish messages. Each form's hidden `intent` names it.
 */
export const intents = {
  login: "login",
  register: "register",
  requestPasswordReset: "request-password-reset",
  setNewPassword: "set-new-password",
  updateProfile: "update-profile",
  uploadProfileImage: "upload-profile-image",
  changePassword: "change-password",
  resendVerification: "resend-verification",
} as const;

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const email = z
  .string({ required_error: "Escriba su correo electrónico." })
  .trim()
  .max(254, "El correo electrónico es demasiado largo.")
  .email("Escriba un correo electrónico válido, por ejemplo nombre@dominio.com.");

const name = z
  .string({ required_error: "Escriba su nombre." })
  .trim()
  .min(2, "El nombre debe tener al menos 2 caracteres.")
  .max(80, "El nombre no puede superar los 80 caracteres.");

/** A password being chosen; one being typed to sign in is only checked for presence. */
const newPassword = z
  .string({ required_error: "Escriba una contraseña." })
  .min(PASSWORD_MIN, `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres.`)
  .max(PASSWORD_MAX, `La contraseña no puede superar los ${PASSWORD_MAX} caracteres.`);

const repeatedPassword = z.string({ required_error: "Repita la contraseña." });

const passwordsMatch = <T extends { password: string; confirmPassword: string }>(value: T) => value.password === value.confirmPassword;
const mismatch = { message: "Las contraseñas no coinciden.", path: ["confirmPassword"] };

export const loginSchema = z.object({
  email,
  password: z.string({ required_error: "Escriba su contraseña." }).max(PASSWORD_MAX, "La contraseña es demasiado larga."),
  redirectTo: z.string().optional(),
});

export const registerSchema = z
  .object({ name, email, password: newPassword, confirmPassword: repeatedPassword })
  .refine(passwordsMatch, mismatch);

export const passwordResetRequestSchema = z.object({ email });

export const newPasswordSchema = z.object({ password: newPassword, confirmPassword: repeatedPassword }).refine(passwordsMatch, mismatch);

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} no puede superar los ${max} caracteres.`).optional();

export const profileSchema = z.object({
  name,
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, "Escriba un teléfono válido: solo números, espacios y, si quiere, el prefijo con +.")
    .optional(),
  address: z
    .object({
      line: optionalText(200, "La dirección"),
      city: optionalText(100, "La ciudad"),
      province: optionalText(100, "La provincia"),
      area: optionalText(100, "La zona"),
      postCode: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9 -]{3,10}$/, "Escriba un código postal válido.")
        .optional(),
    })
    .optional(),
});

export type ProfileForm = z.infer<typeof profileSchema>;

export const profileImageSchema = z.object({
  image: z
    .instanceof(File, { message: "Elija una imagen." })
    .refine((file) => file.size > 0, "Elija una imagen.")
    .refine((file) => file.type.startsWith("image/"), "El archivo debe ser una imagen (JPEG, PNG o WebP).")
    .refine((file) => file.size <= PROFILE_IMAGE_MAX_BYTES, "La imagen no puede superar los 5 MB."),
});

/** Accounts created with Google have no password yet: they set one without the current one. */
export function changePasswordSchema(hasPassword: boolean) {
  return z
    .object({
      oldPassword: hasPassword ? z.string({ required_error: "Escriba su contraseña actual." }).max(PASSWORD_MAX) : z.undefined(),
      password: newPassword,
      confirmPassword: repeatedPassword,
    })
    .refine(passwordsMatch, mismatch);
}
