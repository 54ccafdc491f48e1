import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FormAlert, TextField } from "~/components/forms/fields";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";
import { useFormAnswer } from "~/forms/form-answer";
import { stockIntents, stockSchemas, type StockFormAnswer, type TypedStock } from "~/forms/stock.forms";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import type { ControlProduct } from "~/services/stock.server";
import { sizeLabel } from "~/services/stock-words";

/** 'Talla 42: 3 · Talla 43: 0', or 'Stock: 7' without sizes. */
function figuresText(sizes: { size: string; stock: number }[], single: number | null): string {
  if (sizes.length === 0) return `${sizeLabel("")}: ${single ?? "—"}`;
  return sizes.map((size) => `${sizeLabel(size.size)}: ${size.stock}`).join(" · ");
}

/**
 * The answer to a form read at an older version (409): the API's message, the figures stored now
 * (the page was read again, so they are the product's), and what the seller had typed, since the
 * form below starts again from the current figures.
 */
function StaleStockNotice({
  message,
  typed,
  product,
  showThreshold,
}: {
  message: string;
  typed: TypedStock;
  product: ControlProduct;
  showThreshold: boolean;
}) {
  return (
    <div role="alert" data-testid="stale-stock">
      <Notice tone="warning" title={message}>
        <p data-testid="stale-current">
          <span className="font-semibold">Cifras actuales:</span> {figuresText(product.sizes, product.stock)}
          {product.sizes.length > 0 ? ` (total ${product.stock})` : ""}
          {showThreshold ? ` · Umbral de stock bajo: ${product.lowStockThreshold}` : ""}
        </p>
        <p data-testid="stale-typed">
          <span className="font-semibold">Habías escrito:</span>{" "}
          {showThreshold && typed.lowStockThreshold !== null
            ? `Umbral de stock bajo: ${typed.lowStockThreshold}`
            : figuresText(typed.sizes, typed.newStock)}
        </p>
      </Notice>
    </div>
  );
}

/** The form's own errors and those of its hidden fields (a form sent without them), which have no place of their own. */
function formWideErrors(...lists: (string[] | undefined)[]): string[] | undefined {
  const errors = lists.flatMap((list) => list ?? []);
  return errors.length > 0 ? errors : undefined;
}

/** This product's form of `intent` is being sent (the list page holds one per product). */
function useBusy(productId: string, intent: string): boolean {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("productId") === productId &&
    navigation.formData?.get("intent") === intent
  );
}

/** The figures every stock form starts from: the product, the version it was read at, and its stock. */
function figuresOf(product: ControlProduct) {
  return {
    productId: product._id,
    stockVersion: String(product.stockVersion),
    ...(product.hasSizes
      ? { sizes: product.sizes.map((size) => ({ size: size.size, stock: String(size.stock) })) }
      : { newStock: String(product.stock) }),
  };
}

/**
 * A product's stock: one number per size, or the single stock, with the version it was read at
 * (hidden). A plain POST to the page's action; a refusal comes back beside the form with what was
 * typed kept, a change made meanwhile as a notice above a fresh form. Remounted (key) by version.
 * Its schema's constraints come from the page's loader, worked out once for every row.
 */
export function StockForm({ product, constraint }: { product: ControlProduct; constraint: FieldConstraints }) {
  const mine: StockFormAnswer | undefined = useFormAnswer(stockIntents.save, product._id);
  const [form, fields] = useSchemaForm(
    { constraint, load: stockSchemas.stock },
    {
      id: `stock-${product._id}-${product.stockVersion}`,
      lastResult: mine?.result,
      defaultValue: figuresOf(product),
    },
  );
  const busy = useBusy(product._id, stockIntents.save);
  const rows = fields.sizes.getFieldList();
  const { key: productKey, ...productProps } = getInputProps(fields.productId, { type: "hidden" });
  const { key: versionKey, ...versionProps } = getInputProps(fields.stockVersion, { type: "hidden" });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-label={`Stock de ${product.name}`}
      className="space-y-3"
      data-testid="stock-form"
    >
      {mine?.typed ? (
        <StaleStockNotice message={mine.notice ?? ""} typed={mine.typed} product={product} showThreshold={false} />
      ) : null}
      <FormAlert
        id={form.errorId}
        errors={formWideErrors(form.errors, fields.productId.errors, fields.stockVersion.errors)}
      />
      <input key={productKey} {...productProps} />
      <input key={versionKey} {...versionProps} />
      {product.hasSizes ? (
        <fieldset>
          <legend className="text-sm font-semibold text-slate-700">Stock por talla</legend>
          <ul className="mt-1 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
            {rows.map((row, index) => {
              const size = product.sizes[index];
              if (!size) return null;
              const rowFields = row.getFieldset();
              const { key: sizeKey, ...sizeProps } = getInputProps(rowFields.size, { type: "hidden" });
              return (
                <li key={row.key} className="min-w-0" data-testid="stock-size">
                  <input key={sizeKey} {...sizeProps} />
                  <TextField
                    label={sizeLabel(size.size)}
                    meta={rowFields.stock}
                    type="number"
                    inputMode="numeric"
                    step="1"
                    controlSize="sm"
                    hint={
                      size.stock === 0 ? "Agotada" : size.low ? <Badge tone="warning">Stock bajo</Badge> : undefined
                    }
                  />
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : (
        <TextField
          label="Stock"
          meta={fields.newStock}
          type="number"
          inputMode="numeric"
          step="1"
          controlSize="sm"
          className="max-w-40"
        />
      )}
      <Button type="submit" name="intent" value={stockIntents.save} disabled={busy} wide>
        {busy ? "Guardando…" : "Guardar stock"}
        <span className="sr-only"> de {product.name}</span>
      </Button>
    </Form>
  );
}

/**
 * The low-stock threshold: a size at or below it is marked and tells the seller once (0: never).
 * It carries the stock it was read at (hidden): the API saves both, so a sale meanwhile is a 409.
 */
export function ThresholdForm({ product, constraint }: { product: ControlProduct; constraint: FieldConstraints }) {
  const mine: StockFormAnswer | undefined = useFormAnswer(stockIntents.threshold, product._id);
  const [form, fields] = useSchemaForm(
    { constraint, load: stockSchemas.threshold },
    {
      id: `umbral-${product._id}-${product.stockVersion}`,
      lastResult: mine?.result,
      defaultValue: { ...figuresOf(product), lowStockThreshold: String(product.lowStockThreshold) },
    },
  );
  const busy = useBusy(product._id, stockIntents.threshold);
  const hiddenInputs = [
    fields.productId,
    fields.stockVersion,
    ...(product.hasSizes
      ? fields.sizes.getFieldList().flatMap((row) => [row.getFieldset().size, row.getFieldset().stock])
      : [fields.newStock]),
  ];
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-label={`Umbral de stock bajo de ${product.name}`}
      className="space-y-3"
      data-testid="threshold-form"
    >
      {mine?.typed ? (
        <StaleStockNotice message={mine.notice ?? ""} typed={mine.typed} product={product} showThreshold />
      ) : null}
      <FormAlert id={form.errorId} errors={formWideErrors(form.errors, ...hiddenInputs.map((meta) => meta.errors))} />
      {hiddenInputs.map((meta) => (
        <input
          key={meta.key ?? meta.name}
          type="hidden"
          name={meta.name}
          defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : ""}
        />
      ))}
      <TextField
        label="Umbral de stock bajo"
        meta={fields.lowStockThreshold}
        type="number"
        inputMode="numeric"
        step="1"
        controlSize="sm"
        hint="Una talla con estas unidades o menos se marca y te avisamos una vez. 0 desactiva el aviso."
        className="max-w-56"
      />
      <Button type="submit" name="intent" value={stockIntents.threshold} disabled={busy} wide>
        {busy ? "Guardando…" : "Guardar umbral"}
      </Button>
    </Form>
  );
}
