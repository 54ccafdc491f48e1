import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { AuthCard } from "~/components/account/AuthCard";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { TextLink } from "~/components/ui/TextLink";
import { accountIntents, accountSchemas } from "~/forms/account.forms";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm } from "~/forms/use-schema-form";
import { loadPasswordReset, passwordResetAction } from "~/services/account-forms.server";

export const meta: MetaFunction = () => [
  { title: "Recuperar contraseña | Mercado Pádel" },
  {
    name: "description",
    content: "Recibe por correo un enlace para elegir una nueva contraseña de tu cuenta de Mercado Pádel.",
  },
];

export function loader() {
  return loadPasswordReset();
}

export async function action(args: ActionFunctionArgs) {
  return passwordResetAction(args);
}

export default function ResetPassword() {
  const { honeypot, constraints } = useLoaderData<typeof loader>();
  const [form, fields] = useSchemaForm(
    { constraint: constraints.reset, load: accountSchemas.passwordResetRequest },
    { lastResult: useFormAnswer(accountIntents.requestPasswordReset)?.result },
  );

  return (
    <AuthCard
      title="Recuperar contraseña"
      intro={<p>Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una nueva contraseña.</p>}
    >
      <HoneypotProvider {...honeypot}>
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <FormAlert id={form.errorId} errors={form.errors} />
          <HoneypotInputs label="Deja este campo vacío" />
          <TextField label="Correo electrónico" meta={fields.email} type="email" autoComplete="email" />
          <div className="flex flex-wrap items-center justify-between gap-4">
            <SubmitButton intent={accountIntents.requestPasswordReset} pending="Enviando…">
              Enviar enlace
            </SubmitButton>
            <TextLink to="/login">Volver a iniciar sesión</TextLink>
          </div>
        </Form>
      </HoneypotProvider>
    </AuthCard>
  );
}
