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
import { accountIntents } from "./account.forms";

// One schema per account form: the action validates with it on the server and Conform with it in
// the browser. They are built from the contract's pieces, the ones the API validates with, so both
// apply the same rules and show the same Spanish messages. Each form's `intent` is named in
// account.forms.ts, which pages import without loading zod.

const repeatedPassword = z.string({ required_error: "Repite la contraseña." });

/** Whether the new password meets the rule: only then is it compared (its own message comes first). */
const meetsRule = (password: unknown): password is string => newPassword.safeParse(password).success;

/** The new password typed twice, compared whatever the form's other fields hold; first in its intersection (decision 0025). */
const passwordRepeated = z
  .object({ password: z.unknown(), confirmPassword: repeatedPassword })
  .refine((value) => !meetsRule(value.password) || value.password === value.confirmPassword, {
    message: "Las contraseñas no coinciden.",
    path: ["confirmPassword"],
  });

/** The address is checked as an address here, so a typo is flagged before the API is asked. */
export const loginSchema = z.object({
  email,
  password: loginPassword,
  redirectTo: z.string().optional(),
});

export const registerSchema = z.intersection(passwordRepeated, registerBody);

export const passwordResetRequestSchema = z.object({ email });

export const newPasswordSchema = z.intersection(passwordRepeated, z.object({ password: newPassword }));

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
  return z.intersection(
    z.intersection(
      passwordRepeated,
      z
        .object({ oldPassword: z.unknown(), password: z.unknown() })
        .refine((value) => !meetsRule(value.password) || value.password !== value.oldPassword, {
          message: SAME_PASSWORD,
          path: ["password"],
        }),
    ),
    z.object({ oldPassword: hasPassword ? currentPassword : z.undefined(), password: newPassword }),
  );
}

// The visitor's account pages' forms by the intent their button sends (parseIntentForm).
export const LOGIN_FORMS = { [accountIntents.login]: loginSchema };
export const REGISTER_FORMS = { [accountIntents.register]: registerSchema };
export const PASSWORD_RESET_FORMS = { [accountIntents.requestPasswordReset]: passwordResetRequestSchema };
export const NEW_PASSWORD_FORMS = { [accountIntents.setNewPassword]: newPasswordSchema };
export const VERIFY_EMAIL_FORMS = { [accountIntents.resendVerification]: z.object({}) };

/** The dashboard's profile page: its details and its photo. */
export const PROFILE_FORMS = {
  [accountIntents.updateProfile]: profileSchema,
  [accountIntents.uploadProfileImage]: profileImageSchema,
};

/** The dashboard's password page; a Google account sets one without the current one. */
export const changePasswordForms = (hasPassword: boolean) => ({
  [accountIntents.changePassword]: changePasswordSchema(hasPassword),
});
