import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { afterSignIn } from "~/services/auth.server";
import { authenticator, googleSignInEnabled } from "~/services/google-auth.server";
import { readForm } from "~/services/form.server";

export function loader() {
  return redirect("/login");
}

/**
 * Starts Google sign-in. Where to go afterwards is kept in the session, because the trip through
 * Google carries no query of ours; the strategy then adds its state to that same session.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (!googleSignInEnabled) return redirect("/login");
  const formData = await readForm(request);
  context.session.set("redirectTo", afterSignIn(formData.get("redirectTo")));
  const cookie = (await context.session.commit()).split(";")[0];
  const withRedirectTo = new Request(request.url, { headers: { Cookie: cookie } });
  // Throws the redirect to Google with the session cookie holding both values; that cookie is the
  // one the browser keeps (server.ts leaves a response's own session cookie alone).
  return authenticator.authenticate("google", withRedirectTo, { context });
}
