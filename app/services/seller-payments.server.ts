import { csvText, type CsvColumn } from "~/services/csv.server";
import { longDate, storeMonth } from "#contract/store-time";
import { dateTime } from "./times.server";
import { MONTH_PATTERN, WITHDRAWAL_ARCHIVED, withdrawalEndpoints, type LedgerRow } from "#contract/withdrawals";
import { LEDGER_KIND_LABELS, WITHDRAWAL_STATUSES, type WithdrawalStatus } from "#contract/withdrawal-labels";
import { answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { paymentIntents } from "~/routes/dashboard/seller/payments.forms";
import {
  archiveFormSchema,
  pagoMovilFormSchema,
  PAYMENT_FORMS,
  transferFormSchema,
  withdrawFormSchema,
} from "~/routes/dashboard/seller/payments.schema";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { pageErrorOf } from "./admin.server";
import { logError } from "./log.server";
import { formatPrice } from "./money";
import type { SellerArea } from "./seller.server";
import { redirectWithFlash } from "./session.server";
import type { RequestArgs } from "./auth.server";

/**
 * The seller's payments page (issue 12): balances, payout method, withdrawal requests and the
 * shop's ledger rows of a month, and its forms' actions. The statement (CSV) is built here too.
 */

/** The requests list's filter (`?status=`): a withdrawal status, 'archivados', or everything not archived. */
export type WithdrawalFilter = WithdrawalStatus | "archivados" | "";

export function withdrawalFilterOf(value: string | null): WithdrawalFilter {
  if (value === "archivados") return value;
  return (WITHDRAWAL_STATUSES as readonly string[]).includes(value ?? "") ? (value as WithdrawalStatus) : "";
}

/** The last `count` months, the current one first: the statement's choices. */
export function recentMonths(now: Date, count = 12): string[] {
  const [year, month] = storeMonth(now.toISOString()).split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) => {
    const date = new Date(Date.UTC(year, month - 1 - back, 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}

/** The month asked for in the address, or the current one when absent or malformed. */
export function chosenMonth(value: string | null, now: Date): string {
  return value && MONTH_PATTERN.test(value) ? value : storeMonth(now.toISOString());
}

/** `GET /withdrawals-balance/{sellerId}`; a failure is silently ignored (SPEC.md section 8): the page shows no balances. */
async function balancesOf(area: SellerArea) {
  try {
    return await area.account.call(withdrawalEndpoints.sellerBalance, { params: { sellerId: area.account.user.id } });
  } catch (error) {
    if (error instanceof Response) throw error;
    logError("GET /withdrawals-balance falló", error);
    return null;
  }
}

/** The shop's ledger rows of `month`, with their dates as the page writes them. */
export async function ledgerOf(area: SellerArea, month: string) {
  const { rows } = await area.account
    .call(withdrawalEndpoints.ledger, { params: { sellerId: area.account.user.id }, query: { month } })
    .catch((error: unknown) => {
      throw pageErrorOf(error);
    });
  return rows.map((row) => ({
    ...row,
    date: dateTime(row.createdAt),
    availableOn: row.availableAt ? longDate(row.availableAt) : null,
  }));
}

/** The newest requests the page lists; finished ones are archived to make room. */
const REQUESTS_SHOWN = 50;

/** Everything the page shows, for the filters in its address (`?status=&month=`). */
export async function loadPayments(area: SellerArea, url: URL, now: Date) {
  const filter = withdrawalFilterOf(url.searchParams.get("status"));
  const month = chosenMonth(url.searchParams.get("month"), now);
  const userId = area.account.user.id;
  const query = filter === "archivados" ? { archived: "1" } : { status: filter || undefined };
  const [balances, payout, requests, pending, ledger] = await Promise.all([
    balancesOf(area),
    area.account.call(withdrawalEndpoints.payoutMethod),
    area.account.call(withdrawalEndpoints.list, { params: { userId }, query: { ...query, parPage: REQUESTS_SHOWN } }),
    // 'Solicitud Enviada' while any request waits, whatever the list's filter.
    area.account.call(withdrawalEndpoints.list, { params: { userId }, query: { status: "pendiente", parPage: 1 } }),
    ledgerOf(area, month),
  ]).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    balances,
    payoutMethod: payout.payoutMethod,
    filter,
    month,
    months: recentMonths(now),
    statement: statementPath(month),
    constraints: formConstraints({
      transfer: transferFormSchema,
      pagoMovil: pagoMovilFormSchema,
      withdraw: withdrawFormSchema,
      archive: archiveFormSchema,
    }),
    pendingRequests: pending.totalWithdrawal,
    requests: requests.withdrawals.map((request) => ({
      ...request,
      requestedOn: dateTime(request.createdAt),
      decidedOn: request.decidedAt ? dateTime(request.decidedAt) : null,
    })),
    totalRequests: requests.totalWithdrawal,
    ledger,
  };
}

/**
 * The page's forms: the payout method (one form per kind), a withdrawal, archiving a finished
 * request. Each success goes back to the page, its filters kept, with the API's message as a flash.
 */
export async function paymentsAction(args: RequestArgs, area: SellerArea) {
  const url = new URL(args.request.url);
  const back = `${url.pathname}${url.search}`;
  const form = await parseIntentForm(args.request, PAYMENT_FORMS, {
    target: (formData) =>
      formData.get("intent") === paymentIntents.archive ? String(formData.get("withdrawalId") ?? "") : undefined,
  });
  if (!form.ok) return form.answer;
  try {
    switch (form.intent) {
      case paymentIntents.archive:
        await area.account.call(withdrawalEndpoints.archive, { params: { id: form.value.withdrawalId } });
        return redirectWithFlash(args.context, back, { kind: "success", message: WITHDRAWAL_ARCHIVED });
      case paymentIntents.withdraw: {
        const { message } = await area.account.call(withdrawalEndpoints.withdraw, {
          body: { amount: form.value.amount },
        });
        return redirectWithFlash(args.context, back, { kind: "success", message });
      }
      case paymentIntents.saveTransfer:
      case paymentIntents.savePagoMovil: {
        const { message } = await area.account.call(withdrawalEndpoints.savePayoutMethod, { body: form.value });
        return redirectWithFlash(args.context, back, { kind: "success", message });
      }
    }
  } catch (error) {
    const target = form.intent === paymentIntents.archive ? form.value.withdrawalId : undefined;
    const fields =
      form.intent === paymentIntents.withdraw
        ? ["amount"]
        : form.intent === paymentIntents.archive
          ? []
          : ["holder", "bank", "account", "phone", "idDocument"];
    return answerRefused(error, form, { fields, target });
  }
}

// ---- The monthly statement (CSV) ----------------------------------------------------------------

const STATEMENT_COLUMNS: CsvColumn[] = [
  { header: "Fecha" },
  { header: "Tipo" },
  { header: "Concepto", text: true },
  { header: "Pedido" },
  { header: "Total de la venta" },
  { header: "Comisión" },
  { header: "Importe" },
  { header: "Disponible desde" },
];

/** The month's ledger rows as a spreadsheet (csvText says the format). */
export function statementCsv(rows: (LedgerRow & { date: string; availableOn: string | null })[]): string {
  return csvText(
    STATEMENT_COLUMNS,
    rows.map((row) => [
      row.date,
      LEDGER_KIND_LABELS[row.kind],
      row.reason,
      row.orderNumber ? `#${row.orderNumber}` : "",
      row.saleTotal === null ? "" : formatPrice(row.saleTotal),
      row.commission === null ? "" : formatPrice(row.commission),
      formatPrice(row.amount),
      row.kind === "venta" ? (row.availableOn ?? "Cuando se entregue") : "",
    ]),
  );
}

/** The statement's download address for a month. */
export function statementPath(month: string): string {
  return `${sellerPaths.paymentsStatement}?${new URLSearchParams({ month })}`;
}
