import { data } from "@remix-run/node";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { longDateTime } from "#contract/store-time";
import { FormAlert, SubmitButton, TextField } from "~/components/account/FormControls";
import { dashboardIntents } from "~/components/dashboard/dashboard-intents";
import { voucherFormSchema } from "~/components/dashboard/dashboard-schemas";
import type { FieldConstraints } from "~/components/forms/conform-form";
import { useDeferredSchemaForm } from "~/components/forms/use-deferred-schema-form";
import { type CardParts, ResponsiveTable, type TableColumn } from "~/components/ResponsiveTable";
import { refusalOf } from "~/services/account.server";
import { requireAccount } from "~/services/auth.server";
import { getWallet, redeemVoucher } from "~/services/customer-orders.server";
import { formatPrice } from "~/services/money";
import { redirectWithFlash } from "~/services/session.server";
import { readForm } from "~/services/form.server";

export const meta: MetaFunction = () => [
  { title: "Mi cartera | Mercado Pádel" },
  { name: "description", content: "El saldo de tu cartera en Mercado Pádel, cada movimiento y el canje de vouchers." },
  { name: "robots", content: "noindex" },
];

const loadVoucherSchema = () =>
  import("~/components/dashboard/dashboard-schemas").then((module) => module.voucherFormSchema);

/** /dashboard/my-wallet: balance and ledger; a wallet that cannot be read says why (SPEC.md section 8). */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAccount(args);
  const { wallet, error } = await getWallet(account);
  return {
    error,
    balance: wallet?.balance ?? null,
    entries: (wallet?.entries ?? []).map((entry) => ({ ...entry, date: longDateTime(entry.createdAt) })),
    voucherConstraint: getZodConstraint(voucherFormSchema),
  };
}

export async function action(args: ActionFunctionArgs) {
  const account = requireAccount(args);
  const formData = await readForm(args.request);
  if (formData.get("intent") !== dashboardIntents.redeemVoucher) throw new Response(null, { status: 400 });
  const submission = parseWithZod(formData, { schema: voucherFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const { message } = await redeemVoucher(account, submission.value.code);
    return redirectWithFlash(args.context, "/dashboard/my-wallet", { kind: "success", message });
  } catch (error) {
    if (error instanceof Response) throw error;
    // An unknown, expired or already redeemed code is said next to the field, with the code kept.
    const { status, formErrors } = refusalOf(error, []);
    return data({ result: submission.reply({ fieldErrors: { code: formErrors } }) }, { status });
  }
}

function VoucherForm({ constraint }: { constraint: FieldConstraints }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useDeferredSchemaForm(
    { constraint, load: loadVoucherSchema },
    { id: "voucher", lastResult: actionData?.result, shouldValidate: "onSubmit" },
  );
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 className="text-xl font-bold text-slate-900">Canjear un voucher</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      <TextField
        label="Código del voucher"
        meta={fields.code}
        autoComplete="off"
        hint="Por ejemplo, VOUCHER200. Lo encontrarás en la página de regalos."
      />
      <SubmitButton intent={dashboardIntents.redeemVoucher} pending="Canjeando…">
        Canjear voucher
      </SubmitButton>
    </Form>
  );
}

type ListedWalletEntry = ReturnType<typeof useLoaderData<typeof loader>>["entries"][number];

// Three narrow columns fit a phone: the table needs no cards.
/** A movement's amount, signed and coloured: money in green, money out in red. */
function amountOf(entry: ListedWalletEntry) {
  return (
    <span className={entry.amount < 0 ? "text-red-800" : "text-lime-900"}>
      {entry.amount > 0 ? "+" : "−"}
      {formatPrice(Math.abs(entry.amount))}
    </span>
  );
}

/** On a phone each movement is a card (its reason, amount and date), so nothing scrolls sideways. */
const walletColumns: TableColumn<ListedWalletEntry>[] = [
  { header: "Fecha", inCard: false, cell: (entry) => <time dateTime={entry.createdAt}>{entry.date}</time> },
  { header: "Motivo", inCard: false, cell: (entry) => entry.reason },
  { header: "Importe", align: "end", cellClassName: "font-semibold", inCard: false, cell: amountOf },
];

const walletCard: CardParts<ListedWalletEntry> = {
  title: (entry) => entry.reason,
  aside: amountOf,
  note: (entry) => <time dateTime={entry.createdAt}>{entry.date}</time>,
};

export default function MyWallet() {
  const { error, balance, entries, voucherConstraint } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-cartera" className="max-w-3xl space-y-8">
      <h1 id="titulo-cartera" className="text-3xl font-bold text-slate-900">
        Mi cartera
      </h1>
      {error !== null || balance === null ? (
        <p role="alert" className="rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 font-medium text-red-900">
          {error}
        </p>
      ) : (
        <>
          <div className="rounded-2xl bg-lime-100 p-6">
            <p className="text-sm font-semibold uppercase tracking-widest text-slate-700">Saldo disponible</p>
            <p className="mt-1 text-4xl font-extrabold text-slate-900" data-testid="wallet-balance">
              {formatPrice(balance)}
            </p>
          </div>
          <section aria-labelledby="titulo-movimientos" className="space-y-3">
            <h2 id="titulo-movimientos" className="text-xl font-bold text-slate-900">
              Movimientos
            </h2>
            {entries.length === 0 ? (
              <p className="text-slate-700">Tu cartera todavía no tiene movimientos.</p>
            ) : (
              <ResponsiveTable
                rows={entries}
                rowKey={(entry) => entry._id}
                columns={walletColumns}
                cardsBelow="md"
                card={walletCard}
                ordered
                caption="Movimientos de tu cartera, los más recientes primero"
                testIds={{ table: "wallet-entries", row: "wallet-entry" }}
              />
            )}
          </section>
        </>
      )}
      <VoucherForm constraint={voucherConstraint} />
    </section>
  );
}
