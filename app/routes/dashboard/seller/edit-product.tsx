import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormAlert, SubmitButton } from "~/components/forms/fields";
import { ProductForm } from "~/components/seller/ProductForm";
import { Button } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { Field } from "~/components/ui/Field";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { answerFor, useFormAnswer } from "~/forms/form-answer";
import {
  CHOOSE_IMAGES_AGAIN,
  PRODUCT_IMAGE_ACCEPT,
  productIntents,
  productSchemas,
  type ProductFormAnswer,
} from "~/forms/seller-product.forms";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { editProductAction, loadEditProduct } from "~/services/seller-products.server";
import { requireSeller } from "~/services/seller.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded ? `Editar «${loaded.product.name}»` : "Editar producto"} | Mercado Pádel` },
  { name: "description", content: "Edita un producto de tu tienda en Mercado Pádel." },
  { name: "robots", content: "noindex" },
];

/** /dashboard/seller/edit-product/{productId}: `GET /product-get/{id}`, another shop's product is the 404 page. */
export async function loader(args: LoaderFunctionArgs) {
  return loadEditProduct(await requireSeller(args), args.params);
}

/**
 * Saves the product (`POST /product-update`, 60 s) or swaps one image (`POST /product-image-update`),
 * then back with a flash message (a rename keeps the old address: the API remembers it). The
 * form's other buttons only answer it again with what was typed.
 */
export async function action(args: ActionFunctionArgs) {
  return editProductAction(args, await requireSeller(args), args.params);
}

/** The refusals of a form that have no field of their own (its hidden fields', when it was sent without them). */
function formWideErrors(...lists: (string[] | undefined)[]): string[] | undefined {
  const errors = lists.flatMap((list) => list ?? []);
  return errors.length > 0 ? errors : undefined;
}

/** One stored image and its own small form to swap it for a new file. */
function ReplaceImageForm({
  productId,
  image,
  url,
  position,
  answer,
  constraint,
}: {
  productId: string;
  image: string;
  url: string;
  position: number;
  answer: ProductFormAnswer | undefined;
  constraint: FieldConstraints;
}) {
  const [form, fields] = useSchemaForm(
    { constraint, load: productSchemas.replaceImage },
    { id: `reemplazo-${image}`, lastResult: answer?.result },
  );
  return (
    <li className="flex min-w-0 gap-3 rounded-lg border border-slate-200 p-3">
      <img
        src={url}
        alt={`Imagen ${position} del producto`}
        width={80}
        height={80}
        className="size-20 shrink-0 rounded object-cover"
      />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="min-w-0 flex-1 space-y-2">
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="oldImage" value={image} />
        <FormAlert
          id={form.errorId}
          errors={formWideErrors(form.errors, fields.productId.errors, fields.oldImage.errors)}
        />
        <Field
          id={fields.newImage.id}
          errorId={fields.newImage.errorId}
          label={`Nueva imagen para la ${position === 1 ? "principal" : `imagen ${position}`}`}
          errors={fields.newImage.errors}
        >
          <input
            type="file"
            name={fields.newImage.name}
            accept={PRODUCT_IMAGE_ACCEPT}
            required
            className="block w-full max-w-full text-sm text-slate-900"
          />
        </Field>
        {answer?.filesLost ? <p className="text-sm font-medium text-amber-900">{CHOOSE_IMAGES_AGAIN}</p> : null}
        <Button type="submit" name="intent" value={productIntents.replaceImage} variant="secondary" size="sm">
          Reemplazar
        </Button>
      </Form>
    </li>
  );
}

/** A product an admin hid (issue 35): why, and the request for a review once fixed. */
function ModerationNotice({
  productId,
  moderation,
}: {
  productId: string;
  moderation: { reason: string; hiddenOn: string; reviewAskedOn: string | null };
}) {
  const refused = useFormAnswer(productIntents.requestReview)?.notice;
  return (
    <Notice tone="warning" id="moderacion" className="space-y-3">
      <p>
        <span className="font-semibold">La administración ocultó este producto el {moderation.hiddenOn}.</span> Motivo:{" "}
        {moderation.reason}
      </p>
      {refused ? <p className="font-semibold">{refused}</p> : null}
      {moderation.reviewAskedOn ? (
        <p>Pediste la revisión el {moderation.reviewAskedOn}. Te avisaremos cuando la administración lo revise.</p>
      ) : (
        <Form method="post" className="space-y-2">
          <p>Corrígelo, guarda los cambios y pide que lo revisen para volver a publicarlo.</p>
          <input type="hidden" name="productId" value={productId} />
          <SubmitButton intent={productIntents.requestReview} variant="secondary" wide={false} pending="Enviando…">
            Pedir revisión
          </SubmitButton>
        </Form>
      )}
    </Notice>
  );
}

export default function EditProduct() {
  const { product, categories, constraints, defaultValue, imageUrls } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const saved: ProductFormAnswer | undefined = answerFor(actionData, productIntents.save);
  // A swap refused for an image the product no longer has (changed meanwhile) has no form to show it beside.
  const strayReplace: ProductFormAnswer | undefined =
    actionData?.intent === productIntents.replaceImage && !product.images.includes(actionData.target ?? "")
      ? actionData
      : undefined;
  return (
    <section aria-labelledby="titulo-editar" className="space-y-6">
      <div>
        <p className="text-sm">
          <TextLink to={sellerPaths.products}>← Mis productos</TextLink>
        </p>
        <h1 id="titulo-editar" className="mt-2 break-words text-3xl font-bold text-slate-900">
          Editar «{product.name}»
        </h1>
        <p className="mt-2 text-slate-700">
          Si cambias el nombre, la dirección anterior del producto sigue llevando a él.{" "}
          <TextLink to={`/product/details/${encodeURIComponent(product.slug)}`}>Ver en la tienda</TextLink>
        </p>
      </div>
      {product.moderation ? <ModerationNotice productId={product._id} moderation={product.moderation} /> : null}
      <ProductForm
        key={saved?.attempt ?? "inicio"}
        mode="edit"
        categories={categories}
        constraint={constraints.product}
        lastResult={saved?.result}
        defaultValue={defaultValue}
        imageUrls={imageUrls}
        filesLost={saved?.filesLost ?? false}
        hidden={{ productId: product._id, stockVersion: String(product.stockVersion) }}
        submitLabel="Guardar cambios"
      />

      <Card title="Reemplazar una imagen" titleId="titulo-reemplazar">
        <p className="text-slate-700">La imagen nueva ocupa el lugar de la anterior; se guarda al momento.</p>
        {strayReplace?.result?.error ? (
          <FormAlert
            id="reemplazo-error"
            errors={Object.values(strayReplace.result.error).flatMap((errors) => errors ?? [])}
          />
        ) : null}
        <ul className="grid gap-3 sm:grid-cols-2">
          {product.images.map((image, index) => {
            const replaced: ProductFormAnswer | undefined = answerFor(actionData, productIntents.replaceImage, image);
            return (
              <ReplaceImageForm
                key={`${image}-${replaced?.attempt ?? "inicio"}`}
                productId={product._id}
                image={image}
                url={imageUrls[image] ?? ""}
                position={index + 1}
                answer={replaced}
                constraint={constraints.replaceImage}
              />
            );
          })}
        </ul>
      </Card>
    </section>
  );
}
