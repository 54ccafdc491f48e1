import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { intents } from "~/components/account/account-intents";
import { loginSchema } from "~/components/account/account-schemas";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { AuthCard, GoogleSignInForm } from "~/components/account/AuthCard";
import { textLinkClass } from "~/components/ui/TextLink";
import { logIn, loginErrorMessage } from "~/services/account.server";
import { redirectSignedInUser, afterSignIn, signIn } from "~/services/auth.server";
import { googleSignInEnabled } from "~/services/google-auth.server";
import { honeypotInputProps, isSpam } from "~/services/honeypot.server";
import { useSchemaForm } from "~/forms/use-schema-form";
import { readForm } from "~/services/form.server";

export const meta: MetaFunction = () => [
  { title: "Iniciar sesión | Mercado Pádel" },
  { name: "description", content: "Entra en tu cuenta de Mercado Pádel para ver tus pedidos, tu cartera y tu perfil." },
];

/** Pages a visitor reaches from the cart, where signing in is the next step of buying. */
const CHECKOUT_PATHS = ["/shipping", "/payment", "/order/"];

const loadLoginSchema = () => import("~/components/account/account-schemas").then((module) => module.loginSchema);

export async function loader(args: LoaderFunctionArgs) {
  redirectSignedInUser(args);
  const url = new URL(args.request.url);
  const redirectTo = url.searchParams.get("redirectTo") ?? "";
  return {
    honeypot: honeypotInputProps(),
    constraint: getZodConstraint(loginSchema),
    googleSignIn: googleSignInEnabled,
    sessionExpired: url.searchParams.get("session") === "expired",
    redirectTo,
    fromCheckout: CHECKOUT_PATHS.some((path) => redirectTo.startsWith(path)),
  };
}

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args.request);
  if (formData.get("intent") !== intents.login) throw new Response(null, { status: 400 });

  const submission = parseWithZod(formData, { schema: loginSchema });
  if (isSpam(formData)) {
    return data(
      {
        result: submission.reply({
          formErrors: ["No pudimos iniciar sesión. Recarga la página e inténtalo de nuevo."],
        }),
      },
      { status: 400 },
    );
  }
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });

  const { email, password, redirectTo } = submission.value;
  try {
    const tokens = await logIn(args.context.api, { email, password });
    return await signIn(args, tokens, { to: afterSignIn(redirectTo) });
  } catch (error) {
    const { status, message } = loginErrorMessage(error);
    return data({ result: submission.reply({ formErrors: [message], hideFields: ["password"] }) }, { status });
  }
}

export default function Login() {
  const { honeypot, constraint, googleSignIn, sessionExpired, redirectTo, fromCheckout } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(
    { constraint, load: loadLoginSchema },
    {
      lastResult: actionData?.result,
    },
  );
  const registerHref = redirectTo ? `/register?${new URLSearchParams({ redirectTo })}` : "/register";

  return (
    <AuthCard
      title="Iniciar sesión"
      intro={
        <p>
          ¿Aún no tienes cuenta?{" "}
          <Link to={registerHref} className={textLinkClass}>
            Crear una cuenta
          </Link>
        </p>
      }
    >
      {sessionExpired ? (
        <p
          role="alert"
          className="mb-5 rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3 font-medium text-amber-950"
        >
          Tu sesión ha caducado. Inicia sesión de nuevo.
        </p>
      ) : fromCheckout ? (
        <p
          role="status"
          className="mb-5 rounded-lg border-l-4 border-lime-600 bg-lime-50 px-4 py-3 font-medium text-ink"
        >
          Para continuar con tu pedido, inicia sesión o crea una cuenta. Tu carrito se conserva.
        </p>
      ) : null}
      <HoneypotProvider {...honeypot}>
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <FormAlert id={form.errorId} errors={form.errors} />
          <HoneypotInputs label="Deja este campo vacío" />
          <input type="hidden" name={fields.redirectTo.name} value={redirectTo} />
          <TextField label="Correo electrónico" meta={fields.email} type="email" autoComplete="email" />
          <TextField label="Contraseña" meta={fields.password} type="password" autoComplete="current-password" />
          <div className="flex flex-wrap items-center justify-between gap-4">
            <SubmitButton intent={intents.login} pending="Entrando…">
              Iniciar sesión
            </SubmitButton>
            <Link to="/resetpassword" className={textLinkClass}>
              ¿Olvidaste tu contraseña?
            </Link>
          </div>
        </Form>
      </HoneypotProvider>
      {googleSignIn ? <GoogleSignInForm redirectTo={redirectTo} /> : null}
    </AuthCard>
  );
}
