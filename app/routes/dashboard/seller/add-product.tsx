import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProductForm } from "~/components/seller/ProductForm";
import { useFormAnswer } from "~/forms/form-answer";
import { productIntents, type ProductFormAnswer } from "~/forms/seller-product.forms";
import { addProductAction, loadAddProduct } from "~/services/seller-products.server";
import { requireSeller } from "~/services/seller.server";

export const meta: MetaFunction = () => [
  { title: "Agregar producto | Mercado Pádel" },
  { name: "description", content: "Publica un producto nuevo en tu tienda de Mercado Pádel." },
  { name: "robots", content: "noindex" },
];

/** /dashboard/seller/add-product: the empty form, with the categories and their spec sheets. */
export async function loader(args: LoaderFunctionArgs) {
  return loadAddProduct(await requireSeller(args));
}

/**
 * Saves the product (`POST /product-add`, 60 s) and goes to the list with a flash message. The
 * form's other buttons (the spec sheet, size rows) only answer the form again with what was typed.
 */
export async function action(args: ActionFunctionArgs) {
  return addProductAction(args, await requireSeller(args));
}

export default function AddProduct() {
  const { categories, constraints, defaultValue } = useLoaderData<typeof loader>();
  const answer: ProductFormAnswer | undefined = useFormAnswer(productIntents.save);
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
        key={answer?.attempt ?? "inicio"}
        mode="add"
        categories={categories}
        constraint={constraints.product}
        lastResult={answer?.result}
        defaultValue={defaultValue}
        filesLost={answer?.filesLost ?? false}
        submitLabel="Publicar producto"
      />
    </section>
  );
}
