import type { FieldMetadata } from "@conform-to/react";
import { FieldErrors, TextareaField } from "~/components/forms/fields";
import { Choice } from "~/components/ui/Input";
import { OTHER_REASON } from "~/forms/admin-shop.forms";

/**
 * A reason picked from the ready ones, or 'Otro motivo' with its own words: a radio group and a
 * text box, each with its message beside it. Works the same without JavaScript.
 */
export function ReasonChoice({
  legend,
  reasons,
  choice,
  other,
}: {
  legend: string;
  reasons: readonly string[];
  choice: FieldMetadata<string | undefined>;
  other: FieldMetadata<string | undefined>;
}) {
  const options = [
    ...reasons.map((reason) => ({ value: reason, label: reason })),
    { value: OTHER_REASON, label: "Otro motivo (escríbelo abajo)" },
  ];
  const chosen = typeof choice.initialValue === "string" ? choice.initialValue : undefined;
  return (
    <div className="space-y-3">
      <fieldset
        aria-describedby={choice.errors ? choice.errorId : undefined}
        aria-invalid={choice.errors ? true : undefined}
        className="space-y-1"
      >
        <legend className="mb-1 font-semibold text-slate-900">{legend}</legend>
        {options.map((option, index) => (
          <Choice
            // A new key when the form is reset: the radios start from what it holds again.
            key={`${choice.key ?? ""}-${option.value}`}
            type="radio"
            name={choice.name}
            value={option.value}
            defaultChecked={chosen === option.value}
            required={index === 0 ? choice.required : undefined}
            label={option.label}
          />
        ))}
        <FieldErrors id={choice.errorId} errors={choice.errors} />
      </fieldset>
      <TextareaField label="Otro motivo" meta={other} rows={3} />
    </div>
  );
}
