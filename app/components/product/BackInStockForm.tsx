import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useSchemaForm } from "~/forms/use-schema-form";
import { stockAlertFormSchema, stockAlertIntents } from "./back-in-stock";
import { primaryButtonLook, secondaryButtonLook } from "./shopper-forms";

// This module is itself loaded on demand: its schema comes with it.
const stockAlertSource = {
  constraint: getZodConstraint(stockAlertFormSchema),
  load: () => Promise.resolve(stockAlertFormSchema),
};

/**
 * One size's 'Avísame cuando vuelva', or 'Te avisaremos cuando vuelva' with its cancel button: a
 * plain POST form to the product page's action, checked by Conform with the action's schema.
 * Loaded on demand (see BackInStock.tsx), so Conform and zod stay out of every product page.
 */
export default function BackInStockForm({
  productId,
  size,
  waiting,
}: {
  productId: string;
  size: string;
  waiting: boolean;
}) {
  const intent = waiting ? stockAlertIntents.cancel : stockAlertIntents.subscribe;
  const [form] = useSchemaForm(stockAlertSource, { id: `aviso-${size === "" ? "producto" : size}-${intent}` });
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("size") === size;
  const which = size === "" ? "" : ` la talla ${size}`;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="flex flex-wrap items-center gap-x-3 gap-y-2"
      aria-label={size === "" ? "Aviso de existencias" : `Aviso de la talla ${size}`}
    >
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="size" value={size} />
      {waiting ? (
        <>
          <p className="text-sm font-semibold text-court" data-testid="stock-alert-waiting">
            Te avisaremos cuando vuelva
          </p>
          <button type="submit" name="intent" value={intent} disabled={busy} className={secondaryButtonLook}>
            Cancelar el aviso<span className="sr-only">{size === "" ? "" : ` de${which}`}</span>
          </button>
        </>
      ) : (
        <button type="submit" name="intent" value={intent} disabled={busy} className={primaryButtonLook}>
          Avísame cuando vuelva<span className="sr-only">{which}</span>
        </button>
      )}
    </Form>
  );
}
