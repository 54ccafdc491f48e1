import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { Pagination } from "~/components/product/Pagination";
import { DemandList } from "~/components/stock/DemandList";
import { StockForm } from "~/components/stock/StockForm";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { Choice, Input } from "~/components/ui/Input";
import { TextLink } from "~/components/ui/TextLink";
import { Thumbnail } from "~/components/ui/Thumbnail";
import type { FieldConstraints } from "~/forms/use-schema-form";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { requireSeller } from "~/services/seller.server";
import { loadStockControl, stockFormAction, type ControlProduct } from "~/services/stock.server";

export const meta: MetaFunction = () => [
  { title: "Control de stock | Mercado Pádel" },
  {
    name: "description",
    content: "El stock de cada producto y talla de tu tienda, lo que queda poco y lo que esperan tus clientes.",
  },
  { name: "robots", content: "noindex" },
];

/** /dashboard/seller/control?searchValue=&lowOnly=1&pageNumber=: `GET /seller/stock-control`, the shop's products by name. */
export async function loader(args: LoaderFunctionArgs) {
  return loadStockControl(await requireSeller(args), new URL(args.request.url));
}

/** A row's stock form: `POST /update-stock`, then back to the same list (filters and page kept) with a flash. */
export async function action(args: ActionFunctionArgs) {
  const area = await requireSeller(args);
  const url = new URL(args.request.url);
  return stockFormAction(args, area, `${url.pathname}${url.search}`);
}

/** A 409 means the stock changed meanwhile: the page reads it again to show the current figures beside a fresh form. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

function StockRow({ product, stockConstraint }: { product: ControlProduct; stockConstraint: FieldConstraints }) {
  const headingId = `producto-${product._id}`;
  return (
    <li
      id={headingId}
      aria-labelledby={`${headingId}-nombre`}
      data-testid="stock-row"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        {product.image ? <Thumbnail src={product.image} size="sm" /> : null}
        <div className="min-w-0 flex-1">
          <h2 id={`${headingId}-nombre`} className="break-words text-lg font-bold text-slate-900">
            <TextLink to={`${sellerPaths.control}/${encodeURIComponent(product._id)}`}>{product.name}</TextLink>
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span data-testid="stock-total">
              {product.hasSizes ? "Total" : "Stock"}:{" "}
              <span className="font-semibold text-slate-900">{product.stock}</span>
            </span>
            {product.low ? <Badge tone="warning">Stock bajo</Badge> : null}
            {product.lowStockThreshold > 0 ? <span>Umbral: {product.lowStockThreshold}</span> : null}
          </p>
        </div>
      </div>
      <DemandList product={product} />
      {/* Remounted when the version changes, so a form read at an older one never stays on screen. */}
      <StockForm key={`${product._id}-${product.stockVersion}`} product={product} constraint={stockConstraint} />
    </li>
  );
}

export default function StockControl() {
  const { filter, products, totalProduct, totalLow, page, totalPages, constraints } = useLoaderData<typeof loader>();
  const filtered = filter.searchValue !== "" || filter.lowOnly;
  return (
    <section aria-labelledby="titulo-control" className="space-y-6">
      <div>
        <h1 id="titulo-control" className="text-3xl font-bold text-slate-900">
          Control de stock
        </h1>
        <p className="mt-2 text-slate-700">
          Cambia el stock de cada talla y guárdalo producto a producto. Si alguien compra mientras editas, te
          mostraremos las cifras nuevas antes de guardar.
        </p>
      </div>

      {/* A GET form: the search is part of the address and works without JavaScript. */}
      <Form
        method="get"
        aria-label="Buscar en el stock"
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end"
      >
        <Field id="buscar-stock" label="Nombre del producto">
          <Input
            type="search"
            name="searchValue"
            defaultValue={filter.searchValue}
            key={`buscar-${filter.searchValue}`}
            maxLength={100}
          />
        </Field>
        <Choice
          id="solo-bajo"
          name="lowOnly"
          value="1"
          defaultChecked={filter.lowOnly}
          key={`bajo-${filter.lowOnly}`}
          label="Solo stock bajo"
          className="font-semibold sm:pb-3"
        />
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
      </Form>

      <p className="text-slate-700" role="status" data-testid="stock-count">
        {totalProduct === 1 ? "1 producto" : `${totalProduct} productos`}
        {filtered ? " con estos filtros" : ""}
        {totalLow > 0 ? ` · ${totalLow === 1 ? "1 con stock bajo" : `${totalLow} con stock bajo`}` : ""}.
      </p>

      {products.length > 0 ? (
        <ul className="space-y-4" aria-label="Productos y su stock">
          {products.map((product) => (
            <StockRow key={product._id} product={product} stockConstraint={constraints.stock} />
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-slate-700">
          {totalProduct > 0
            ? "No hay productos en esta página."
            : filtered
              ? "Ningún producto coincide con esta búsqueda."
              : "Todavía no tienes productos."}
        </p>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}
