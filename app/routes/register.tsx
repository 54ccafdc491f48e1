import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { NEW_PASSWORD_HINT } from "#contract/messages";
import { AuthCard, GoogleSignInForm } from "~/components/account/AuthCard";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { TextLink } from "~/components/ui/TextLink";
import { accountIntents, accountSchemas } from "~/forms/account.forms";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm } from "~/forms/use-schema-form";
import { loadRegister, registerAction } from "~/services/account-forms.server";

export const meta: MetaFunction = () => [
  { title: "Crear cuenta | Mercado Pádel" },
  {
    name: "description",
    content: "Crea tu cuenta de Mercado Pádel para comprar, guardar favoritos y seguir tus pedidos.",
  },
];

export async function loader(args: LoaderFunctionArgs) {
  return loadRegister(args);
}

export async function action(args: ActionFunctionArgs) {
  return registerAction(args);
}

export default function Register() {
  const { honeypot, constraints, googleSignIn, redirectTo } = useLoaderData<typeof loader>();
  const [form, fields] = useSchemaForm(
    { constraint: constraints.register, load: accountSchemas.register },
    { lastResult: useFormAnswer(accountIntents.register)?.result },
  );
  const loginHref = redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login";

  return (
    <AuthCard
      title="Crear cuenta"
      intro={
        <p>
          ¿Ya tienes cuenta? <TextLink to={loginHref}>Iniciar sesión</TextLink>
        </p>
      }
    >
      <HoneypotProvider {...honeypot}>
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <FormAlert id={form.errorId} errors={form.errors} />
          <HoneypotInputs label="Deja este campo vacío" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField label="Nombre" meta={fields.name} autoComplete="name" />
          <TextField label="Correo electrónico" meta={fields.email} type="email" autoComplete="email" />
          <TextField
            label="Contraseña"
            meta={fields.password}
            type="password"
            autoComplete="new-password"
            hint={NEW_PASSWORD_HINT}
          />
          <TextField
            label="Repite la contraseña"
            meta={fields.confirmPassword}
            type="password"
            autoComplete="new-password"
          />
          <SubmitButton intent={accountIntents.register} pending="Creando cuenta…">
            Crear cuenta
          </SubmitButton>
        </Form>
      </HoneypotProvider>
      {googleSignIn ? <GoogleSignInForm redirectTo={redirectTo} /> : null}
    </AuthCard>
  );
}
