import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { AuthCard, GoogleSignInForm } from "~/components/account/AuthCard";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { accountIntents, accountSchemas } from "~/forms/account.forms";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm } from "~/forms/use-schema-form";
import { loadLogin, loginAction } from "~/services/account-forms.server";

export const meta: MetaFunction = () => [
  { title: "Iniciar sesión | Mercado Pádel" },
  { name: "description", content: "Entra en tu cuenta de Mercado Pádel para ver tus pedidos, tu cartera y tu perfil." },
];

export async function loader(args: LoaderFunctionArgs) {
  return loadLogin(args);
}

export async function action(args: ActionFunctionArgs) {
  return loginAction(args);
}

export default function Login() {
  const { honeypot, constraints, googleSignIn, sessionExpired, redirectTo, fromCheckout } =
    useLoaderData<typeof loader>();
  const [form, fields] = useSchemaForm(
    { constraint: constraints.login, load: accountSchemas.login },
    { lastResult: useFormAnswer(accountIntents.login)?.result },
  );
  const registerHref = redirectTo ? `/register?${new URLSearchParams({ redirectTo })}` : "/register";

  return (
    <AuthCard
      title="Iniciar sesión"
      intro={
        <p>
          ¿Aún no tienes cuenta? <TextLink to={registerHref}>Crear una cuenta</TextLink>
        </p>
      }
    >
      {sessionExpired ? (
        <div role="alert" className="mb-5">
          <Notice tone="warning">Tu sesión ha caducado. Inicia sesión de nuevo.</Notice>
        </div>
      ) : fromCheckout ? (
        <div role="status" className="mb-5">
          <Notice tone="success">
            Para continuar con tu pedido, inicia sesión o crea una cuenta. Tu carrito se conserva.
          </Notice>
        </div>
      ) : null}
      <HoneypotProvider {...honeypot}>
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <FormAlert id={form.errorId} errors={form.errors} />
          <HoneypotInputs label="Deja este campo vacío" />
          <input type="hidden" name={fields.redirectTo.name} value={redirectTo} />
          <TextField label="Correo electrónico" meta={fields.email} type="email" autoComplete="email" />
          <TextField label="Contraseña" meta={fields.password} type="password" autoComplete="current-password" />
          <div className="flex flex-wrap items-center justify-between gap-4">
            <SubmitButton intent={accountIntents.login} pending="Entrando…">
              Iniciar sesión
            </SubmitButton>
            <TextLink to="/resetpassword">¿Olvidaste tu contraseña?</TextLink>
          </div>
        </Form>
      </HoneypotProvider>
      {googleSignIn ? <GoogleSignInForm redirectTo={redirectTo} /> : null}
    </AuthCard>
  );
}
