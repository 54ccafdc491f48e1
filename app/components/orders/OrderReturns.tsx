import type { ReactNode } from "react";
import { PAYMENT_METHOD_LABELS } from "#contract/order-labels";
import { RETURN_STATUS_LABELS } from "#contract/return-labels";
import { FormAlert } from "~/components/forms/fields";
import { Card } from "~/components/ui/Card";
import { Notice } from "~/components/ui/Notice";
import type { FieldConstraints } from "~/forms/use-schema-form";
import type { ListedReturn, ListedReturnablePart, OrderReturns } from "~/services/order-returns.server";
import { formatPrice } from "~/services/money";

/** Who reads a part's returns: its customer, the shop's seller, or an admin. */
export type ReturnReader = "cliente" | "tienda" | "admin";

/** Each return form's constraints (RETURN_FORM_SCHEMAS), from the page's loader. */
export type ReturnConstraints = Record<"request" | "answer" | "received", FieldConstraints>;

/** The form's refusal: the conflict the page's action said (notice), or the form's own errors. */
export function Refusal({ notice, id, errors }: { notice?: string | null; id: string; errors?: string[] }) {
  return notice ? (
    <Notice tone="error" id={id}>
      {notice}
    </Notice>
  ) : (
    <FormAlert id={id} errors={errors} />
  );
}

/** One return: its state, lines, reason, answer and refund, and the forms the reader may use on it now. */
function ReturnItem({
  orderReturn,
  reader,
  actions,
}: {
  orderReturn: ListedReturn;
  reader: ReturnReader;
  actions?: ReactNode;
}) {
  const refund = orderReturn.refund;
  return (
    <li data-testid="order-return" className="min-w-0 space-y-2 rounded-xl border border-slate-200 bg-white p-3">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <strong className="text-slate-900">{RETURN_STATUS_LABELS[orderReturn.status]}</strong>
        <span>Pedida el {orderReturn.askedAt}</span>
      </p>
      <ul className="text-sm text-slate-900" aria-label="Productos que se devuelven">
        {orderReturn.lines.map((line) => (
          <li key={line.orderItemId} className="break-words">
            {line.name}
            {line.size ? ` · talla ${line.size}` : ""} × {line.quantity}
          </li>
        ))}
      </ul>
      <p className="whitespace-pre-wrap break-words text-sm text-slate-800">
        <strong>Motivo:</strong> {orderReturn.reason}
      </p>
      {orderReturn.instructions ? (
        <p className="whitespace-pre-wrap break-words text-sm text-slate-800" data-testid="return-instructions">
          <strong>Cómo devolverlo:</strong> {orderReturn.instructions}
          {orderReturn.answeredBy === "admin" ? " (lo decidió Mercado Pádel)" : ""}
        </p>
      ) : null}
      {orderReturn.refusal ? (
        <p className="whitespace-pre-wrap break-words text-sm text-slate-800" data-testid="return-refusal">
          <strong>Motivo del rechazo:</strong> {orderReturn.refusal}
          {orderReturn.answeredBy === "admin" ? " (lo decidió Mercado Pádel)" : ""}
        </p>
      ) : null}
      {refund ? (
        <p className="text-sm font-semibold text-slate-900" data-testid="return-refund">
          {reader === "cliente" ? "Te devolvimos " : "Reembolsado: "}
          {formatPrice(refund.amount)} ({PAYMENT_METHOD_LABELS[refund.method]}).
          {refund.shipping > 0 ? ` Incluye el envío (${formatPrice(refund.shipping)}).` : ""}
          {orderReturn.receivedBy === "admin" ? " Lo dio por recibido Mercado Pádel en lugar de la tienda." : ""}
        </p>
      ) : null}
      {orderReturn.status === "solicitada" && reader === "admin" && !orderReturn.adminMayAnswer ? (
        <p className="text-sm text-slate-700">
          La tienda tiene hasta el {orderReturn.adminMayAnswerOn} para contestar; después puedes decidir tú.
        </p>
      ) : null}
      {orderReturn.status === "aceptada" && reader === "admin" && !orderReturn.adminMayReceive ? (
        <p className="text-sm text-slate-700">
          La tienda tiene hasta el {orderReturn.adminMayReceiveOn} para marcarla como recibida; después puedes hacerlo
          tú.
        </p>
      ) : null}
      {actions}
    </li>
  );
}

/**
 * One shop part's returns, newest first, each with the forms the reader may use on it now
 * (`actions`), and the customer's request form (`request`) while the part may take one.
 */
export function PartReturns({
  returns,
  shopOrderId,
  reader,
  actions,
  request,
}: {
  returns: OrderReturns;
  shopOrderId: string;
  reader: ReturnReader;
  actions?: (orderReturn: ListedReturn) => ReactNode;
  request?: (part: ListedReturnablePart, key: number) => ReactNode;
}) {
  const part = returns.parts.find((candidate) => candidate.shopOrderId === shopOrderId);
  const list = returns.returns.filter((orderReturn) => orderReturn.shopOrderId === shopOrderId);
  const canRequest = request !== undefined && part?.canRequest === true;
  if (list.length === 0 && !canRequest) return null;
  const headingId = `devoluciones-${shopOrderId}`;
  return (
    <div data-testid="order-returns" className="min-w-0">
      <Card tone="muted" title="Devoluciones" titleId={headingId} headingLevel={3}>
        <div className="space-y-4">
          {list.length > 0 ? (
            <ol className="space-y-3" aria-labelledby={headingId}>
              {list.map((orderReturn) => (
                <ReturnItem
                  key={orderReturn._id}
                  orderReturn={orderReturn}
                  reader={reader}
                  actions={actions?.(orderReturn)}
                />
              ))}
            </ol>
          ) : null}
          {canRequest ? request(part, list.length) : null}
        </div>
      </Card>
    </div>
  );
}
