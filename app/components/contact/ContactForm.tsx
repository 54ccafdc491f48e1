import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { SEND_CONTACT_MESSAGE } from "./contact-intent";
import type { FieldConstraints } from "~/forms/use-schema-form";
import { useSchemaForm } from "~/forms/use-schema-form";

const loadContactSchema = () => import("./contact-schema").then((module) => module.contactSchema);

const controlLook =
  "mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-lime-700 border-slate-500 aria-[invalid=true]:border-red-600";

function Field({
  label,
  meta,
  hint,
  children,
}: {
  label: string;
  meta: FieldMetadata<string>;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={meta.id} className="block font-semibold text-slate-900">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${meta.id}-ayuda`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {meta.errors ? (
        <p id={meta.errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {meta.errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The contact form. Without JavaScript it posts to the route's action, which answers with the same
 * messages; with JavaScript, Conform checks it with the same schema, loaded once the form is first
 * used, before sending.
 */
export function ContactForm({
  constraint,
  lastResult,
}: {
  constraint: FieldConstraints;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === SEND_CONTACT_MESSAGE;
  const [form, fields] = useSchemaForm(
    { constraint, load: loadContactSchema },
    {
      lastResult,
    },
  );
  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: "text" });
  const { key: emailKey, ...emailProps } = getInputProps(fields.email, { type: "email" });
  const { key: subjectKey, ...subjectProps } = getInputProps(fields.subject, { type: "text" });
  const { key: messageKey, ...messageProps } = getTextareaProps(fields.message, {
    ariaDescribedBy: `${fields.message.id}-ayuda`,
  });

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <h2 className="text-2xl font-bold text-slate-900">Envíanos un mensaje</h2>
      {form.errors ? (
        <p
          id={form.errorId}
          role="alert"
          className="rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 font-medium text-red-900"
        >
          {form.errors.join(" ")}
        </p>
      ) : null}
      <input type="hidden" name="intent" value={SEND_CONTACT_MESSAGE} />
      <HoneypotInputs label="Deja este campo vacío" />

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Nombre" meta={fields.name}>
          <input key={nameKey} {...nameProps} autoComplete="name" className={controlLook} />
        </Field>
        <Field label="Correo electrónico" meta={fields.email}>
          <input key={emailKey} {...emailProps} autoComplete="email" className={controlLook} />
        </Field>
      </div>
      <Field label="Asunto" meta={fields.subject}>
        <input key={subjectKey} {...subjectProps} className={controlLook} />
      </Field>
      <Field label="Mensaje" meta={fields.message} hint="Entre 10 y 2000 caracteres.">
        <textarea key={messageKey} {...messageProps} rows={6} className={`${controlLook} resize-y`} />
      </Field>

      <button
        type="submit"
        disabled={sending}
        className="inline-flex w-full items-center justify-center rounded-full bg-lime-400 px-6 py-3 font-semibold text-slate-900 shadow-sm transition hover:bg-lime-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-70 sm:w-auto"
      >
        {sending ? "Enviando…" : "Enviar mensaje"}
      </button>
    </Form>
  );
}
