import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { intents } from "~/components/account/account-intents";
import { newPasswordSchema } from "~/components/account/account-schemas";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { AuthCard } from "~/components/account/AuthCard";
import { textLinkClass } from "~/components/ui/TextLink";
import { checkResetToken, refusalOf, resetPassword } from "~/services/account.server";
import { redirectWithFlash } from "~/services/session.server";
import { useSchemaForm } from "~/forms/use-schema-form";
import { readForm } from "~/services/form.server";
import { NEW_PASSWORD_HINT } from "#contract/messages";

export const meta: MetaFunction = () => [
  { title: "Nueva contraseña | Mercado Pádel" },
  { name: "description", content: "Elige una nueva contraseña para tu cuenta de Mercado Pádel." },
  // The address carries a secret: keep it out of search engines.
  { name: "robots", content: "noindex" },
];

/** /changepassword/:id, where :id is the reset token from the e-mail. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return { link: await checkResetToken(context.api, params.id ?? ""), constraint: getZodConstraint(newPasswordSchema) };
}

const loadNewPasswordSchema = () =>
  import("~/components/account/account-schemas").then((module) => module.newPasswordSchema);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  if (formData.get("intent") !== intents.setNewPassword) throw new Response(null, { status: 400 });

  const submission = parseWithZod(formData, { schema: newPasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });

  try {
    await resetPassword(context.api, { token: params.id ?? "", password: submission.value.password });
  } catch (error) {
    const { status, formErrors, fieldErrors } = refusalOf(error, ["password"]);
    return data({ result: submission.reply({ formErrors, fieldErrors, hideFields }) }, { status });
  }
  return redirectWithFlash(context, "/login", {
    kind: "success",
    message: "Contraseña actualizada. Ya puedes iniciar sesión con la nueva.",
  });
}

export default function ChangePasswordWithToken() {
  const { link, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(
    { constraint, load: loadNewPasswordSchema },
    {
      lastResult: actionData?.result,
    },
  );

  if (!link.valid) {
    return (
      <AuthCard title="Nueva contraseña">
        <p role="alert" className="rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 font-medium text-red-900">
          {link.message}
        </p>
        <p className="mt-5">
          <Link to="/resetpassword" className={textLinkClass}>
            Pedir un enlace nuevo
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Nueva contraseña" intro={<p>Elige la contraseña con la que entrarás a partir de ahora.</p>}>
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField
          label="Nueva contraseña"
          meta={fields.password}
          type="password"
          autoComplete="new-password"
          hint={NEW_PASSWORD_HINT}
        />
        <TextField
          label="Repite la nueva contraseña"
          meta={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton intent={intents.setNewPassword} pending="Guardando…">
          Guardar contraseña
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
