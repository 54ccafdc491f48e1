import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import {
  BULK_ACTION_LABELS,
  BULK_ACTIONS,
  PRODUCT_STATE_LABELS,
  PRODUCT_STATES,
  SELLER_PRODUCT_SORT_LABELS,
  SELLER_PRODUCT_SORTS,
  SELLER_PRODUCT_STATUS_LABELS,
  SELLER_STOCK_FILTER_LABELS,
  SELLER_STOCK_FILTERS,
  type ProductState,
} from "#contract/seller-product-labels";
import { FormAlert, SelectField, SubmitButton, TextField } from "~/components/forms/fields";
import { Pagination } from "~/components/product/Pagination";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { Badge, type BadgeTone } from "~/components/ui/Badge";
import { Card } from "~/components/ui/Card";
import { Choice, Input, Select } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { loadSellerProducts, productListAction } from "~/services/seller-products.server";
import { requireSeller } from "~/services/seller.server";
import { BULK_FORM_ID, productListIntents, productListSchemas } from "./products.forms";

export const meta: MetaFunction = () => [
  { title: "Mis productos | Mercado Pádel" },
  {
    name: "description",
    content: "Los productos de tu tienda en Mercado Pádel: fíltralos, ordénalos, edítalos y cámbialos en bloque.",
  },
  { name: "robots", content: "noindex" },
];

/**
 * /dashboard/seller/products?searchValue=&categoryId=&state=&stock=&sort=&pageNumber=&confirmar=:
 * `GET /products-get`, the shop's products with state, stock and discount at a glance, filtered and
 * sorted by a GET form. `confirmar` names the product whose deletion the page asks to confirm (a
 * link, so it works without JavaScript).
 */
export async function loader(args: LoaderFunctionArgs) {
  return loadSellerProducts(await requireSeller(args), new URL(args.request.url));
}

/**
 * Deletes one product (`DELETE /delete-product/{id}`; one with orders is archived, and the message
 * says so), or applies one action to the chosen rows (`POST /seller/products/bulk`).
 */
export async function action(args: ActionFunctionArgs) {
  return productListAction(args, await requireSeller(args));
}

type ListedProduct = ReturnType<typeof useLoaderData<typeof loader>>["products"][number];
type ListData = ReturnType<typeof useLoaderData<typeof loader>>;

const STATE_TONES: Record<ProductState, BadgeTone> = { publicado: "success", borrador: "neutral", oculto: "warning" };

/** The filters and the order: a GET form, so they stay in the address and work without JavaScript. */
function ListFilters({ filters, categories }: Pick<ListData, "filters" | "categories">) {
  const select = "min-w-0 flex-1 basis-40";
  return (
    <Form method="get" role="search" aria-label="Filtrar productos" className="flex flex-wrap items-end gap-3">
      <Field id="buscar-productos" label="Buscar por nombre o marca" className="min-w-0 flex-1 basis-56">
        <Input type="search" name="searchValue" defaultValue={filters.searchValue} />
      </Field>
      <Field id="filtro-categoria" label="Categoría" className={select}>
        <Select name="categoryId" defaultValue={filters.categoryId}>
          <option value="">Todas</option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="filtro-estado" label="Estado" className={select}>
        <Select name="state" defaultValue={filters.state}>
          <option value="">Todos</option>
          {PRODUCT_STATES.map((state) => (
            <option key={state} value={state}>
              {PRODUCT_STATE_LABELS[state]}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="filtro-stock" label="Stock" className={select}>
        <Select name="stock" defaultValue={filters.stock}>
          <option value="">Todo</option>
          {SELLER_STOCK_FILTERS.map((stock) => (
            <option key={stock} value={stock}>
              {SELLER_STOCK_FILTER_LABELS[stock]}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="orden-productos" label="Ordenar por" className={select}>
        <Select name="sort" defaultValue={filters.sort}>
          {SELLER_PRODUCT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SELLER_PRODUCT_SORT_LABELS[sort]}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" variant="secondary">
        Filtrar
      </Button>
    </Form>
  );
}

/**
 * The bulk form: the action and its value; each row's checkbox joins it through `form=` (the rows
 * hold their own delete forms, which cannot nest). A refusal keeps the chosen rows and says why here.
 */
function useBulkForm(constraint: ListData["constraints"]["bulk"]) {
  return useSchemaForm(
    { constraint, load: productListSchemas.bulk },
    { id: BULK_FORM_ID, lastResult: useFormAnswer(productListIntents.bulk)?.result },
  );
}

function BulkActions({ form, fields }: { form: BulkForm[0]; fields: BulkForm[1] }) {
  const errors = [...(form.errors ?? []), ...(fields.ids.errors ?? [])];
  return (
    <Card title="Cambiar los productos elegidos" titleId="titulo-acciones-lote">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <p className="text-sm text-slate-700">
          Marca los productos en la lista y elige qué hacer con todos a la vez. Se aplica a todos o a ninguno.
        </p>
        <div className="flex flex-wrap items-start gap-3">
          <SelectField
            label="Acción"
            meta={fields.action}
            placeholder="Elige una acción"
            options={BULK_ACTIONS.map((kind) => ({ value: kind, label: BULK_ACTION_LABELS[kind] }))}
            className="min-w-0 flex-1 basis-56"
          />
          <TextField
            label="Valor"
            meta={fields.value}
            autoComplete="off"
            hint="Porcentaje (-10 baja un 10 %), precio en dólares (129,95) o descuento (0 a 100). Vacío para publicar, ocultar o eliminar."
            className="min-w-0 flex-1 basis-56"
          />
        </div>
        <FormAlert id={form.errorId} errors={errors} />
        <SubmitButton intent={productListIntents.bulk} pending="Aplicando…">
          Aplicar a los elegidos
        </SubmitButton>
      </Form>
    </Card>
  );
}
type BulkForm = ReturnType<typeof useBulkForm>;

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
  const {
    products,
    searchValue,
    filters,
    filtered,
    categories,
    totalProduct,
    page,
    totalPages,
    confirming,
    locked,
    constraints,
  } = useLoaderData<typeof loader>();
  const [bulkForm, bulkFields] = useBulkForm(constraints.bulk);
  const typedIds = bulkFields.ids.initialValue;
  const chosen = new Set(Array.isArray(typedIds) ? typedIds : typedIds ? [typedIds] : []);
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
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          <TextLink to={sellerPaths.addProduct}>Agregar producto</TextLink>
          {/* A file, not a page: the browser downloads it, with or without JavaScript. */}
          <TextLink to={sellerPaths.productsExport} reloadDocument download data-testid="products-export-link">
            Descargar productos (CSV)
          </TextLink>
          <TextLink to={sellerPaths.productsImport}>Importar CSV</TextLink>
        </div>
      </div>

      <ListFilters filters={filters} categories={categories} />
      {locked ? <Notice tone="warning">{locked}</Notice> : null}
      {products.length > 0 ? <BulkActions form={bulkForm} fields={bulkFields} /> : null}

      {products.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
          {filtered ? "Ningún producto coincide con los filtros." : "Todavía no tienes productos. "}
          {filtered ? null : <TextLink to={sellerPaths.addProduct}>Agrega el primero</TextLink>}
        </p>
      ) : (
        <ul className="space-y-4" aria-label="Tus productos">
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
                  <Choice
                    // A product a batch changed comes back unchosen (its updatedAt moves on).
                    key={`${product._id}-${product.updatedAt}`}
                    form={BULK_FORM_ID}
                    name="ids"
                    value={product._id}
                    defaultChecked={chosen.has(product._id)}
                    label={<span className="text-sm">Elegir «{product.name}»</span>}
                  />
                  <h2 className="break-words text-lg font-bold text-slate-900">{product.name}</h2>
                  <Badge tone={STATE_TONES[product.state]} data-testid="seller-product-state">
                    {PRODUCT_STATE_LABELS[product.state]}
                  </Badge>
                  {product.moderation ? (
                    <p className="break-words text-sm font-medium text-red-900" data-testid="seller-product-moderation">
                      Oculto por la administración: {product.moderation.reason}
                    </p>
                  ) : null}
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
                  {/* A draft or a hidden product has no page in the store. */}
                  {product.state === "publicado" ? (
                    <TextLink
                      to={`/product/details/${encodeURIComponent(product.slug)}`}
                      aria-label={`Ver ${product.name} en la tienda`}
                    >
                      Ver en la tienda
                    </TextLink>
                  ) : null}
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
