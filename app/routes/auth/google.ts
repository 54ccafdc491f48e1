import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirectPath } from "~/services/auth.server";
import { authenticator, googleSignInEnabled } from "~/services/google-auth.server";
import { commitSession, getSession } from "~/services/session.server";

export function loader() {
  return redirect("/login");
}

/**
 * Starts Google sign-in. Where to go afterwards is kept in the session, because the trip through
 * Google carries no query of ours; the strategy then adds its state to that same session.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (!googleSignInEnabled) return redirect("/login");
  const formData = await request.formData();
  const session = await getSession(request, context);
  session.set("redirectTo", safeRedirectPath(formData.get("redirectTo")));
  const cookie = (await commitSession(session)).split(";")[0];
  const withRedirectTo = new Request(request.url, { headers: { Cookie: cookie } });
  // Throws the redirect to Google, with the session cookie holding both values.
  return authenticator.authenticate("google", withRedirectTo, { context });
}
