import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z, ZodTypeAny } from "zod";

interface SchemaFormOptions<Schema extends ZodTypeAny> {
  id?: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.input<Schema>>;
  shouldValidate?: "onSubmit" | "onBlur" | "onInput";
}

/**
 * A Conform form checked in the browser by the same zod schema its action uses: fields are
 * validated when left and re-validated as the shopper types.
 */
export function useSchemaForm<Schema extends ZodTypeAny>(schema: Schema, { shouldValidate = "onBlur", ...options }: SchemaFormOptions<Schema> = {}) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    shouldValidate,
    shouldRevalidate: "onInput",
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
