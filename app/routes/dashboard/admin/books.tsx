import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { bookEndpoints } from "#contract/books";
import { longDateTime } from "#contract/store-time";
import { cardClass } from "~/components/ui/Card";
import { cx } from "~/components/ui/cx";
import { Notice } from "~/components/ui/Notice";
import { formatPrice } from "~/services/money";
import { pageErrorOf, requireAdmin } from "~/services/admin.server";

export const meta: MetaFunction = () => [
  { title: "Cuentas | Administración | Mercado Pádel" },
  {
    name: "description",
    content: "La comprobación de las cuentas de cada tienda: ventas, cancelaciones y retiros frente a su libro.",
  },
  { name: "robots", content: "noindex" },
];

/** /dashboard/admin/books: `GET /admin/books`, each shop's expected balance against its ledger rows. */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAdmin(args);
  const answer = await account.call(bookEndpoints.books).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return { ...answer, checkedOn: longDateTime(answer.checkedAt) };
}

/** An amount taken off: with its minus sign, but never «−0,00 US$». */
const minus = (cents: number) => (cents === 0 ? formatPrice(0) : `−${formatPrice(cents)}`);

export default function AdminBooks() {
  const { shops, unbalanced, checkedOn, checkedAt } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-cuentas" className="space-y-6">
      <div className="space-y-2">
        <h1 id="titulo-cuentas" className="text-3xl font-bold text-slate-900">
          Cuentas
        </h1>
        <p className="text-slate-700">
          Para cada tienda: lo que sus pedidos pagados (menos la comisión), sus cancelaciones y sus retiros dicen que
          debe haber recibido, frente a los movimientos de su libro. Comprobado el{" "}
          <time dateTime={checkedAt}>{checkedOn}</time>.
        </p>
      </div>
      <Notice tone={unbalanced === 0 ? "success" : "error"}>
        <p data-testid="books-summary">
          {unbalanced === 0
            ? "Todas las cuentas cuadran."
            : unbalanced === 1
              ? "1 tienda tiene una diferencia."
              : `${unbalanced} tiendas tienen diferencias.`}
        </p>
      </Notice>
      {shops.length === 0 ? (
        <p className={cardClass("empty")}>Todavía no hay ventas ni retiros.</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Cuentas por tienda">
          {shops.map((shop) => (
            <li
              key={shop.shopId}
              data-testid="shop-books"
              className={cardClass("plain", cx("space-y-3", shop.difference !== 0 && "ring-2 ring-red-500"))}
            >
              <h2 className="break-words text-lg font-bold text-slate-900">{shop.shopName}</h2>
              <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm text-slate-800">
                <dt>Ventas pagadas, menos comisión</dt>
                <dd className="text-right">{formatPrice(shop.paidSales)}</dd>
                <dt>Ventas canceladas (reembolsadas)</dt>
                <dd className="text-right">{minus(shop.cancelledSales)}</dd>
                <dt>Retiros pedidos o pagados</dt>
                <dd className="text-right">{minus(shop.withdrawals)}</dd>
                <dt className="font-semibold text-slate-900">Esperado</dt>
                <dd className="text-right font-semibold text-slate-900">{formatPrice(shop.expected)}</dd>
                <dt className="font-semibold text-slate-900">Según el libro</dt>
                <dd className="text-right font-semibold text-slate-900">{formatPrice(shop.ledger)}</dd>
                <dt className="font-bold text-slate-900">Diferencia</dt>
                <dd
                  className={`text-right font-bold ${shop.difference === 0 ? "text-lime-900" : "text-red-800"}`}
                  data-testid="shop-books-difference"
                >
                  {shop.difference === 0 ? "Cuadra" : formatPrice(shop.difference)}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
