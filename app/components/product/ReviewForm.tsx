import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { MyReviewAnswer } from "#contract/reviews";
import { starsText } from "#contract/stars";
import { FieldErrors, FormAlert, SubmitButton, TextareaField } from "~/components/forms/fields";
import { Choice } from "~/components/ui/Input";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { productIntents, productSchemas } from "~/routes/product-details.forms";

/** A paid buyer's review: five stars to choose and the text; their earlier review comes pre-filled to edit. */
export default function ReviewForm({
  productId,
  existing,
  constraint,
}: {
  productId: string;
  existing: MyReviewAnswer["review"];
  /** The review schema's constraints, worked out by the page's loader. */
  constraint: FieldConstraints;
}) {
  const answer = useFormAnswer(productIntents.review);
  const [form, fields] = useSchemaForm(
    { constraint, load: productSchemas.review },
    {
      id: "resena",
      lastResult: answer?.result,
      shouldValidate: "onSubmit",
      defaultValue: { productId, rating: existing ? existing.rating : undefined, text: existing?.text ?? "" },
    },
  );
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
      <FormAlert id={form.errorId} errors={form.errors ?? (answer?.notice ? [answer.notice] : undefined)} />
      <input {...getInputProps(fields.productId, { type: "hidden" })} key={fields.productId.key} />
      <fieldset aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}>
        <legend className="mb-1.5 font-semibold text-slate-900">Valoración</legend>
        <div className="flex flex-wrap gap-x-4">
          {[5, 4, 3, 2, 1].map((stars) => {
            // The key getInputProps gives is the field's, the same for every star: each radio has its own.
            const { key: _fieldKey, ...radioProps } = getInputProps(fields.rating, {
              type: "radio",
              value: String(stars),
            });
            return (
              <Choice
                key={stars}
                {...radioProps}
                type="radio"
                id={`${fields.rating.id}-${stars}`}
                label={starsText(stars)}
              />
            );
          })}
        </div>
        <FieldErrors id={fields.rating.errorId} errors={fields.rating.errors} />
      </fieldset>
      <TextareaField label="Tu reseña" meta={fields.text} rows={5} />
      <SubmitButton intent={productIntents.review} pending={existing ? "Guardando…" : "Publicando…"}>
        {existing ? "Guardar cambios" : "Publicar reseña"}
      </SubmitButton>
    </Form>
  );
}
