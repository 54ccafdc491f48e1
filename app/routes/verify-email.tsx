import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { intents } from "~/components/account/account-intents";
import { AuthCard } from "~/components/account/AuthCard";
import { textLinkClass } from "~/components/ui/TextLink";
import { ResendVerificationForm } from "~/components/account/ResendVerificationForm";
import { accountEndpoints } from "#contract/accounts";
import { NETWORK_ERROR } from "#contract/messages";
import { verifyEmail } from "~/services/account.server";
import { ApiError } from "~/services/api.server";
import { getUser, requireAccount } from "~/services/auth.server";
import { getOwnProfile } from "~/services/profile.server";
import { redirectWithFlash } from "~/services/session.server";
import { logError } from "~/services/log.server";
import { readForm } from "~/services/form.server";

export const meta: MetaFunction = () => [
  { title: "Verificar correo electrónico | Mercado Pádel" },
  { name: "description", content: "Confirma la dirección de correo electrónico de tu cuenta de Mercado Pádel." },
];

type Outcome = { verified: true; message: string } | { verified: false; message: string } | null;

/** The link in the e-mail lands here with ?token=; without one the page offers a new e-mail. */
export async function loader(args: LoaderFunctionArgs) {
  const token = new URL(args.request.url).searchParams.get("token");
  let outcome: Outcome = null;
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
  const account = requireAccount(args);
  const profile = await getOwnProfile(account);
  // A link already used (or a stale one) of an account that is verified: there is nothing to fix, and
  // a red "not valid" above "your e-mail is verified" would read as a contradiction.
  if (outcome && !outcome.verified && profile.emailVerified) outcome = null;
  return { outcome, signedIn: true, emailVerified: profile.emailVerified };
}

export async function action(args: ActionFunctionArgs) {
  const account = requireAccount(args);
  const formData = await readForm(args.request);
  if (formData.get("intent") !== intents.resendVerification) throw new Response(null, { status: 400 });
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

export default function VerifyEmail() {
  const { outcome, signedIn, emailVerified } = useLoaderData<typeof loader>();
  return (
    <AuthCard title="Verificar correo electrónico">
      <div className="space-y-5">
        {outcome ? (
          <p
            role={outcome.verified ? "status" : "alert"}
            className={`rounded-lg border-l-4 px-4 py-3 font-medium ${
              outcome.verified ? "border-lime-500 bg-lime-50 text-slate-900" : "border-red-600 bg-red-50 text-red-900"
            }`}
          >
            {outcome.message}
          </p>
        ) : null}
        {signedIn && emailVerified ? <p className="text-slate-700">Tu correo electrónico está verificado.</p> : null}
        {signedIn && !emailVerified ? (
          <>
            <p className="text-slate-700">
              Tu correo electrónico aún no está verificado. Abre el enlace que te enviamos o pide uno nuevo.
            </p>
            <ResendVerificationForm />
          </>
        ) : null}
        {!signedIn && !outcome ? (
          <p className="text-slate-700">Abre el enlace que te enviamos por correo para verificar tu dirección.</p>
        ) : null}
        <p>
          {signedIn ? (
            <Link to="/dashboard" className={textLinkClass}>
              Ir a mi cuenta
            </Link>
          ) : (
            <Link to="/login" className={textLinkClass}>
              Iniciar sesión
            </Link>
          )}
        </p>
      </div>
    </AuthCard>
  );
}
