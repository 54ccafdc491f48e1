import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { importRefusalText } from "#contract/product-csv";
import type { ProductImportPreview } from "#contract/product-import";
import { FormAlert, SubmitButton } from "~/components/forms/fields";
import { Card } from "~/components/ui/Card";
import { Field } from "~/components/ui/Field";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { answerFor } from "~/forms/form-answer";
import { useSchemaForm } from "~/forms/use-schema-form";
import { loadProductImport, productImportAction } from "~/services/product-import.server";
import { requireSeller } from "~/services/seller.server";
import { sellerPaths } from "./paths";
import { loadImportFileSchema, productImportIntents, type ImportPreviewAnswer } from "./products-import.forms";
import { counted } from "#contract/number-format";

export const meta: MetaFunction = () => [
  { title: "Importar productos | Mi tienda | Mercado Pádel" },
  {
    name: "description",
    content: "Crea y actualiza tus productos desde un archivo CSV: vista previa con los errores por línea y columna.",
  },
  { name: "robots", content: "noindex" },
];

/** /dashboard/seller/products/import: the catalogue brought back from a CSV file (issue 34). */
export async function loader(args: LoaderFunctionArgs) {
  return loadProductImport(await requireSeller(args));
}

export async function action(args: ActionFunctionArgs) {
  return productImportAction(args, await requireSeller(args));
}

function FileForm({ attempt }: { attempt: string }) {
  const { constraint, maxRows, maxMegabytes } = useLoaderData<typeof loader>();
  const answer = answerFor(useActionData(), productImportIntents.preview);
  const [form, fields] = useSchemaForm(
    { constraint, load: loadImportFileSchema },
    { id: "importar-archivo", lastResult: answer?.result },
  );
  return (
    <Card title="1. Elige el archivo" titleId="titulo-importar-archivo">
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        aria-labelledby="titulo-importar-archivo"
        className="space-y-4"
      >
        <FormAlert id={form.errorId} errors={form.errors} />
        <Field
          id={fields.file.id}
          errorId={fields.file.errorId}
          label="Archivo CSV"
          errors={fields.file.errors}
          hint={`Hasta ${maxMegabytes} MB y ${maxRows} productos, en UTF-8, separado por «;» o «,».`}
        >
          <input
            // A new key after each attempt: no browser sends a chosen file back.
            key={attempt}
            type="file"
            name={fields.file.name}
            form={form.id}
            accept=".csv,text/csv"
            className="block w-full max-w-full text-slate-900"
          />
        </Field>
        <SubmitButton intent={productImportIntents.preview} pending="Leyendo el archivo…" wide={false}>
          Vista previa
        </SubmitButton>
      </Form>
    </Card>
  );
}

function Refusals({ preview }: { preview: ProductImportPreview }) {
  if (preview.refusalCount === 0) return null;
  const more = preview.refusalCount - preview.refusals.length;
  return (
    <div className="space-y-2">
      <Notice tone="warning">
        <span data-testid="import-skipped">
          Se saltarán {counted(preview.skippedLines.length, "fila", "filas")} con errores (
          {preview.skippedLines.length === 1 ? "línea" : "líneas"} {preview.skippedLines.join(", ")}): no se importan
          hasta que las corrijas y vuelvas a subir el archivo.
        </span>
      </Notice>
      <ul className="list-disc space-y-1 pl-5 text-slate-800" data-testid="import-refusals">
        {preview.refusals.map((refusal, index) => (
          <li key={index} className="break-words">
            {importRefusalText(refusal)}
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="text-slate-700">Y {counted(more, "error más", "errores más")}.</p> : null}
    </div>
  );
}

function PreviewCard({ answer }: { answer: ImportPreviewAnswer }) {
  const { preview, csv, fileName } = answer;
  const valid = preview.creates + preview.updates;
  return (
    <Card title="2. Vista previa" titleId="titulo-importar-vista">
      <div className="space-y-4">
        <p className="break-words text-slate-800" data-testid="import-summary">
          «{fileName}»: {counted(preview.rows, "fila", "filas")}.{" "}
          {counted(preview.creates, "producto nuevo", "productos nuevos")} y{" "}
          {counted(preview.updates, "producto actualizado", "productos actualizados")}.
        </p>
        <Refusals preview={preview} />
        {valid > 0 ? (
          <Form method="post" encType="multipart/form-data" aria-labelledby="titulo-importar-vista">
            {/* The file's text goes back as it was read: the API checks it all again (decision 0054). */}
            <input type="hidden" name="csv" value={csv} />
            <SubmitButton intent={productImportIntents.apply} pending="Importando…" wide={false}>
              Importar {counted(valid, "producto", "productos")}
            </SubmitButton>
          </Form>
        ) : (
          <Notice tone="warning">
            Ninguna fila se puede importar: corrige los errores y sube el archivo de nuevo.
          </Notice>
        )}
      </div>
    </Card>
  );
}

export default function SellerProductsImport() {
  const { locked } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const previewed = actionData && "preview" in actionData ? (actionData as ImportPreviewAnswer) : null;
  return (
    <section aria-labelledby="titulo-importar" className="space-y-6">
      <div>
        <h1 id="titulo-importar" className="text-3xl font-bold text-slate-900">
          Importar productos
        </h1>
        <p className="mt-2 text-slate-700">
          Descarga tus productos en CSV, edítalos en tu hoja de cálculo y súbelos aquí. Una fila con ID actualiza ese
          producto; una fila sin ID crea uno nuevo, como borrador u oculto hasta que le añadas imágenes. Antes de
          importar verás cuántos productos se crean y se actualizan, y los errores por línea y columna.
        </p>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
          {/* A file, not a page: the browser downloads it, with or without JavaScript. */}
          <TextLink to={sellerPaths.productsExport} reloadDocument download>
            Descargar mis productos (CSV)
          </TextLink>
          <TextLink to={sellerPaths.products}>Volver a mis productos</TextLink>
        </div>
      </div>
      {locked ? <Notice tone="warning">{locked}</Notice> : null}
      <FileForm attempt={previewed ? `${previewed.fileName}-${previewed.csv.length}` : "inicio"} />
      {previewed ? <PreviewCard answer={previewed} /> : null}
    </section>
  );
}
