import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { queryPage } from "#contract/fields";
import { longDateTime } from "#contract/store-time";
import { withdrawalEndpoints, type PayoutMethod } from "#contract/withdrawals";
import { PAYOUT_KIND_LABELS, WITHDRAWAL_STATUS_LABELS, WITHDRAWAL_STATUSES } from "#contract/withdrawal-labels";
import { FieldErrors, FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { textLinkClass } from "~/components/ui/TextLink";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { textareaLook } from "~/components/admin/ReasonChoice";
import { withdrawalIntents } from "~/components/admin/withdrawal-intents";
import { confirmFormSchema, rejectFormSchema, withdrawalStatusOf } from "~/components/admin/withdrawal-schemas";
import type { FieldConstraints } from "~/forms/use-schema-form";
import { useSchemaForm } from "~/forms/use-schema-form";
import { Pagination } from "~/components/product/Pagination";
import { formatPrice } from "~/services/money";
import {
  invalidForm,
  pageErrorOf,
  refusedAction,
  requireAdmin,
  type AdminActionRefusal,
} from "~/services/admin.server";
import { readForm } from "~/services/form.server";
import { redirectWithFlash } from "~/services/session.server";

export const meta: MetaFunction = () => [
  { title: "Retiros | Administración | Mercado Pádel" },
  {
    name: "description",
    content:
      "Las solicitudes de retiro de los vendedores: pagarlas con la referencia de la transferencia o rechazarlas.",
  },
  { name: "robots", content: "noindex" },
];

const loadConfirmSchema = () =>
  import("~/components/admin/withdrawal-schemas").then((module) => module.confirmFormSchema);
const loadRejectSchema = () =>
  import("~/components/admin/withdrawal-schemas").then((module) => module.rejectFormSchema);

/** /dashboard/admin/withdrawals?status=&pageNumber=: `GET /admin/withdrawals`, pending ones first by default (oldest first). */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAdmin(args);
  const params = new URL(args.request.url).searchParams;
  const status = withdrawalStatusOf(params.get("status"));
  const pageNumber = queryPage().safeParse(params.get("pageNumber") ?? undefined);
  const answer = await account
    .call(withdrawalEndpoints.adminList, { query: { status, page: pageNumber.success ? pageNumber.data : 1 } })
    .catch((error: unknown) => {
      throw pageErrorOf(error);
    });
  return {
    status,
    withdrawals: answer.withdrawals.map((withdrawal) => ({
      ...withdrawal,
      requestedOn: longDateTime(withdrawal.createdAt),
      decidedOn: withdrawal.decidedAt ? longDateTime(withdrawal.decidedAt) : null,
    })),
    totalWithdrawal: answer.totalWithdrawal,
    page: answer.page,
    totalPages: Math.max(1, Math.ceil(answer.totalWithdrawal / answer.parPage)),
    // Once for all the rows: every request's form of a kind asks the same of its fields.
    constraints: { confirm: getZodConstraint(confirmFormSchema), reject: getZodConstraint(rejectFormSchema) },
  };
}

/** Confirm (with the transfer's reference) or reject (with a reason) one request, then back to the same list. */
export async function action(args: ActionFunctionArgs) {
  const account = requireAdmin(args);
  const url = new URL(args.request.url);
  const back = `${url.pathname}${url.search}`;
  const formData = await readForm(args.request);
  const intent = String(formData.get("intent") ?? "");
  const target = String(formData.get("paymentId") ?? "");
  if (intent === withdrawalIntents.confirm) {
    const submission = parseWithZod(formData, { schema: confirmFormSchema });
    if (submission.status !== "success") return invalidForm(intent, submission.reply(), target);
    try {
      const { message } = await account.call(withdrawalEndpoints.confirm, { body: submission.value });
      return redirectWithFlash(args.context, back, { kind: "success", message });
    } catch (error) {
      return refusedAction(error, {
        intent,
        target,
        fields: ["reference"],
        reply: (errors) => submission.reply(errors),
      });
    }
  }
  if (intent === withdrawalIntents.reject) {
    const submission = parseWithZod(formData, { schema: rejectFormSchema });
    if (submission.status !== "success") return invalidForm(intent, submission.reply(), target);
    try {
      const { message } = await account.call(withdrawalEndpoints.reject, { body: submission.value });
      return redirectWithFlash(args.context, back, { kind: "success", message });
    } catch (error) {
      return refusedAction(error, { intent, target, fields: ["reason"], reply: (errors) => submission.reply(errors) });
    }
  }
  throw new Response(null, { status: 400, statusText: "Acción no válida" });
}

/** A 409 means another admin decided first: the list is read again to show it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

type WithdrawalsPage = ReturnType<typeof useLoaderData<typeof loader>>;
type ListedWithdrawal = WithdrawalsPage["withdrawals"][number];

function resultFor(
  answer: AdminActionRefusal | undefined,
  intent: string,
  id: string,
): SubmissionResult<string[]> | undefined {
  return answer?.intent === intent && answer.target === id ? (answer.result ?? undefined) : undefined;
}

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
    <div className="rounded-xl bg-slate-50 p-3">
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

function ConfirmForm({
  withdrawal,
  constraint,
  lastResult,
}: {
  withdrawal: ListedWithdrawal;
  constraint: FieldConstraints;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(
    { constraint, load: loadConfirmSchema },
    { id: `confirmar-${withdrawal._id}`, lastResult, defaultValue: { paymentId: withdrawal._id } },
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
      <SubmitButton intent={withdrawalIntents.confirm} pending="Confirmando…">
        Confirmar pago<span className="sr-only"> a {withdrawal.shop.name}</span>
      </SubmitButton>
    </Form>
  );
}

function RejectForm({
  withdrawal,
  constraint,
  lastResult,
}: {
  withdrawal: ListedWithdrawal;
  constraint: FieldConstraints;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(
    { constraint, load: loadRejectSchema },
    { id: `rechazar-${withdrawal._id}`, lastResult, defaultValue: { paymentId: withdrawal._id } },
  );
  const { key, ...reasonProps } = getTextareaProps(fields.reason);
  return (
    // Folded until asked for, with or without JavaScript; open when the last try was refused.
    <details open={lastResult ? true : undefined} className="rounded-xl border border-slate-200 bg-slate-50">
      <summary className="rounded-xl px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100">
        Rechazar el retiro…
      </summary>
      <Form
        method="post"
        {...getFormProps(form)}
        aria-label={`Rechazar el retiro de ${withdrawal.shop.name}`}
        className="space-y-3 px-4 pb-4 pt-2"
      >
        <input type="hidden" name="paymentId" value={withdrawal._id} />
        <p className="text-sm text-slate-700">
          El importe vuelve a estar disponible para el vendedor, que leerá el motivo.
        </p>
        <FormAlert id={form.errorId} errors={form.errors} />
        <div>
          <label htmlFor={fields.reason.id} className="block font-semibold text-slate-900">
            Motivo del rechazo
          </label>
          <textarea key={key} {...reasonProps} rows={3} className={textareaLook} />
          <FieldErrors id={fields.reason.errorId} errors={fields.reason.errors} />
        </div>
        <button
          type="submit"
          name="intent"
          value={withdrawalIntents.reject}
          className="inline-flex w-full items-center justify-center rounded-full border-2 border-red-700 bg-white px-5 py-2.5 font-semibold text-red-800 hover:bg-red-50 sm:w-auto"
        >
          Rechazar<span className="sr-only"> el retiro de {withdrawal.shop.name}</span>
        </button>
      </Form>
    </details>
  );
}

function WithdrawalRow({
  withdrawal,
  constraints,
  answer,
}: {
  withdrawal: ListedWithdrawal;
  constraints: WithdrawalsPage["constraints"];
  answer: AdminActionRefusal | undefined;
}) {
  const headingId = `retiro-${withdrawal._id}`;
  const notice = answer?.target === withdrawal._id ? answer.notice : null;
  return (
    <li
      aria-labelledby={headingId}
      data-testid="admin-withdrawal"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2
        id={headingId}
        className="flex flex-wrap items-baseline justify-between gap-2 text-lg font-bold text-slate-900"
      >
        <span className="break-words">
          {withdrawal.shop.name}: {formatPrice(withdrawal.amount)}
        </span>
        <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold">
          {WITHDRAWAL_STATUS_LABELS[withdrawal.status]}
        </span>
      </h2>
      {notice ? (
        <p role="alert" className="rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 font-medium text-red-900">
          {notice}
        </p>
      ) : null}
      <p className="break-words text-sm text-slate-700">
        {withdrawal.seller.name} · <span className="break-all">{withdrawal.seller.email}</span> · pedido el{" "}
        <time dateTime={withdrawal.createdAt}>{withdrawal.requestedOn}</time>
      </p>
      <PayoutDetails payout={withdrawal.payout} />
      {withdrawal.decidedOn ? (
        <p className="break-words text-sm text-slate-800">
          {withdrawal.status === "confirmado"
            ? `Pagado el ${withdrawal.decidedOn}, referencia ${withdrawal.reference ?? ""}.`
            : `Rechazado el ${withdrawal.decidedOn}: ${withdrawal.reason ?? ""}`}
        </p>
      ) : null}
      {withdrawal.status === "pendiente" ? (
        <div className="space-y-3">
          <ConfirmForm
            withdrawal={withdrawal}
            constraint={constraints.confirm}
            lastResult={resultFor(answer, withdrawalIntents.confirm, withdrawal._id)}
          />
          <RejectForm
            withdrawal={withdrawal}
            constraint={constraints.reject}
            lastResult={resultFor(answer, withdrawalIntents.reject, withdrawal._id)}
          />
        </div>
      ) : null}
      <p className="text-sm">
        <Link to={adminPaths.auditOf(withdrawal._id)} className={textLinkClass}>
          Registro de auditoría<span className="sr-only"> de este retiro</span>
        </Link>
      </p>
    </li>
  );
}

export default function AdminWithdrawals() {
  const { status, withdrawals, totalWithdrawal, page, totalPages, constraints } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <section aria-labelledby="titulo-retiros" className="space-y-6">
      <h1 id="titulo-retiros" className="text-3xl font-bold text-slate-900">
        Retiros
      </h1>
      <nav aria-label="Estado de los retiros">
        <ul className="flex flex-wrap gap-2">
          {WITHDRAWAL_STATUSES.map((value) => (
            <li key={value}>
              <Link
                to={value === "pendiente" ? adminPaths.withdrawals : `${adminPaths.withdrawals}?status=${value}`}
                aria-current={value === status ? "page" : undefined}
                className="block rounded-full border border-slate-300 px-4 py-1.5 font-semibold text-slate-800 hover:bg-slate-100 aria-[current=page]:border-lime-300 aria-[current=page]:bg-lime-100 aria-[current=page]:text-slate-900"
              >
                {value === "pendiente" ? "Pendientes" : value === "confirmado" ? "Pagados" : "Rechazados"}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
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
            <WithdrawalRow key={withdrawal._id} withdrawal={withdrawal} constraints={constraints} answer={answer} />
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-slate-700">
          {status === "pendiente" ? "No hay retiros por pagar." : "No hay retiros en este estado."}
        </p>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}
