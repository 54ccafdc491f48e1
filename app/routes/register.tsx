import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { intents } from "~/components/account/account-intents";
import { registerSchema } from "~/components/account/account-schemas";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { AuthCard, GoogleSignInForm } from "~/components/account/AuthCard";
import { textLinkClass } from "~/components/ui/TextLink";
import { REGISTERED } from "#contract/accounts";
import { refusalOf, registerAccount } from "~/services/account.server";
import { redirectSignedInUser, afterSignIn, signIn } from "~/services/auth.server";
import { googleSignInEnabled } from "~/services/google-auth.server";
import { honeypotInputProps, isSpam } from "~/services/honeypot.server";
import { useSchemaForm } from "~/forms/use-schema-form";
import { readForm } from "~/services/form.server";
import { NEW_PASSWORD_HINT } from "#contract/messages";

export const meta: MetaFunction = () => [
  { title: "Crear cuenta | Mercado Pádel" },
  {
    name: "description",
    content: "Crea tu cuenta de Mercado Pádel para comprar, guardar favoritos y seguir tus pedidos.",
  },
];

const REGISTER_FIELDS = ["name", "email", "password", "confirmPassword"] as const;

const loadRegisterSchema = () => import("~/components/account/account-schemas").then((module) => module.registerSchema);

export async function loader(args: LoaderFunctionArgs) {
  redirectSignedInUser(args);
  return {
    honeypot: honeypotInputProps(),
    constraint: getZodConstraint(registerSchema),
    googleSignIn: googleSignInEnabled,
    redirectTo: new URL(args.request.url).searchParams.get("redirectTo") ?? "",
  };
}

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args.request);
  if (formData.get("intent") !== intents.register) throw new Response(null, { status: 400 });

  const submission = parseWithZod(formData, { schema: registerSchema });
  const hideFields = ["password", "confirmPassword"];
  if (isSpam(formData)) {
    return data(
      {
        result: submission.reply({
          formErrors: ["No pudimos crear la cuenta. Recarga la página e inténtalo de nuevo."],
          hideFields,
        }),
      },
      { status: 400 },
    );
  }
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });

  const { name, email, password } = submission.value;
  try {
    const tokens = await registerAccount(args.context.api, { name, email, password });
    return await signIn(args, tokens, {
      to: afterSignIn(formData.get("redirectTo")),
      name,
      flash: { kind: "success", message: REGISTERED },
    });
  } catch (error) {
    const { status, formErrors, fieldErrors } = refusalOf(error, REGISTER_FIELDS);
    return data({ result: submission.reply({ formErrors, fieldErrors, hideFields }) }, { status });
  }
}

export default function Register() {
  const { honeypot, constraint, googleSignIn, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(
    { constraint, load: loadRegisterSchema },
    {
      lastResult: actionData?.result,
    },
  );
  const loginHref = redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login";

  return (
    <AuthCard
      title="Crear cuenta"
      intro={
        <p>
          ¿Ya tienes cuenta?{" "}
          <Link to={loginHref} className={textLinkClass}>
            Iniciar sesión
          </Link>
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
          <SubmitButton intent={intents.register} pending="Creando cuenta…">
            Crear cuenta
          </SubmitButton>
        </Form>
      </HoneypotProvider>
      {googleSignIn ? <GoogleSignInForm redirectTo={redirectTo} /> : null}
    </AuthCard>
  );
}
