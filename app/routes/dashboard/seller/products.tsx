import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { SELLER_PRODUCT_STATUS_LABELS } from "#contract/seller-product-labels";
import { FormAlert } from "~/components/forms/fields";
import { Pagination } from "~/components/product/Pagination";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { Input } from "~/components/ui/Input";
import { TextLink } from "~/components/ui/TextLink";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { deleteProductAction, loadSellerProducts } from "~/services/seller-products.server";
import { requireSeller } from "~/services/seller.server";
import { productListIntents, productListSchemas } from "./products.forms";

export const meta: MetaFunction = () => [
  { title: "Mis productos | Mercado Pádel" },
  { name: "description", content: "Los productos de tu tienda en Mercado Pádel: búscalos, edítalos o elimínalos." },
  { name: "robots", content: "noindex" },
];

/**
 * /dashboard/seller/products?searchValue=&pageNumber=&confirmar=: `GET /products-get`, the shop's
 * products with stock and discount at a glance. `confirmar` names the product whose deletion the
 * page asks to confirm (a link, so it works without JavaScript).
 */
export async function loader(args: LoaderFunctionArgs) {
  return loadSellerProducts(await requireSeller(args), new URL(args.request.url));
}

/** Deletes one product (`DELETE /delete-product/{id}`); one with orders is archived, and the message says so. */
export async function action(args: ActionFunctionArgs) {
  return deleteProductAction(args, await requireSeller(args));
}

type ListedProduct = ReturnType<typeof useLoaderData<typeof loader>>["products"][number];

function StockSummary({ product }: { product: ListedProduct }) {
  if (!product.hasSizes) return <>{product.stock} uds.</>;
  return (
    <>
      {product.stock} uds.{" "}
      <span className="text-slate-600">({product.sizes.map((size) => `${size.size}: ${size.stock}`).join(", ")})</span>
    </>
  );
}

function DeleteConfirmation({
  product,
  cancelTo,
  constraint,
}: {
  product: ListedProduct;
  cancelTo: string;
  constraint: FieldConstraints;
}) {
  const [form, fields] = useSchemaForm(
    { constraint, load: productListSchemas.delete },
    { id: `eliminar-${product._id}`, lastResult: useFormAnswer(productListIntents.delete, product._id)?.result },
  );
  const errors = [...(form.errors ?? []), ...(fields.productId.errors ?? [])];
  return (
    <div
      role="alertdialog"
      aria-labelledby={`confirmar-${product._id}`}
      className="mt-3 rounded-xl border-l-4 border-red-600 bg-red-50 p-4 text-red-950"
    >
      <p id={`confirmar-${product._id}`} className="font-semibold">
        ¿Eliminar «{product.name}»?
      </p>
      <p className="mt-1 text-sm">
        Si ya tiene pedidos, se archivará: deja de mostrarse en la tienda y se conserva para esos pedidos.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
        <FormAlert id={form.errorId} errors={errors} />
        <input type="hidden" name="productId" value={product._id} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" name="intent" value={productListIntents.delete} variant="danger">
            Sí, eliminar
          </Button>
          <TextLink to={cancelTo}>Cancelar</TextLink>
        </div>
      </Form>
    </div>
  );
}

export default function SellerProducts() {
  const { products, searchValue, totalProduct, page, totalPages, confirming, constraints } =
    useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();

  function withParams(change: (params: URLSearchParams) => void) {
    const params = new URLSearchParams(search);
    change(params);
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  }

  return (
    <section aria-labelledby="titulo-productos" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="titulo-productos" className="text-3xl font-bold text-slate-900">
            Mis productos
          </h1>
          <p className="mt-2 text-slate-700" data-testid="seller-product-total">
            {totalProduct === 1 ? "1 producto" : `${totalProduct} productos`}
            {searchValue ? ` para «${searchValue}»` : ""}
          </p>
        </div>
        <TextLink to={sellerPaths.addProduct}>Agregar producto</TextLink>
      </div>

      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <Field id="buscar-productos" label="Buscar por nombre o marca" className="min-w-0 flex-1">
          <Input type="search" name="searchValue" defaultValue={searchValue} />
        </Field>
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
      </Form>

      {products.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
          {searchValue ? "Ningún producto coincide con la búsqueda." : "Todavía no tienes productos. "}
          {searchValue ? null : <TextLink to={sellerPaths.addProduct}>Agrega el primero</TextLink>}
        </p>
      ) : (
        <ul className="space-y-4">
          {products.map((product) => (
            <li
              key={product._id}
              className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
              data-testid="seller-product"
            >
              <div className="flex min-w-0 flex-wrap gap-4 sm:flex-nowrap">
                {product.thumbnail ? (
                  <img
                    src={product.thumbnail}
                    alt=""
                    width={80}
                    height={80}
                    className="size-20 shrink-0 rounded-lg object-cover"
                  />
                ) : (
                  <div aria-hidden="true" className="size-20 shrink-0 rounded-lg bg-slate-100" />
                )}
                <div className="min-w-0 flex-1 space-y-1">
                  <h2 className="break-words text-lg font-bold text-slate-900">{product.name}</h2>
                  <p className="text-sm text-slate-700">
                    {product.brand} · {product.category.name} · {SELLER_PRODUCT_STATUS_LABELS[product.status]}
                  </p>
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm">
                    <dt className="font-semibold text-slate-700">Precio</dt>
                    <dd data-testid="seller-product-price">
                      {product.discount > 0 ? (
                        <>
                          <s className="text-slate-600">{product.priceLabel}</s> {product.saleLabel}
                        </>
                      ) : (
                        product.priceLabel
                      )}
                    </dd>
                    <dt className="font-semibold text-slate-700">Descuento</dt>
                    <dd data-testid="seller-product-discount">
                      {product.discount > 0 ? `${product.discount} %` : "Sin descuento"}
                    </dd>
                    <dt className="font-semibold text-slate-700">Stock</dt>
                    <dd className="break-words" data-testid="seller-product-stock">
                      <StockSummary product={product} />
                    </dd>
                  </dl>
                </div>
                <div className="flex w-full flex-wrap items-start gap-3 sm:w-auto sm:flex-col">
                  <TextLink to={sellerPaths.editProduct(product._id)} aria-label={`Editar ${product.name}`}>
                    Editar
                  </TextLink>
                  <TextLink
                    to={`/product/details/${encodeURIComponent(product.slug)}`}
                    aria-label={`Ver ${product.name} en la tienda`}
                  >
                    Ver en la tienda
                  </TextLink>
                  <TextLink
                    to={withParams((params) => params.set("confirmar", product._id))}
                    aria-label={`Eliminar ${product.name}`}
                    preventScrollReset
                  >
                    Eliminar
                  </TextLink>
                </div>
              </div>
              {confirming === product._id ? (
                <DeleteConfirmation
                  product={product}
                  cancelTo={withParams((params) => params.delete("confirmar"))}
                  constraint={constraints.delete}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}
