import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { SELLER_PRODUCT_STATUS_LABELS } from "#contract/seller-product-labels";
import { sellerProductsQuery, productIdParams } from "#contract/seller-products";
import { formatUsd } from "#contract/money-format";
import { FormAlert } from "~/components/forms/fields";
import { textLinkClass } from "~/components/ui/TextLink";
import { Pagination } from "~/components/product/Pagination";
import { productIntents } from "~/components/seller/product-form-fields";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { pageErrorOf } from "~/services/admin.server";
import { readForm } from "~/services/form.server";
import {
  deleteSellerProduct,
  listSellerProducts,
  productRefusal,
  withThumbnail,
} from "~/services/seller-products.server";
import { refusedBySuspension, requireSeller } from "~/services/seller.server";
import { redirectWithFlash } from "~/services/session.server";

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
  const { account } = await requireSeller(args);
  const params = new URL(args.request.url).searchParams;
  const query = sellerProductsQuery.safeParse({
    page: params.get("pageNumber") ?? undefined,
    searchValue: params.get("searchValue") ?? undefined,
  });
  const page = query.success ? query.data.page : 1;
  const searchValue = query.success ? (query.data.searchValue ?? "") : "";
  const answer = await listSellerProducts(account, { page, searchValue: searchValue || undefined }).catch(
    (error: unknown) => {
      throw pageErrorOf(error);
    },
  );
  const confirming = params.get("confirmar");
  return {
    searchValue,
    products: answer.products.map((product) => ({
      ...withThumbnail(product),
      priceLabel: formatUsd(product.price),
      saleLabel: formatUsd(product.salePrice),
    })),
    totalProduct: answer.totalProduct,
    page: answer.page,
    totalPages: Math.max(1, Math.ceil(answer.totalProduct / answer.parPage)),
    confirming: answer.products.some((product) => product._id === confirming) ? confirming : null,
  };
}

/** Deletes one product (`DELETE /delete-product/{id}`); one with orders is archived, and the message says so. */
export async function action(args: ActionFunctionArgs) {
  const area = await requireSeller(args);
  const formData = await readForm(args.request);
  if (formData.get("intent") !== productIntents.delete)
    throw new Response(null, { status: 400, statusText: "Acción no válida" });
  const product = productIdParams.safeParse({ id: formData.get("productId") });
  if (!product.success) throw new Response(null, { status: 400, statusText: "Producto no válido" });
  const refused = refusedBySuspension(area);
  if (refused) return refused;
  const url = new URL(args.request.url);
  url.searchParams.delete("confirmar");
  const back = `${url.pathname}${url.search}`;
  try {
    const answer = await deleteSellerProduct(area.account, product.data.id);
    return redirectWithFlash(args.context, back, { kind: "success", message: answer.message });
  } catch (error) {
    if (error instanceof Response) throw error;
    const refusal = productRefusal(error, []);
    if (refusal.status === 404 || refusal.status === 401) throw pageErrorOf(error);
    return { refused: refusal.formErrors.join(" ") };
  }
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

function DeleteConfirmation({ product, cancelTo }: { product: ListedProduct; cancelTo: string }) {
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
      <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
        <input type="hidden" name="productId" value={product._id} />
        <button
          type="submit"
          name="intent"
          value={productIntents.delete}
          className="inline-flex items-center justify-center rounded-full bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
        >
          Sí, eliminar
        </button>
        <Link to={cancelTo} className={textLinkClass}>
          Cancelar
        </Link>
      </Form>
    </div>
  );
}

export default function SellerProducts() {
  const { products, searchValue, totalProduct, page, totalPages, confirming } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
        <Link to={sellerPaths.addProduct} className={textLinkClass}>
          Agregar producto
        </Link>
      </div>

      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="buscar-productos" className="block font-semibold text-slate-900">
            Buscar por nombre o marca
          </label>
          <input
            id="buscar-productos"
            type="search"
            name="searchValue"
            defaultValue={searchValue}
            className="mt-1.5 block w-full rounded-lg border border-slate-500 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm"
          />
        </div>
        <button
          type="submit"
          className="rounded-full border border-slate-400 bg-white px-5 py-2.5 font-semibold text-slate-900 hover:bg-slate-50"
        >
          Buscar
        </button>
      </Form>

      {actionData && "refused" in actionData ? <FormAlert id="productos-error" errors={[actionData.refused]} /> : null}

      {products.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
          {searchValue ? "Ningún producto coincide con la búsqueda." : "Todavía no tienes productos. "}
          {searchValue ? null : (
            <Link to={sellerPaths.addProduct} className={textLinkClass}>
              Agrega el primero
            </Link>
          )}
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
                  <Link
                    to={sellerPaths.editProduct(product._id)}
                    className={textLinkClass}
                    aria-label={`Editar ${product.name}`}
                  >
                    Editar
                  </Link>
                  <Link
                    to={`/product/details/${encodeURIComponent(product.slug)}`}
                    className={textLinkClass}
                    aria-label={`Ver ${product.name} en la tienda`}
                  >
                    Ver en la tienda
                  </Link>
                  <Link
                    to={withParams((params) => params.set("confirmar", product._id))}
                    className={textLinkClass}
                    aria-label={`Eliminar ${product.name}`}
                    preventScrollReset
                  >
                    Eliminar
                  </Link>
                </div>
              </div>
              {confirming === product._id ? (
                <DeleteConfirmation product={product} cancelTo={withParams((params) => params.delete("confirmar"))} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}
