import { z } from "zod";
import { isoDateTime, objectExpected, queryChoice, queryPage, queryPageSize, requiredText, uuid } from "./fields";
import { endpoint, noBody, noInput } from "./http";
import { INVALID_USER } from "./messages";
import { MAX_PRICE_CENTS } from "./limits";
import { LEDGER_KINDS, WITHDRAWAL_STATUSES } from "./withdrawal-labels";

/**
 * Sellers get paid (issue 12, SPEC.md sections 3, 4, 7 and 8): the balances of a seller's shop as
 * the ledger gives them (docs/api/money.md, "Seller money"), their payout method, withdrawal requests, the
 * admin's confirmation (with the transfer's reference) or rejection (with a reason), archiving, and
 * the ledger rows of the shop for the page and the monthly statement. Money is integer cents (USD).
 */

// ---- Statuses -----------------------------------------------------------------------------------

/** The values and names of statuses and payout kinds are withdrawal-labels.ts's (no zod there, for the pages). */
export const withdrawalStatus = z.enum(WITHDRAWAL_STATUSES);

// ---- Messages -----------------------------------------------------------------------------------

export const WITHDRAWAL_ARCHIVED = "Retiro archivado exitosamente";
export const WITHDRAWAL_REQUESTED = "Solicitud de retiro enviada. La administración te avisará cuando la pague.";
export const WITHDRAWAL_CONFIRMED = "Retiro confirmado como pagado.";
export const WITHDRAWAL_REJECTED = "Retiro rechazado: el importe vuelve a estar disponible para el vendedor.";
export const PAYOUT_METHOD_SAVED = "Método de cobro guardado.";
export const WITHDRAWAL_NOT_FOUND = "Retiro no encontrado.";
export const WITHDRAWAL_ALREADY_DECIDED = "Este retiro ya fue decidido.";
export const WITHDRAWAL_NOT_FINISHED = "Solo puedes archivar retiros pagados o rechazados.";
export const WITHDRAWAL_ALREADY_ARCHIVED = "Este retiro ya está archivado.";
export const NO_PAYOUT_METHOD = "Guarda primero tu método de cobro: allí enviaremos el dinero.";
export const NO_APPROVED_SHOP = "Solo una tienda aprobada puede pedir retiros.";
export const BALANCES_NOT_YOURS = "Solo puedes ver los saldos de tu propia tienda.";
export const WITHDRAWAL_AMOUNT_MISSING = "Escribe el importe que quieres retirar.";

/** The refusal of an amount above what may be withdrawn now. */
export function moreThanAvailable(available: string): string {
  return `No puedes retirar más de lo disponible (${available}).`;
}

/** The refusal of an amount under the store's minimum. */
export function belowMinimum(minimum: string): string {
  return `El retiro mínimo es de ${minimum}.`;
}

// ---- Payout method ------------------------------------------------------------------------------

export const PAYOUT_TEXT_MAX_LENGTH = 80;

const payoutText = (missing: string) =>
  requiredText(missing, PAYOUT_TEXT_MAX_LENGTH, `Escribe como máximo ${PAYOUT_TEXT_MAX_LENGTH} caracteres.`);

/** True when `iban` (spaces removed, upper case) passes the ISO 13616 mod-97 check. */
export function ibanIsValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

const ACCOUNT_MESSAGE =
  "Escribe un IBAN válido (por ejemplo ES91 2100 0418 4502 0005 1332) o una cuenta venezolana de 20 dígitos.";

/** An IBAN (checked) or a Venezuelan 20-digit account, stored without spaces or dashes. */
const bankAccount = z
  .string({ required_error: ACCOUNT_MESSAGE, invalid_type_error: ACCOUNT_MESSAGE })
  .trim()
  .min(1, "Escribe la cuenta o el IBAN.")
  .max(60, ACCOUNT_MESSAGE)
  .transform((account) => account.replace(/[\s-]/g, "").toUpperCase())
  .refine((account) => /^\d{20}$/.test(account) || ibanIsValid(account), ACCOUNT_MESSAGE);

const MOBILE_MESSAGE = "Escribe un móvil venezolano, por ejemplo 0414-1234567.";

/** A Venezuelan mobile (0412, 0414, 0416, 0424, 0426), stored as 0414-1234567. */
const venezuelanMobile = z
  .string({ required_error: MOBILE_MESSAGE, invalid_type_error: MOBILE_MESSAGE })
  .trim()
  .max(20, MOBILE_MESSAGE)
  .transform((phone) => phone.replace(/[\s().-]/g, "").replace(/^\+?58/, "0"))
  .refine((phone) => /^04(12|14|16|24|26)\d{7}$/.test(phone), MOBILE_MESSAGE)
  .transform((phone) => `${phone.slice(0, 4)}-${phone.slice(4)}`);

const ID_DOCUMENT_MESSAGE = "Escribe la cédula con su letra, por ejemplo V-12345678.";

/** A Venezuelan ID (V or E, 6 to 9 digits), stored as V-12345678. */
const idDocument = z
  .string({ required_error: ID_DOCUMENT_MESSAGE, invalid_type_error: ID_DOCUMENT_MESSAGE })
  .trim()
  .max(20, ID_DOCUMENT_MESSAGE)
  .transform((id) => id.replace(/[\s.-]/g, "").toUpperCase())
  .refine((id) => /^[VE]\d{6,9}$/.test(id), ID_DOCUMENT_MESSAGE)
  .transform((id) => `${id[0]}-${id.slice(1)}`);

export const bankTransferDetails = z.object({
  holder: payoutText("Escribe el nombre del titular de la cuenta."),
  bank: payoutText("Escribe el nombre del banco."),
  account: bankAccount,
});

export const pagoMovilDetails = z.object({
  bank: payoutText("Escribe el nombre del banco."),
  phone: venezuelanMobile,
  idDocument,
});

const KIND_MESSAGE = "Elige transferencia bancaria o Pago Móvil.";

/** Where the seller's withdrawals are paid (one per seller; saving replaces it). */
export const payoutMethodBody = z.discriminatedUnion(
  "kind",
  [
    bankTransferDetails.extend({ kind: z.literal("transferencia") }),
    pagoMovilDetails.extend({ kind: z.literal("pago_movil") }),
  ],
  { errorMap: () => ({ message: KIND_MESSAGE }) },
);
export type PayoutMethodBody = z.infer<typeof payoutMethodBody>;

export const payoutMethod = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("transferencia"), holder: z.string(), bank: z.string(), account: z.string() }),
  z.object({ kind: z.literal("pago_movil"), bank: z.string(), phone: z.string(), idDocument: z.string() }),
]);
export type PayoutMethod = z.infer<typeof payoutMethod>;

export const payoutMethodAnswer = z.object({ payoutMethod: payoutMethod.nullable() });
export type PayoutMethodAnswer = z.infer<typeof payoutMethodAnswer>;
export const payoutMethodSavedAnswer = z.object({ message: z.string(), payoutMethod });

// ---- Balances -----------------------------------------------------------------------------------

/** GET /payment/withdrawal-balance/{id} and GET /withdrawals-balance/{sellerId}: the same answer (spec names and spellings). */
export const withdrawalBalances = z.object({
  /** Net earnings ever: sales less commission, less cancelled ones. */
  totalAmount: z.number().int(),
  /** What may be requested now. */
  availableAmount: z.number().int(),
  /** Confirmed (paid out) withdrawals. */
  withdrowAmount: z.number().int(),
  /** Earnings not yet available (README "Money rules"): not shipped, or still within the wait after receipt or shipping. */
  pendingAmount: z.number().int(),
  /** Requested plus confirmed. */
  amountWithdrawn: z.number().int(),
  /** Requests waiting for the admin. */
  requestedAmount: z.number().int(),
});
export type WithdrawalBalances = z.infer<typeof withdrawalBalances>;

export const withdrawalBalancesAnswer = z.object({
  withdrawalBalances,
  /**
   * The store's rules, so the page states them: the smallest request, and the days after the
   * customer confirms receipt, or else after shipping, before a sale is available.
   */
  minimumAmount: z.number().int(),
  availableAfterDays: z.number().int(),
  availableAfterShipmentDays: z.number().int(),
});
export type WithdrawalBalancesAnswer = z.infer<typeof withdrawalBalancesAnswer>;

export const balanceParams = z.object({ id: uuid(INVALID_USER) });
export const sellerBalanceParams = z.object({ sellerId: uuid(INVALID_USER) });

// ---- Requests -----------------------------------------------------------------------------------

/** The amount asked for, in cents. */
export const withdrawalAmount = z
  .number({ required_error: WITHDRAWAL_AMOUNT_MISSING, invalid_type_error: WITHDRAWAL_AMOUNT_MISSING })
  .int("El importe no es válido.")
  .min(1, "El importe debe ser mayor que cero.")
  .max(MAX_PRICE_CENTS, "El importe no es válido.");

export const withdrawBody = z.object({ amount: withdrawalAmount }, objectExpected(WITHDRAWAL_AMOUNT_MISSING));
export type WithdrawBody = z.infer<typeof withdrawBody>;

export const withdrawal = z.object({
  _id: z.string(),
  amount: z.number().int(),
  status: withdrawalStatus,
  /** The payout method as it was when the request was made. */
  payout: payoutMethod,
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  archived: z.boolean(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

export const withdrawalCreatedAnswer = z.object({ message: z.string(), withdrawal });

export const WITHDRAWALS_PER_PAGE = 20;
export const MAX_WITHDRAWALS_PER_PAGE = 100;

const STATUS_MESSAGE = `Estado no válido: usa ${WITHDRAWAL_STATUSES.join(", ")}.`;

export const withdrawalsParams = z.object({ userId: uuid(INVALID_USER) });
export const withdrawalsQuery = z.object({
  status: queryChoice(WITHDRAWAL_STATUSES, STATUS_MESSAGE),
  /** "1": only the archived ones; otherwise only those not archived. */
  archived: queryChoice(["1"], "Usa archived=1 para ver los archivados."),
  page: queryPage(),
  parPage: queryPageSize(MAX_WITHDRAWALS_PER_PAGE, WITHDRAWALS_PER_PAGE),
});
export type WithdrawalsQuery = z.output<typeof withdrawalsQuery>;

export const withdrawalsAnswer = z.object({
  withdrawals: z.array(withdrawal),
  totalWithdrawal: z.number().int(),
  page: z.number().int(),
  parPage: z.number().int(),
});
export type WithdrawalsAnswer = z.infer<typeof withdrawalsAnswer>;

export const withdrawalParams = z.object({ id: uuid(WITHDRAWAL_NOT_FOUND) });

// ---- Admin --------------------------------------------------------------------------------------

export const REFERENCE_MAX_LENGTH = 60;
export const REJECTION_REASON_MIN_LENGTH = 5;
export const REJECTION_REASON_MAX_LENGTH = 500;

const PAYMENT_ID_MESSAGE = "El retiro no es válido.";

const transferReference = requiredText(
  "Escribe la referencia de la transferencia.",
  REFERENCE_MAX_LENGTH,
  `La referencia admite hasta ${REFERENCE_MAX_LENGTH} caracteres.`,
);

/**
 * POST /payment/request-confirm: `paymentId` is the withdrawal's id (spec name); `reference` the
 * transfer's. SPEC.md section 7 sends only `{paymentId}`: without a reference the payment is
 * recorded, and audited, as confirmed without one (issue 32).
 */
export const confirmWithdrawalBody = z.object(
  { paymentId: uuid(PAYMENT_ID_MESSAGE), reference: transferReference.optional() },
  objectExpected(PAYMENT_ID_MESSAGE),
);
export type ConfirmWithdrawalBody = z.infer<typeof confirmWithdrawalBody>;

/** The admin's own form always names the transfer, so the seller can trace it. */
export const confirmWithdrawalForm = confirmWithdrawalBody.extend({ reference: transferReference });
/** The audit log's reason for such a confirmation. */
export const CONFIRMED_WITHOUT_REFERENCE = "Pagado sin referencia de la transferencia.";

export const rejectWithdrawalBody = z.object(
  {
    paymentId: uuid(PAYMENT_ID_MESSAGE),
    reason: requiredText(
      "Escribe el motivo del rechazo.",
      REJECTION_REASON_MAX_LENGTH,
      `El motivo admite hasta ${REJECTION_REASON_MAX_LENGTH} caracteres.`,
    ).refine(
      (reason) => reason.length >= REJECTION_REASON_MIN_LENGTH,
      `Explica el motivo en al menos ${REJECTION_REASON_MIN_LENGTH} caracteres.`,
    ),
  },
  objectExpected(PAYMENT_ID_MESSAGE),
);
export type RejectWithdrawalBody = z.infer<typeof rejectWithdrawalBody>;

export const withdrawalDecidedAnswer = z.object({ message: z.string(), withdrawal });

export const adminWithdrawal = withdrawal.extend({
  shop: z.object({ _id: z.string(), name: z.string() }),
  seller: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

export const adminWithdrawalsQuery = z.object({
  /** 'pendiente' when absent: what waits for the admin. */
  status: queryChoice(WITHDRAWAL_STATUSES, STATUS_MESSAGE).transform((status) => status ?? "pendiente"),
  page: queryPage(),
  parPage: queryPageSize(MAX_WITHDRAWALS_PER_PAGE, WITHDRAWALS_PER_PAGE),
});
export type AdminWithdrawalsQuery = z.output<typeof adminWithdrawalsQuery>;

export const adminWithdrawalsAnswer = z.object({
  withdrawals: z.array(adminWithdrawal),
  totalWithdrawal: z.number().int(),
  page: z.number().int(),
  parPage: z.number().int(),
});
export type AdminWithdrawalsAnswer = z.infer<typeof adminWithdrawalsAnswer>;

// ---- Ledger -------------------------------------------------------------------------------------

/** The kinds' values and names are withdrawal-labels.ts's. */
export const ledgerKind = z.enum(LEDGER_KINDS);

/** A calendar month of the store's time zone, 'YYYY-MM'. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
const MONTH_MESSAGE = "Elige un mes válido (AAAA-MM).";
export const statementMonth = z
  .string({ required_error: MONTH_MESSAGE, invalid_type_error: MONTH_MESSAGE })
  .trim()
  .regex(MONTH_PATTERN, MONTH_MESSAGE);

export const ledgerParams = z.object({ sellerId: uuid(INVALID_USER) });
export const ledgerQuery = z.object({ month: statementMonth });

export const ledgerRow = z.object({
  _id: z.string(),
  kind: ledgerKind,
  /** What the wallet got: positive in, negative out. */
  amount: z.number().int(),
  reason: z.string(),
  createdAt: isoDateTime,
  /** The order of a sale or its cancellation; null for withdrawals. */
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** A sale's part: its total (with shipping) and the commission kept; null otherwise. */
  saleTotal: z.number().int().nullable(),
  commission: z.number().int().nullable(),
  /** The withdrawal of a 'retiro' or 'retiro-rechazado' row. */
  withdrawalId: z.string().nullable(),
  /**
   * When a sale becomes withdrawable (its delivery plus the waiting days); null while it is not
   * delivered, and for every other kind (they count at once).
   */
  availableAt: isoDateTime.nullable(),
  /** A sale already withdrawable (or another kind, which counts at once). */
  available: z.boolean(),
});
export type LedgerRow = z.infer<typeof ledgerRow>;

export const ledgerAnswer = z.object({ month: z.string(), rows: z.array(ledgerRow) });
export type LedgerAnswer = z.infer<typeof ledgerAnswer>;

// ---- Endpoints ----------------------------------------------------------------------------------

/** Bearer calls. Sellers act on their own money; an admin reads anyone's and decides requests. */
export const withdrawalEndpoints = {
  balance: endpoint({
    method: "GET",
    path: "/payment/withdrawal-balance/:id",
    params: balanceParams,
    query: noInput,
    answer: withdrawalBalancesAnswer,
  }),
  sellerBalance: endpoint({
    method: "GET",
    path: "/withdrawals-balance/:sellerId",
    params: sellerBalanceParams,
    query: noInput,
    answer: withdrawalBalancesAnswer,
  }),
  payoutMethod: endpoint({ method: "GET", path: "/seller/payout-method", query: noInput, answer: payoutMethodAnswer }),
  savePayoutMethod: endpoint({
    method: "PUT",
    path: "/seller/payout-method",
    body: payoutMethodBody,
    answer: payoutMethodSavedAnswer,
  }),
  withdraw: endpoint({
    method: "POST",
    path: "/withdraw",
    body: withdrawBody,
    answer: withdrawalCreatedAnswer,
    statuses: [201],
  }),
  list: endpoint({
    method: "GET",
    path: "/withdrawals/:userId",
    params: withdrawalsParams,
    query: withdrawalsQuery,
    answer: withdrawalsAnswer,
  }),
  archive: endpoint({
    method: "PUT",
    path: "/withdrawals/archive/:id",
    params: withdrawalParams,
    body: noBody,
    answer: withdrawalDecidedAnswer,
  }),
  ledger: endpoint({
    method: "GET",
    path: "/seller/ledger/:sellerId",
    params: ledgerParams,
    query: ledgerQuery,
    answer: ledgerAnswer,
  }),
  /** Admin only. */
  adminList: endpoint({
    method: "GET",
    path: "/admin/withdrawals",
    query: adminWithdrawalsQuery,
    answer: adminWithdrawalsAnswer,
  }),
  confirm: endpoint({
    method: "POST",
    path: "/payment/request-confirm",
    body: confirmWithdrawalBody,
    answer: withdrawalDecidedAnswer,
  }),
  reject: endpoint({
    method: "POST",
    path: "/payment/request-reject",
    body: rejectWithdrawalBody,
    answer: withdrawalDecidedAnswer,
  }),
};
