import { accountEndpoints, PASSWORD_CHANGED, PROFILE_IMAGE_TOO_LARGE, PROFILE_UPDATED } from "#contract/accounts";
import { ONE_IMAGE_ONLY, PROFILE_IMAGE_UPLOAD } from "#contract/uploads";
import { accountIntents } from "~/forms/account.forms";
import {
  changePasswordForms,
  changePasswordSchema,
  PROFILE_FORMS,
  profileImageSchema,
  profileSchema,
} from "~/forms/account.schema";
import { answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import type { AccountClient, RequestArgs } from "./auth.server";
import { getOwnProfile } from "./profile.server";
import { redirectWithFlash } from "./session.server";
import type { UploadForm } from "./uploads.server";

/** The dashboard's own account pages: /dashboard/edit-profile and /dashboard/change-password. */

const PROFILE_PAGE = "/dashboard/edit-profile";
const PASSWORD_PAGE = "/dashboard/change-password";
const PROFILE_FIELDS = [
  "name",
  "phone",
  "address.line",
  "address.city",
  "address.province",
  "address.area",
  "address.postCode",
];
/** The profile's photo, read as it streams within the API's limits (uploads.server.ts). */
const PROFILE_IMAGE_FORM: UploadForm = {
  limits: PROFILE_IMAGE_UPLOAD,
  fileField: (part) => (part === "image" ? "image" : null),
  filesField: "image",
  tooLarge: PROFILE_IMAGE_TOO_LARGE,
  tooMany: ONE_IMAGE_ONLY,
  intentOf: () => accountIntents.uploadProfileImage,
};
/** No password travels back to the page. */
const PASSWORD_FIELDS = ["oldPassword", "password", "confirmPassword"];

export function profilePageConstraints() {
  return { constraints: formConstraints({ profile: profileSchema, image: profileImageSchema }) };
}

/** The profile's details, or its photo. */
export async function profilePageAction(args: RequestArgs, account: AccountClient) {
  const form = await parseIntentForm(args.request, PROFILE_FORMS, {
    upload: { form: PROFILE_IMAGE_FORM, scope: args.context.uploads },
  });
  if (!form.ok) return form.answer;
  switch (form.intent) {
    case accountIntents.updateProfile: {
      const { name, phone, address } = form.value;
      try {
        await account.call(accountEndpoints.updateProfile, {
          body: {
            name,
            phone: phone ?? "",
            address: {
              line: address?.line ?? "",
              city: address?.city ?? "",
              province: address?.province ?? "",
              area: address?.area ?? "",
              postCode: address?.postCode ?? "",
            },
          },
        });
      } catch (error) {
        return answerRefused(error, form, { fields: PROFILE_FIELDS });
      }
      account.rememberName(name);
      return redirectWithFlash(args.context, PROFILE_PAGE, { kind: "success", message: PROFILE_UPDATED });
    }
    case accountIntents.uploadProfileImage: {
      const upload = new FormData();
      upload.set("image", form.value.image);
      try {
        await account.call(accountEndpoints.uploadProfileImage, { body: upload });
      } catch (error) {
        return answerRefused(error, form, { fields: ["image"] });
      }
      return redirectWithFlash(args.context, PROFILE_PAGE, { kind: "success", message: "Foto de perfil actualizada." });
    }
  }
}

/** The constraints of both forms (with and without the current password): the layout's profile, read once per navigation, picks one. */
export function passwordPageConstraints() {
  return {
    constraints: formConstraints({
      withPassword: changePasswordSchema(true),
      withoutPassword: changePasswordSchema(false),
    }),
  };
}

/** Changes (or, for a Google account, sets) the password; no password is sent back to the page. */
export async function passwordPageAction(args: RequestArgs, account: AccountClient) {
  const { hasPassword } = await getOwnProfile(account);
  const form = await parseIntentForm(args.request, changePasswordForms(hasPassword), { hideFields: PASSWORD_FIELDS });
  if (!form.ok) return form.answer;
  switch (form.intent) {
    case accountIntents.changePassword:
      try {
        await account.call(accountEndpoints.changePassword, {
          body: { oldPassword: form.value.oldPassword, newPassword: form.value.password },
          // The API ends every other session; this one stays signed in.
          withRefreshCookie: true,
        });
      } catch (error) {
        return answerRefused(
          error,
          { intent: form.intent, reply: (errors) => form.reply({ ...errors, hideFields: PASSWORD_FIELDS }) },
          { fields: ["oldPassword", "password"], fieldNames: { newPassword: "password" } },
        );
      }
      return redirectWithFlash(args.context, PASSWORD_PAGE, { kind: "success", message: PASSWORD_CHANGED });
  }
}
