import {
  OWN_TABLE_CLOTHING_FIELDS,
  OWN_TABLE_HINTS,
  OWN_TABLE_SHOE_FIELDS,
  type OwnSizeTable as Table,
} from "#contract/size-guide-choices";
import { FieldErrors } from "~/components/forms/fields";
import { Field } from "~/components/ui/Field";
import { Input } from "~/components/ui/Input";
import { ownTableRow } from "~/forms/seller-product.forms";

/**
 * «Tabla propia» in the product form (issue 36): a row per size of the product, named per row
 * (`sizeGuideTable.rows[0].uk`, contract/own-size-guide.ts), so it works as plain inputs without
 * JavaScript. Shoes: UK, US and the foot length; clothing: chest, waist and hip from and to. Rows
 * follow the sizes as typed (the schema's `ownTableForSizes` sends them the same way), and what was
 * typed in a size's row stays with that size.
 */

/** A row's inputs: the table's key, its label and the form's name after the row. */
function rowInputs(kind: Table["kind"]): { key: string; label: string }[] {
  if (kind === "calzado") return OWN_TABLE_SHOE_FIELDS.map((field) => ({ key: field.key, label: field.label }));
  return OWN_TABLE_CLOTHING_FIELDS.flatMap((field) => {
    const measure = field.label.replace(" (cm)", "");
    return [
      { key: `${field.key}From`, label: `${measure} desde` },
      { key: `${field.key}To`, label: `${measure} hasta` },
    ];
  });
}

export function OwnSizeTable({
  formId,
  kind,
  sizes,
  typed,
  errors,
}: {
  formId: string;
  kind: Table["kind"];
  /** The product's sizes typed so far (ownTableSizes). */
  sizes: readonly string[];
  /** The table's values as the form last had them (Conform's initial value). */
  typed: unknown;
  /** The form's errors by field name. */
  errors: Record<string, string[]>;
}) {
  const inputs = rowInputs(kind);
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3 sm:p-4" data-testid="tabla-propia">
      <legend className="px-1 font-semibold text-slate-900">
        {kind === "calzado" ? "Tu tabla: medidas de cada talla EU" : "Tu tabla: medidas de cada talla (cm)"}
      </legend>
      <p className="text-sm text-slate-600">{OWN_TABLE_HINTS[kind]}</p>
      <FieldErrors id={`${formId}-tabla-error`} errors={errors.sizeGuideTable} />
      {sizes.length === 0 ? (
        <p className="text-slate-700">Escribe las tallas del producto para dar sus medidas.</p>
      ) : (
        <ul className="space-y-3">
          {sizes.map((size, index) => {
            const name = `sizeGuideTable.rows[${index}]`;
            const row = ownTableRow(typed, size) ?? {};
            return (
              <li key={`${kind}-${size}`} data-testid="tabla-propia-fila">
                <fieldset>
                  <legend className="text-sm font-semibold text-slate-900">Talla {size}</legend>
                  <input type="hidden" name={`${name}.size`} value={size} />
                  <FieldErrors id={`${formId}-tabla-${index}-talla-error`} errors={errors[`${name}.size`]} />
                  <div
                    className={
                      kind === "calzado" ? "mt-1 grid grid-cols-3 gap-2" : "mt-1 grid grid-cols-2 gap-2 sm:grid-cols-6"
                    }
                  >
                    {inputs.map((input) => {
                      const field = `${name}.${input.key}`;
                      const value = row[input.key];
                      return (
                        <Field
                          key={input.key}
                          id={`${formId}-tabla-${index}-${input.key}`}
                          label={
                            <>
                              {input.label}
                              <span className="sr-only"> de la talla {size}</span>
                            </>
                          }
                          errors={errors[field]}
                          compact
                          className="min-w-0"
                        >
                          <Input
                            name={field}
                            inputMode="decimal"
                            autoComplete="off"
                            defaultValue={typeof value === "string" || typeof value === "number" ? String(value) : ""}
                          />
                        </Field>
                      );
                    })}
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
