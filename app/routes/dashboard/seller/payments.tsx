import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { PayoutMethod, WithdrawalBalances } from "#contract/withdrawals";
import {
  LEDGER_KIND_LABELS,
  PAYOUT_KIND_LABELS,
  payoutSummary,
  REQUEST_SENT,
  WITHDRAWAL_STATUS_LABELS,
  WITHDRAWAL_STATUSES,
} from "#contract/withdrawal-labels";
import { FormAlert, SubmitButton, TextField, textLinkLook } from "~/components/account/FormControls";
import type { FieldConstraints } from "~/components/forms/conform-form";
import { useDeferredSchemaForm } from "~/components/forms/use-deferred-schema-form";
import { secondaryButtonLook } from "~/components/product/shopper-forms";
import { paymentIntents } from "~/components/seller/payment-intents";
import {
  archiveFormSchema,
  pagoMovilFormSchema,
  recentMonths,
  transferFormSchema,
  withdrawFormSchema,
  type WithdrawalFilter,
} from "~/components/seller/payments-schemas";
import { sellerOrderPaths } from "~/components/seller/seller-orders";
import { sellerPaths } from "~/components/seller/seller-paths";
import { formatPrice } from "~/services/money";
import { monthLabel } from "#contract/store-time";
import { requireSeller } from "~/services/seller.server";
import { loadPayments, paymentsAction, statementPath, type PaymentsRefusal } from "~/services/seller-payments.server";

const loadTransferSchema = () =>
  import("~/components/seller/payments-schemas").then((module) => module.transferFormSchema);
const loadPagoMovilSchema = () =>
  import("~/components/seller/payments-schemas").then((module) => module.pagoMovilFormSchema);
const loadWithdrawSchema = () =>
  import("~/components/seller/payments-schemas").then((module) => module.withdrawFormSchema);
const loadArchiveSchema = () =>
  import("~/components/seller/payments-schemas").then((module) => module.archiveFormSchema);

export const meta: MetaFunction = () => [
  { title: "Pagos | Mi tienda | Mercado Pádel" },
  {
    name: "description",
    content: "Los saldos de tu tienda, tu método de cobro, tus retiros y los movimientos de cada mes.",
  },
  { name: "robots", content: "noindex" },
];

/** /dashboard/seller/payments?status=&month=: balances, payout method, requests and the month's ledger rows. */
export async function loader(args: LoaderFunctionArgs) {
  const area = await requireSeller(args);
  const now = new Date();
  const page = await loadPayments(area, new URL(args.request.url), now);
  return {
    ...page,
    months: recentMonths(now),
    statement: statementPath(page.month),
    // Each form's constraints once, the archive button's for every finished request.
    constraints: {
      transfer: getZodConstraint(transferFormSchema),
      pagoMovil: getZodConstraint(pagoMovilFormSchema),
      withdraw: getZodConstraint(withdrawFormSchema),
      archive: getZodConstraint(archiveFormSchema),
    },
  };
}

export async function action(args: ActionFunctionArgs) {
  return paymentsAction(args, await requireSeller(args));
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

const controlLook =
  "mt-1.5 block w-full rounded-lg border border-slate-500 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-lime-700";
const cardLook = "space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6";

/** Each balance with what it means, in the README's terms a seller reads. */
function balanceItems(balances: WithdrawalBalances, days: number) {
  return [
    {
      key: "availableAmount",
      label: "Disponible",
      value: balances.availableAmount,
      help: "Lo que puedes retirar ahora.",
    },
    {
      key: "pendingAmount",
      label: "Pendiente",
      value: balances.pendingAmount,
      help: `Ventas aún sin entregar o entregadas hace menos de ${days === 1 ? "1 día" : `${days} días`}.`,
    },
    {
      key: "requestedAmount",
      label: "Solicitado",
      value: balances.requestedAmount,
      help: "Retiros que esperan a que la administración los pague.",
    },
    { key: "withdrowAmount", label: "Retirado", value: balances.withdrowAmount, help: "Retiros ya pagados." },
    {
      key: "amountWithdrawn",
      label: "Solicitado y retirado",
      value: balances.amountWithdrawn,
      help: "La suma de los dos anteriores.",
    },
    {
      key: "totalAmount",
      label: "Ganado en total",
      value: balances.totalAmount,
      help: "Tus ventas menos la comisión, descontadas las canceladas.",
    },
  ];
}

function Balances({ balances }: { balances: NonNullable<PageData["balances"]> }) {
  return (
    <section aria-labelledby="titulo-saldos" className="space-y-3">
      <h2 id="titulo-saldos" className="text-xl font-bold text-slate-900">
        Saldos
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {balanceItems(balances.withdrawalBalances, balances.availableAfterDays).map((item, index) => (
          <div key={item.key} className={`rounded-2xl p-4 ${index === 0 ? "bg-lime-100" : "bg-slate-50"}`}>
            <dt className="text-sm font-semibold uppercase tracking-widest text-slate-700">{item.label}</dt>
            <dd className="mt-1 text-2xl font-extrabold text-slate-900" data-testid={`balance-${item.key}`}>
              {formatPrice(item.value)}
            </dd>
            <dd className="mt-1 text-sm text-slate-700">{item.help}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function lastResultFor(
  answer: PaymentsRefusal | undefined,
  intent: string,
  target?: string,
): SubmissionResult<string[]> | undefined {
  return answer?.intent === intent && answer.target === target ? answer.result : undefined;
}

function TransferForm({
  current,
  answer,
  constraint,
}: {
  current: PayoutMethod | null;
  answer: PaymentsRefusal | undefined;
  constraint: FieldConstraints;
}) {
  const defaults = current?.kind === "transferencia" ? current : undefined;
  const [form, fields] = useDeferredSchemaForm(
    { constraint, load: loadTransferSchema },
    {
      id: "metodo-transferencia",
      lastResult: lastResultFor(answer, paymentIntents.saveTransfer),
      defaultValue: {
        kind: "transferencia",
        holder: defaults?.holder,
        bank: defaults?.bank,
        account: defaults?.account,
      },
    },
  );
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="titulo-transferencia"
      className="space-y-4 rounded-2xl bg-slate-50 p-4 sm:p-5"
    >
      <h3 id="titulo-transferencia" className="text-lg font-bold text-slate-900">
        {PAYOUT_KIND_LABELS.transferencia}
      </h3>
      <input type="hidden" name="kind" value="transferencia" />
      <FormAlert id={form.errorId} errors={form.errors} />
      <TextField label="Titular de la cuenta" meta={fields.holder} autoComplete="name" />
      <TextField label="Banco" meta={fields.bank} autoComplete="off" />
      <TextField
        label="IBAN o número de cuenta"
        meta={fields.account}
        autoComplete="off"
        hint="Un IBAN, o los 20 dígitos de una cuenta venezolana."
      />
      <SubmitButton intent={paymentIntents.saveTransfer} pending="Guardando…">
        Cobrar por transferencia
      </SubmitButton>
    </Form>
  );
}

function PagoMovilForm({
  current,
  answer,
  constraint,
}: {
  current: PayoutMethod | null;
  answer: PaymentsRefusal | undefined;
  constraint: FieldConstraints;
}) {
  const defaults = current?.kind === "pago_movil" ? current : undefined;
  const [form, fields] = useDeferredSchemaForm(
    { constraint, load: loadPagoMovilSchema },
    {
      id: "metodo-pago-movil",
      lastResult: lastResultFor(answer, paymentIntents.savePagoMovil),
      defaultValue: {
        kind: "pago_movil",
        bank: defaults?.bank,
        phone: defaults?.phone,
        idDocument: defaults?.idDocument,
      },
    },
  );
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="titulo-pago-movil"
      className="space-y-4 rounded-2xl bg-slate-50 p-4 sm:p-5"
    >
      <h3 id="titulo-pago-movil" className="text-lg font-bold text-slate-900">
        {PAYOUT_KIND_LABELS.pago_movil}
      </h3>
      <input type="hidden" name="kind" value="pago_movil" />
      <FormAlert id={form.errorId} errors={form.errors} />
      <TextField label="Banco" meta={fields.bank} autoComplete="off" />
      <TextField
        label="Teléfono móvil"
        meta={fields.phone}
        type="tel"
        autoComplete="tel"
        hint="Por ejemplo, 0414-1234567."
      />
      <TextField
        label="Cédula"
        meta={fields.idDocument}
        autoComplete="off"
        hint="Con su letra, por ejemplo V-12345678."
      />
      <SubmitButton intent={paymentIntents.savePagoMovil} pending="Guardando…">
        Cobrar por Pago Móvil
      </SubmitButton>
    </Form>
  );
}

function PayoutMethodSection({
  current,
  answer,
  constraints,
}: {
  current: PayoutMethod | null;
  answer: PaymentsRefusal | undefined;
  constraints: PageData["constraints"];
}) {
  return (
    <section aria-labelledby="titulo-metodo" className={cardLook}>
      <h2 id="titulo-metodo" className="text-xl font-bold text-slate-900">
        Método de cobro
      </h2>
      <p className="break-words text-slate-800" data-testid="payout-method">
        {current ? (
          <>
            Pagamos tus retiros a: <strong>{payoutSummary(current)}</strong>. Guardar otro lo sustituye; los retiros ya
            pedidos conservan el suyo.
          </>
        ) : (
          "Todavía no tienes método de cobro: elige uno para poder pedir retiros."
        )}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <TransferForm current={current} answer={answer} constraint={constraints.transfer} />
        <PagoMovilForm current={current} answer={answer} constraint={constraints.pagoMovil} />
      </div>
    </section>
  );
}

function WithdrawForm({
  balances,
  hasMethod,
  answer,
  constraint,
}: {
  balances: PageData["balances"];
  hasMethod: boolean;
  answer: PaymentsRefusal | undefined;
  constraint: FieldConstraints;
}) {
  const [form, fields] = useDeferredSchemaForm(
    { constraint, load: loadWithdrawSchema },
    { id: "retiro", lastResult: lastResultFor(answer, paymentIntents.withdraw), shouldValidate: "onSubmit" },
  );
  const rules = balances
    ? `Disponible ahora: ${formatPrice(balances.withdrawalBalances.availableAmount)}. Retiro mínimo: ${formatPrice(balances.minimumAmount)}.`
    : "Escribe el importe en dólares.";
  return (
    <section aria-labelledby="titulo-retirar" className={cardLook}>
      <h2 id="titulo-retirar" className="text-xl font-bold text-slate-900">
        Pedir un retiro
      </h2>
      {hasMethod ? null : <p className="text-slate-800">Antes de pedir un retiro, guarda tu método de cobro.</p>}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField
          label="Importe a retirar (US$)"
          meta={fields.amount}
          autoComplete="off"
          inputMode="decimal"
          hint={`${rules} En dólares, por ejemplo 45,50.`}
        />
        <SubmitButton intent={paymentIntents.withdraw} pending="Enviando…">
          Solicitar retiro
        </SubmitButton>
      </Form>
    </section>
  );
}

type ListedRequest = PageData["requests"][number];

function ArchiveForm({
  request,
  answer,
  constraint,
}: {
  request: ListedRequest;
  answer: PaymentsRefusal | undefined;
  constraint: FieldConstraints;
}) {
  const [form] = useDeferredSchemaForm(
    { constraint, load: loadArchiveSchema },
    { id: `archivar-${request._id}`, lastResult: lastResultFor(answer, paymentIntents.archive, request._id) },
  );
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("withdrawalId") === request._id;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="withdrawalId" value={request._id} />
      <FormAlert id={form.errorId} errors={form.errors} />
      <button
        type="submit"
        name="intent"
        value={paymentIntents.archive}
        disabled={busy}
        className={secondaryButtonLook}
      >
        Archivar
        <span className="sr-only">
          {" "}
          el retiro de {formatPrice(request.amount)} del {request.requestedOn}
        </span>
      </button>
    </Form>
  );
}

const FILTER_LABELS: Record<Exclude<WithdrawalFilter, "">, string> = {
  ...WITHDRAWAL_STATUS_LABELS,
  archivados: "Archivados",
};

function Requests({ data, answer }: { data: PageData; answer: PaymentsRefusal | undefined }) {
  return (
    <section aria-labelledby="titulo-solicitudes" className="space-y-4">
      <h2 id="titulo-solicitudes" className="text-xl font-bold text-slate-900">
        Tus retiros
      </h2>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filtrar retiros">
        <input type="hidden" name="month" value={data.month} />
        <div>
          <label htmlFor="estado-retiro" className="block font-semibold text-slate-900">
            Estado
          </label>
          <select
            id="estado-retiro"
            name="status"
            defaultValue={data.filter}
            key={`estado-${data.filter}`}
            className={controlLook}
          >
            <option value="">Todos (sin archivar)</option>
            {[...WITHDRAWAL_STATUSES, "archivados" as const].map((value) => (
              <option key={value} value={value}>
                {FILTER_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={secondaryButtonLook}>
          Filtrar
        </button>
      </Form>
      {data.requests.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-slate-700">
          {data.filter ? "No hay retiros con este estado." : "Todavía no has pedido retiros."}
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Retiros">
          {data.requests.map((request) => (
            <li
              key={request._id}
              data-testid="withdrawal-row"
              className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="text-lg font-bold text-slate-900">{formatPrice(request.amount)}</span>
                <span
                  data-testid="withdrawal-status"
                  className={`rounded-full px-3 py-1 text-sm font-semibold ${request.status === "rechazado" ? "bg-red-100 text-red-900" : request.status === "confirmado" ? "bg-lime-100 text-slate-900" : "bg-amber-100 text-amber-950"}`}
                >
                  {request.status === "pendiente" ? REQUEST_SENT : WITHDRAWAL_STATUS_LABELS[request.status]}
                  {request.archived ? " · Archivado" : ""}
                </span>
              </p>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm text-slate-700">
                <dt>Pedido el</dt>
                <dd>
                  <time dateTime={request.createdAt}>{request.requestedOn}</time>
                </dd>
                <dt>A</dt>
                <dd className="break-words">{payoutSummary(request.payout)}</dd>
                {request.decidedOn ? (
                  <>
                    <dt>{request.status === "confirmado" ? "Pagado el" : "Rechazado el"}</dt>
                    <dd>{request.decidedOn}</dd>
                  </>
                ) : null}
                {request.reference ? (
                  <>
                    <dt>Referencia</dt>
                    <dd className="break-words" data-testid="withdrawal-reference">
                      {request.reference}
                    </dd>
                  </>
                ) : null}
                {request.reason ? (
                  <>
                    <dt>Motivo</dt>
                    <dd className="break-words">{request.reason}</dd>
                  </>
                ) : null}
              </dl>
              {request.status !== "pendiente" && !request.archived ? (
                <ArchiveForm request={request} answer={answer} constraint={data.constraints.archive} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {data.totalRequests > data.requests.length ? (
        <p className="text-sm text-slate-700">
          Se muestran los {data.requests.length} más recientes de {data.totalRequests}; archive los terminados para ver
          los anteriores.
        </p>
      ) : null}
    </section>
  );
}

function Ledger({ data }: { data: PageData }) {
  return (
    <section aria-labelledby="titulo-movimientos" className="space-y-4">
      <h2 id="titulo-movimientos" className="text-xl font-bold text-slate-900">
        Movimientos de {monthLabel(data.month)}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Elegir el mes">
          {data.filter ? <input type="hidden" name="status" value={data.filter} /> : null}
          <div>
            <label htmlFor="mes" className="block font-semibold text-slate-900">
              Mes
            </label>
            <select id="mes" name="month" defaultValue={data.month} key={`mes-${data.month}`} className={controlLook}>
              {data.months.map((month) => (
                <option key={month} value={month}>
                  {monthLabel(month)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={secondaryButtonLook}>
            Ver el mes
          </button>
        </Form>
        {/* A file, not a page: the browser downloads it, with or without JavaScript. */}
        <a href={data.statement} download className={secondaryButtonLook} data-testid="statement-link">
          Descargar estado de cuenta (CSV)
        </a>
      </div>
      {data.ledger.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-slate-700">
          No hubo movimientos de tu tienda este mes.
        </p>
      ) : (
        <ul className="space-y-3" aria-label={`Movimientos de ${monthLabel(data.month)}`}>
          {data.ledger.map((row) => (
            <li
              key={row._id}
              data-testid="ledger-row"
              className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold text-slate-900">{LEDGER_KIND_LABELS[row.kind]}</span>
                <span className={`font-bold ${row.amount < 0 ? "text-red-800" : "text-lime-900"}`}>
                  {row.amount > 0 ? "+" : "−"}
                  {formatPrice(Math.abs(row.amount))}
                </span>
              </p>
              <p className="mt-1 break-words text-sm text-slate-700">{row.reason}</p>
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm text-slate-700">
                <dt>Fecha</dt>
                <dd>
                  <time dateTime={row.createdAt}>{row.date}</time>
                </dd>
                {row.orderNumber ? (
                  <>
                    <dt>Pedido</dt>
                    <dd>#{row.orderNumber}</dd>
                  </>
                ) : null}
                {row.saleTotal !== null && row.commission !== null ? (
                  <>
                    <dt>Venta y comisión</dt>
                    <dd>
                      {formatPrice(row.saleTotal)} − {formatPrice(row.commission)} de comisión
                    </dd>
                  </>
                ) : null}
                {row.kind === "venta" ? (
                  <>
                    <dt>Disponible</dt>
                    <dd>
                      {row.available
                        ? `Sí, desde el ${row.availableOn}`
                        : row.availableOn
                          ? `El ${row.availableOn}`
                          : "Cuando se entregue el pedido"}
                    </dd>
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function SellerPayments() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as PaymentsRefusal | undefined;
  return (
    <section aria-labelledby="titulo-pagos" className="space-y-8">
      <div className="space-y-2">
        <h1 id="titulo-pagos" className="text-3xl font-bold text-slate-900">
          Pagos
        </h1>
        <p className="text-slate-700">
          Cada venta pagada suma a tu saldo lo que cobraste menos la comisión. Se puede retirar unos días después de
          entregada (mira{" "}
          <Link to={sellerOrderPaths.list} className={textLinkLook}>
            tus pedidos
          </Link>
          ).
        </p>
      </div>
      {data.pendingRequests > 0 ? (
        <p
          role="status"
          data-testid="request-sent"
          className="rounded-2xl border-l-4 border-amber-500 bg-amber-50 px-4 py-3 font-semibold text-amber-950"
        >
          {REQUEST_SENT}: la administración pagará{" "}
          {data.pendingRequests === 1 ? "tu retiro" : `tus ${data.pendingRequests} retiros`} a tu método de cobro y te
          avisará.
        </p>
      ) : null}
      {data.balances ? <Balances balances={data.balances} /> : null}
      {/* A request sent changes what is held: the form starts empty again, as a page drawn anew would (JavaScript on keeps the page). */}
      <WithdrawForm
        key={`retiro-${data.pendingRequests}-${data.balances?.withdrawalBalances.requestedAmount ?? 0}`}
        balances={data.balances}
        hasMethod={data.payoutMethod !== null}
        answer={answer}
        constraint={data.constraints.withdraw}
      />
      <PayoutMethodSection current={data.payoutMethod} answer={answer} constraints={data.constraints} />
      <Requests data={data} answer={answer} />
      <Ledger data={data} />
      <p className="text-sm">
        <Link to={sellerPaths.home} className={textLinkLook}>
          ← Mi tienda
        </Link>
      </p>
    </section>
  );
}
