import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { Card } from "~/components/ui/Card";
import { Notice } from "~/components/ui/Notice";
import { Table, type TableColumn } from "~/components/ui/Table";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { requireAccount } from "~/services/auth.server";
import { formatPrice } from "~/services/money";
import { loadWalletPage, walletAction } from "~/services/wallet-page.server";
import { walletIntents, walletSchemas } from "./my-wallet.forms";

export const meta: MetaFunction = () => [
  { title: "Mi cartera | Mercado Pádel" },
  { name: "description", content: "El saldo de tu cartera en Mercado Pádel, cada movimiento y el canje de vouchers." },
  { name: "robots", content: "noindex" },
];

export async function loader(args: LoaderFunctionArgs) {
  return loadWalletPage(requireAccount(args));
}

export async function action(args: ActionFunctionArgs) {
  return walletAction(args, requireAccount(args));
}

function VoucherForm({ constraint }: { constraint: FieldConstraints }) {
  const [form, fields] = useSchemaForm(
    { constraint, load: walletSchemas.voucher },
    { id: "voucher", lastResult: useFormAnswer(walletIntents.redeemVoucher)?.result, shouldValidate: "onSubmit" },
  );
  return (
    <Card title="Canjear un voucher" titleId="titulo-voucher">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField
          label="Código del voucher"
          meta={fields.code}
          autoComplete="off"
          hint="Por ejemplo, VOUCHER200. Lo encontrarás en la página de regalos."
        />
        <SubmitButton intent={walletIntents.redeemVoucher} pending="Canjeando…">
          Canjear voucher
        </SubmitButton>
      </Form>
    </Card>
  );
}

type ListedWalletEntry = ReturnType<typeof useLoaderData<typeof loader>>["entries"][number];

function EntryAmount({ entry }: { entry: ListedWalletEntry }) {
  return (
    <span className={entry.amount < 0 ? "text-red-800" : "text-lime-900"}>
      {entry.amount > 0 ? "+" : "−"}
      {formatPrice(Math.abs(entry.amount))}
    </span>
  );
}

function EntryDate({ entry }: { entry: ListedWalletEntry }) {
  return <time dateTime={entry.createdAt}>{entry.date}</time>;
}

// A refund's reason names the order and why: too long for three columns on a phone, so cards there.
const walletColumns: TableColumn<ListedWalletEntry>[] = [
  { header: "Fecha", cell: (entry) => <EntryDate entry={entry} />, inCard: false },
  { header: "Motivo", cell: (entry) => entry.reason, inCard: false },
  {
    header: "Importe",
    align: "end",
    cellClassName: "font-semibold",
    cell: (entry) => <EntryAmount entry={entry} />,
    inCard: false,
  },
];

export default function MyWallet() {
  const { error, balance, pendingSales, available, entries, constraints } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-cartera" className="max-w-3xl space-y-8">
      <h1 id="titulo-cartera" className="text-3xl font-bold text-slate-900">
        Mi cartera
      </h1>
      {error !== null || balance === null ? (
        <Notice tone="error">{error}</Notice>
      ) : (
        <>
          <div className="rounded-2xl bg-lime-100 p-6">
            <p className="text-sm font-semibold uppercase tracking-widest text-slate-700">
              {pendingSales > 0 ? "Saldo" : "Saldo disponible"}
            </p>
            <p className="mt-1 text-4xl font-extrabold text-slate-900" data-testid="wallet-balance">
              {formatPrice(balance)}
            </p>
            {pendingSales > 0 ? (
              <p className="mt-2 text-sm text-slate-800" data-testid="wallet-pending-sales">
                De ese saldo, {formatPrice(pendingSales)} son ventas que aún no están disponibles: para pagar solo
                cuentan {formatPrice(available)}.
              </p>
            ) : null}
          </div>
          <section aria-labelledby="titulo-movimientos" className="space-y-3">
            <h2 id="titulo-movimientos" className="text-xl font-bold text-slate-900">
              Movimientos
            </h2>
            {entries.length === 0 ? (
              <p className="text-slate-700">Tu cartera todavía no tiene movimientos.</p>
            ) : (
              <Table
                rows={entries}
                rowKey={(entry) => entry._id}
                columns={walletColumns}
                caption="Movimientos de tu cartera, los más recientes primero"
                cardsBelow="md"
                card={{
                  title: (entry) => entry.reason,
                  aside: (entry) => <EntryAmount entry={entry} />,
                  note: (entry) => <EntryDate entry={entry} />,
                }}
                testIds={{ table: "wallet-entries", row: "wallet-entry", card: "wallet-entry-card" }}
              />
            )}
          </section>
        </>
      )}
      <VoucherForm constraint={constraints.voucher} />
    </section>
  );
}
