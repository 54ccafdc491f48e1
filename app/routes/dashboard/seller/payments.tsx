import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { NO_TRANSFER_REFERENCE } from "#contract/withdrawal-labels";
import type { PayoutMethod, WithdrawalBalances } from "#contract/withdrawals";
import {
  LEDGER_KIND_LABELS,
  PAYOUT_KIND_LABELS,
  payoutSummary,
  REQUEST_SENT,
  WITHDRAWAL_STATUS_LABELS,
  WITHDRAWAL_STATUSES,
} from "#contract/withdrawal-labels";
import { monthLabel } from "#contract/store-time";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { sellerOrderPaths, sellerPaths } from "~/routes/dashboard/seller/paths";
import { Badge } from "~/components/ui/Badge";
import { Button, buttonClass } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { Field } from "~/components/ui/Field";
import { Select } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { formatPrice } from "~/services/money";
import { requireSeller } from "~/services/seller.server";
import { loadPayments, paymentsAction, type WithdrawalFilter } from "~/services/seller-payments.server";
import { paymentIntents, paymentSchemas } from "./payments.forms";

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
  return loadPayments(area, new URL(args.request.url), new Date());
}

export async function action(args: ActionFunctionArgs) {
  return paymentsAction(args, await requireSeller(args));
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

/** Each balance with what it means, in the README's terms a seller reads. */
function balanceItems(balances: WithdrawalBalances, days: { afterReceipt: number; afterShipment: number }) {
  const count = (value: number) => (value === 1 ? "1 día" : `${value} días`);
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
      help: `Ventas que aún no puedes retirar: se liberan ${count(days.afterReceipt)} después de que el cliente confirme que las recibió, o ${count(days.afterShipment)} después de enviarlas si no lo confirma antes.`,
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
        {balanceItems(balances.withdrawalBalances, {
          afterReceipt: balances.availableAfterDays,
          afterShipment: balances.availableAfterShipmentDays,
        }).map((item, index) => (
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

function TransferForm({ current, constraint }: { current: PayoutMethod | null; constraint: FieldConstraints }) {
  const defaults = current?.kind === "transferencia" ? current : undefined;
  const [form, fields] = useSchemaForm(
    { constraint, load: paymentSchemas.transfer },
    {
      id: "metodo-transferencia",
      lastResult: useFormAnswer(paymentIntents.saveTransfer)?.result,
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

function PagoMovilForm({ current, constraint }: { current: PayoutMethod | null; constraint: FieldConstraints }) {
  const defaults = current?.kind === "pago_movil" ? current : undefined;
  const [form, fields] = useSchemaForm(
    { constraint, load: paymentSchemas.pagoMovil },
    {
      id: "metodo-pago-movil",
      lastResult: useFormAnswer(paymentIntents.savePagoMovil)?.result,
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
  constraints,
}: {
  current: PayoutMethod | null;
  constraints: PageData["constraints"];
}) {
  return (
    <Card title="Método de cobro" titleId="titulo-metodo">
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
        <TransferForm current={current} constraint={constraints.transfer} />
        <PagoMovilForm current={current} constraint={constraints.pagoMovil} />
      </div>
    </Card>
  );
}

function WithdrawForm({
  balances,
  hasMethod,
  constraint,
}: {
  balances: PageData["balances"];
  hasMethod: boolean;
  constraint: FieldConstraints;
}) {
  const [form, fields] = useSchemaForm(
    { constraint, load: paymentSchemas.withdraw },
    { id: "retiro", lastResult: useFormAnswer(paymentIntents.withdraw)?.result, shouldValidate: "onSubmit" },
  );
  const rules = balances
    ? `Disponible ahora: ${formatPrice(balances.withdrawalBalances.availableAmount)}. Retiro mínimo: ${formatPrice(
        balances.minimumAmount,
      )}.`
    : "Escribe el importe en dólares.";
  return (
    <Card title="Pedir un retiro" titleId="titulo-retirar">
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
    </Card>
  );
}

type ListedRequest = PageData["requests"][number];

const WITHDRAWAL_TONES = { pendiente: "warning", confirmado: "success", rechazado: "danger" } as const;

function ArchiveForm({ request, constraint }: { request: ListedRequest; constraint: FieldConstraints }) {
  const [form] = useSchemaForm(
    { constraint, load: paymentSchemas.archive },
    { id: `archivar-${request._id}`, lastResult: useFormAnswer(paymentIntents.archive, request._id)?.result },
  );
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("withdrawalId") === request._id;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="withdrawalId" value={request._id} />
      <FormAlert id={form.errorId} errors={form.errors} />
      <Button type="submit" name="intent" value={paymentIntents.archive} disabled={busy} variant="secondary" size="sm">
        Archivar
        <span className="sr-only">
          {" "}
          el retiro de {formatPrice(request.amount)} del {request.requestedOn}
        </span>
      </Button>
    </Form>
  );
}

const FILTER_LABELS: Record<Exclude<WithdrawalFilter, "">, string> = {
  ...WITHDRAWAL_STATUS_LABELS,
  archivados: "Archivados",
};

function Requests({ data }: { data: PageData }) {
  return (
    <section aria-labelledby="titulo-solicitudes" className="space-y-4">
      <h2 id="titulo-solicitudes" className="text-xl font-bold text-slate-900">
        Tus retiros
      </h2>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filtrar retiros">
        <input type="hidden" name="month" value={data.month} />
        <Field id="estado-retiro" label="Estado">
          <Select name="status" defaultValue={data.filter} key={`estado-${data.filter}`}>
            <option value="">Todos (sin archivar)</option>
            {[...WITHDRAWAL_STATUSES, "archivados" as const].map((value) => (
              <option key={value} value={value}>
                {FILTER_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="secondary" size="sm">
          Filtrar
        </Button>
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
                <Badge data-testid="withdrawal-status" tone={WITHDRAWAL_TONES[request.status]}>
                  {request.status === "pendiente" ? REQUEST_SENT : WITHDRAWAL_STATUS_LABELS[request.status]}
                  {request.archived ? " · Archivado" : ""}
                </Badge>
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
                {request.status === "confirmado" ? (
                  <>
                    <dt>Referencia</dt>
                    <dd className="break-words" data-testid="withdrawal-reference">
                      {request.reference ?? NO_TRANSFER_REFERENCE}
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
                <ArchiveForm request={request} constraint={data.constraints.archive} />
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
          <Field id="mes" label="Mes">
            <Select name="month" defaultValue={data.month} key={`mes-${data.month}`}>
              {data.months.map((month) => (
                <option key={month} value={month}>
                  {monthLabel(month)}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" variant="secondary" size="sm">
            Ver el mes
          </Button>
        </Form>
        {/* A file, not a page: the browser downloads it, with or without JavaScript. */}
        <a
          href={data.statement}
          download
          className={buttonClass({ variant: "secondary", size: "sm" })}
          data-testid="statement-link"
        >
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
  return (
    <section aria-labelledby="titulo-pagos" className="space-y-8">
      <div className="space-y-2">
        <h1 id="titulo-pagos" className="text-3xl font-bold text-slate-900">
          Pagos
        </h1>
        <p className="text-slate-700">
          Cada venta pagada suma a tu saldo lo que cobraste menos la comisión. Se puede retirar unos días después de que
          el cliente confirme que la recibió, o de enviarla (cada pedido dice cuándo: mira{" "}
          <TextLink to={sellerOrderPaths.list}>tus pedidos</TextLink>
          ).
        </p>
      </div>
      {data.pendingRequests > 0 ? (
        <div role="status" data-testid="request-sent">
          <Notice tone="warning">
            {REQUEST_SENT}: la administración pagará{" "}
            {data.pendingRequests === 1 ? "tu retiro" : `tus ${data.pendingRequests} retiros`} a tu método de cobro y te
            avisará.
          </Notice>
        </div>
      ) : null}
      {data.balances ? <Balances balances={data.balances} /> : null}
      {/* A request sent changes what is held: the form starts empty again, as a page drawn anew would (JavaScript on keeps the page). */}
      <WithdrawForm
        key={`retiro-${data.pendingRequests}-${data.balances?.withdrawalBalances.requestedAmount ?? 0}`}
        balances={data.balances}
        hasMethod={data.payoutMethod !== null}
        constraint={data.constraints.withdraw}
      />
      <PayoutMethodSection current={data.payoutMethod} constraints={data.constraints} />
      <Requests data={data} />
      <Ledger data={data} />
      <p className="text-sm">
        <TextLink to={sellerPaths.home}>← Mi tienda</TextLink>
      </p>
    </section>
  );
}
