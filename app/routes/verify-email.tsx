import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/account/AuthCard";
import { ResendVerificationForm } from "~/components/account/ResendVerificationForm";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { loadVerifyEmail, resendVerificationAction } from "~/services/account-forms.server";

export const meta: MetaFunction = () => [
  { title: "Verificar correo electrónico | Mercado Pádel" },
  { name: "description", content: "Confirma la dirección de correo electrónico de tu cuenta de Mercado Pádel." },
];

/** The link in the e-mail lands here with ?token=; without one the page offers a new e-mail. */
export async function loader(args: LoaderFunctionArgs) {
  return loadVerifyEmail(args);
}

export async function action(args: ActionFunctionArgs) {
  return resendVerificationAction(args);
}

export default function VerifyEmail() {
  const { outcome, signedIn, emailVerified } = useLoaderData<typeof loader>();
  return (
    <AuthCard title="Verificar correo electrónico">
      <div className="space-y-5">
        {outcome ? (
          outcome.verified ? (
            <div role="status">
              <Notice tone="success">{outcome.message}</Notice>
            </div>
          ) : (
            <Notice tone="error">{outcome.message}</Notice>
          )
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
            <TextLink to="/dashboard">Ir a mi cuenta</TextLink>
          ) : (
            <TextLink to="/login">Iniciar sesión</TextLink>
          )}
        </p>
      </div>
    </AuthCard>
  );
}
