import { getZodConstraint } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";
import { useConformForm, type SchemaFormOptions } from "./conform-form";
import { validatorFor } from "./zod-validation";

/**
 * A Conform form checked in the browser by the same zod schema its action uses: fields are
 * validated when left and re-validated as the shopper types. A page that should not load zod
 * before the form is used takes useDeferredSchemaForm instead.
 */
export function useSchemaForm<Schema extends ZodTypeAny>(
  schema: Schema,
  { shouldValidate = "onBlur", ...options }: SchemaFormOptions<Schema> = {},
) {
  return useConformForm<Schema>({
    ...options,
    shouldValidate,
    shouldRevalidate: "onInput",
    constraint: getZodConstraint(schema),
    onValidate: validatorFor(schema),
  });
}
