import { REGISTERED, accountEndpoints } from "#contract/accounts";
import { NETWORK_ERROR } from "#contract/messages";
import { accountIntents } from "~/forms/account.forms";
import {
  LOGIN_FORMS,
  loginSchema,
  NEW_PASSWORD_FORMS,
  newPasswordSchema,
  PASSWORD_RESET_FORMS,
  passwordResetRequestSchema,
  REGISTER_FORMS,
  registerSchema,
  VERIFY_EMAIL_FORMS,
} from "~/forms/account.schema";
import { answer, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import {
  checkResetToken,
  logIn,
  loginErrorMessage,
  refusalOf,
  registerAccount,
  requestPasswordReset,
  resetPassword,
  verifyEmail,
} from "./account.server";
import { ApiError, type ApiClient } from "./api.server";
import { afterSignIn, getUser, redirectSignedInUser, requireAccount, signIn, type RequestArgs } from "./auth.server";
import { googleSignInEnabled } from "./google-auth.server";
import { honeypotInputProps, isSpam } from "./honeypot.server";
import { logError } from "./log.server";
import { getOwnProfile } from "./profile.server";
import { redirectWithFlash } from "./session.server";

/**
 * The visitor's account pages (sign-in, sign-up, password reset, the e-mail check's new e-mail):
 * what their loaders give and their actions. Passwords are never sent back to a refused form.
 */

/** Pages a visitor reaches from the cart, where signing in is the next step of buying. */
const CHECKOUT_PATHS = ["/shipping", "/payment", "/order/"];

// ---- /login -------------------------------------------------------------------------------------

export function loadLogin(args: RequestArgs) {
  redirectSignedInUser(args);
  const url = new URL(args.request.url);
  const redirectTo = url.searchParams.get("redirectTo") ?? "";
  return {
    honeypot: honeypotInputProps(),
    constraints: formConstraints({ login: loginSchema }),
    googleSignIn: googleSignInEnabled,
    sessionExpired: url.searchParams.get("session") === "expired",
    redirectTo,
    fromCheckout: CHECKOUT_PATHS.some((path) => redirectTo.startsWith(path)),
  };
}

export async function loginAction(args: RequestArgs) {
  const hideFields = ["password"];
  const form = await parseIntentForm(args.request, LOGIN_FORMS, { hideFields });
  if (!form.ok) return form.answer;
  if (isSpam(form.formData)) {
    const formErrors = ["No pudimos iniciar sesión. Recarga la página e inténtalo de nuevo."];
    return answer({ intent: form.intent, result: form.reply({ formErrors, hideFields }) }, 400);
  }
  switch (form.intent) {
    case accountIntents.login: {
      const { email, password, redirectTo } = form.value;
      try {
        const tokens = await logIn(args.context.api, { email, password }, args.context.session.deviceToken);
        return await signIn(args, tokens, { to: afterSignIn(redirectTo) });
      } catch (error) {
        const { status, message } = loginErrorMessage(error);
        return answer({ intent: form.intent, result: form.reply({ formErrors: [message], hideFields }) }, status);
      }
    }
  }
}

// ---- /register ----------------------------------------------------------------------------------

const REGISTER_FIELDS = ["name", "email", "password", "confirmPassword"] as const;

export function loadRegister(args: RequestArgs) {
  redirectSignedInUser(args);
  return {
    honeypot: honeypotInputProps(),
    constraints: formConstraints({ register: registerSchema }),
    googleSignIn: googleSignInEnabled,
    redirectTo: new URL(args.request.url).searchParams.get("redirectTo") ?? "",
  };
}

export async function registerAction(args: RequestArgs) {
  const hideFields = ["password", "confirmPassword"];
  const form = await parseIntentForm(args.request, REGISTER_FORMS, { hideFields });
  if (!form.ok) return form.answer;
  if (isSpam(form.formData)) {
    const formErrors = ["No pudimos crear la cuenta. Recarga la página e inténtalo de nuevo."];
    return answer({ intent: form.intent, result: form.reply({ formErrors, hideFields }) }, 400);
  }
  switch (form.intent) {
    case accountIntents.register: {
      const { name, email, password } = form.value;
      try {
        const tokens = await registerAccount(args.context.api, { name, email, password });
        return await signIn(args, tokens, {
          to: afterSignIn(form.formData.get("redirectTo")),
          name,
          flash: { kind: "success", message: REGISTERED },
        });
      } catch (error) {
        const { status, formErrors, fieldErrors } = refusalOf(error, REGISTER_FIELDS);
        return answer({ intent: form.intent, result: form.reply({ formErrors, fieldErrors, hideFields }) }, status);
      }
    }
  }
}

// ---- /resetpassword -----------------------------------------------------------------------------

/** The same answer whether or not the address has an account, so the form reveals none. */
const RESET_LINK_SENT =
  "Si existe una cuenta con ese correo, te enviamos un enlace para elegir una nueva contraseña. Revisa tu bandeja de entrada.";

export function loadPasswordReset() {
  return { honeypot: honeypotInputProps(), constraints: formConstraints({ reset: passwordResetRequestSchema }) };
}

export async function passwordResetAction(args: RequestArgs) {
  const form = await parseIntentForm(args.request, PASSWORD_RESET_FORMS);
  if (!form.ok) return form.answer;
  if (isSpam(form.formData)) {
    const formErrors = ["No pudimos enviar el enlace. Recarga la página e inténtalo de nuevo."];
    return answer({ intent: form.intent, result: form.reply({ formErrors }) }, 400);
  }
  switch (form.intent) {
    case accountIntents.requestPasswordReset:
      try {
        await requestPasswordReset(args.context.api, form.value.email);
      } catch (error) {
        // A limit reached (429) or an API that does not answer is worth telling; anything else is not.
        if (!(error instanceof ApiError) || error.status === 429 || error.status >= 500) {
          if (!(error instanceof ApiError)) logError("POST /user/forgot-password falló", error);
          const message = error instanceof ApiError ? error.message : NETWORK_ERROR;
          const status = error instanceof ApiError ? error.status : 503;
          return answer({ intent: form.intent, result: form.reply({ formErrors: [message] }) }, status);
        }
      }
      return redirectWithFlash(args.context, "/resetpassword", { kind: "success", message: RESET_LINK_SENT });
  }
}

// ---- /changepassword/:id ------------------------------------------------------------------------

/** Whether the e-mail's reset link (its token) still works, and the form's constraints. */
export async function loadNewPassword(api: ApiClient, token: string) {
  return { link: await checkResetToken(api, token), constraints: formConstraints({ password: newPasswordSchema }) };
}

export async function newPasswordAction(args: RequestArgs, token: string) {
  const hideFields = ["password", "confirmPassword"];
  const form = await parseIntentForm(args.request, NEW_PASSWORD_FORMS, { hideFields });
  if (!form.ok) return form.answer;
  switch (form.intent) {
    case accountIntents.setNewPassword:
      try {
        await resetPassword(args.context.api, { token, password: form.value.password });
      } catch (error) {
        const { status, formErrors, fieldErrors } = refusalOf(error, ["password"]);
        return answer({ intent: form.intent, result: form.reply({ formErrors, fieldErrors, hideFields }) }, status);
      }
      return redirectWithFlash(args.context, "/login", {
        kind: "success",
        message: "Contraseña actualizada. Ya puedes iniciar sesión con la nueva.",
      });
  }
}

// ---- /verify-email ------------------------------------------------------------------------------

type VerifyOutcome = { verified: boolean; message: string } | null;

/** The link in the e-mail lands on /verify-email with ?token=; without one the page offers a new e-mail. */
export async function loadVerifyEmail(args: RequestArgs) {
  const token = new URL(args.request.url).searchParams.get("token");
  let outcome: VerifyOutcome = null;
  if (token) {
    try {
      outcome = {
        verified: true,
        message: (await verifyEmail(args.context.api, token)).message || "Correo electrónico verificado.",
      };
    } catch (error) {
      if (!(error instanceof ApiError)) logError("POST /user/verify-email falló", error);
      outcome = { verified: false, message: error instanceof ApiError ? error.message : NETWORK_ERROR };
    }
  }
  if (!getUser(args)) return { outcome, signedIn: false, emailVerified: false };
  const profile = await getOwnProfile(requireAccount(args));
  // A link already used (or a stale one) of an account that is verified: there is nothing to fix, and
  // a red "not valid" above "your e-mail is verified" would read as a contradiction.
  if (outcome && !outcome.verified && profile.emailVerified) outcome = null;
  return { outcome, signedIn: true, emailVerified: profile.emailVerified };
}

/** 'Reenviar correo de verificación' (/verify-email and the dashboard post here): back with a flash. */
export async function resendVerificationAction(args: RequestArgs) {
  const account = requireAccount(args);
  const form = await parseIntentForm(args.request, VERIFY_EMAIL_FORMS);
  if (!form.ok) return form.answer;
  switch (form.intent) {
    case accountIntents.resendVerification:
      try {
        const { message } = await account.call(accountEndpoints.resendVerification);
        return redirectWithFlash(args.context, "/verify-email", {
          kind: "success",
          message: message || "Te enviamos un nuevo correo de verificación.",
        });
      } catch (error) {
        if (error instanceof Response) throw error;
        const message = error instanceof ApiError ? error.message : NETWORK_ERROR;
        return redirectWithFlash(args.context, "/verify-email", { kind: "error", message });
      }
  }
}
