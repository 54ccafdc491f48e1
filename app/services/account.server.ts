import {
  accountEndpoints,
  BAD_CREDENTIALS,
  TOO_MANY_ATTEMPTS,
  type LoginBody,
  type RegisterBody,
  type SessionAnswer,
} from "#contract/accounts";
import { NETWORK_ERROR } from "#contract/messages";
import { ApiError, type ApiClient } from "./api.server";
import { logError } from "./log.server";

/** The calls of a visitor's account pages (sign-in, sign-up, e-mail check, password reset). */

/** Still imported from here by the payment page. */

export interface FormRefusal {
  status: number;
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
}

/**
 * An API refusal placed on the form: messages naming one of `fields` go next to it, the rest
 * above the form. An API that cannot be reached becomes the network message (SPEC.md section 8).
 */
export function refusalOf(
  error: unknown,
  fields: readonly string[],
  fieldNames: Record<string, string> = {},
): FormRefusal {
  if (!(error instanceof ApiError)) {
    logError("Llamada a la API fallida", error);
    return { status: 503, formErrors: [NETWORK_ERROR], fieldErrors: {} };
  }
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const { field, message } of error.errors) {
    const name = fieldNames[field] ?? field;
    if (fields.includes(name)) (fieldErrors[name] ??= []).push(message);
    else formErrors.push(message);
  }
  if (formErrors.length === 0 && Object.keys(fieldErrors).length === 0) formErrors.push(error.message);
  return { status: error.status, formErrors, fieldErrors };
}

/** SPEC.md section 8, the sign-in column. */
export function loginErrorMessage(error: unknown): { status: number; message: string } {
  if (!(error instanceof ApiError)) {
    logError("POST /user/login falló", error);
    return { status: 503, message: NETWORK_ERROR };
  }
  const serverMessage = error.hasServerMessage ? error.message : undefined;
  switch (error.status) {
    case 429:
      return { status: 429, message: TOO_MANY_ATTEMPTS };
    case 400:
      return { status: 400, message: serverMessage ?? BAD_CREDENTIALS };
    case 404:
      return { status: 404, message: serverMessage ?? "Usuario no registrado." };
    default:
      return { status: error.status, message: serverMessage ?? "Error desconocido. Intente de nuevo." };
  }
}

/**
 * The browser's device token goes along as the API's own cookie, as the refresh token does: with it
 * the API holds the sign-in to the device's limit, not its address's (docs/decisions/0032).
 */
export function logIn(api: ApiClient, credentials: LoginBody, deviceToken: string | null): Promise<SessionAnswer> {
  const headers: Record<string, string> = deviceToken
    ? { cookie: `deviceToken=${encodeURIComponent(deviceToken)}` }
    : {};
  return api.call(accountEndpoints.login, { body: credentials, headers });
}

export function registerAccount(api: ApiClient, account: RegisterBody): Promise<SessionAnswer> {
  return api.call(accountEndpoints.register, { body: account });
}

export function verifyEmail(api: ApiClient, token: string): Promise<{ message: string }> {
  return api.call(accountEndpoints.verifyEmail, { body: { token } });
}

export function requestPasswordReset(api: ApiClient, email: string): Promise<{ message: string }> {
  return api.call(accountEndpoints.forgotPassword, { body: { email } });
}

/** Whether a reset link still works; the API's reason when it does not. */
export async function checkResetToken(
  api: ApiClient,
  token: string,
): Promise<{ valid: true } | { valid: false; message: string }> {
  try {
    await api.call(accountEndpoints.checkResetToken, { params: { token } });
    return { valid: true };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { valid: false, message: error.message };
    throw error;
  }
}

export function resetPassword(
  api: ApiClient,
  reset: { token: string; password: string },
): Promise<{ message: string }> {
  return api.call(accountEndpoints.resetPassword, { body: reset });
}
