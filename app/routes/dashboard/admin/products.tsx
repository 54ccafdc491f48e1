import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import {
  MODERATION_FILTER_LABELS,
  MODERATION_FILTERS,
  PRODUCT_STATE_LABELS,
  PRODUCT_STATES,
} from "#contract/seller-product-labels";
import { FormAlert, SubmitButton, TextareaField } from "~/components/forms/fields";
import { Pagination } from "~/components/product/Pagination";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { cardClass } from "~/components/ui/Card";
import { Disclosure } from "~/components/ui/Disclosure";
import { Field } from "~/components/ui/Field";
import { Input, Select } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { Thumbnail } from "~/components/ui/Thumbnail";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { requireAdmin } from "~/services/admin.server";
import { adminProductsAction, loadAdminProducts } from "~/services/admin-products.server";
import { formatPrice } from "~/services/money";
import { adminProductIntents, adminProductSchemas } from "./products.forms";

export const meta: MetaFunction = () => [
  { title: "Productos | Administración | Mercado Pádel" },
  {
    name: "description",
    content: "Los productos de todas las tiendas: buscarlos, ocultar uno con un motivo y volver a publicarlo.",
  },
  { name: "robots", content: "noindex" },
];

/** /dashboard/admin/products?searchValue=&shopId=&categoryId=&state=&moderation=&pageNumber=: every shop's products. */
export async function loader(args: LoaderFunctionArgs) {
  return loadAdminProducts(requireAdmin(args), new URL(args.request.url));
}

/** Hide a product with a reason (or keep it hidden after a review), or publish it again. */
export async function action(args: ActionFunctionArgs) {
  return adminProductsAction(args, requireAdmin(args));
}

/** A 409 means another admin or the seller changed it first: the list is read again to show it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

type ProductsPage = ReturnType<typeof useLoaderData<typeof loader>>;
type ListedProduct = ProductsPage["products"][number];

function HideForm({ product, constraint }: { product: ListedProduct; constraint: FieldConstraints }) {
  const lastResult = useFormAnswer(adminProductIntents.hide, product._id)?.result;
  const [form, fields] = useSchemaForm(
    { constraint, load: adminProductSchemas.hide },
    { id: `ocultar-${product._id}`, lastResult, defaultValue: { id: product._id } },
  );
  const keeping = product.moderation !== null;
  return (
    <Disclosure
      summary={
        <>
          {keeping ? "Mantenerlo oculto con otro motivo…" : "Ocultar de la tienda…"}
          <span className="sr-only"> {product.name}</span>
        </>
      }
      open={Boolean(lastResult)}
    >
      <Form method="post" {...getFormProps(form)} aria-label={`Ocultar ${product.name}`} className="space-y-3">
        <input type="hidden" name="id" value={product._id} />
        <p className="text-sm text-slate-700">
          Sale de la tienda al momento. El vendedor lee el motivo, lo corrige y pide una revisión.
        </p>
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextareaField label="Motivo para el vendedor" meta={fields.reason} rows={3} />
        <SubmitButton
          intent={adminProductIntents.hide}
          record={{ name: "id", value: product._id }}
          variant="danger"
          pending="Ocultando…"
        >
          {keeping ? "Mantener oculto" : "Ocultar"}
          <span className="sr-only"> {product.name}</span>
        </SubmitButton>
      </Form>
    </Disclosure>
  );
}

function ShowForm({ product }: { product: ListedProduct }) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={product._id} />
      <SubmitButton
        intent={adminProductIntents.show}
        record={{ name: "id", value: product._id }}
        variant="secondary"
        size="sm"
        wide={false}
        pending="Publicando…"
      >
        Publicar de nuevo<span className="sr-only"> {product.name}</span>
      </SubmitButton>
    </Form>
  );
}

function ProductRow({ product, constraint }: { product: ListedProduct; constraint: FieldConstraints }) {
  const headingId = `producto-${product._id}`;
  // Another admin or the seller changed it first (409): the list now shows how it stands.
  const hid = useFormAnswer(adminProductIntents.hide, product._id);
  const showed = useFormAnswer(adminProductIntents.show, product._id);
  const notice = hid?.notice ?? showed?.notice;
  return (
    <li aria-labelledby={headingId} data-testid="admin-product" className={cardClass("plain", "space-y-3")}>
      <div className="flex items-start gap-4">
        {product.imageSrc ? <Thumbnail src={product.imageSrc} /> : null}
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="break-words text-lg font-bold text-slate-900">
            {product.name}
          </h2>
          <p className="break-words text-sm text-slate-700">
            {product.shopName} · {product.category.name} · {formatPrice(product.salePrice)} · {product.stock} en stock
          </p>
        </div>
      </div>
      <p className="flex flex-wrap gap-2">
        {product.moderation ? (
          <Badge tone="danger">Oculto por la administración</Badge>
        ) : (
          <Badge tone={product.state === "publicado" ? "success" : "neutral"}>
            {PRODUCT_STATE_LABELS[product.state]}
          </Badge>
        )}
        {product.reviewAskedOn ? <Badge tone="warning">Revisión pedida</Badge> : null}
      </p>
      {notice ? <Notice tone="error">{notice}</Notice> : null}
      {product.moderation ? (
        <p className="break-words text-sm text-slate-800" data-testid="moderation">
          Oculto el {product.hiddenOn}. Motivo: {product.moderation.reason}
          {product.reviewAskedOn ? ` El vendedor pidió revisarlo el ${product.reviewAskedOn}.` : ""}
        </p>
      ) : null}
      <div className="space-y-3">
        {product.moderation ? <ShowForm product={product} /> : null}
        {!product.moderation || product.reviewAskedOn ? <HideForm product={product} constraint={constraint} /> : null}
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {product.state === "publicado" && !product.moderation ? (
          <TextLink to={`/product/details/${encodeURIComponent(product.slug)}`}>
            Ver en la tienda<span className="sr-only"> {product.name}</span>
          </TextLink>
        ) : null}
        <TextLink to={adminPaths.auditOf(product._id)}>
          Registro de auditoría<span className="sr-only"> de {product.name}</span>
        </TextLink>
      </p>
    </li>
  );
}

function FilterSelect({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  return (
    <Field id={id} label={label}>
      <Select name={name} defaultValue={value} key={`${name}-${value}`}>
        <option value="">Todos</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export default function AdminProducts() {
  const { filters, products, totalProduct, page, totalPages, shops, categories, constraints } =
    useLoaderData<typeof loader>();
  const filtered = Object.values(filters).some(Boolean);
  return (
    <section aria-labelledby="titulo-productos" className="space-y-6">
      <h1 id="titulo-productos" className="text-3xl font-bold text-slate-900">
        Productos
      </h1>
      {/* A GET form: the filters are part of the address and work without JavaScript. */}
      <Form
        method="get"
        aria-label="Filtrar productos"
        className={cardClass("plain", "grid grid-cols-1 gap-4 sm:grid-cols-2")}
      >
        <Field id="buscar-producto" label="Nombre o marca" className="sm:col-span-2">
          <Input
            type="search"
            name="searchValue"
            defaultValue={filters.searchValue}
            key={`q-${filters.searchValue}`}
            maxLength={100}
          />
        </Field>
        <FilterSelect id="filtro-tienda" name="shopId" label="Tienda" value={filters.shopId} options={shops} />
        <FilterSelect
          id="filtro-categoria"
          name="categoryId"
          label="Categoría"
          value={filters.categoryId}
          options={categories}
        />
        <FilterSelect
          id="filtro-estado"
          name="state"
          label="Estado"
          value={filters.state}
          options={PRODUCT_STATES.map((state) => ({ value: state, label: PRODUCT_STATE_LABELS[state] }))}
        />
        <FilterSelect
          id="filtro-moderacion"
          name="moderation"
          label="Moderación"
          value={filters.moderation}
          options={MODERATION_FILTERS.map((filter) => ({ value: filter, label: MODERATION_FILTER_LABELS[filter] }))}
        />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" variant="secondary">
            Filtrar
          </Button>
          {filtered ? <TextLink to={adminPaths.products}>Quitar los filtros</TextLink> : null}
        </div>
      </Form>
      <p role="status" className="text-slate-700" data-testid="product-count">
        {totalProduct === 1 ? "1 producto" : `${totalProduct} productos`}
        {filtered ? " con estos filtros" : ""}, los más recientes primero.
      </p>
      {products.length > 0 ? (
        <ul className="space-y-4" aria-label="Productos">
          {products.map((product) => (
            <ProductRow key={product._id} product={product} constraint={constraints.hide} />
          ))}
        </ul>
      ) : (
        <p className={cardClass("empty")}>Ningún producto coincide con los filtros.</p>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}
