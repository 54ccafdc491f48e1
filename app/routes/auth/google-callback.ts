import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { NETWORK_ERROR } from "~/services/account.server";
import { safeRedirectPath, signIn } from "~/services/auth.server";
import { authenticator } from "~/services/google-auth.server";
import { getSession, redirectWithFlash } from "~/services/session.server";

/** Google sends the browser back here; the provider's token becomes the store's session. */
export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const session = await getSession(request, context);
  const redirectTo = safeRedirectPath(session.get("redirectTo"));
  try {
    const tokens = await authenticator.authenticate("google", request, { throwOnError: true, context });
    // The strategy checked its state on its own copy of the session; drop it from ours.
    session.unset("oauth2:state");
    return await signIn(args, tokens, { to: redirectTo });
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) return error;
    console.error("Inicio de sesión con Google fallido:", error);
    return redirectWithFlash(request, "/login", { kind: "error", message: NETWORK_ERROR }, context);
  }
}

export function action() {
  return redirect("/login");
}
