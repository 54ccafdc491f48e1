import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { z } from "zod";
import { PRODUCT_FIELD_LABELS, PRODUCT_IMAGES_HINT, PRODUCT_IMAGES_MAX } from "#contract/seller-product-labels";
import { SPEC_SHEETS } from "#contract/spec-sheet-fields";
import { FieldErrors, FormAlert, SubmitButton } from "~/components/forms/fields";
import type { FieldConstraints } from "~/forms/use-schema-form";
import { useSchemaForm } from "~/forms/use-schema-form";
import {
  CHOOSE_IMAGES_AGAIN,
  PRODUCT_IMAGE_ACCEPT,
  productIntents,
  specFieldsOf,
  SIZE_ROWS_MAX,
  type SheetCategory,
} from "./product-form-fields";

/**
 * The seller's product form (issue 11), for adding and for editing. Everything works without
 * JavaScript: the spec sheet follows the category after 'Actualizar ficha', sizes are rows (spare
 * empty ones, 'Agregar talla', 'Quitar'), the stored images move up and down and are removed with
 * buttons the server answers. With JavaScript, the sheet switches as the category changes, the
 * chosen files show as previews, and once the seller first uses the form (decision 0021) Conform
 * checks it and adds or removes rows in the browser at once.
 */

const controlLook =
  "mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-lime-700 border-slate-500 aria-[invalid=true]:border-red-600";
const hintLook = "mt-1 text-sm text-slate-600";
const smallButtonLook =
  "inline-flex items-center justify-center rounded-full border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-50";

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
    () => () =>
      import("./product-schemas").then(
        (module) =>
          (mode === "add"
            ? module.productAddSchema(categories)
            : module.productEditSchema(categories)) as unknown as ProductFormSchema,
      ),
    [mode, categories],
  );
}

function TextInput({
  label,
  meta,
  hint,
  type = "text",
  inputMode,
  children,
}: {
  label: string;
  meta: FieldMetadata<unknown>;
  hint?: string;
  type?: "text";
  inputMode?: "decimal" | "numeric";
  children?: ReactNode;
}) {
  const hintId = `${meta.id}-ayuda`;
  const { key, ...props } = getInputProps(meta as FieldMetadata<string>, {
    type,
    ariaDescribedBy: hint ? hintId : undefined,
  });
  return (
    <div>
      <label htmlFor={meta.id} className="block font-semibold text-slate-900">
        {label}
      </label>
      <input key={key} {...props} inputMode={inputMode} className={controlLook} />
      {hint ? (
        <p id={hintId} className={hintLook}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
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
            <button type="button" className={`${smallButtonLook} mt-1`} onClick={() => moveFirst(index)}>
              Hacer principal
            </button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** Without JavaScript (no previews to reorder), which chosen file is the main one. */
function MainImageChoice({ meta }: { meta: FieldMetadata<unknown> }) {
  const { key, ...props } = getSelectProps(meta as FieldMetadata<string>);
  return (
    <div>
      <label htmlFor={meta.id} className="block font-semibold text-slate-900">
        Imagen principal
      </label>
      <select key={key} {...props} className={controlLook}>
        {Array.from({ length: PRODUCT_IMAGES_MAX }, (_, index) => (
          <option key={index} value={index === 0 ? "" : String(index + 1)}>
            {index === 0 ? "La primera que elijas" : `La ${index + 1}.ª que elijas`}
          </option>
        ))}
      </select>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
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
  const fieldset = fields as unknown as Record<string, FieldMetadata<unknown>>;
  const categoryField = fieldset.categoryId!;
  const specFields = specFieldsOf(categories, categoryField.value);
  const sheetKind = categories.find((category) => category._id === categoryField.value)?.specSheet ?? null;
  const sizesField = fieldset.sizes as FieldMetadata<{ size?: string; stock?: string }[]>;
  const sizeRows = sizesField.getFieldList();
  const orderField = fieldset.imageOrder as FieldMetadata<string[]>;
  const storedImages = mode === "edit" ? orderField.getFieldList() : [];
  const imagesField = fieldset.images!;
  const imageErrors = [...(imagesField.errors ?? []), ...(orderField.errors ?? [])];
  const allErrors = form.allErrors as Record<string, string[]>;
  const { key: categoryKey, ...categoryProps } = getSelectProps(categoryField as FieldMetadata<string>);
  const { key: descriptionKey, ...descriptionProps } = getTextareaProps(fieldset.description as FieldMetadata<string>);

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="space-y-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <FormAlert id={form.errorId} errors={form.errors} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}

      <fieldset className="space-y-5">
        <legend className="text-xl font-bold text-slate-900">Datos del producto</legend>
        <TextInput label={PRODUCT_FIELD_LABELS.name} meta={fieldset.name!} />
        <div>
          <label htmlFor={categoryField.id} className="block font-semibold text-slate-900">
            {PRODUCT_FIELD_LABELS.categoryId}
          </label>
          <div className="flex flex-wrap items-end gap-3">
            <select key={categoryKey} {...categoryProps} className={`${controlLook} min-w-0 flex-1 basis-56`}>
              <option value="">Elige una categoría</option>
              {categories.map((category) => (
                <option key={category._id} value={category._id}>
                  {category.name}
                </option>
              ))}
            </select>
            {hydrated ? null : (
              <button
                type="submit"
                name="intent"
                value={productIntents.refreshSheet}
                formNoValidate
                className={smallButtonLook}
              >
                Actualizar ficha
              </button>
            )}
          </div>
          {hydrated ? null : (
            <p className={hintLook}>
              Tras cambiar la categoría, pulsa «Actualizar ficha» para ver los datos de su ficha técnica; lo escrito se
              conserva.
            </p>
          )}
          <FieldErrors id={categoryField.errorId} errors={categoryField.errors} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput label={PRODUCT_FIELD_LABELS.brand} meta={fieldset.brand!} />
          <TextInput label={PRODUCT_FIELD_LABELS.color} meta={fieldset.color!} />
          <TextInput
            label={PRODUCT_FIELD_LABELS.price}
            meta={fieldset.price!}
            inputMode="decimal"
            hint="En dólares, con hasta dos decimales: 129,95."
          />
          <TextInput
            label={PRODUCT_FIELD_LABELS.discount}
            meta={fieldset.discount!}
            inputMode="numeric"
            hint="De 0 a 100; 0 o vacío si no tiene."
          />
          <TextInput label={PRODUCT_FIELD_LABELS.tag} meta={fieldset.tag!} hint="Por ejemplo «Novedad» u «Oferta»." />
          <TextInput
            label={PRODUCT_FIELD_LABELS.lowStockThreshold}
            meta={fieldset.lowStockThreshold!}
            inputMode="numeric"
            hint="Te avisamos cuando una talla (o el stock) baje a esta cifra; 0 para no recibir avisos."
          />
        </div>
        <div>
          <label htmlFor={fieldset.description!.id} className="block font-semibold text-slate-900">
            {PRODUCT_FIELD_LABELS.description}
          </label>
          <textarea key={descriptionKey} {...descriptionProps} rows={6} className={controlLook} />
          <FieldErrors id={fieldset.description!.errorId} errors={fieldset.description!.errors} />
        </div>
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
              const name = `specs.${spec.key}`;
              const id = `${form.id}-ficha-${spec.key}`;
              const errors = allErrors[name];
              const initial = (fieldset.specs?.initialValue as Record<string, string> | undefined)?.[spec.key] ?? "";
              return (
                <div key={`${sheetKind}-${spec.key}`}>
                  <label htmlFor={id} className="block font-semibold text-slate-900">
                    {spec.label}
                  </label>
                  <select
                    id={id}
                    name={name}
                    defaultValue={spec.options.includes(initial) ? initial : ""}
                    aria-invalid={errors ? true : undefined}
                    aria-describedby={errors ? `${id}-error` : undefined}
                    className={controlLook}
                  >
                    <option value="">Elige {spec.label.toLocaleLowerCase("es")}</option>
                    {spec.options.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                  <FieldErrors id={`${id}-error`} errors={errors} />
                </div>
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
        <TextInput label={`${PRODUCT_FIELD_LABELS.stock} total`} meta={fieldset.stock!} inputMode="numeric" />
        <div>
          <p className="font-semibold text-slate-900">{PRODUCT_FIELD_LABELS.sizes}</p>
          <FieldErrors id={sizesField.errorId} errors={sizesField.errors} />
          <ul className="mt-2 space-y-3">
            {sizeRows.map((row, index) => {
              const { size, stock } = row.getFieldset();
              const { key: sizeKey, ...sizeProps } = getInputProps(size, { type: "text" });
              const { key: stockKey, ...stockProps } = getInputProps(stock, { type: "text" });
              return (
                <li
                  key={row.key}
                  className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-start gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
                  data-testid="size-row"
                >
                  <div>
                    <label htmlFor={size.id} className="block text-sm font-semibold text-slate-900">
                      Talla {index + 1}
                    </label>
                    <input key={sizeKey} {...sizeProps} className={controlLook} />
                    <FieldErrors id={size.errorId} errors={size.errors} />
                  </div>
                  <div>
                    <label htmlFor={stock.id} className="block text-sm font-semibold text-slate-900">
                      Stock de la talla {index + 1}
                    </label>
                    <input key={stockKey} {...stockProps} inputMode="numeric" className={controlLook} />
                    <FieldErrors id={stock.errorId} errors={stock.errors} />
                  </div>
                  <button
                    {...form.remove.getButtonProps({ name: sizesField.name, index })}
                    className={`${smallButtonLook} col-span-2 justify-self-start sm:col-span-1 sm:mt-8`}
                  >
                    Quitar talla {index + 1}
                  </button>
                </li>
              );
            })}
          </ul>
          {sizeRows.length < SIZE_ROWS_MAX ? (
            <button
              {...form.insert.getButtonProps({ name: sizesField.name, defaultValue: { size: "", stock: "" } })}
              className={`${smallButtonLook} mt-3`}
            >
              Agregar talla
            </button>
          ) : null}
        </div>
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
                    <p className="font-semibold text-slate-900">{index === 0 ? "Principal" : `Imagen ${index + 1}`}</p>
                    <div className="flex flex-wrap gap-2">
                      {index > 0 ? (
                        <button
                          {...form.reorder.getButtonProps({ name: orderField.name, from: index, to: index - 1 })}
                          className={smallButtonLook}
                          aria-label={`Subir la imagen ${index + 1}`}
                        >
                          Subir
                        </button>
                      ) : null}
                      {index < storedImages.length - 1 ? (
                        <button
                          {...form.reorder.getButtonProps({ name: orderField.name, from: index, to: index + 1 })}
                          className={smallButtonLook}
                          aria-label={`Bajar la imagen ${index + 1}`}
                        >
                          Bajar
                        </button>
                      ) : null}
                      <button
                        {...form.remove.getButtonProps({ name: orderField.name, index })}
                        className={smallButtonLook}
                        aria-label={`Quitar la imagen ${index + 1}`}
                      >
                        Quitar
                      </button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
        ) : null}
        <div>
          <label htmlFor={imagesField.id} className="block font-semibold text-slate-900">
            {mode === "add" ? "Imágenes del producto" : "Añadir imágenes"}
          </label>
          <input
            ref={fileInput}
            type="file"
            id={imagesField.id}
            name={imagesField.name}
            form={form.id}
            multiple
            accept={PRODUCT_IMAGE_ACCEPT}
            aria-invalid={imageErrors.length > 0 ? true : undefined}
            aria-describedby={`${imagesField.id}-ayuda${imageErrors.length > 0 ? ` ${imagesField.errorId}` : ""}`}
            className="mt-1.5 block w-full max-w-full text-slate-900"
          />
          <p id={`${imagesField.id}-ayuda`} className={hintLook}>
            {mode === "add"
              ? `Se guardan en el orden en que las elijas; después de guardar podrás cambiar el orden. Hasta ${PRODUCT_IMAGES_MAX}.`
              : `Se añaden después de las actuales, hasta ${PRODUCT_IMAGES_MAX} en total.`}
          </p>
          {filesLost ? <p className="mt-1 text-sm font-medium text-amber-900">{CHOOSE_IMAGES_AGAIN}</p> : null}
          <FieldErrors id={imagesField.errorId} errors={imageErrors.length > 0 ? imageErrors : undefined} />
          {hydrated ? <ChosenImages input={fileInput} /> : null}
        </div>
        {mode === "add" && !hydrated ? <MainImageChoice meta={fieldset.mainImage!} /> : null}
      </fieldset>

      <SubmitButton intent={productIntents.save} pending="Guardando…">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
