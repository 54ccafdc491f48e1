import { NETWORK_OR_SERVER_ERROR } from "#contract/messages";
import { shopIdentityEndpoints } from "#contract/shop-identity";
import { TAX_ID_LABELS } from "#contract/shop-labels";
import { SHOP_IMAGE_TOO_LARGE, SHOP_PROFILE_FORM_FIELDS, shopProfileEndpoints } from "#contract/shop-profile";
import { SHOP_IMAGE_MAX_BYTES, SHOP_IMAGE_PARTS } from "#contract/shop-profile-labels";
import { ONE_IMAGE_ONLY, type UploadLimits } from "#contract/uploads";
import { answer, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { profileIntents, type ProfileFormAnswer } from "~/routes/dashboard/seller/profile.forms";
import {
  identityChangeForm,
  PROFILE_FORMS,
  shopProfileForm,
  vacationForm,
} from "~/routes/dashboard/seller/profile.schema";
import { refusalOf } from "./account.server";
import { forbidden, pageErrorOf } from "./admin.server";
import { ApiError, imageUrl } from "./api.server";
import type { RequestArgs } from "./auth.server";
import { logError } from "./log.server";
import type { SellerArea } from "./seller.server";
import { redirectWithFlash } from "./session.server";
import { presentIdentityChange } from "./shop-identity.server";
import type { UploadForm } from "./uploads.server";

/** The API's limits for the profile form (shop-profile/routes.ts): two images and a few texts. */
const PROFILE_UPLOAD: UploadLimits = {
  fileBytes: SHOP_IMAGE_MAX_BYTES,
  files: SHOP_IMAGE_PARTS.length,
  fields: 20,
  fieldBytes: 20_000,
  parts: 24,
};

/** The profile's images, read as they stream within the API's limits (uploads.server.ts). */
const PROFILE_UPLOAD_FORM: UploadForm = {
  limits: PROFILE_UPLOAD,
  fileField: (part) => ((SHOP_IMAGE_PARTS as readonly string[]).includes(part) ? part : null),
  filesField: null,
  tooLarge: SHOP_IMAGE_TOO_LARGE,
  tooMany: ONE_IMAGE_ONLY,
  intentOf: () => profileIntents.save,
};

/**
 * /dashboard/seller/profile: `GET /seller/profile` and `GET /seller/shop-identity` (the name and tax
 * id, and their change), with the images' addresses and the forms' constraints.
 */
export async function loadProfile(area: SellerArea) {
  const [profile, identity] = await Promise.all([
    area.account.call(shopProfileEndpoints.get, {}),
    area.account.call(shopIdentityEndpoints.mine, {}),
  ]).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    profile,
    identity: {
      ...identity,
      taxIdLabel: TAX_ID_LABELS[identity.country],
      pending: identity.pending ? presentIdentityChange(identity.pending) : null,
      latest: identity.latest ? presentIdentityChange(identity.latest) : null,
    },
    logoSrc: profile.logo ? imageUrl(profile.logo, 200) : null,
    bannerSrc: profile.banner ? imageUrl(profile.banner, 800) : null,
    locked: area.refusal,
    constraints: formConstraints({
      save: shopProfileForm,
      vacationOn: vacationForm,
      identityChange: identityChangeForm,
    }),
  };
}

function profileAnswer(
  form: { intent: string; filesChosen: boolean },
  result: ProfileFormAnswer["result"],
  status: number,
) {
  const body: ProfileFormAnswer = {
    intent: form.intent,
    result,
    attempt: form.filesChosen ? crypto.randomUUID() : undefined,
  };
  return answer(body, status);
}

/**
 * Saves the profile (`PUT /seller/profile`, multipart), turns the vacation on or off
 * (`PUT /seller/vacation`), or asks for (or withdraws) a change of the shop's name or tax id
 * (`/seller/shop-identity`), then back here with a flash; a refusal beside its field.
 */
export async function profileAction(args: RequestArgs, area: SellerArea) {
  const form = await parseIntentForm(args.request, PROFILE_FORMS, {
    upload: { form: PROFILE_UPLOAD_FORM, scope: args.context.uploads },
  });
  if (!form.ok) return profileAnswer(form, form.reply(), form.status);
  const back = (message: string) => redirectWithFlash(args.context, sellerPaths.profile, { kind: "success", message });
  try {
    switch (form.intent) {
      case profileIntents.save: {
        const { logo, banner, removeLogo, removeBanner, country: _country, ...texts } = form.value;
        const body = new FormData();
        for (const [name, value] of Object.entries(texts)) body.set(name, value);
        if (removeLogo) body.set("removeLogo", "on");
        if (removeBanner) body.set("removeBanner", "on");
        if (logo) body.set("logo", logo, logo.name);
        if (banner) body.set("banner", banner, banner.name);
        const { message } = await area.account.call(shopProfileEndpoints.save, { body });
        return back(message);
      }
      case profileIntents.vacationOn: {
        const { message } = await area.account.call(shopProfileEndpoints.vacation, {
          body: { on: true, until: form.value.until, note: form.value.note },
        });
        return back(message);
      }
      case profileIntents.vacationOff: {
        const { message } = await area.account.call(shopProfileEndpoints.vacation, { body: { on: false } });
        return back(message);
      }
      case profileIntents.identityChange: {
        const { shopName, rif, reason } = form.value;
        const { message } = await area.account.call(shopIdentityEndpoints.request, {
          body: { shopName, rif, reason },
        });
        return back(message);
      }
      case profileIntents.identityWithdraw: {
        const { message } = await area.account.call(shopIdentityEndpoints.withdraw, {});
        return back(message);
      }
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) throw forbidden();
    if (!(error instanceof ApiError) || error.status >= 500) {
      logError(`Perfil de la tienda: ${form.intent} falló`, error);
      return profileAnswer(form, form.reply({ formErrors: [NETWORK_OR_SERVER_ERROR] }), 503);
    }
    const { status, formErrors, fieldErrors } = refusalOf(error, [
      ...SHOP_PROFILE_FORM_FIELDS,
      "until",
      "note",
      "shopName",
      "rif",
      "reason",
    ]);
    return profileAnswer(form, form.reply({ formErrors, fieldErrors }), status);
  }
}
