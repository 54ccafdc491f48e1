import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { bookEndpoints } from "#contract/books";
import { longDateTime } from "#contract/store-time";
import { WITHDRAWAL_STATUS_LABELS } from "#contract/withdrawal-labels";
import { cardClass } from "~/components/ui/Card";
import { cx } from "~/components/ui/cx";
import { Notice } from "~/components/ui/Notice";
import { formatPrice } from "~/services/money";
import { pageErrorOf, requireAdmin } from "~/services/admin.server";

export const meta: MetaFunction = () => [
  { title: "Cuentas | Administración | Mercado Pádel" },
  {
    name: "description",
    content:
      "La comprobación de las cuentas: las ventas, cancelaciones y retiros de cada tienda frente a su libro, y las " +
      "carteras y retiros que no cuadran.",
  },
  { name: "robots", content: "noindex" },
];

/**
 * /dashboard/admin/books: `GET /admin/books`, each shop's expected balance against its ledger rows,
 * and every wallet and withdrawal that does not add up, with its amounts.
 */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAdmin(args);
  const answer = await account.call(bookEndpoints.books).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return { ...answer, checkedOn: longDateTime(answer.checkedAt) };
}

/** An amount taken off: with its minus sign, but never «−0,00 US$». */
const minus = (cents: number) => (cents === 0 ? formatPrice(0) : `−${formatPrice(cents)}`);

/** An amount that may be below zero, with a true minus sign. */
const signed = (cents: number) => (cents < 0 ? minus(-cents) : formatPrice(cents));

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** «Todas las cuentas cuadran.», or how many accounts do not, of each kind. */
function summaryOf(unbalanced: number, shops: number, wallets: number, withdrawals: number): string {
  if (unbalanced === 0) return "Todas las cuentas cuadran.";
  const kinds = [
    shops > 0 ? counted(shops, "tienda", "tiendas") : null,
    wallets > 0 ? counted(wallets, "cartera", "carteras") : null,
    withdrawals > 0 ? counted(withdrawals, "retiro", "retiros") : null,
  ].filter((kind) => kind !== null);
  return `${unbalanced === 1 ? "1 cuenta no cuadra" : `${unbalanced} cuentas no cuadran`}: ${kinds.join(", ")}.`;
}

export default function AdminBooks() {
  const { shops, wallets, withdrawals, unbalanced, checkedOn, checkedAt } = useLoaderData<typeof loader>();
  const unbalancedShops = shops.filter((shop) => shop.difference !== 0).length;
  return (
    <section aria-labelledby="titulo-cuentas" className="space-y-6">
      <div className="space-y-2">
        <h1 id="titulo-cuentas" className="text-3xl font-bold text-slate-900">
          Cuentas
        </h1>
        <p className="text-slate-700">
          Para cada tienda: lo que sus pedidos pagados (menos la comisión), sus cancelaciones y sus retiros dicen que
          debe haber recibido, frente a los movimientos de su libro. Además, cada cartera y cada retiro cuyos
          movimientos no cuadran. Comprobado el <time dateTime={checkedAt}>{checkedOn}</time>.
        </p>
      </div>
      <Notice tone={unbalanced === 0 ? "success" : "error"}>
        <p data-testid="books-summary">{summaryOf(unbalanced, unbalancedShops, wallets.length, withdrawals.length)}</p>
      </Notice>
      {wallets.length > 0 ? (
        <section aria-labelledby="titulo-carteras" className="space-y-3">
          <h2 id="titulo-carteras" className="text-xl font-bold text-slate-900">
            Carteras que no cuadran
          </h2>
          <ul className="grid gap-4 lg:grid-cols-2" aria-labelledby="titulo-carteras">
            {wallets.map((wallet) => (
              <li
                key={wallet.userId}
                data-testid="wallet-books"
                className={cardClass("plain", "space-y-3 ring-2 ring-red-500")}
              >
                <h3 className="break-words text-lg font-bold text-slate-900">{wallet.name}</h3>
                <p className="break-all text-sm text-slate-700">{wallet.email}</p>
                <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm text-slate-800">
                  <dt>Suma de sus movimientos</dt>
                  <dd className="text-right">{signed(wallet.ledger)}</dd>
                  <dt>Saldo guardado</dt>
                  <dd className="text-right">{signed(wallet.stored)}</dd>
                  <dt>Ventas aún no disponibles</dt>
                  <dd className="text-right">{formatPrice(wallet.pendingSales)}</dd>
                </dl>
                <ul className="list-disc space-y-1 pl-5 text-sm font-semibold text-red-800">
                  {wallet.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {withdrawals.length > 0 ? (
        <section aria-labelledby="titulo-retiros" className="space-y-3">
          <h2 id="titulo-retiros" className="text-xl font-bold text-slate-900">
            Retiros que no cuadran
          </h2>
          <ul className="grid gap-4 lg:grid-cols-2" aria-labelledby="titulo-retiros">
            {withdrawals.map((withdrawal) => (
              <li
                key={`${withdrawal.withdrawalId}:${withdrawal.userId}`}
                data-testid="withdrawal-books"
                className={cardClass("plain", "space-y-3 ring-2 ring-red-500")}
              >
                <h3 className="break-words text-lg font-bold text-slate-900">
                  {withdrawal.shopName ?? "Retiro sin solicitud"}
                </h3>
                <p className="break-all text-sm text-slate-700">Retiro {withdrawal.withdrawalId}</p>
                <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm text-slate-800">
                  {withdrawal.amount !== null && withdrawal.status !== null ? (
                    <>
                      <dt>Importe</dt>
                      <dd className="text-right">{formatPrice(withdrawal.amount)}</dd>
                      <dt>Estado</dt>
                      <dd className="text-right">{WITHDRAWAL_STATUS_LABELS[withdrawal.status]}</dd>
                    </>
                  ) : null}
                  <dt>Esperado en la cartera</dt>
                  <dd className="text-right">{signed(withdrawal.expected)}</dd>
                  <dt>Según el libro</dt>
                  <dd className="text-right">{signed(withdrawal.ledger)}</dd>
                </dl>
                <p className="text-sm font-semibold text-red-800">{withdrawal.problem}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
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
