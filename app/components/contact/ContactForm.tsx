import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { FormAlert, SubmitButton, TextareaField, TextField } from "~/components/forms/fields";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { contactIntents, contactSchemas } from "~/routes/contact.forms";

/**
 * The contact form. Without JavaScript it posts to the route's action, which answers with the same
 * messages; with JavaScript, Conform checks it with the same schema, loaded once the form is first
 * used, before sending.
 */
export function ContactForm({ constraint }: { constraint: FieldConstraints }) {
  const [form, fields] = useSchemaForm(
    { constraint, load: contactSchemas.contact },
    { lastResult: useFormAnswer(contactIntents.send)?.result },
  );
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <h2 className="text-2xl font-bold text-slate-900">Envíanos un mensaje</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      <HoneypotInputs label="Deja este campo vacío" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Nombre" meta={fields.name} autoComplete="name" />
        <TextField label="Correo electrónico" meta={fields.email} type="email" autoComplete="email" />
      </div>
      <TextField label="Asunto" meta={fields.subject} />
      <TextareaField label="Mensaje" meta={fields.message} hint="Entre 10 y 2000 caracteres." rows={6} />
      <SubmitButton intent={contactIntents.send} pending="Enviando…">
        Enviar mensaje
      </SubmitButton>
    </Form>
  );
}
