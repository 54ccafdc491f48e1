import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { NO_TRANSFER_REFERENCE } from "#contract/withdrawal-labels";
import type { PayoutMethod } from "#contract/withdrawals";
import { PAYOUT_KIND_LABELS, WITHDRAWAL_STATUS_LABELS, WITHDRAWAL_STATUSES } from "#contract/withdrawal-labels";
import { FormAlert, SubmitButton, TextareaField, TextField } from "~/components/forms/fields";
import { Pagination } from "~/components/product/Pagination";
import { Badge } from "~/components/ui/Badge";
import { cardClass } from "~/components/ui/Card";
import { ChipLinks } from "~/components/ui/ChipLinks";
import { Disclosure } from "~/components/ui/Disclosure";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { formatPrice } from "~/services/money";
import { requireAdmin } from "~/services/admin.server";
import { adminWithdrawalsAction, loadAdminWithdrawals } from "~/services/admin-withdrawals.server";
import { withdrawalIntents, withdrawalSchemas } from "./withdrawals.forms";

export const meta: MetaFunction = () => [
  { title: "Retiros | Administración | Mercado Pádel" },
  {
    name: "description",
    content:
      "Las solicitudes de retiro de los vendedores: pagarlas con la referencia de la transferencia o rechazarlas.",
  },
  { name: "robots", content: "noindex" },
];

/** /dashboard/admin/withdrawals?status=&pageNumber=: `GET /admin/withdrawals`, pending ones first by default (oldest first). */
export async function loader(args: LoaderFunctionArgs) {
  return loadAdminWithdrawals(requireAdmin(args), new URL(args.request.url));
}

/** Confirm (with the transfer's reference) or reject (with a reason) one request, then back to the same list. */
export async function action(args: ActionFunctionArgs) {
  return adminWithdrawalsAction(args, requireAdmin(args));
}

/** A 409 means another admin decided first: the list is read again to show it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

type WithdrawalsPage = ReturnType<typeof useLoaderData<typeof loader>>;
type ListedWithdrawal = WithdrawalsPage["withdrawals"][number];

/** Every detail the admin needs to make the transfer. */
function PayoutDetails({ payout }: { payout: PayoutMethod }) {
  const rows =
    payout.kind === "transferencia"
      ? [
          ["Titular", payout.holder],
          ["Banco", payout.bank],
          ["Cuenta o IBAN", payout.account],
        ]
      : [
          ["Banco", payout.bank],
          ["Teléfono", payout.phone],
          ["Cédula", payout.idDocument],
        ];
  return (
    <div className={cardClass("muted")}>
      <p className="font-semibold text-slate-900">{PAYOUT_KIND_LABELS[payout.kind]}</p>
      <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm text-slate-800">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-600">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ConfirmForm({ withdrawal, constraint }: { withdrawal: ListedWithdrawal; constraint: FieldConstraints }) {
  const [form, fields] = useSchemaForm(
    { constraint, load: withdrawalSchemas.confirm },
    {
      id: `confirmar-${withdrawal._id}`,
      lastResult: useFormAnswer(withdrawalIntents.confirm, withdrawal._id)?.result,
      defaultValue: { paymentId: withdrawal._id },
    },
  );
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-label={`Confirmar el pago a ${withdrawal.shop.name}`}
      className="space-y-3"
    >
      <input type="hidden" name="paymentId" value={withdrawal._id} />
      <FormAlert id={form.errorId} errors={form.errors} />
      <TextField
        label="Referencia de la transferencia"
        meta={fields.reference}
        autoComplete="off"
        hint="Hazla primero con los datos de arriba y copia aquí su referencia."
      />
      <SubmitButton
        intent={withdrawalIntents.confirm}
        record={{ name: "paymentId", value: withdrawal._id }}
        pending="Confirmando…"
      >
        Confirmar pago<span className="sr-only"> a {withdrawal.shop.name}</span>
      </SubmitButton>
    </Form>
  );
}

function RejectForm({ withdrawal, constraint }: { withdrawal: ListedWithdrawal; constraint: FieldConstraints }) {
  const lastResult = useFormAnswer(withdrawalIntents.reject, withdrawal._id)?.result;
  const [form, fields] = useSchemaForm(
    { constraint, load: withdrawalSchemas.reject },
    { id: `rechazar-${withdrawal._id}`, lastResult, defaultValue: { paymentId: withdrawal._id } },
  );
  return (
    // Open when the last try was refused.
    <Disclosure summary="Rechazar el retiro…" open={Boolean(lastResult)}>
      <Form
        method="post"
        {...getFormProps(form)}
        aria-label={`Rechazar el retiro de ${withdrawal.shop.name}`}
        className="space-y-3"
      >
        <input type="hidden" name="paymentId" value={withdrawal._id} />
        <p className="text-sm text-slate-700">
          El importe vuelve a estar disponible para el vendedor, que leerá el motivo.
        </p>
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextareaField label="Motivo del rechazo" meta={fields.reason} rows={3} />
        <SubmitButton
          intent={withdrawalIntents.reject}
          record={{ name: "paymentId", value: withdrawal._id }}
          variant="danger"
          pending="Rechazando…"
        >
          Rechazar<span className="sr-only"> el retiro de {withdrawal.shop.name}</span>
        </SubmitButton>
      </Form>
    </Disclosure>
  );
}

const WITHDRAWAL_TONES = { pendiente: "warning", confirmado: "success", rechazado: "danger" } as const;

function WithdrawalRow({
  withdrawal,
  constraints,
}: {
  withdrawal: ListedWithdrawal;
  constraints: WithdrawalsPage["constraints"];
}) {
  const headingId = `retiro-${withdrawal._id}`;
  // Another admin decided first (409): the list now shows the request's state.
  const confirmed = useFormAnswer(withdrawalIntents.confirm, withdrawal._id);
  const rejected = useFormAnswer(withdrawalIntents.reject, withdrawal._id);
  const notice = confirmed?.notice ?? rejected?.notice;
  return (
    <li aria-labelledby={headingId} data-testid="admin-withdrawal" className={cardClass("plain", "space-y-3")}>
      <h2
        id={headingId}
        className="flex flex-wrap items-baseline justify-between gap-2 text-lg font-bold text-slate-900"
      >
        <span className="break-words">
          {withdrawal.shop.name}: {formatPrice(withdrawal.amount)}
        </span>
        <Badge tone={WITHDRAWAL_TONES[withdrawal.status]}>{WITHDRAWAL_STATUS_LABELS[withdrawal.status]}</Badge>
      </h2>
      {notice ? <Notice tone="error">{notice}</Notice> : null}
      <p className="break-words text-sm text-slate-700">
        {withdrawal.seller.name} · <span className="break-all">{withdrawal.seller.email}</span> · pedido el{" "}
        <time dateTime={withdrawal.createdAt}>{withdrawal.requestedOn}</time>
      </p>
      <PayoutDetails payout={withdrawal.payout} />
      {withdrawal.decidedOn ? (
        <p className="break-words text-sm text-slate-800">
          {withdrawal.status === "confirmado"
            ? `Pagado el ${withdrawal.decidedOn}, referencia ${withdrawal.reference ?? NO_TRANSFER_REFERENCE}.`
            : `Rechazado el ${withdrawal.decidedOn}: ${withdrawal.reason ?? ""}`}
        </p>
      ) : null}
      {withdrawal.status === "pendiente" ? (
        <div className="space-y-3">
          <ConfirmForm withdrawal={withdrawal} constraint={constraints.confirm} />
          <RejectForm withdrawal={withdrawal} constraint={constraints.reject} />
        </div>
      ) : null}
      <p className="text-sm">
        <TextLink to={adminPaths.auditOf(withdrawal._id)}>
          Registro de auditoría<span className="sr-only"> de este retiro</span>
        </TextLink>
      </p>
    </li>
  );
}

const STATUS_CHIPS = { pendiente: "Pendientes", confirmado: "Pagados", rechazado: "Rechazados" } as const;

export default function AdminWithdrawals() {
  const { status, withdrawals, totalWithdrawal, page, totalPages, constraints } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-retiros" className="space-y-6">
      <h1 id="titulo-retiros" className="text-3xl font-bold text-slate-900">
        Retiros
      </h1>
      <ChipLinks
        label="Estado de los retiros"
        links={WITHDRAWAL_STATUSES.map((value) => ({
          to: value === "pendiente" ? adminPaths.withdrawals : `${adminPaths.withdrawals}?status=${value}`,
          label: STATUS_CHIPS[value],
          current: value === status,
        }))}
      />
      <p role="status" className="text-slate-700" data-testid="withdrawal-count">
        {totalWithdrawal === 0 ? "Ningún retiro" : totalWithdrawal === 1 ? "1 retiro" : `${totalWithdrawal} retiros`}{" "}
        {status === "pendiente" ? "por pagar" : `en estado «${WITHDRAWAL_STATUS_LABELS[status]}»`}
        {totalWithdrawal > 1
          ? status === "pendiente"
            ? ", los más antiguos primero"
            : ", los más recientes primero"
          : ""}
        .
      </p>
      {withdrawals.length > 0 ? (
        <ul className="space-y-4" aria-label="Retiros">
          {withdrawals.map((withdrawal) => (
            <WithdrawalRow key={withdrawal._id} withdrawal={withdrawal} constraints={constraints} />
          ))}
        </ul>
      ) : (
        <p className={cardClass("empty")}>
          {status === "pendiente" ? "No hay retiros por pagar." : "No hay retiros en este estado."}
        </p>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}
