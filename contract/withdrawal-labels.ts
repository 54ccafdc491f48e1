import type { PayoutMethod } from "./withdrawals";

/**
 * What the payments pages show of withdrawals, without zod: the statuses, payout kinds and ledger
 * rows with their Spanish names, and a payout method in one line. withdrawals.ts builds its
 * schemas on these.
 */

export const WITHDRAWAL_STATUSES = ["pendiente", "confirmado", "rechazado"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  pendiente: "Pendiente",
  confirmado: "Pagado",
  rechazado: "Rechazado",
};

/** What a seller and an admin read where a payment was confirmed without a transfer reference. */
export const NO_TRANSFER_REFERENCE = "sin referencia";

/** What the seller's list shows while a request waits for the admin (SPEC.md section 4). */
export const REQUEST_SENT = "Solicitud Enviada";

export const PAYOUT_KINDS = ["transferencia", "pago_movil"] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];
export const PAYOUT_KIND_LABELS: Record<PayoutKind, string> = {
  transferencia: "Transferencia bancaria",
  pago_movil: "Pago Móvil",
};

/** One line describing a payout method, for lists and notices ('Pago Móvil · Banesco · 0414-1234567'). */
export function payoutSummary(method: PayoutMethod): string {
  return method.kind === "transferencia"
    ? `${PAYOUT_KIND_LABELS.transferencia} · ${method.bank} · ${method.account} · ${method.holder}`
    : `${PAYOUT_KIND_LABELS.pago_movil} · ${method.bank} · ${method.phone} · ${method.idDocument}`;
}

export const LEDGER_KINDS = ["venta", "anulacion", "devolucion-venta", "retiro", "retiro-rechazado"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  venta: "Venta",
  anulacion: "Cancelación o reembolso",
  "devolucion-venta": "Devolución de productos",
  retiro: "Retiro solicitado",
  "retiro-rechazado": "Retiro rechazado (devuelto)",
};
