import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { FieldErrors, FormAlert, SubmitButton } from "~/components/forms/fields";
import { Card } from "~/components/ui/Card";
import { Choice } from "~/components/ui/Input";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm } from "~/forms/use-schema-form";
import { loadMailPreferences, mailPreferencesAction } from "~/services/mail-preferences.server";
import { mailPreferenceIntents as intents, mailPreferenceSchemas } from "./mail-preferences.forms";

export const meta: MetaFunction = () => [
  { title: "Notificaciones por correo | Mercado Pádel" },
  { name: "description", content: "Elige qué correos de Mercado Pádel quieres recibir." },
  { name: "robots", content: "noindex" },
];

export async function loader(args: LoaderFunctionArgs) {
  return loadMailPreferences(args);
}

export async function action(args: ActionFunctionArgs) {
  return mailPreferencesAction(args);
}

export default function MailPreferences() {
  const { kinds, constraints } = useLoaderData<typeof loader>();
  const [form, fields] = useSchemaForm(
    { constraint: constraints.save, load: mailPreferenceSchemas.save },
    { lastResult: useFormAnswer(intents.save)?.result },
  );
  const optional = kinds.filter((kind) => kind.optional);
  const always = kinds.filter((kind) => !kind.optional);
  return (
    <section aria-labelledby="titulo-correo" className="max-w-2xl">
      <h1 id="titulo-correo" className="text-3xl font-bold text-slate-900">
        Notificaciones por correo
      </h1>
      <p className="mt-2 text-slate-700">
        Elige qué correos quieres recibir. Cada uno de estos correos trae también un enlace para dejar de recibirlos.
      </p>
      <Card className="mt-8 sm:p-8">
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <FormAlert id={form.errorId} errors={form.errors} />
          <fieldset aria-describedby={fields.enabled.errorId}>
            <legend className="text-lg font-semibold text-slate-900">Correos que puedes desactivar</legend>
            <div className="mt-3 space-y-2">
              {optional.map((kind) => (
                <Choice
                  key={kind.kind}
                  name={fields.enabled.name}
                  value={kind.kind}
                  defaultChecked={kind.enabled}
                  label={kind.label}
                />
              ))}
            </div>
            <FieldErrors id={fields.enabled.errorId} errors={fields.enabled.errors} />
          </fieldset>
          <SubmitButton intent={intents.save} pending="Guardando…">
            Guardar preferencias
          </SubmitButton>
        </Form>
      </Card>
      <section aria-labelledby="titulo-siempre" className="mt-8">
        <h2 id="titulo-siempre" className="text-lg font-semibold text-slate-900">
          Correos que siempre te enviamos
        </h2>
        <p className="mt-1 text-slate-700">Son recibos, avisos sobre tu dinero o la seguridad de tu cuenta.</p>
        <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">
          {always.map((kind) => (
            <li key={kind.kind}>{kind.label}</li>
          ))}
        </ul>
      </section>
    </section>
  );
}
