import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { Button, type ButtonLook } from "~/components/ui/Button";
import { Field, FieldError, errorText } from "~/components/ui/Field";
import { Input, Select, Textarea, type ControlLook } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";

/**
 * The UI kit's controls bound to a Conform field (useSchemaForm): the name, the constraints the
 * schema sets, the value to show again, and the refusal under the control.
 */

type Meta = FieldMetadata<string | number | undefined>;

interface BoundFieldProps extends ControlLook {
  label: ReactNode;
  meta: Meta;
  hint?: ReactNode;
  labelHidden?: boolean;
  className?: string;
}

/** The Field around a bound control: its label, hint and the field's refusal, tied to the control by id. */
function BoundField({
  meta,
  label,
  hint,
  labelHidden,
  className,
  children,
}: Omit<BoundFieldProps, "controlSize"> & { children: ComponentProps<typeof Field>["children"] }) {
  return (
    <Field
      id={meta.id}
      errorId={meta.errorId}
      label={label}
      hint={hint}
      errors={meta.errors}
      labelHidden={labelHidden}
      className={className}
    >
      {children}
    </Field>
  );
}

type InputType = "text" | "email" | "password" | "tel" | "number" | "date" | "month" | "url" | "search";

/** A labelled text box of a Conform form. */
export function TextField({
  label,
  meta,
  hint,
  labelHidden,
  className,
  controlSize,
  type = "text",
  ...attributes
}: BoundFieldProps & {
  type?: InputType;
  autoComplete?: string;
  /** The keyboard a phone shows (an amount: "decimal"). */
  inputMode?: "decimal" | "numeric" | "tel" | "email";
  placeholder?: string;
  step?: string;
  min?: string | number;
  max?: string | number;
  /** Where the schema's rule is a pattern rather than a length (a tracking number). */
  maxLength?: number;
}) {
  const { key, ...props } = getInputProps(meta, { type });
  return (
    <BoundField meta={meta} label={label} hint={hint} labelHidden={labelHidden} className={className}>
      <Input key={key} {...props} {...attributes} controlSize={controlSize} />
    </BoundField>
  );
}

/** A labelled list of a Conform form. `placeholder` is the first, empty option ("Elige…"). */
export function SelectField({
  label,
  meta,
  hint,
  labelHidden,
  className,
  controlSize,
  options,
  placeholder,
}: BoundFieldProps & { options: readonly { value: string; label: string }[]; placeholder?: string }) {
  const { key, ...props } = getSelectProps(meta);
  return (
    <BoundField meta={meta} label={label} hint={hint} labelHidden={labelHidden} className={className}>
      <Select key={key} {...props} controlSize={controlSize}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </BoundField>
  );
}

/** A labelled text area of a Conform form. */
export function TextareaField({
  label,
  meta,
  hint,
  labelHidden,
  className,
  controlSize,
  rows = 4,
  placeholder,
}: BoundFieldProps & { rows?: number; placeholder?: string }) {
  const { key, ...props } = getTextareaProps(meta);
  return (
    <BoundField meta={meta} label={label} hint={hint} labelHidden={labelHidden} className={className}>
      <Textarea key={key} {...props} rows={rows} placeholder={placeholder} controlSize={controlSize} />
    </BoundField>
  );
}

/** A Conform field's refusal on its own (under a group of radio buttons or checkboxes). */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  return <FieldError id={id} errors={errors} />;
}

/** The refusal of a form as a whole (wrong password, the API unreachable), above its fields. */
export function FormAlert({ id, errors, className }: { id: string; errors?: string[]; className?: string }) {
  return errors && errors.length > 0 ? (
    <Notice tone="error" id={id} className={className}>
      {errorText(errors)}
    </Notice>
  ) : null;
}

/** A list's record a form acts on: the name and value of the field that carries it (`shopId`). */
export interface FormRecord {
  name: string;
  value: string;
}

/** True while this page's form with the given intent (in a list, the given record's) is being sent. */
export function useSubmitting(intent: string, record?: FormRecord): boolean {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (record === undefined || navigation.formData.get(record.name) === record.value)
  );
}

/**
 * The form's submit: it names the form (`intent`) and says so while it is being sent. In a list,
 * `record` tells its form from the other rows' forms of the same kind.
 */
export function SubmitButton({
  intent,
  record,
  children,
  pending,
  variant = "primary",
  size,
  wide = true,
  className,
}: ButtonLook & { intent: string; record?: FormRecord; children: ReactNode; pending: ReactNode }) {
  const submitting = useSubmitting(intent, record);
  return (
    <Button
      type="submit"
      name="intent"
      value={intent}
      disabled={submitting}
      variant={variant}
      size={size}
      wide={wide}
      className={className}
    >
      {submitting ? pending : children}
    </Button>
  );
}
