import { ApiError } from "./api.server";
import { requireAccount, type AccountClient, type RequestArgs } from "./auth.server";

/** The root error boundary's 'Sin permiso' page. */
export function forbidden(): Response {
  return new Response(null, { status: 403, statusText: "Sin permiso" });
}

export function notFound(): Response {
  return new Response(null, { status: 404, statusText: "No encontrado" });
}

/**
 * The signed-in admin's API client. A visitor is sent to sign in (and brought back); any other
 * signed-in user gets the 403 page. The role is the access token's, which a role change makes
 * stale at once (docs/decisions/0009); the API checks it again on every call.
 */
export function requireAdmin(args: RequestArgs): AccountClient {
  const account = requireAccount(args);
  if (account.user.role !== "admin") throw forbidden();
  return account;
}

/**
 * A loader's API failure as the page to show: a refused role is the 403 page, a record that is
 * not there (or a malformed id) the 404 page; anything else goes on to the error boundary.
 */
export function pageErrorOf(error: unknown): unknown {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) return forbidden();
    if (error.status === 404 || error.status === 400) return notFound();
  }
  return error;
}
