import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useEffect } from "react";
import type { z, ZodTypeAny } from "zod";
import { changedSinceDrawn } from "./changed-since-drawn";

interface SchemaFormOptions<Schema extends ZodTypeAny> {
  id?: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.input<Schema>>;
  shouldValidate?: "onSubmit" | "onBlur" | "onInput";
}

/**
 * A Conform form checked in the browser by the same zod schema its action uses: fields are
 * validated when left and re-validated as the shopper types. What was typed or chosen before the
 * page's scripts ran is taken in once they do (Conform reads the whole form on any input event), so
 * whatever follows a field, such as a category's spec sheet, shows it.
 */
export function useSchemaForm<Schema extends ZodTypeAny>(schema: Schema, { shouldValidate = "onBlur", ...options }: SchemaFormOptions<Schema> = {}) {
  const form = useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    shouldValidate,
    shouldRevalidate: "onInput",
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const formId = form[0].id;
  useEffect(() => {
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    Array.from(element.elements).find(changedSinceDrawn)?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [formId]);
  return form;
}
