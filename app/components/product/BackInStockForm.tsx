import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormAlert, SubmitButton } from "~/components/forms/fields";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { productSchemas, stockAlertIntents } from "~/routes/product-details.forms";

/**
 * One size's 'Avísame cuando vuelva', or 'Te avisaremos cuando vuelva' with its cancel button: a
 * plain POST form to the product page's action, checked by Conform with the action's schema once
 * it is first used. Loaded on demand (see BackInStock.tsx), so Conform stays out of every product page.
 */
export default function BackInStockForm({
  productId,
  size,
  waiting,
  constraint,
}: {
  productId: string;
  size: string;
  waiting: boolean;
  /** The form's constraints, worked out by the page's loader. */
  constraint: FieldConstraints;
}) {
  const intent = waiting ? stockAlertIntents.cancel : stockAlertIntents.subscribe;
  const [form] = useSchemaForm(
    { constraint, load: productSchemas.stockAlert },
    {
      id: `aviso-${size === "" ? "producto" : size}-${intent}`,
      // Only its hidden values can be refused (a page sent back altered): said above the button.
      lastResult: useFormAnswer(intent, size)?.result,
    },
  );
  const which = size === "" ? "" : ` la talla ${size}`;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="flex flex-wrap items-center gap-x-3 gap-y-2"
      aria-label={size === "" ? "Aviso de existencias" : `Aviso de la talla ${size}`}
    >
      <FormAlert id={form.errorId} errors={Object.values(form.allErrors).flat()} className="w-full" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="size" value={size} />
      {waiting ? (
        <>
          <p className="text-sm font-semibold text-court" data-testid="stock-alert-waiting">
            Te avisaremos cuando vuelva
          </p>
          <SubmitButton intent={intent} pending="Cancelando…" variant="secondary" size="sm" wide={false}>
            Cancelar el aviso<span className="sr-only">{size === "" ? "" : ` de${which}`}</span>
          </SubmitButton>
        </>
      ) : (
        <SubmitButton intent={intent} pending="Enviando…" variant="dark" size="sm" wide={false}>
          Avísame cuando vuelva<span className="sr-only">{which}</span>
        </SubmitButton>
      )}
    </Form>
  );
}
