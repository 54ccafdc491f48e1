import { cloneElement, type ReactElement, type ReactNode } from "react";
import { cx } from "./cx";

export interface FieldProps {
  /** The control's id: the label points at it. */
  id: string;
  label: ReactNode;
  /** Shown under the control and announced with it. */
  hint?: ReactNode;
  /** Why the value was refused: shown under the control and announced with it. */
  errors?: string[] | null;
  errorId?: string;
  /** The label is for screen readers only (a control whose place says what it is). */
  labelHidden?: boolean;
  /** A smaller label, for the compact controls of a filter or a toolbar. */
  compact?: boolean;
  className?: string;
  /** One control (Input, Select, Textarea): it gets the id and what describes it. */
  children: ReactElement<{ id?: string; "aria-describedby"?: string; "aria-invalid"?: boolean }>;
}

/** One rule may fail twice with the same words (a format and a length check): say it once. */
export function errorText(errors: string[]): string {
  return [...new Set(errors)].join(" ");
}

/** A labelled control, its hint and its refusal under it, tied together for screen readers. */
export function Field({
  id,
  label,
  hint,
  errors,
  errorId = `${id}-error`,
  labelHidden,
  compact,
  className,
  children,
}: FieldProps) {
  const hintId = `${id}-ayuda`;
  const invalid = Boolean(errors && errors.length > 0);
  const describedBy = cx(hint ? hintId : null, invalid && errorId) || undefined;
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={
          labelHidden
            ? "sr-only"
            : compact
              ? "mb-1 block text-sm font-semibold text-slate-900"
              : "mb-1.5 block font-semibold text-slate-900"
        }
      >
        {label}
      </label>
      {cloneElement(children, { id, "aria-describedby": describedBy, "aria-invalid": invalid || undefined })}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/** A field's refusal, on its own (under a group of choices). */
export function FieldError({ id, errors }: { id: string; errors?: string[] | null }) {
  return errors && errors.length > 0 ? (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
      {errorText(errors)}
    </p>
  ) : null;
}
