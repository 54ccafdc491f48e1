import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { bookEndpoints } from "#contract/books";
import { dateTime } from "~/services/times.server";
import { WITHDRAWAL_STATUS_LABELS } from "#contract/withdrawal-labels";
import { cardClass } from "~/components/ui/Card";
import { cx } from "~/components/ui/cx";
import { Notice } from "~/components/ui/Notice";
import { formatPrice } from "~/services/money";
import { pageErrorOf, requireAdmin } from "~/services/admin.server";
import { counted } from "#contract/number-format";

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
  return { ...answer, checkedOn: dateTime(answer.checkedAt) };
}

/** An amount taken off: with its minus sign, but never «−0,00 US$». */
const minus = (cents: number) => (cents === 0 ? formatPrice(0) : `−${formatPrice(cents)}`);

/** An amount that may be below zero, with a true minus sign. */
const signed = (cents: number) => (cents < 0 ? minus(-cents) : formatPrice(cents));

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

const WEIGHTS = { semibold: "font-semibold", bold: "font-bold" } as const;

/** A card's figures: terms on the left, amounts on the right, one line each. */
function Figures({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm text-slate-800">{children}</dl>;
}

function Figure({
  term,
  emphasis,
  valueClassName,
  testId,
  children,
}: {
  term: string;
  /** The totals' weight: semibold for what is expected and recorded, bold for the difference. */
  emphasis?: "semibold" | "bold";
  valueClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  const weight = emphasis === undefined ? undefined : WEIGHTS[emphasis];
  const ink = emphasis === undefined ? undefined : "text-slate-900";
  return (
    <>
      <dt className={cx(weight, ink) || undefined}>{term}</dt>
      {/* A value's own colour replaces the ink: two text colours would be settled by the stylesheet's order. */}
      <dd className={cx("text-right", weight, valueClassName ?? ink)} data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/** A list of accounts that do not add up, shown only when there is one. */
function MismatchSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <ul className="grid gap-4 lg:grid-cols-2" aria-labelledby={id}>
        {children}
      </ul>
    </section>
  );
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
        <MismatchSection id="titulo-carteras" title="Carteras que no cuadran">
          {wallets.map((wallet) => (
            <li
              key={wallet.userId}
              data-testid="wallet-books"
              className={cardClass("plain", "space-y-3 ring-2 ring-red-500")}
            >
              <h3 className="break-words text-lg font-bold text-slate-900">{wallet.name}</h3>
              <p className="break-all text-sm text-slate-700">{wallet.email}</p>
              <Figures>
                <Figure term="Suma de sus movimientos">{signed(wallet.ledger)}</Figure>
                <Figure term="Saldo guardado">{signed(wallet.stored)}</Figure>
                <Figure term="Ventas aún no disponibles">{formatPrice(wallet.pendingSales)}</Figure>
              </Figures>
              <ul className="list-disc space-y-1 pl-5 text-sm font-semibold text-red-800">
                {wallet.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </li>
          ))}
        </MismatchSection>
      ) : null}
      {withdrawals.length > 0 ? (
        <MismatchSection id="titulo-retiros" title="Retiros que no cuadran">
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
              <Figures>
                {withdrawal.amount !== null && withdrawal.status !== null ? (
                  <>
                    <Figure term="Importe">{formatPrice(withdrawal.amount)}</Figure>
                    <Figure term="Estado">{WITHDRAWAL_STATUS_LABELS[withdrawal.status]}</Figure>
                  </>
                ) : null}
                <Figure term="Esperado en la cartera">{signed(withdrawal.expected)}</Figure>
                <Figure term="Según el libro">{signed(withdrawal.ledger)}</Figure>
              </Figures>
              <p className="text-sm font-semibold text-red-800">{withdrawal.problem}</p>
            </li>
          ))}
        </MismatchSection>
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
              <Figures>
                <Figure term="Ventas pagadas, menos comisión">{formatPrice(shop.paidSales)}</Figure>
                <Figure term="Ventas canceladas (reembolsadas)">{minus(shop.cancelledSales)}</Figure>
                <Figure term="Devoluciones reembolsadas">{minus(shop.returnedSales)}</Figure>
                <Figure term="Retiros pedidos o pagados">{minus(shop.withdrawals)}</Figure>
                <Figure term="Esperado" emphasis="semibold">
                  {formatPrice(shop.expected)}
                </Figure>
                <Figure term="Según el libro" emphasis="semibold">
                  {formatPrice(shop.ledger)}
                </Figure>
                <Figure
                  term="Diferencia"
                  emphasis="bold"
                  valueClassName={shop.difference === 0 ? "text-lime-900" : "text-red-800"}
                  testId="shop-books-difference"
                >
                  {shop.difference === 0 ? "Cuadra" : formatPrice(shop.difference)}
                </Figure>
              </Figures>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
