import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PRODUCT_IMAGE_UPDATED, PRODUCT_UPDATED, productIdParams, type SellerProduct } from "#contract/seller-products";
import { FieldErrors, FormAlert } from "~/components/forms/fields";
import { textLinkClass } from "~/components/ui/TextLink";
import { ProductForm } from "~/components/seller/ProductForm";
import {
  CHOOSE_IMAGES_AGAIN,
  EMPTY_SIZE_ROWS,
  PRODUCT_IMAGE_ACCEPT,
  productIntents,
} from "~/components/seller/product-form-fields";
import { imageReplaceSchema, PRODUCT_FORM_FIELDS, productEditSchema } from "~/components/seller/product-schemas";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { imageUrl } from "~/services/api.server";
import { pageErrorOf } from "~/services/admin.server";
import { carriesFiles, readForm } from "~/services/form.server";
import {
  getSellerProduct,
  listSheetCategories,
  productRefusal,
  replaceProductImage,
  sellerFormAnswer,
  sheetCategoriesForAction,
  typedPrice,
  updateProduct,
} from "~/services/seller-products.server";
import { requireSeller } from "~/services/seller.server";
import { redirectWithFlash } from "~/services/session.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded ? `Editar «${loaded.product.name}»` : "Editar producto"} | Mercado Pádel` },
  { name: "description", content: "Edita un producto de tu tienda en Mercado Pádel." },
  { name: "robots", content: "noindex" },
];

function productIdOf(params: { productId?: string }): string {
  const parsed = productIdParams.safeParse({ id: params.productId });
  if (!parsed.success) throw new Response(null, { status: 404, statusText: "No encontrado" });
  return parsed.data.id;
}

/** The stored product as the form's values (price typed back in dollars, spare empty size rows). */
function formValuesOf(product: SellerProduct) {
  return {
    name: product.name,
    categoryId: product.categoryId,
    brand: product.brand,
    price: typedPrice(product.price),
    discount: String(product.discount),
    color: product.color,
    tag: product.tag,
    description: product.description,
    lowStockThreshold: String(product.lowStockThreshold),
    stock: product.hasSizes ? "" : String(product.stock),
    sizes: [
      ...product.sizes.map((size) => ({ size: size.size, stock: String(size.stock) })),
      ...Array.from({ length: EMPTY_SIZE_ROWS }, () => ({ size: "", stock: "" })),
    ],
    specs: product.specs,
    imageOrder: product.images,
  };
}

/** /dashboard/seller/edit-product/{productId}: `GET /product-get/{id}`, another shop's product is the 404 page. */
export async function loader(args: LoaderFunctionArgs) {
  const { account } = await requireSeller(args);
  const id = productIdOf(args.params);
  const [product, categories] = await Promise.all([getSellerProduct(account, id), listSheetCategories(account)]).catch(
    (error: unknown) => {
      throw pageErrorOf(error);
    },
  );
  return {
    product: {
      _id: product._id,
      name: product.name,
      slug: product.slug,
      stockVersion: product.stockVersion,
      images: product.images,
    },
    categories,
    constraint: getZodConstraint(productEditSchema(categories)),
    defaultValue: formValuesOf(product),
    imageUrls: Object.fromEntries(product.images.map((image) => [image, imageUrl(image, 200)])),
  };
}

/** What the page answers after swapping one image fails: the message beside that image's form. */
interface ReplaceRefusal {
  replace: { oldImage: string; errors: string[]; filesLost: boolean };
  attempt: string;
}

/**
 * Saves the product (`POST /product-update`, 60 s) or swaps one image (`POST /product-image-update`),
 * then back here with a flash message (a rename keeps the old address: the API remembers it). The
 * form's other buttons only answer it again with what was typed.
 */
export async function action(args: ActionFunctionArgs) {
  const area = await requireSeller(args);
  const id = productIdOf(args.params);
  const formData = await readForm(args.request);
  const intent = formData.get("intent");
  const here = sellerPaths.editProduct(id);

  if (intent === productIntents.replaceImage) {
    const submission = parseWithZod(formData, { schema: imageReplaceSchema });
    const oldImage = String(formData.get("oldImage") ?? "");
    const refuse = (errors: string[], status: number) => {
      const answer: ReplaceRefusal = {
        replace: { oldImage, errors, filesLost: carriesFiles(formData) },
        attempt: crypto.randomUUID(),
      };
      return data(answer, { status });
    };
    if (submission.status !== "success")
      return refuse(
        Object.values(submission.error ?? {}).flatMap((errors) => errors ?? []),
        400,
      );
    if (submission.value.productId !== id) throw new Response(null, { status: 400, statusText: "Producto no válido" });
    if (area.refusal) return refuse([area.refusal], 403);
    try {
      await replaceProductImage(area.account, submission.value);
    } catch (error) {
      if (error instanceof Response) throw error;
      const refusal = productRefusal(error, []);
      return refuse([...refusal.formErrors, ...Object.values(refusal.fieldErrors).flat()], refusal.status);
    }
    return redirectWithFlash(args.context, here, { kind: "success", message: PRODUCT_IMAGE_UPDATED });
  }

  const categories = await sheetCategoriesForAction(area.account);
  const submission = parseWithZod(formData, { schema: productEditSchema(categories ?? []) });
  if (categories === null) return sellerFormAnswer(submission, formData, { unreachable: true });
  if (intent === productIntents.refreshSheet) return sellerFormAnswer(submission, formData, { keepOnly: true });
  if (intent === null && submission.status === undefined)
    return sellerFormAnswer(submission, formData, { keepOnly: true });
  if (intent !== productIntents.save) throw new Response(null, { status: 400, statusText: "Acción no válida" });
  if (submission.status !== "success") return sellerFormAnswer(submission, formData, { status: 400 });
  if (submission.value.productId !== id) throw new Response(null, { status: 400, statusText: "Producto no válido" });
  if (area.refusal) return sellerFormAnswer(submission, formData, { status: 403, formErrors: [area.refusal] });
  try {
    await updateProduct(area.account, submission.value);
  } catch (error) {
    if (error instanceof Response) throw error;
    const refusal = productRefusal(error, PRODUCT_FORM_FIELDS);
    if (refusal.status === 404) throw pageErrorOf(error);
    return sellerFormAnswer(submission, formData, refusal);
  }
  return redirectWithFlash(args.context, sellerPaths.products, { kind: "success", message: PRODUCT_UPDATED });
}

const smallButtonLook =
  "inline-flex items-center justify-center rounded-full border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900";

/** One stored image and its own small form to swap it for a new file. */
function ReplaceImageForm({
  productId,
  image,
  url,
  position,
  errors,
  filesLost,
}: {
  productId: string;
  image: string;
  url: string;
  position: number;
  errors?: string[];
  filesLost: boolean;
}) {
  const inputId = `reemplazo-${image}`;
  const errorId = `${inputId}-error`;
  return (
    <li className="flex min-w-0 gap-3 rounded-lg border border-slate-200 p-3">
      <img
        src={url}
        alt={`Imagen ${position} del producto`}
        width={80}
        height={80}
        className="size-20 shrink-0 rounded object-cover"
      />
      <Form method="post" encType="multipart/form-data" className="min-w-0 flex-1 space-y-2">
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="oldImage" value={image} />
        <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
          Nueva imagen para la {position === 1 ? "principal" : `imagen ${position}`}
        </label>
        <input
          id={inputId}
          type="file"
          name="newImage"
          accept={PRODUCT_IMAGE_ACCEPT}
          required
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? errorId : undefined}
          className="block w-full max-w-full text-sm text-slate-900"
        />
        {filesLost ? <p className="text-sm font-medium text-amber-900">{CHOOSE_IMAGES_AGAIN}</p> : null}
        <FieldErrors id={errorId} errors={errors} />
        <button type="submit" name="intent" value={productIntents.replaceImage} className={smallButtonLook}>
          Reemplazar
        </button>
      </Form>
    </li>
  );
}

export default function EditProduct() {
  const { product, categories, constraint, defaultValue, imageUrls } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const formAnswer = actionData && "result" in actionData ? actionData : undefined;
  const replaceAnswer = actionData && "replace" in actionData ? actionData.replace : undefined;
  return (
    <section aria-labelledby="titulo-editar" className="space-y-6">
      <div>
        <p className="text-sm">
          <Link to={sellerPaths.products} className={textLinkClass}>
            ← Mis productos
          </Link>
        </p>
        <h1 id="titulo-editar" className="mt-2 break-words text-3xl font-bold text-slate-900">
          Editar «{product.name}»
        </h1>
        <p className="mt-2 text-slate-700">
          Si cambias el nombre, la dirección anterior del producto sigue llevando a él.{" "}
          <Link to={`/product/details/${encodeURIComponent(product.slug)}`} className={textLinkClass}>
            Ver en la tienda
          </Link>
        </p>
      </div>
      <ProductForm
        key={formAnswer?.attempt ?? "inicio"}
        mode="edit"
        categories={categories}
        constraint={constraint}
        lastResult={formAnswer?.result}
        defaultValue={defaultValue}
        imageUrls={imageUrls}
        filesLost={formAnswer?.filesLost ?? false}
        hidden={{ productId: product._id, stockVersion: String(product.stockVersion) }}
        submitLabel="Guardar cambios"
      />

      <section
        aria-labelledby="titulo-reemplazar"
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <h2 id="titulo-reemplazar" className="text-xl font-bold text-slate-900">
          Reemplazar una imagen
        </h2>
        <p className="text-slate-700">La imagen nueva ocupa el lugar de la anterior; se guarda al momento.</p>
        {replaceAnswer && !product.images.includes(replaceAnswer.oldImage) ? (
          <FormAlert id="reemplazo-error" errors={replaceAnswer.errors} />
        ) : null}
        <ul className="grid gap-3 sm:grid-cols-2">
          {product.images.map((image, index) => (
            <ReplaceImageForm
              key={`${image}-${replaceAnswer?.oldImage === image ? (actionData as ReplaceRefusal).attempt : "inicio"}`}
              productId={product._id}
              image={image}
              url={imageUrls[image] ?? ""}
              position={index + 1}
              errors={replaceAnswer?.oldImage === image ? replaceAnswer.errors : undefined}
              filesLost={replaceAnswer?.oldImage === image && replaceAnswer.filesLost}
            />
          ))}
        </ul>
      </section>
    </section>
  );
}
