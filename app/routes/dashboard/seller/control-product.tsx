import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { Pagination } from "~/components/product/Pagination";
import { MovementList } from "~/components/stock/MovementList";
import { SizeFigures } from "~/components/stock/SizeFigures";
import { StockForm, ThresholdForm } from "~/components/stock/StockForm";
import { Card } from "~/components/ui/Card";
import { TextLink } from "~/components/ui/TextLink";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { requireSeller } from "~/services/seller.server";
import { loadProductStock, stockFormAction, stockProductIdOf } from "~/services/stock.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Stock de ${data.product.name}` : "Stock del producto"} | Mercado Pádel` },
  { name: "robots", content: "noindex" },
];

/** /dashboard/seller/control/{productId}?pageNumber=: `GET /seller/stock/{productId}`, its sizes, threshold, demand and movements. */
export async function loader(args: LoaderFunctionArgs) {
  return loadProductStock(await requireSeller(args), args.params, new URL(args.request.url));
}

/** The stock form and the threshold form: `POST /update-stock`, then back here with a flash. */
export async function action(args: ActionFunctionArgs) {
  const area = await requireSeller(args);
  stockProductIdOf(args.params);
  const url = new URL(args.request.url);
  return stockFormAction(args, area, `${url.pathname}${url.search}`);
}

/** A 409 means the stock changed meanwhile: the page reads it again to show the current figures beside a fresh form. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

export default function ProductStock() {
  const { product, movements, totalMovement, page, totalPages, constraints } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-stock" className="space-y-8">
      <div className="space-y-2">
        <p className="text-sm">
          <TextLink to={sellerPaths.control}>← Control de stock</TextLink>
        </p>
        <h1 id="titulo-stock" className="break-words text-3xl font-bold text-slate-900">
          Stock de {product.name}
        </h1>
        <p className="text-slate-700">
          {product.hasSizes ? "Total" : "Stock"}:{" "}
          <span className="font-semibold text-slate-900" data-testid="stock-total">
            {product.stock}
          </span>
          {" · "}
          <TextLink to={`/product/details/${encodeURIComponent(product.slug)}`}>Ver la ficha pública</TextLink>
        </p>
      </div>

      <section aria-labelledby="titulo-tallas" className="space-y-4">
        <h2 id="titulo-tallas" className="text-xl font-bold text-slate-900">
          {product.hasSizes ? "Tallas" : "Existencias"}
        </h2>
        <SizeFigures product={product} />
        <Card>
          <StockForm key={`stock-${product.stockVersion}`} product={product} constraint={constraints.stock} />
        </Card>
      </section>

      <section aria-labelledby="titulo-umbral" className="space-y-4">
        <h2 id="titulo-umbral" className="text-xl font-bold text-slate-900">
          Aviso de stock bajo
        </h2>
        <Card>
          <ThresholdForm key={`umbral-${product.stockVersion}`} product={product} constraint={constraints.threshold} />
        </Card>
      </section>

      <section aria-labelledby="titulo-movimientos" className="space-y-4">
        <h2 id="titulo-movimientos" className="text-xl font-bold text-slate-900">
          Movimientos
        </h2>
        <p className="text-slate-700" data-testid="movement-count">
          {totalMovement === 1 ? "1 movimiento" : `${totalMovement} movimientos`}, los más recientes primero.
        </p>
        {movements.length > 0 ? <MovementList movements={movements} hasSizes={product.hasSizes} /> : null}
        <Pagination page={page} totalPages={totalPages} />
      </section>
    </section>
  );
}
