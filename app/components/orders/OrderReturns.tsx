import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { RETURN_WINDOW_DAYS } from "#contract/limits";
import { PAYMENT_METHOD_LABELS } from "#contract/order-labels";
import { REFUND_METHOD_LABELS, RETURN_STATUS_LABELS, type ReturnStatus } from "#contract/return-labels";
import { FormAlert, SubmitButton, TextareaField, TextField } from "~/components/forms/fields";
import { Badge, type BadgeTone } from "~/components/ui/Badge";
import { Card } from "~/components/ui/Card";
import { Notice } from "~/components/ui/Notice";
import { useFormAnswer } from "~/forms/form-answer";
import { orderReturnIntents, orderReturnSchemas } from "~/forms/order-return.forms";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import type { ListedReturn, ListedReturnablePart, OrderReturns } from "~/services/order-returns.server";
import { formatPrice } from "~/services/money";

export const ORDER_RETURNS_LOAD_ERROR =
  "No se pudieron cargar las devoluciones. Recarga la página para intentarlo otra vez.";

/** Who reads a part's returns: its customer, the shop's seller, or an admin. */
export type ReturnReader = "cliente" | "tienda" | "admin";

/** Each return form's constraints (RETURN_FORM_SCHEMAS), from the page's loader. */
export type ReturnConstraints = Record<"request" | "accept" | "refuse" | "received", FieldConstraints>;

const STATUS_TONES: Record<ReturnStatus, BadgeTone> = {
  solicitada: "warning",
  aceptada: "info",
  rechazada: "danger",
  reembolsada: "success",
};

/** The form's refusal: the conflict the page's action said (notice), or the form's own errors. */
function Refusal({ notice, id, errors }: { notice?: string | null; id: string; errors?: string[] }) {
  return notice ? (
    <Notice tone="error" id={id}>
      {notice}
    </Notice>
  ) : (
    <FormAlert id={id} errors={errors} />
  );
}

/** «Devolver productos»: how many units of each line, and why. Works as a plain POST. */
function RequestForm({ part, constraint }: { part: ListedReturnablePart; constraint: FieldConstraints }) {
  const reply = useFormAnswer(orderReturnIntents.request, part.shopOrderId);
  const returnable = part.lines.filter((line) => line.returnable > 0);
  const [form, fields] = useSchemaForm(
    { constraint, load: orderReturnSchemas.request },
    {
      id: `devolucion-${part.shopOrderId}`,
      lastResult: reply?.result,
      defaultValue: {
        shopOrderId: part.shopOrderId,
        lines: returnable.map((line) => ({ orderItemId: line.orderItemId, quantity: "0" })),
      },
    },
  );
  const { key, ...shopOrderInput } = getInputProps(fields.shopOrderId, { type: "hidden" });
  const lineFields = fields.lines.getFieldList();
  const legendId = `devolucion-lineas-${part.shopOrderId}`;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-4"
      aria-label={`Devolver productos de ${part.shopName}`}
    >
      <Refusal notice={reply?.notice} id={form.errorId} errors={form.errors} />
      <input key={key} {...shopOrderInput} />
      <fieldset className="space-y-3" aria-describedby={fields.lines.errorId}>
        <legend id={legendId} className="font-semibold text-slate-900">
          ¿Cuántas unidades devuelves de cada producto?
        </legend>
        {returnable.map((line, index) => {
          const item = lineFields[index]!.getFieldset();
          const { key: itemKey, ...itemInput } = getInputProps(item.orderItemId, { type: "hidden" });
          return (
            <div key={line.orderItemId}>
              <input key={itemKey} {...itemInput} />
              <TextField
                type="number"
                min={0}
                max={line.returnable}
                inputMode="numeric"
                label={`${line.name}${line.size ? ` · talla ${line.size}` : ""}`}
                hint={`Puedes devolver hasta ${line.returnable}.`}
                meta={item.quantity}
              />
            </div>
          );
        })}
      </fieldset>
      <TextareaField label="¿Por qué lo devuelves?" meta={fields.reason} rows={3} />
      <SubmitButton
        intent={orderReturnIntents.request}
        record={{ name: "shopOrderId", value: part.shopOrderId }}
        pending="Enviando…"
        wide={false}
      >
        Devolver productos
      </SubmitButton>
    </Form>
  );
}

/** Accept (with the instructions) or refuse (with the reason) a requested return: two plain forms. */
function AnswerForms({ orderReturn, constraints }: { orderReturn: ListedReturn; constraints: ReturnConstraints }) {
  const record = { name: "returnId", value: orderReturn._id };
  const acceptReply = useFormAnswer(orderReturnIntents.accept, orderReturn._id);
  const refuseReply = useFormAnswer(orderReturnIntents.refuse, orderReturn._id);
  const [accept, acceptFields] = useSchemaForm(
    { constraint: constraints.accept, load: orderReturnSchemas.accept },
    { id: `aceptar-${orderReturn._id}`, lastResult: acceptReply?.result, defaultValue: { returnId: orderReturn._id } },
  );
  const [refuse, refuseFields] = useSchemaForm(
    { constraint: constraints.refuse, load: orderReturnSchemas.refuse },
    { id: `rechazar-${orderReturn._id}`, lastResult: refuseReply?.result, defaultValue: { returnId: orderReturn._id } },
  );
  const { key: acceptKey, ...acceptId } = getInputProps(acceptFields.returnId, { type: "hidden" });
  const { key: refuseKey, ...refuseId } = getInputProps(refuseFields.returnId, { type: "hidden" });
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Form method="post" {...getFormProps(accept)} className="space-y-3" aria-label="Aceptar la devolución">
        <Refusal notice={acceptReply?.notice} id={accept.errorId} errors={accept.errors} />
        <input key={acceptKey} {...acceptId} />
        <TextareaField
          label="Instrucciones para devolverlo"
          hint="Dirección, transportista y plazo: el cliente las leerá tal cual."
          meta={acceptFields.instructions}
          rows={3}
        />
        <SubmitButton intent={orderReturnIntents.accept} record={record} pending="Aceptando…" wide={false}>
          Aceptar la devolución
        </SubmitButton>
      </Form>
      <Form method="post" {...getFormProps(refuse)} className="space-y-3" aria-label="Rechazar la devolución">
        <Refusal notice={refuseReply?.notice} id={refuse.errorId} errors={refuse.errors} />
        <input key={refuseKey} {...refuseId} />
        <TextareaField label="Motivo del rechazo" meta={refuseFields.reason} rows={3} />
        <SubmitButton
          intent={orderReturnIntents.refuse}
          record={record}
          pending="Rechazando…"
          variant="secondary"
          wide={false}
        >
          Rechazar la devolución
        </SubmitButton>
      </Form>
    </div>
  );
}

/** The seller's «Recibido»: the refund is made at once. */
function ReceivedForm({ orderReturn, constraint }: { orderReturn: ListedReturn; constraint: FieldConstraints }) {
  const reply = useFormAnswer(orderReturnIntents.received, orderReturn._id);
  const [form, fields] = useSchemaForm(
    { constraint, load: orderReturnSchemas.received },
    { id: `recibida-${orderReturn._id}`, lastResult: reply?.result, defaultValue: { returnId: orderReturn._id } },
  );
  const { key, ...returnInput } = getInputProps(fields.returnId, { type: "hidden" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" aria-label="Marcar la devolución como recibida">
      <Refusal notice={reply?.notice} id={form.errorId} errors={form.errors} />
      <input key={key} {...returnInput} />
      <p className="text-slate-700">
        Cuando te lleguen los productos, márcalos como recibidos: el reembolso al cliente se hace en ese momento y se
        descuenta de tu cartera.
      </p>
      <SubmitButton
        intent={orderReturnIntents.received}
        record={{ name: "returnId", value: orderReturn._id }}
        pending="Reembolsando…"
        wide={false}
      >
        Recibido
      </SubmitButton>
    </Form>
  );
}

/** One return: its state, lines, reason, answer and refund, and the forms the reader may use on it now. */
function ReturnItem({
  orderReturn,
  reader,
  constraints,
}: {
  orderReturn: ListedReturn;
  reader: ReturnReader;
  constraints?: ReturnConstraints;
}) {
  const refund = orderReturn.refund;
  const canAnswer =
    orderReturn.status === "solicitada" && (reader === "tienda" || (reader === "admin" && orderReturn.adminMayAnswer));
  return (
    <li data-testid="order-return" className="min-w-0 space-y-2 rounded-xl border border-slate-200 bg-white p-3">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <Badge tone={STATUS_TONES[orderReturn.status]}>{RETURN_STATUS_LABELS[orderReturn.status]}</Badge>
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
          {reader === "cliente"
            ? `Te devolvimos ${formatPrice(refund.amount)} ${REFUND_METHOD_LABELS[refund.method]}.`
            : `Reembolsado: ${formatPrice(refund.amount)} (${PAYMENT_METHOD_LABELS[refund.method]}); ` +
              `se descontaron ${formatPrice(refund.sellerReversal)} de la cartera de la tienda.`}
          {refund.shipping > 0 ? ` Incluye el envío (${formatPrice(refund.shipping)}).` : ""}
        </p>
      ) : null}
      {orderReturn.status === "solicitada" && reader === "admin" && !orderReturn.adminMayAnswer ? (
        <p className="text-sm text-slate-700">
          La tienda tiene hasta el {orderReturn.adminMayAnswerOn} para contestar; después puedes decidir tú.
        </p>
      ) : null}
      {constraints && canAnswer ? <AnswerForms orderReturn={orderReturn} constraints={constraints} /> : null}
      {constraints && reader === "tienda" && orderReturn.status === "aceptada" ? (
        <ReceivedForm orderReturn={orderReturn} constraint={constraints.received} />
      ) : null}
    </li>
  );
}

/**
 * One shop part's returns, newest first, and for its customer the «Devolver productos» form while the
 * part may take one. Forms are there when `constraints` is given (a suspended shop's seller only reads).
 */
export function PartReturns({
  returns,
  shopOrderId,
  reader,
  constraints,
}: {
  returns: OrderReturns;
  shopOrderId: string;
  reader: ReturnReader;
  constraints?: ReturnConstraints;
}) {
  const part = returns.parts.find((candidate) => candidate.shopOrderId === shopOrderId);
  const list = returns.returns.filter((orderReturn) => orderReturn.shopOrderId === shopOrderId);
  const canRequest = reader === "cliente" && constraints !== undefined && part?.canRequest === true;
  if (list.length === 0 && !canRequest) return null;
  const headingId = `devoluciones-${shopOrderId}`;
  return (
    <div data-testid="order-returns" className="min-w-0">
      <Card tone="muted" title="Devoluciones" titleId={headingId} headingLevel={3}>
        <div className="space-y-4">
          {list.length > 0 ? (
            <ol className="space-y-3" aria-labelledby={headingId}>
              {list.map((orderReturn) => (
                <ReturnItem key={orderReturn._id} orderReturn={orderReturn} reader={reader} constraints={constraints} />
              ))}
            </ol>
          ) : null}
          {canRequest && part ? (
            <>
              <p className="text-slate-700">
                Tienes {RETURN_WINDOW_DAYS} días desde la entrega para devolver productos: hasta el{" "}
                {part.returnableUntilOn}. La tienda te dirá cómo enviarlos y, cuando los reciba, te devolvemos el
                dinero.
              </p>
              <RequestForm key={list.length} part={part} constraint={constraints!.request} />
            </>
          ) : null}
        </div>
      </Card>
    </div>
  );
}

/** Where the returns could not be read: the rest of the order still shows. */
export function OrderReturnsUnavailable() {
  return (
    <p role="alert" className="font-medium text-red-800">
      {ORDER_RETURNS_LOAD_ERROR}
    </p>
  );
}
