import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PRODUCT_CREATED } from "#contract/seller-products";
import { ProductForm } from "~/components/seller/ProductForm";
import { EMPTY_SIZE_ROWS, productIntents } from "~/components/seller/product-form-fields";
import { PRODUCT_FORM_FIELDS, productAddSchema } from "~/components/seller/product-schemas";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { pageErrorOf } from "~/services/admin.server";
import { readForm } from "~/services/form.server";
import {
  addProduct,
  listSheetCategories,
  productRefusal,
  sellerFormAnswer,
  sheetCategoriesForAction,
} from "~/services/seller-products.server";
import { requireSeller } from "~/services/seller.server";
import { redirectWithFlash } from "~/services/session.server";

export const meta: MetaFunction = () => [
  { title: "Agregar producto | Mercado Pádel" },
  { name: "description", content: "Publica un producto nuevo en tu tienda de Mercado Pádel." },
  { name: "robots", content: "noindex" },
];

/** /dashboard/seller/add-product: the empty form, with the categories and their spec sheets. */
export async function loader(args: LoaderFunctionArgs) {
  const { account } = await requireSeller(args);
  const categories = await listSheetCategories(account).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    categories,
    constraint: getZodConstraint(productAddSchema(categories)),
    defaultValue: {
      discount: "0",
      lowStockThreshold: "0",
      sizes: Array.from({ length: EMPTY_SIZE_ROWS }, () => ({ size: "", stock: "" })),
    },
  };
}

/**
 * Saves the product (`POST /product-add`, 60 s) and goes to the list with a flash message. The
 * form's other buttons (the spec sheet, size rows) only answer the form again with what was typed.
 */
export async function action(args: ActionFunctionArgs) {
  const area = await requireSeller(args);
  const formData = await readForm(args.request);
  const intent = formData.get("intent");
  const categories = await sheetCategoriesForAction(area.account);
  const submission = parseWithZod(formData, { schema: productAddSchema(categories ?? []) });
  if (categories === null) return sellerFormAnswer(submission, formData, { unreachable: true });
  if (intent === productIntents.refreshSheet) return sellerFormAnswer(submission, formData, { keepOnly: true });
  // Conform's own buttons (a size row added or removed without JavaScript) carry no `intent`.
  if (intent === null && submission.status === undefined)
    return sellerFormAnswer(submission, formData, { keepOnly: true });
  if (intent !== productIntents.save) throw new Response(null, { status: 400, statusText: "Acción no válida" });
  if (submission.status !== "success") return sellerFormAnswer(submission, formData, { status: 400 });
  if (area.refusal) return sellerFormAnswer(submission, formData, { status: 403, formErrors: [area.refusal] });
  try {
    await addProduct(area.account, submission.value);
  } catch (error) {
    const refusal = productRefusal(error, PRODUCT_FORM_FIELDS);
    return sellerFormAnswer(submission, formData, refusal);
  }
  return redirectWithFlash(args.context, sellerPaths.products, { kind: "success", message: PRODUCT_CREATED });
}

export default function AddProduct() {
  const { categories, constraint, defaultValue } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="titulo-agregar" className="space-y-6">
      <div>
        <h1 id="titulo-agregar" className="text-3xl font-bold text-slate-900">
          Agregar producto
        </h1>
        <p className="mt-2 text-slate-700">
          Completa los datos, la ficha técnica de su categoría, el stock y de una a ocho imágenes.
        </p>
      </div>
      <ProductForm
        key={actionData?.attempt ?? "inicio"}
        mode="add"
        categories={categories}
        constraint={constraint}
        lastResult={actionData?.result}
        defaultValue={defaultValue}
        filesLost={actionData?.filesLost ?? false}
        submitLabel="Publicar producto"
      />
    </section>
  );
}
