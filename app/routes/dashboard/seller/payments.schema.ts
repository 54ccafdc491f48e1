import { z } from "zod";
import { uuid } from "#contract/fields";
import { typedDollars } from "#contract/money";
import {
  bankTransferDetails,
  pagoMovilDetails,
  WITHDRAWAL_AMOUNT_MISSING,
  WITHDRAWAL_NOT_FOUND,
  withdrawalAmount,
  withdrawBody,
} from "#contract/withdrawals";
import { paymentIntents } from "./payments.forms";

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

/** The page's forms by the intent their button sends (parseIntentForm). */
export const PAYMENT_FORMS = {
  [paymentIntents.saveTransfer]: transferFormSchema,
  [paymentIntents.savePagoMovil]: pagoMovilFormSchema,
  [paymentIntents.withdraw]: withdrawFormSchema,
  [paymentIntents.archive]: archiveFormSchema,
};
