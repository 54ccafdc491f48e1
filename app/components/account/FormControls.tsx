import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

const controlLook =
  "mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-lime-700 border-slate-500 aria-[invalid=true]:border-red-600";

type InputType = "text" | "email" | "password" | "tel";

/** A labelled input whose error sits under it and is announced through aria-describedby. */
export function TextField({
  label,
  meta,
  type = "text",
  autoComplete,
  inputMode,
  hint,
}: {
  label: string;
  meta: FieldMetadata<string | undefined>;
  type?: InputType;
  autoComplete?: string;
  /** The keyboard a phone shows (an amount: "decimal"). */
  inputMode?: "decimal" | "numeric";
  hint?: string;
}) {
  const hintId = `${meta.id}-ayuda`;
  const { key, ...inputProps } = getInputProps(meta, { type, ariaDescribedBy: hint ? hintId : undefined });
  return (
    <div>
      <label htmlFor={meta.id} className="block font-semibold text-slate-900">
        {label}
      </label>
      <input key={key} {...inputProps} autoComplete={autoComplete} inputMode={inputMode} className={controlLook} />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  return errors ? (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
      {distinct(errors)}
    </p>
  ) : null;
}

/** One rule may fail twice with the same words (a format and a length check): say it once. */
function distinct(errors: string[]): string {
  return [...new Set(errors)].join(" ");
}

/** The form-wide message (wrong password, API unreachable). */
export function FormAlert({ id, errors }: { id: string; errors?: string[] }) {
  return errors ? (
    <p
      id={id}
      role="alert"
      className="rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 font-medium text-red-900"
    >
      {distinct(errors)}
    </p>
  ) : null;
}

/** True while this page's form with the given intent is being sent. */
function useSubmitting(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function SubmitButton({
  intent,
  children,
  pending,
}: {
  intent: string;
  children: ReactNode;
  pending: ReactNode;
}) {
  const submitting = useSubmitting(intent);
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={submitting}
      className="inline-flex w-full items-center justify-center rounded-full bg-lime-400 px-6 py-3 font-semibold text-slate-900 shadow-sm transition hover:bg-lime-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-70 sm:w-auto"
    >
      {submitting ? pending : children}
    </button>
  );
}

export const textLinkLook =
  "font-semibold text-slate-900 underline decoration-lime-500 decoration-2 underline-offset-2 hover:decoration-slate-900";

/** The frame of the sign-in pages: a heading and a card. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-14">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {intro ? <div className="mt-3 text-slate-700">{intro}</div> : null}
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
    </section>
  );
}

/** 'Continuar con Google': signs in, or creates the account, and comes back to `redirectTo`. */
export function GoogleSignInForm({ redirectTo }: { redirectTo: string }) {
  return (
    <Form method="post" action="/auth/google" className="mt-6 border-t border-slate-200 pt-6">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        className="inline-flex w-full items-center justify-center gap-2 rounded-full border border-slate-400 bg-white px-6 py-3 font-semibold text-slate-900 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
      >
        Continuar con Google
      </button>
    </Form>
  );
}
