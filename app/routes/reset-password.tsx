import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { intents } from "~/components/account/account-intents";
import { passwordResetRequestSchema } from "~/components/account/account-schemas";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { AuthCard } from "~/components/account/AuthCard";
import { textLinkClass } from "~/components/ui/TextLink";
import { NETWORK_ERROR } from "#contract/messages";
import { requestPasswordReset } from "~/services/account.server";
import { ApiError } from "~/services/api.server";
import { honeypotInputProps, isSpam } from "~/services/honeypot.server";
import { redirectWithFlash } from "~/services/session.server";
import { useSchemaForm } from "~/forms/use-schema-form";
import { logError } from "~/services/log.server";
import { readForm } from "~/services/form.server";

export const meta: MetaFunction = () => [
  { title: "Recuperar contraseña | Mercado Pádel" },
  {
    name: "description",
    content: "Recibe por correo un enlace para elegir una nueva contraseña de tu cuenta de Mercado Pádel.",
  },
];

/** The same answer whether or not the address has an account, so the form reveals none. */
const CONFIRMATION =
  "Si existe una cuenta con ese correo, te enviamos un enlace para elegir una nueva contraseña. Revisa tu bandeja de entrada.";

const loadResetSchema = () =>
  import("~/components/account/account-schemas").then((module) => module.passwordResetRequestSchema);

export function loader() {
  return { honeypot: honeypotInputProps(), constraint: getZodConstraint(passwordResetRequestSchema) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  if (formData.get("intent") !== intents.requestPasswordReset) throw new Response(null, { status: 400 });

  const submission = parseWithZod(formData, { schema: passwordResetRequestSchema });
  if (isSpam(formData)) {
    return data(
      {
        result: submission.reply({
          formErrors: ["No pudimos enviar el enlace. Recarga la página e inténtalo de nuevo."],
        }),
      },
      { status: 400 },
    );
  }
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });

  try {
    await requestPasswordReset(context.api, submission.value.email);
  } catch (error) {
    // A limit reached (429) or an API that does not answer is worth telling; anything else is not.
    if (!(error instanceof ApiError) || error.status === 429 || error.status >= 500) {
      if (!(error instanceof ApiError)) logError("POST /user/forgot-password falló", error);
      const message = error instanceof ApiError ? error.message : NETWORK_ERROR;
      return data(
        { result: submission.reply({ formErrors: [message] }) },
        { status: error instanceof ApiError ? error.status : 503 },
      );
    }
  }
  return redirectWithFlash(context, "/resetpassword", { kind: "success", message: CONFIRMATION });
}

export default function ResetPassword() {
  const { honeypot, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(
    { constraint, load: loadResetSchema },
    {
      lastResult: actionData?.result,
    },
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
            <SubmitButton intent={intents.requestPasswordReset} pending="Enviando…">
              Enviar enlace
            </SubmitButton>
            <Link to="/login" className={textLinkClass}>
              Volver a iniciar sesión
            </Link>
          </div>
        </Form>
      </HoneypotProvider>
    </AuthCard>
  );
}
