import { data } from "@remix-run/node";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useMemo } from "react";
import { accountIntents as intents } from "~/forms/account.forms";
import { changePasswordSchema } from "~/forms/account.schema";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { useDashboardProfile } from "~/components/dashboard/use-dashboard-profile";
import { accountEndpoints, PASSWORD_CHANGED } from "#contract/accounts";
import { refusalOf } from "~/services/account.server";
import { requireAccount } from "~/services/auth.server";
import { getOwnProfile } from "~/services/profile.server";
import { useSchemaForm } from "~/forms/use-schema-form";
import { redirectWithFlash } from "~/services/session.server";
import { readForm } from "~/services/form.server";
import { NEW_PASSWORD_HINT } from "#contract/messages";

export const meta: MetaFunction = () => [
  { title: "Cambiar contraseña | Mercado Pádel" },
  { name: "description", content: "Cambia la contraseña de tu cuenta de Mercado Pádel." },
  { name: "robots", content: "noindex" },
];

const HIDDEN_FIELDS = ["oldPassword", "password", "confirmPassword"];

/** The constraints of both forms (with and without the current password): the layout's profile, read once per navigation, picks one. */
export function loader() {
  return {
    constraints: {
      withPassword: getZodConstraint(changePasswordSchema(true)),
      withoutPassword: getZodConstraint(changePasswordSchema(false)),
    },
  };
}

export async function action(args: ActionFunctionArgs) {
  const account = requireAccount(args);
  const formData = await readForm(args.request);
  if (formData.get("intent") !== intents.changePassword) throw new Response(null, { status: 400 });

  const { hasPassword } = await getOwnProfile(account);
  const submission = parseWithZod(formData, { schema: changePasswordSchema(hasPassword) });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: HIDDEN_FIELDS }) }, { status: 400 });

  try {
    await account.call(accountEndpoints.changePassword, {
      body: { oldPassword: submission.value.oldPassword, newPassword: submission.value.password },
      // The API ends every other session; this one stays signed in.
      withRefreshCookie: true,
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    const { status, formErrors, fieldErrors } = refusalOf(error, ["oldPassword", "password"], {
      newPassword: "password",
    });
    return data({ result: submission.reply({ formErrors, fieldErrors, hideFields: HIDDEN_FIELDS }) }, { status });
  }
  return redirectWithFlash(args.context, "/dashboard/change-password", { kind: "success", message: PASSWORD_CHANGED });
}

export default function ChangePassword() {
  // A password saved brings this page back: its form starts empty, as a page drawn anew would.
  return <ChangePasswordForm key={useLocation().key} />;
}

function ChangePasswordForm() {
  const { hasPassword } = useDashboardProfile().profile;
  const { constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const loadChangePasswordSchema = useMemo(
    () => () => import("~/forms/account.schema").then((module) => module.changePasswordSchema(hasPassword)),
    [hasPassword],
  );
  const constraint = hasPassword ? constraints.withPassword : constraints.withoutPassword;
  const [form, fields] = useSchemaForm(
    { constraint, load: loadChangePasswordSchema },
    {
      lastResult: actionData?.result,
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
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-8 space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <FormAlert id={form.errorId} errors={form.errors} />
        {hasPassword ? (
          <TextField
            label="Contraseña actual"
            meta={fields.oldPassword}
            type="password"
            autoComplete="current-password"
          />
        ) : null}
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
        <SubmitButton intent={intents.changePassword} pending="Guardando…">
          Guardar contraseña
        </SubmitButton>
      </Form>
    </section>
  );
}
