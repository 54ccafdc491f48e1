import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { useEffect } from "react";
import type { z, ZodTypeAny } from "zod";
import { pickUpTypedBeforeScripts } from "~/components/typed-before-scripts";
import { changedSinceDrawn } from "./changed-since-drawn";
import type { SchemaValidator } from "./zod-validation";

export interface SchemaFormOptions<Schema extends ZodTypeAny> {
  id?: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.input<Schema>>;
  shouldValidate?: "onSubmit" | "onBlur" | "onInput";
}

/** What a schema asks of each field (required, lengths, patterns), as attributes of the HTML controls. */
export type FieldConstraints = ReturnType<typeof getZodConstraint>;

interface ConformFormOptions<Schema extends ZodTypeAny> extends SchemaFormOptions<Schema> {
  shouldRevalidate: "onSubmit" | "onBlur" | "onInput";
  constraint: FieldConstraints;
  /** Absent while the schema is not in the browser: the form is then checked by its action alone. */
  onValidate?: SchemaValidator<Schema>;
}

/**
 * A Conform form of a zod schema. What was typed or chosen before the page's scripts ran is taken
 * in once they do (Conform reads the whole form on any input event), so whatever follows a field,
 * such as a category's spec sheet, shows it.
 */
export function useConformForm<Schema extends ZodTypeAny>(options: ConformFormOptions<Schema>) {
  const form = useForm<z.input<Schema>, z.output<Schema>>(options);
  const formId = form[0].id;
  useEffect(
    () =>
      pickUpTypedBeforeScripts(() => {
        const element = document.getElementById(formId);
        if (!(element instanceof HTMLFormElement)) return;
        Array.from(element.elements)
          .find(changedSinceDrawn)
          ?.dispatchEvent(new Event("input", { bubbles: true }));
      }),
    [formId],
  );
  return form;
}
