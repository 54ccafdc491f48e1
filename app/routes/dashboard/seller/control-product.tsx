import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { STOCK_MOVEMENT_LABELS } from "#contract/stock";
import { shortDateTime } from "#contract/store-time";
import { textLinkClass } from "~/components/ui/TextLink";
import { Pagination } from "~/components/product/Pagination";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { MovementList } from "~/components/stock/MovementList";
import { SizeFigures } from "~/components/stock/SizeFigures";
import { StockForm, ThresholdForm } from "~/components/stock/StockForm";
import type { StockActionAnswer } from "~/components/stock/stock-control";
import {
  movementsPageOf,
  productIdField,
  stockFormSchema,
  thresholdFormSchema,
} from "~/components/stock/stock-schemas";
import { requireSeller } from "~/services/seller.server";
import { getProductStock, stockFormAction } from "~/services/stock.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Stock de ${data.product.name}` : "Stock del producto"} | Mercado Pádel` },
  { name: "robots", content: "noindex" },
];

function productIdOf(params: LoaderFunctionArgs["params"]): string {
  const checked = productIdField.safeParse(params.productId);
  if (!checked.success) throw new Response(null, { status: 404, statusText: "No encontrado" });
  return checked.data;
}

/** /dashboard/seller/control/{productId}?pageNumber=: `GET /seller/stock/{productId}`, its sizes, threshold, demand and movements. */
export async function loader(args: LoaderFunctionArgs) {
  const area = await requireSeller(args);
  const productId = productIdOf(args.params);
  const answer = await getProductStock(area, productId, movementsPageOf(new URL(args.request.url).searchParams));
  return {
    product: answer.product,
    movements: answer.movements.map((movement) => ({
      ...movement,
      kindLabel: STOCK_MOVEMENT_LABELS[movement.kind],
      when: shortDateTime(movement.createdAt),
    })),
    totalMovement: answer.totalMovement,
    page: answer.page,
    totalPages: Math.max(1, Math.ceil(answer.totalMovement / answer.parPage)),
    constraints: { stock: getZodConstraint(stockFormSchema), threshold: getZodConstraint(thresholdFormSchema) },
  };
}

/** The stock form and the threshold form: `POST /update-stock`, then back here with a flash. */
export async function action(args: ActionFunctionArgs) {
  const area = await requireSeller(args);
  productIdOf(args.params);
  const url = new URL(args.request.url);
  return stockFormAction(args, area, `${url.pathname}${url.search}`);
}

/** A 409 means the stock changed meanwhile: the page reads it again to show the current figures beside a fresh form. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

export default function ProductStock() {
  const { product, movements, totalMovement, page, totalPages, constraints } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as StockActionAnswer | undefined;
  return (
    <section aria-labelledby="titulo-stock" className="space-y-8">
      <div className="space-y-2">
        <p className="text-sm">
          <Link to={sellerPaths.control} className={textLinkClass}>
            ← Control de stock
          </Link>
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
          <Link to={`/product/details/${encodeURIComponent(product.slug)}`} className={textLinkClass}>
            Ver la ficha pública
          </Link>
        </p>
      </div>

      <section aria-labelledby="titulo-tallas" className="space-y-4">
        <h2 id="titulo-tallas" className="text-xl font-bold text-slate-900">
          {product.hasSizes ? "Tallas" : "Existencias"}
        </h2>
        <SizeFigures product={product} />
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <StockForm
            key={`stock-${product.stockVersion}`}
            product={product}
            answer={answer}
            constraint={constraints.stock}
          />
        </div>
      </section>

      <section aria-labelledby="titulo-umbral" className="space-y-4">
        <h2 id="titulo-umbral" className="text-xl font-bold text-slate-900">
          Aviso de stock bajo
        </h2>
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <ThresholdForm
            key={`umbral-${product.stockVersion}`}
            product={product}
            answer={answer}
            constraint={constraints.threshold}
          />
        </div>
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
