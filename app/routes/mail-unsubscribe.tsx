import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/account/AuthCard";
import { FormAlert, SubmitButton } from "~/components/forms/fields";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm } from "~/forms/use-schema-form";
import { loadUnsubscribe, unsubscribeAction } from "~/services/mail-unsubscribe.server";
import { unsubscribeIntents as intents, unsubscribeSchemas } from "./mail-unsubscribe.forms";

export const meta: MetaFunction = () => [
  { title: "Dejar de recibir correos | Mercado Pádel" },
  { name: "description", content: "Deja de recibir un tipo de correo de Mercado Pádel." },
  { name: "robots", content: "noindex" },
];

/** The «Dejar de recibirlos» link of an optional mail lands here with ?token=. */
export async function loader(args: LoaderFunctionArgs) {
  return loadUnsubscribe(args);
}

export async function action(args: ActionFunctionArgs) {
  return unsubscribeAction(args);
}

const PREFERENCES_PATH = "/dashboard/mail-preferences";

export default function MailUnsubscribe() {
  const { token, link, error, constraints } = useLoaderData<typeof loader>();
  const [form] = useSchemaForm(
    { constraint: constraints.confirm, load: unsubscribeSchemas.confirm },
    { lastResult: useFormAnswer(intents.confirm)?.result },
  );
  return (
    <AuthCard title="Dejar de recibir correos">
      <div className="space-y-5">
        {error || !link ? (
          <Notice tone="error">{error}</Notice>
        ) : link.alreadyOff ? (
          <div role="status" className="space-y-3 text-slate-800">
            <p>
              Listo: ya no enviaremos «{link.label}» a <strong className="break-all">{link.email}</strong>.
            </p>
            <p>Los recibos y los avisos de seguridad te seguirán llegando.</p>
          </div>
        ) : (
          <Form method="post" {...getFormProps(form)} className="space-y-5">
            <FormAlert id={form.errorId} errors={form.errors} />
            <p className="text-slate-800">
              Vas a dejar de recibir «{link.label}» en <strong className="break-all">{link.email}</strong>. Los recibos
              y los avisos de seguridad te seguirán llegando.
            </p>
            <input type="hidden" name="token" value={token} />
            <SubmitButton intent={intents.confirm} pending="Guardando…">
              Dejar de recibirlos
            </SubmitButton>
          </Form>
        )}
        <p>
          <TextLink to={PREFERENCES_PATH}>Elegir qué correos recibir</TextLink>
        </p>
      </div>
    </AuthCard>
  );
}
