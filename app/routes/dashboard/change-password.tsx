import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { useMemo } from "react";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { Card } from "~/components/ui/Card";
import { accountIntents as intents, accountSchemas } from "~/forms/account.forms";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm } from "~/forms/use-schema-form";
import { requireAccount } from "~/services/auth.server";
import { passwordPageAction, passwordPageConstraints } from "~/services/dashboard-account.server";
import { useDashboardProfile } from "./use-dashboard-profile";
import { NewPasswordFields } from "~/components/account/NewPasswordFields";

export const meta: MetaFunction = () => [
  { title: "Cambiar contraseña | Mercado Pádel" },
  { name: "description", content: "Cambia la contraseña de tu cuenta de Mercado Pádel." },
  { name: "robots", content: "noindex" },
];

export function loader() {
  return passwordPageConstraints();
}

export async function action(args: ActionFunctionArgs) {
  return passwordPageAction(args, requireAccount(args));
}

export default function ChangePassword() {
  // A password saved brings this page back: its form starts empty, as a page drawn anew would.
  return <ChangePasswordForm key={useLocation().key} />;
}

function ChangePasswordForm() {
  const { hasPassword } = useDashboardProfile().profile;
  const { constraints } = useLoaderData<typeof loader>();
  const loadChangePasswordSchema = useMemo(() => accountSchemas.changePassword(hasPassword), [hasPassword]);
  const constraint = hasPassword ? constraints.withPassword : constraints.withoutPassword;
  const [form, fields] = useSchemaForm(
    { constraint, load: loadChangePasswordSchema },
    {
      lastResult: useFormAnswer(intents.changePassword)?.result,
    },
  );

  return (
    <section aria-labelledby="titulo-contrasena" className="max-w-lg">
      <h1 id="titulo-contrasena" className="text-3xl font-bold text-slate-900">
        Cambiar contraseña
      </h1>
      <p className="mt-2 text-slate-700">
        {hasPassword
          ? "Al cambiarla se cerrarán tus sesiones en otros dispositivos."
          : "Tu cuenta entra con Google. Elige una contraseña para poder entrar también con tu correo."}
      </p>
      <Card className="mt-8 sm:p-8">
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <FormAlert id={form.errorId} errors={form.errors} />
          {hasPassword ? (
            <TextField
              label="Contraseña actual"
              meta={fields.oldPassword}
              type="password"
              autoComplete="current-password"
            />
          ) : null}
          <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
          <SubmitButton intent={intents.changePassword} pending="Guardando…">
            Guardar contraseña
          </SubmitButton>
        </Form>
      </Card>
    </section>
  );
}
