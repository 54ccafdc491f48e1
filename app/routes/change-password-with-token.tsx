import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/account/AuthCard";
import { FormAlert, SubmitButton } from "~/components/forms/fields";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { accountIntents, accountSchemas } from "~/forms/account.forms";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm } from "~/forms/use-schema-form";
import { loadNewPassword, newPasswordAction } from "~/services/account-forms.server";
import { NewPasswordFields } from "~/components/account/NewPasswordFields";

export const meta: MetaFunction = () => [
  { title: "Nueva contraseña | Mercado Pádel" },
  { name: "description", content: "Elige una nueva contraseña para tu cuenta de Mercado Pádel." },
  // The address carries a secret: keep it out of search engines.
  { name: "robots", content: "noindex" },
];

/** /changepassword/:id, where :id is the reset token from the e-mail. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return loadNewPassword(context.api, params.id ?? "");
}

export async function action(args: ActionFunctionArgs) {
  return newPasswordAction(args, args.params.id ?? "");
}

export default function ChangePasswordWithToken() {
  const { link, constraints } = useLoaderData<typeof loader>();
  const [form, fields] = useSchemaForm(
    { constraint: constraints.password, load: accountSchemas.newPassword },
    { lastResult: useFormAnswer(accountIntents.setNewPassword)?.result },
  );

  if (!link.valid) {
    return (
      <AuthCard title="Nueva contraseña">
        <Notice tone="error">{link.message}</Notice>
        <p className="mt-5">
          <TextLink to="/resetpassword">Pedir un enlace nuevo</TextLink>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Nueva contraseña" intro={<p>Elige la contraseña con la que entrarás a partir de ahora.</p>}>
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <FormAlert id={form.errorId} errors={form.errors} />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
        <SubmitButton intent={accountIntents.setNewPassword} pending="Guardando…">
          Guardar contraseña
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
