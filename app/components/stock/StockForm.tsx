import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FieldErrors, FormAlert } from "~/components/forms/fields";
import type { FieldConstraints } from "~/forms/use-schema-form";
import { useSchemaForm } from "~/forms/use-schema-form";
import { sizeLabel, stockIntents, type ControlProduct, type StockActionAnswer, type TypedStock } from "./stock-control";

const loadStockSchema = () => import("./stock-schemas").then((module) => module.stockFormSchema);
const loadThresholdSchema = () => import("./stock-schemas").then((module) => module.thresholdFormSchema);

export const stockInputLook =
  "mt-1 block w-full min-w-0 rounded-lg border border-slate-500 bg-white px-2.5 py-2 text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-lime-700 aria-[invalid=true]:border-red-600";

export const saveButtonLook =
  "inline-flex w-full items-center justify-center rounded-full bg-lime-400 px-5 py-2.5 font-semibold text-slate-900 shadow-sm hover:bg-lime-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-70 sm:w-auto";

export const lowBadgeLook =
  "inline-block whitespace-nowrap rounded-full border border-amber-400 bg-amber-50 px-2 py-0.5 text-xs font-bold text-amber-950";

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
export function StaleStockNotice({
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
    <div
      role="alert"
      className="space-y-2 rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-amber-950"
      data-testid="stale-stock"
    >
      <p className="font-semibold">{message}</p>
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
    </div>
  );
}

/** The form's own errors and those of its hidden fields (a form sent without them), which have no place of their own. */
function formWideErrors(...lists: (string[] | undefined)[]): string[] | undefined {
  const errors = lists.flatMap((list) => list ?? []);
  return errors.length > 0 ? errors : undefined;
}

/** Only this form's answer (a page holds one per product, and two per product on its own page). */
function answerFor(
  answer: StockActionAnswer | undefined,
  productId: string,
  intent: string,
): StockActionAnswer | undefined {
  return answer && answer.productId === productId && answer.intent === intent ? answer : undefined;
}

function useBusy(productId: string, intent: string): boolean {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("productId") === productId &&
    navigation.formData?.get("intent") === intent
  );
}

/**
 * A product's stock: one number per size, or the single stock, with the version it was read at
 * (hidden). A plain POST to the page's action; a refusal comes back beside the form with what was
 * typed kept, a change made meanwhile as a notice above a fresh form. Remounted (key) by version.
 * Its schema's constraints come from the page's loader, worked out once for every row.
 */
export function StockForm({
  product,
  answer,
  constraint,
}: {
  product: ControlProduct;
  answer: StockActionAnswer | undefined;
  constraint: FieldConstraints;
}) {
  const mine = answerFor(answer, product._id, stockIntents.save);
  const [form, fields] = useSchemaForm(
    { constraint, load: loadStockSchema },
    {
      id: `stock-${product._id}-${product.stockVersion}`,
      lastResult: mine?.result ?? undefined,
      defaultValue: {
        productId: product._id,
        stockVersion: String(product.stockVersion),
        ...(product.hasSizes
          ? { sizes: product.sizes.map((size) => ({ size: size.size, stock: String(size.stock) })) }
          : { newStock: String(product.stock) }),
      },
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
      {mine?.stale ? (
        <StaleStockNotice
          message={mine.stale.message}
          typed={mine.stale.typed}
          product={product}
          showThreshold={false}
        />
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
              const { key: stockKey, ...stockProps } = getInputProps(rowFields.stock, { type: "number" });
              return (
                <li key={row.key} className="min-w-0" data-testid="stock-size">
                  <input key={sizeKey} {...sizeProps} />
                  <label htmlFor={rowFields.stock.id} className="block text-sm font-semibold text-slate-900">
                    {sizeLabel(size.size)}
                  </label>
                  <input key={stockKey} {...stockProps} inputMode="numeric" step={1} className={stockInputLook} />
                  {size.stock === 0 ? (
                    <span className="mt-1 block text-xs font-semibold text-slate-700">Agotada</span>
                  ) : size.low ? (
                    <span className={`mt-1 ${lowBadgeLook}`}>Stock bajo</span>
                  ) : null}
                  <FieldErrors id={rowFields.stock.errorId} errors={rowFields.stock.errors} />
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : (
        <div className="max-w-40">
          <label htmlFor={fields.newStock.id} className="block text-sm font-semibold text-slate-900">
            Stock
          </label>
          {(() => {
            const { key, ...props } = getInputProps(fields.newStock, { type: "number" });
            return <input key={key} {...props} inputMode="numeric" step={1} className={stockInputLook} />;
          })()}
          <FieldErrors id={fields.newStock.errorId} errors={fields.newStock.errors} />
        </div>
      )}
      <button type="submit" name="intent" value={stockIntents.save} disabled={busy} className={saveButtonLook}>
        {busy ? "Guardando…" : "Guardar stock"}
        <span className="sr-only"> de {product.name}</span>
      </button>
    </Form>
  );
}

/**
 * The low-stock threshold: a size at or below it is marked and tells the seller once (0: never).
 * It carries the stock it was read at (hidden): the API saves both, so a sale meanwhile is a 409.
 */
export function ThresholdForm({
  product,
  answer,
  constraint,
}: {
  product: ControlProduct;
  answer: StockActionAnswer | undefined;
  constraint: FieldConstraints;
}) {
  const mine = answerFor(answer, product._id, stockIntents.threshold);
  const [form, fields] = useSchemaForm(
    { constraint, load: loadThresholdSchema },
    {
      id: `umbral-${product._id}-${product.stockVersion}`,
      lastResult: mine?.result ?? undefined,
      defaultValue: {
        productId: product._id,
        stockVersion: String(product.stockVersion),
        lowStockThreshold: String(product.lowStockThreshold),
        ...(product.hasSizes
          ? { sizes: product.sizes.map((size) => ({ size: size.size, stock: String(size.stock) })) }
          : { newStock: String(product.stock) }),
      },
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
  const hintId = `${fields.lowStockThreshold.id}-ayuda`;
  const { key: thresholdKey, ...thresholdProps } = getInputProps(fields.lowStockThreshold, {
    type: "number",
    ariaDescribedBy: hintId,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-label={`Umbral de stock bajo de ${product.name}`}
      className="space-y-3"
      data-testid="threshold-form"
    >
      {mine?.stale ? (
        <StaleStockNotice message={mine.stale.message} typed={mine.stale.typed} product={product} showThreshold />
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
      <div className="max-w-56">
        <label htmlFor={fields.lowStockThreshold.id} className="block font-semibold text-slate-900">
          Umbral de stock bajo
        </label>
        <input key={thresholdKey} {...thresholdProps} inputMode="numeric" step={1} className={stockInputLook} />
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          Una talla con estas unidades o menos se marca y te avisamos una vez. 0 desactiva el aviso.
        </p>
        <FieldErrors id={fields.lowStockThreshold.errorId} errors={fields.lowStockThreshold.errors} />
      </div>
      <button type="submit" name="intent" value={stockIntents.threshold} disabled={busy} className={saveButtonLook}>
        {busy ? "Guardando…" : "Guardar umbral"}
      </button>
    </Form>
  );
}
