import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { NETWORK_ERROR } from "#contract/messages";
import { ApiError } from "~/services/api.server";
import { afterSignIn, signIn } from "~/services/auth.server";
import { authenticator } from "~/services/google-auth.server";
import { redirectWithFlash } from "~/services/session.server";
import { logError } from "~/services/log.server";

/** Google sends the browser back here; the provider's token becomes the store's session. */
export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const redirectTo = afterSignIn(context.session.get("redirectTo"));
  try {
    const tokens = await authenticator.authenticate("google", request, { throwOnError: true, context });
    // The strategy checked its state on its own copy of the session; drop it from ours.
    context.session.unset("oauth2:state");
    return await signIn(args, tokens, { to: redirectTo });
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) return error;
    // The API's refusal reaches here as the strategy's error's cause: a blocked account is told why.
    const refusal = error instanceof Error ? (error.cause ?? error) : error;
    if (refusal instanceof ApiError && refusal.status === 403 && refusal.hasServerMessage)
      return redirectWithFlash(context, "/login", { kind: "error", message: refusal.message });
    logError("Inicio de sesión con Google fallido", error);
    return redirectWithFlash(context, "/login", { kind: "error", message: NETWORK_ERROR });
  }
}

export function action() {
  return redirect("/login");
}
