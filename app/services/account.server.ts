import type { AppLoadContext } from "@remix-run/node";
import { api, ApiError } from "./api.server";
import type { IssuedTokens } from "./auth.server";

/** The calls of a visitor's account pages (sign-in, sign-up, e-mail check, password reset). */

export const NETWORK_ERROR = "Error de red, intente de nuevo.";

export interface FormRefusal {
  status: number;
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
}

/**
 * An API refusal placed on the form: messages naming one of `fields` go next to it, the rest
 * above the form. An API that cannot be reached becomes the network message (SPEC.md section 8).
 */
export function refusalOf(error: unknown, fields: readonly string[], fieldNames: Record<string, string> = {}): FormRefusal {
  if (!(error instanceof ApiError)) {
    console.error("Llamada a la API fallida:", error);
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
    console.error("POST /user/login falló:", error);
    return { status: 503, message: NETWORK_ERROR };
  }
  const serverMessage = error.hasServerMessage ? error.message : undefined;
  switch (error.status) {
    case 429:
      return { status: 429, message: "Has superado el límite de intentos. Intenta de nuevo más tarde." };
    case 400:
      return { status: 400, message: serverMessage ?? "Email o contraseña incorrecto." };
    case 404:
      return { status: 404, message: serverMessage ?? "Usuario no registrado." };
    default:
      return { status: error.status, message: serverMessage ?? "Error desconocido. Intente de nuevo." };
  }
}

export function logIn(credentials: { email: string; password: string }, context: AppLoadContext): Promise<IssuedTokens> {
  return api<IssuedTokens>("/user/login", { method: "POST", body: credentials, clientAddress: context.clientAddress });
}

export function registerAccount(
  account: { name: string; email: string; password: string },
  context: AppLoadContext,
): Promise<IssuedTokens & { message: string }> {
  return api("/user/register", { method: "POST", body: account, clientAddress: context.clientAddress });
}

export function verifyEmail(token: string, context: AppLoadContext): Promise<{ message: string }> {
  return api("/user/verify-email", { method: "POST", body: { token }, clientAddress: context.clientAddress });
}

export function requestPasswordReset(email: string, context: AppLoadContext): Promise<{ message: string }> {
  return api("/user/forgot-password", { method: "POST", body: { email }, clientAddress: context.clientAddress });
}

/** Whether a reset link still works; the API's reason when it does not. */
export async function checkResetToken(token: string, context: AppLoadContext): Promise<{ valid: true } | { valid: false; message: string }> {
  try {
    await api(`/user/reset-password/${encodeURIComponent(token)}`, { clientAddress: context.clientAddress });
    return { valid: true };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { valid: false, message: error.message };
    throw error;
  }
}

export function resetPassword(reset: { token: string; password: string }, context: AppLoadContext): Promise<{ message: string }> {
  return api("/user/reset-password", { method: "POST", body: reset, clientAddress: context.clientAddress });
}
