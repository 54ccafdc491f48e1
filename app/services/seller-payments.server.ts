import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { longDate, longDateTime } from "#contract/store-time";
import { WITHDRAWAL_ARCHIVED, withdrawalEndpoints, type LedgerRow } from "#contract/withdrawals";
import { LEDGER_KIND_LABELS } from "#contract/withdrawal-labels";
import { paymentIntents } from "~/components/seller/payment-intents";
import {
  archiveFormSchema,
  chosenMonth,
  pagoMovilFormSchema,
  transferFormSchema,
  withdrawalFilterOf,
  withdrawFormSchema,
} from "~/components/seller/payments-schemas";
import { sellerPaths } from "~/components/seller/seller-paths";
import { refusalOf } from "./account.server";
import { forbidden, pageErrorOf } from "./admin.server";
import { ApiError } from "./api.server";
import type { RequestArgs } from "./auth.server";
import { readForm } from "./form.server";
import { logError } from "./log.server";
import { formatPrice } from "./money";
import type { SellerArea } from "./seller.server";
import { redirectWithFlash } from "./session.server";

/**
 * The seller's payments page (issue 12): balances, payout method, withdrawal requests and the
 * shop's ledger rows of a month, and its forms' actions. The statement (CSV) is built here too.
 */

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
    date: longDateTime(row.createdAt),
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
    pendingRequests: pending.totalWithdrawal,
    requests: requests.withdrawals.map((request) => ({
      ...request,
      requestedOn: longDateTime(request.createdAt),
      decidedOn: request.decidedAt ? longDateTime(request.decidedAt) : null,
    })),
    totalRequests: requests.totalWithdrawal,
    ledger,
  };
}

/** What a refused form answers: its errors, for the form its intent names. */
export interface PaymentsRefusal {
  intent: string;
  /** The request a refused archive button belongs to. */
  target?: string;
  result: SubmissionResult<string[]>;
}

function refused(intent: string, result: SubmissionResult<string[]>, status: number, target?: string) {
  return data<PaymentsRefusal>({ intent, result, target }, { status });
}

/**
 * The page's forms: the payout method (one form per kind), a withdrawal, archiving a finished
 * request. Each success goes back to the page, its filters kept, with the API's message as a flash.
 */
export async function paymentsAction(args: RequestArgs, area: SellerArea) {
  const url = new URL(args.request.url);
  const back = `${url.pathname}${url.search}`;
  const formData = await readForm(args.request);
  const intent = String(formData.get("intent") ?? "");

  const schema =
    intent === paymentIntents.saveTransfer
      ? transferFormSchema
      : intent === paymentIntents.savePagoMovil
        ? pagoMovilFormSchema
        : intent === paymentIntents.withdraw
          ? withdrawFormSchema
          : intent === paymentIntents.archive
            ? archiveFormSchema
            : null;
  if (!schema) throw new Response(null, { status: 400, statusText: "Acción no válida" });
  const submission = parseWithZod(formData, { schema });
  const target = intent === paymentIntents.archive ? String(formData.get("withdrawalId") ?? "") : undefined;
  if (submission.status !== "success") return refused(intent, submission.reply(), 400, target);

  try {
    const value = submission.value;
    let message: string;
    if ("withdrawalId" in value) {
      await area.account.call(withdrawalEndpoints.archive, { params: { id: value.withdrawalId } });
      message = WITHDRAWAL_ARCHIVED;
    } else if ("amount" in value) {
      message = (await area.account.call(withdrawalEndpoints.withdraw, { body: { amount: value.amount } })).message;
    } else {
      message = (await area.account.call(withdrawalEndpoints.savePayoutMethod, { body: value })).message;
    }
    return redirectWithFlash(args.context, back, { kind: "success", message });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) throw forbidden();
    const fields =
      intent === paymentIntents.withdraw
        ? ["amount"]
        : intent === paymentIntents.archive
          ? []
          : ["holder", "bank", "account", "phone", "idDocument"];
    const { status, formErrors, fieldErrors } = refusalOf(error, fields);
    return refused(intent, submission.reply({ formErrors, fieldErrors }), status, target);
  }
}

// ---- The monthly statement (CSV) ----------------------------------------------------------------

/** A spreadsheet would run a cell starting with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string, { text = false } = {}): string {
  const safe = text && FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

const STATEMENT_COLUMNS = [
  "Fecha",
  "Tipo",
  "Concepto",
  "Pedido",
  "Total de la venta",
  "Comisión",
  "Importe",
  "Disponible desde",
];

/**
 * The month's ledger rows as CSV for a spreadsheet: UTF-8 with a BOM (so Excel reads the accents),
 * semicolons between cells (the amounts carry decimal commas, in the store's money format) and CRLF
 * line ends; text cells that look like formulas are quoted with an apostrophe.
 */
export function statementCsv(rows: (LedgerRow & { date: string; availableOn: string | null })[]): string {
  const lines = [
    STATEMENT_COLUMNS.map((column) => cell(column)).join(";"),
    ...rows.map((row) =>
      [
        cell(row.date),
        cell(LEDGER_KIND_LABELS[row.kind]),
        cell(row.reason, { text: true }),
        cell(row.orderNumber ? `#${row.orderNumber}` : ""),
        cell(row.saleTotal === null ? "" : formatPrice(row.saleTotal)),
        cell(row.commission === null ? "" : formatPrice(row.commission)),
        cell(formatPrice(row.amount)),
        cell(row.kind === "venta" ? (row.availableOn ?? "Cuando se entregue") : ""),
      ].join(";"),
    ),
  ];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** The statement's download address for a month. */
export function statementPath(month: string): string {
  return `${sellerPaths.paymentsStatement}?${new URLSearchParams({ month })}`;
}
