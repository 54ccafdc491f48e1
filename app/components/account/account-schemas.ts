import { z } from "zod";
import {
  currentPassword,
  email,
  loginPassword,
  newPassword,
  phoneNumber,
  PROFILE_IMAGE_TOO_LARGE,
  profileUpdateBody,
  registerBody,
  SAME_PASSWORD,
} from "#contract/accounts";
import { PROFILE_IMAGE_MAX_BYTES } from "#contract/limits";

// One schema per account form: the action validates with it on the server and Conform with it in
// the browser. They are built from the contract's pieces, the ones the API validates with, so both
// apply the same rules and show the same Spanish messages. Each form's hidden `intent` is named in
// account-intents.ts, which pages can import without loading zod.

const repeatedPassword = z.string({ required_error: "Repite la contraseña." });

const passwordsMatch = <T extends { password: string; confirmPassword: string }>(value: T) => value.password === value.confirmPassword;
const mismatch = { message: "Las contraseñas no coinciden.", path: ["confirmPassword"] };

/** The address is checked as an address here, so a typo is flagged before the API is asked. */
export const loginSchema = z.object({
  email,
  password: loginPassword,
  redirectTo: z.string().optional(),
});

export const registerSchema = registerBody.extend({ confirmPassword: repeatedPassword }).refine(passwordsMatch, mismatch);

export const passwordResetRequestSchema = z.object({ email });

export const newPasswordSchema = z.object({ password: newPassword, confirmPassword: repeatedPassword }).refine(passwordsMatch, mismatch);

/**
 * The API's profile update: Conform turns an empty input into undefined, which every field but
 * the name accepts; the form has no null to send, so its phone is a text or absent.
 */
export const profileSchema = profileUpdateBody.extend({ phone: phoneNumber.optional() });

export type ProfileForm = z.infer<typeof profileSchema>;

export const profileImageSchema = z.object({
  image: z
    .instanceof(File, { message: "Elige una imagen." })
    .refine((file) => file.size > 0, "Elige una imagen.")
    .refine((file) => file.type.startsWith("image/"), "El archivo debe ser una imagen (JPEG, PNG o WebP).")
    .refine((file) => file.size <= PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TOO_LARGE),
});

/** Accounts created with Google have no password yet: they set one without the current one. */
export function changePasswordSchema(hasPassword: boolean) {
  return z
    .object({
      oldPassword: hasPassword ? currentPassword : z.undefined(),
      password: newPassword,
      confirmPassword: repeatedPassword,
    })
    .refine(passwordsMatch, mismatch)
    .refine((value) => value.oldPassword === undefined || value.password !== value.oldPassword, { message: SAME_PASSWORD, path: ["password"] });
}
