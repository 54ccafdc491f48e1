import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { FieldErrors, FormAlert } from "~/components/forms/fields";
import { useSchemaForm } from "~/forms/use-schema-form";
import type { MyReviewAnswer } from "#contract/reviews";
import { REVIEW_MAX_LENGTH } from "#contract/limits";
import { REVIEW_INTENT, reviewSchema } from "./review-schema";
import { starsText } from "#contract/stars";
import { primaryButtonLook } from "./shopper-forms";

const fieldLook =
  "mt-1.5 block w-full rounded-lg border border-neutral-500 bg-white px-3 py-2.5 text-ink shadow-sm aria-[invalid=true]:border-red-600";

// This module is itself loaded on demand: its schema comes with it.
const reviewSource = { constraint: getZodConstraint(reviewSchema), load: () => Promise.resolve(reviewSchema) };

/** A paid buyer's review: five stars to choose and the text; their earlier review comes pre-filled to edit. */
export default function ReviewForm({
  productId,
  existing,
  lastResult,
}: {
  productId: string;
  existing: MyReviewAnswer["review"];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === REVIEW_INTENT;
  const [form, fields] = useSchemaForm(reviewSource, {
    id: "resena",
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: { productId, rating: existing ? existing.rating : undefined, text: existing?.text ?? "" },
  });
  const { key: textKey, ...textProps } = getTextareaProps(fields.text);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="titulo-formulario-resena"
      className="space-y-4 rounded-xl border border-neutral-200 p-4"
    >
      <h3 id="titulo-formulario-resena" className="font-bold text-ink">
        {existing ? "Editar tu reseña" : "Escribe tu reseña"}
      </h3>
      <FormAlert id={form.errorId} errors={form.errors} />
      <input {...getInputProps(fields.productId, { type: "hidden" })} key={fields.productId.key} />
      <fieldset aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}>
        <legend className="text-sm font-bold text-ink">Valoración</legend>
        <div className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1">
          {[5, 4, 3, 2, 1].map((stars) => {
            // The key getInputProps gives is the field's, the same for every star: each radio has its own.
            const { key: _fieldKey, ...radioProps } = getInputProps(fields.rating, {
              type: "radio",
              value: String(stars),
            });
            return (
              <label key={stars} className="inline-flex items-center gap-1.5 text-sm text-ink">
                <input {...radioProps} id={`${fields.rating.id}-${stars}`} className="size-4 accent-ink" />
                {starsText(stars)}
              </label>
            );
          })}
        </div>
        <FieldErrors id={fields.rating.errorId} errors={fields.rating.errors} />
      </fieldset>
      <div>
        <label htmlFor={fields.text.id} className="block text-sm font-bold text-ink">
          Tu reseña
        </label>
        <textarea key={textKey} {...textProps} rows={5} maxLength={REVIEW_MAX_LENGTH} className={fieldLook} />
        <FieldErrors id={fields.text.errorId} errors={fields.text.errors} />
      </div>
      <button
        type="submit"
        name="intent"
        value={REVIEW_INTENT}
        disabled={sending}
        className={`${primaryButtonLook} px-5 py-2.5`}
      >
        {existing ? "Guardar cambios" : "Publicar reseña"}
      </button>
    </Form>
  );
}
