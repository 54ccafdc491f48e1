import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "~/components/forms/fields";
import { OTHER_REASON } from "./admin-intents";

export const textareaLook =
  "mt-1.5 block w-full rounded-lg border border-slate-500 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-lime-700 aria-[invalid=true]:border-red-600";

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
  const { key: otherKey, ...otherProps } = getTextareaProps(other);
  const chosen = typeof choice.initialValue === "string" ? choice.initialValue : undefined;
  return (
    <div className="space-y-3">
      <fieldset
        aria-describedby={choice.errors ? choice.errorId : undefined}
        aria-invalid={choice.errors ? true : undefined}
        className="space-y-2"
      >
        <legend className="font-semibold text-slate-900">{legend}</legend>
        {options.map((option, index) => {
          const id = `${choice.id}-${index}`;
          return (
            <div key={`${choice.key ?? ""}-${option.value}`} className="flex items-start gap-2">
              <input
                type="radio"
                id={id}
                name={choice.name}
                value={option.value}
                defaultChecked={chosen === option.value}
                required={index === 0 ? choice.required : undefined}
                className="mt-1 size-4 shrink-0 accent-lime-700"
              />
              <label htmlFor={id} className="text-slate-900">
                {option.label}
              </label>
            </div>
          );
        })}
        <FieldErrors id={choice.errorId} errors={choice.errors} />
      </fieldset>
      <div>
        <label htmlFor={other.id} className="block font-semibold text-slate-900">
          Otro motivo
        </label>
        <textarea key={otherKey} {...otherProps} rows={3} className={textareaLook} />
        <FieldErrors id={other.errorId} errors={other.errors} />
      </div>
    </div>
  );
}
