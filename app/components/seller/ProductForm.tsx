import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { z } from "zod";
import {
  PRODUCT_FIELD_LABELS,
  PRODUCT_IMAGES_HINT,
  PRODUCT_IMAGES_MAX,
  PRODUCT_STATE_LABELS,
  PRODUCT_STATES,
} from "#contract/seller-product-labels";
import { ownTableKindFor, SIZE_GUIDE_HINT, SIZE_GUIDE_OPTIONS, SIZE_GUIDE_OWN } from "#contract/size-guide-choices";
import { SPEC_SHEETS } from "#contract/spec-sheet-fields";
import { FieldErrors, FormAlert, SelectField, SubmitButton, TextareaField, TextField } from "~/components/forms/fields";
import { Button } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { Field } from "~/components/ui/Field";
import { Select } from "~/components/ui/Input";
import { OwnSizeTable } from "./OwnSizeTable";
import {
  CHOOSE_IMAGES_AGAIN,
  PRODUCT_IMAGE_ACCEPT,
  ownTableSizes,
  productIntents,
  productSchemas,
  specFieldsOf,
  SIZE_ROWS_MAX,
  type SheetCategory,
} from "~/forms/seller-product.forms";
import type { FieldConstraints } from "~/forms/use-schema-form";
import { useSchemaForm } from "~/forms/use-schema-form";

/**
 * The seller's product form (issue 11), for adding and for editing. Everything works without
 * JavaScript: the spec sheet follows the category after 'Actualizar ficha', sizes are rows (spare
 * empty ones, 'Agregar talla', 'Quitar'), the stored images move up and down and are removed with
 * buttons the server answers. With JavaScript, the sheet switches as the category changes, the
 * chosen files show as previews, and once the seller first uses the form (decision 0021) Conform
 * checks it and adds or removes rows in the browser at once.
 */

export interface ProductFormProps {
  mode: "add" | "edit";
  categories: readonly SheetCategory[];
  /** The page's schema's constraints, worked out by its loader for the same mode and categories. */
  constraint: FieldConstraints;
  /** The action's last answer: errors, or the values after a button the server answered (its `initialValue`). */
  lastResult?: SubmissionResult<string[]> | null;
  /** The product as stored (edit), or the empty form (add). */
  defaultValue: Record<string, unknown>;
  /** Stored images' addresses by id (edit). */
  imageUrls?: Record<string, string>;
  /** The page came back from a post that carried images: they are gone, so the form asks for them again. */
  filesLost: boolean;
  /** Hidden fields that travel with the form (edit: productId, stockVersion). */
  hidden?: Record<string, string>;
  submitLabel: string;
}

/** The page's schema, typed as the form's values (its input is what the form sends). */
type ProductFormSchema = z.ZodType<Record<string, unknown>, z.ZodTypeDef, Record<string, unknown>>;

/** The loader of the page's schema, made for its categories; memoized on them, as the loaded check is kept by loader. */
function useSchemaLoader(mode: "add" | "edit", categories: readonly SheetCategory[]): () => Promise<ProductFormSchema> {
  return useMemo(
    () => productSchemas[mode](categories) as unknown as () => Promise<ProductFormSchema>,
    [mode, categories],
  );
}

/** Previews of the chosen files, in the order they will be sent; with buttons to move one first. */
function ChosenImages({ input }: { input: RefObject<HTMLInputElement> }) {
  const [files, setFiles] = useState<{ name: string; url: string }[]>([]);
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    let urls: string[] = [];
    const read = () => {
      for (const url of urls) URL.revokeObjectURL(url);
      const chosen = Array.from(element.files ?? []);
      urls = chosen.map((file) => URL.createObjectURL(file));
      setFiles(chosen.map((file, index) => ({ name: file.name, url: urls[index]! })));
    };
    element.addEventListener("change", read);
    read();
    return () => {
      element.removeEventListener("change", read);
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [input]);

  function moveFirst(index: number) {
    const element = input.current;
    if (!element?.files) return;
    const chosen = Array.from(element.files);
    const [picked] = chosen.splice(index, 1);
    if (!picked) return;
    const transfer = new DataTransfer();
    for (const file of [picked, ...chosen]) transfer.items.add(file);
    element.files = transfer.files;
    element.dispatchEvent(new Event("change", { bubbles: true }));
  }

  if (files.length === 0) return null;
  return (
    <ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Imágenes elegidas">
      {files.map((file, index) => (
        <li key={file.url} className="rounded-lg border border-slate-200 p-2 text-sm">
          <img
            src={file.url}
            alt={`Vista previa de ${file.name}`}
            className="aspect-square w-full rounded object-cover"
          />
          <p className="mt-1 break-all text-slate-700">{index === 0 ? "Principal" : `Imagen ${index + 1}`}</p>
          {index > 0 ? (
            <Button variant="secondary" size="sm" className="mt-1" onClick={() => moveFirst(index)}>
              Hacer principal
            </Button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** Without JavaScript (no previews to reorder), which chosen file is the main one. */
const MAIN_IMAGE_OPTIONS = Array.from({ length: PRODUCT_IMAGES_MAX }, (_, index) => ({
  value: index === 0 ? "" : String(index + 1),
  label: index === 0 ? "La primera que elijas" : `La ${index + 1}.ª que elijas`,
}));

type Meta = FieldMetadata<string | undefined>;

/**
 * Without JavaScript: draws the form again with what was typed (the spec sheet of the chosen
 * category, the own size table's rows), unchecked.
 */
function RedrawButton({ className, children }: { className?: string; children: string }) {
  return (
    <Button
      type="submit"
      name="intent"
      value={productIntents.refreshSheet}
      formNoValidate
      variant="secondary"
      size="sm"
      className={className}
    >
      {children}
    </Button>
  );
}

export function ProductForm({
  mode,
  categories,
  constraint,
  lastResult,
  defaultValue,
  imageUrls = {},
  filesLost,
  hidden = {},
  submitLabel,
}: ProductFormProps) {
  const load = useSchemaLoader(mode, categories);
  const hydrated = useHydrated();
  const fileInput = useRef<HTMLInputElement>(null);
  const [form, fields] = useSchemaForm(
    { constraint, load },
    {
      id: mode === "add" ? "producto-nuevo" : "producto-editar",
      lastResult: lastResult ?? undefined,
      defaultValue: defaultValue as never,
    },
  );
  const fieldset = fields as unknown as Record<string, Meta>;
  const categoryField = fieldset.categoryId!;
  const specFields = specFieldsOf(categories, categoryField.value);
  const sheetKind = categories.find((category) => category._id === categoryField.value)?.specSheet ?? null;
  const sizesField = fieldset.sizes as unknown as FieldMetadata<{ size?: string; stock?: string }[]>;
  const sizeRows = sizesField.getFieldList();
  const orderField = fieldset.imageOrder as unknown as FieldMetadata<string[]>;
  const storedImages = mode === "edit" ? orderField.getFieldList() : [];
  const imagesField = fieldset.images!;
  const imageErrors = [...(imagesField.errors ?? []), ...(orderField.errors ?? [])];
  const allErrors = form.allErrors as Record<string, string[]>;
  const ownTable = fieldset.sizeGuide!.value === SIZE_GUIDE_OWN;

  return (
    <Card>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-8">
        <FormAlert id={form.errorId} errors={form.errors} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}

        <fieldset className="space-y-5">
          <legend className="text-xl font-bold text-slate-900">Datos del producto</legend>
          <TextField label={PRODUCT_FIELD_LABELS.name} meta={fieldset.name!} />
          <div>
            <div className="flex flex-wrap items-end gap-3">
              <SelectField
                label={PRODUCT_FIELD_LABELS.categoryId}
                meta={categoryField}
                placeholder="Elige una categoría"
                options={categories.map((category) => ({ value: category._id, label: category.name }))}
                className="min-w-0 flex-1 basis-56"
              />
              {hydrated ? null : <RedrawButton>Actualizar ficha</RedrawButton>}
            </div>
            {hydrated ? null : (
              <p className="mt-1 text-sm text-slate-600">
                Tras cambiar la categoría, pulsa «Actualizar ficha» para ver los datos de su ficha técnica; lo escrito
                se conserva.
              </p>
            )}
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label={PRODUCT_FIELD_LABELS.brand} meta={fieldset.brand!} />
            <TextField label={PRODUCT_FIELD_LABELS.color} meta={fieldset.color!} />
            <TextField
              label={PRODUCT_FIELD_LABELS.price}
              meta={fieldset.price!}
              inputMode="decimal"
              hint="En dólares, con hasta dos decimales: 129,95."
            />
            <TextField
              label={PRODUCT_FIELD_LABELS.discount}
              meta={fieldset.discount!}
              inputMode="numeric"
              hint="De 0 a 100; 0 o vacío si no tiene."
            />
            <TextField label={PRODUCT_FIELD_LABELS.tag} meta={fieldset.tag!} hint="Por ejemplo «Novedad» u «Oferta»." />
            <TextField
              label={PRODUCT_FIELD_LABELS.lowStockThreshold}
              meta={fieldset.lowStockThreshold!}
              inputMode="numeric"
              hint="Te avisamos cuando una talla (o el stock) baje a esta cifra; 0 para no recibir avisos."
            />
            <SelectField
              label={PRODUCT_FIELD_LABELS.state}
              meta={fieldset.state!}
              options={PRODUCT_STATES.map((state) => ({ value: state, label: PRODUCT_STATE_LABELS[state] }))}
              hint="Solo los productos publicados aparecen en la tienda."
            />
          </div>
          <TextareaField label={PRODUCT_FIELD_LABELS.description} meta={fieldset.description!} rows={6} />
        </fieldset>

        <fieldset className="space-y-4" data-testid="spec-sheet">
          <legend className="text-xl font-bold text-slate-900">
            {sheetKind ? SPEC_SHEETS[sheetKind].label : "Ficha técnica"}
          </legend>
          {specFields.length === 0 ? (
            <p className="text-slate-700">
              {categoryField.value
                ? "Esta categoría no tiene ficha técnica."
                : "Elige la categoría para ver su ficha técnica."}
            </p>
          ) : (
            <div className="grid gap-5 sm:grid-cols-2">
              {specFields.map((spec) => {
                const id = `${form.id}-ficha-${spec.key}`;
                const initial = (fieldset.specs?.initialValue as Record<string, string> | undefined)?.[spec.key] ?? "";
                return (
                  <Field
                    key={`${sheetKind}-${spec.key}`}
                    id={id}
                    label={spec.label}
                    errors={allErrors[`specs.${spec.key}`]}
                  >
                    <Select name={`specs.${spec.key}`} defaultValue={spec.options.includes(initial) ? initial : ""}>
                      <option value="">Elige {spec.label.toLocaleLowerCase("es")}</option>
                      {spec.options.map((option) => (
                        <option key={option} value={option}>
                          {option}
                        </option>
                      ))}
                    </Select>
                  </Field>
                );
              })}
            </div>
          )}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-xl font-bold text-slate-900">Stock</legend>
          <p className="text-slate-700">
            Sin tallas, escribe el stock total del producto. Con tallas, escribe el stock de cada talla; el total, si lo
            escribes, debe ser su suma.
            {mode === "edit"
              ? " Para cambios de stock del día a día usa Control de stock, que guarda cada movimiento."
              : ""}
          </p>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label={`${PRODUCT_FIELD_LABELS.stock} total`} meta={fieldset.stock!} inputMode="numeric" />
            <div>
              <SelectField
                label={PRODUCT_FIELD_LABELS.sizeGuide}
                meta={fieldset.sizeGuide!}
                options={SIZE_GUIDE_OPTIONS}
                hint={SIZE_GUIDE_HINT}
              />
              {hydrated ? null : <RedrawButton className="mt-2">Preparar tabla propia</RedrawButton>}
            </div>
          </div>
          <div>
            <p className="font-semibold text-slate-900">{PRODUCT_FIELD_LABELS.sizes}</p>
            <FieldErrors id={sizesField.errorId} errors={sizesField.errors} />
            <ul className="mt-2 space-y-3">
              {sizeRows.map((row, index) => {
                const { size, stock } = row.getFieldset();
                return (
                  <li
                    key={row.key}
                    className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-start gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
                    data-testid="size-row"
                  >
                    <TextField label={`Talla ${index + 1}`} meta={size} />
                    <TextField label={`Stock de la talla ${index + 1}`} meta={stock} inputMode="numeric" />
                    <Button
                      {...form.remove.getButtonProps({ name: sizesField.name, index })}
                      type="submit"
                      variant="secondary"
                      size="sm"
                      className="col-span-2 justify-self-start sm:col-span-1 sm:mt-8"
                    >
                      Quitar talla {index + 1}
                    </Button>
                  </li>
                );
              })}
            </ul>
            {sizeRows.length < SIZE_ROWS_MAX ? (
              <Button
                {...form.insert.getButtonProps({ name: sizesField.name, defaultValue: { size: "", stock: "" } })}
                type="submit"
                variant="secondary"
                size="sm"
                className="mt-3"
              >
                Agregar talla
              </Button>
            ) : null}
          </div>
          {ownTable ? (
            <OwnSizeTable
              formId={form.id}
              kind={ownTableKindFor(sheetKind)}
              sizes={ownTableSizes(sizeRows.map((row) => ({ size: row.getFieldset().size.value })))}
              typed={fieldset.sizeGuideTable?.initialValue}
              errors={allErrors}
            />
          ) : null}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-xl font-bold text-slate-900">{PRODUCT_FIELD_LABELS.images}</legend>
          <p className="text-slate-700">{PRODUCT_IMAGES_HINT}</p>
          {storedImages.length > 0 ? (
            <ol className="grid gap-3 sm:grid-cols-2" aria-label="Imágenes del producto">
              {storedImages.map((image, index) => {
                const id = String(image.value ?? image.initialValue ?? "");
                return (
                  <li
                    key={image.key}
                    className="flex min-w-0 gap-3 rounded-lg border border-slate-200 p-3"
                    data-testid="stored-image"
                  >
                    <input type="hidden" name={image.name} value={id} />
                    {imageUrls[id] ? (
                      <img
                        src={imageUrls[id]}
                        alt={`Imagen ${index + 1} del producto`}
                        width={80}
                        height={80}
                        className="size-20 shrink-0 rounded object-cover"
                      />
                    ) : null}
                    <div className="min-w-0 space-y-2">
                      <p className="font-semibold text-slate-900">
                        {index === 0 ? "Principal" : `Imagen ${index + 1}`}
                      </p>
                      <div className="flex flex-wrap gap-2">
                        {index > 0 ? (
                          <Button
                            {...form.reorder.getButtonProps({ name: orderField.name, from: index, to: index - 1 })}
                            type="submit"
                            variant="secondary"
                            size="sm"
                            aria-label={`Subir la imagen ${index + 1}`}
                          >
                            Subir
                          </Button>
                        ) : null}
                        {index < storedImages.length - 1 ? (
                          <Button
                            {...form.reorder.getButtonProps({ name: orderField.name, from: index, to: index + 1 })}
                            type="submit"
                            variant="secondary"
                            size="sm"
                            aria-label={`Bajar la imagen ${index + 1}`}
                          >
                            Bajar
                          </Button>
                        ) : null}
                        <Button
                          {...form.remove.getButtonProps({ name: orderField.name, index })}
                          type="submit"
                          variant="secondary"
                          size="sm"
                          aria-label={`Quitar la imagen ${index + 1}`}
                        >
                          Quitar
                        </Button>
                      </div>
                    </div>
                  </li>
                );
              })}
            </ol>
          ) : null}
          <div>
            <Field
              id={imagesField.id}
              errorId={imagesField.errorId}
              label={mode === "add" ? "Imágenes del producto" : "Añadir imágenes"}
              hint={
                mode === "add"
                  ? `Se guardan en el orden en que las elijas; después de guardar podrás cambiar el orden. Hasta ${PRODUCT_IMAGES_MAX}.`
                  : `Se añaden después de las actuales, hasta ${PRODUCT_IMAGES_MAX} en total.`
              }
              errors={imageErrors}
            >
              <input
                ref={fileInput}
                type="file"
                name={imagesField.name}
                form={form.id}
                multiple
                accept={PRODUCT_IMAGE_ACCEPT}
                className="block w-full max-w-full text-slate-900"
              />
            </Field>
            {filesLost ? <p className="mt-1 text-sm font-medium text-amber-900">{CHOOSE_IMAGES_AGAIN}</p> : null}
            {hydrated ? <ChosenImages input={fileInput} /> : null}
          </div>
          {mode === "add" && !hydrated ? (
            <SelectField label="Imagen principal" meta={fieldset.mainImage!} options={MAIN_IMAGE_OPTIONS} />
          ) : null}
        </fieldset>

        <SubmitButton intent={productIntents.save} pending="Guardando…">
          {submitLabel}
        </SubmitButton>
      </Form>
    </Card>
  );
}
