import { z } from "zod";
import { uuid } from "#contract/fields";
import { typedDollars } from "#contract/money";
import { storeMonth } from "#contract/store-time";
import {
  bankTransferDetails,
  MONTH_PATTERN,
  pagoMovilDetails,
  WITHDRAWAL_AMOUNT_MISSING,
  WITHDRAWAL_NOT_FOUND,
  withdrawalAmount,
  withdrawBody,
} from "#contract/withdrawals";
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from "#contract/withdrawal-labels";

// The payments page's forms (issue 12). Their intents are in payment-intents.ts, which the page imports without loading zod.

/** The bank transfer form: the API's own fields and rules, `kind` fixed by the form. */
export const transferFormSchema = bankTransferDetails.extend({ kind: z.literal("transferencia") });

/** The Pago Móvil form. */
export const pagoMovilFormSchema = pagoMovilDetails.extend({ kind: z.literal("pago_movil") });

/** The withdrawal form: the amount typed in dollars ('45,50'), sent in cents and checked by the API's rule. */
export const withdrawFormSchema = withdrawBody.extend({
  amount: typedDollars(WITHDRAWAL_AMOUNT_MISSING, withdrawalAmount),
});

/** The archive button of one finished request. */
export const archiveFormSchema = z.object({ withdrawalId: uuid(WITHDRAWAL_NOT_FOUND) });

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
