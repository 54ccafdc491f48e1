import { parseWithZod } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";

/** Conform's check of a form by the zod schema its action parses with. */
export function validatorFor<Schema extends ZodTypeAny>(schema: Schema) {
  return ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema });
}

export type SchemaValidator<Schema extends ZodTypeAny> = ReturnType<typeof validatorFor<Schema>>;
