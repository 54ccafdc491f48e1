import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { SubmitButton, TextareaField } from "~/components/forms/fields";
import { useFormAnswer } from "~/forms/form-answer";
import { orderReturnIntents, orderReturnSchemas } from "~/forms/order-return.forms";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import type { ListedReturn } from "~/services/order-returns.server";
import type { OrderReturns } from "~/services/order-returns.server";
import { PartReturns, Refusal, type ReturnConstraints } from "./OrderReturns";

/** The shop's and the admin's forms on a return: kept apart so the customer's page does not load them. */

/**
 * Accept (the text: the instructions to send the goods back) or refuse (the text: the reason) a
 * requested return: one plain form, its button says which.
 */
function AnswerForm({ orderReturn, constraint }: { orderReturn: ListedReturn; constraint: FieldConstraints }) {
  const record = { name: "returnId", value: orderReturn._id };
  const accepted = useFormAnswer(orderReturnIntents.accept, orderReturn._id);
  const refused = useFormAnswer(orderReturnIntents.refuse, orderReturn._id);
  const reply = accepted ?? refused;
  const [form, fields] = useSchemaForm(
    { constraint, load: orderReturnSchemas.answer },
    { id: `contestar-${orderReturn._id}`, lastResult: reply?.result, defaultValue: { returnId: orderReturn._id } },
  );
  const { key, ...returnInput } = getInputProps(fields.returnId, { type: "hidden" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" aria-label="Contestar la devolución">
      <Refusal notice={reply?.notice} id={form.errorId} errors={form.errors} />
      <input key={key} {...returnInput} />
      <TextareaField
        label="Instrucciones para devolverlo, o el motivo si la rechazas"
        hint="Para aceptarla: dirección, transportista y plazo."
        meta={fields.text}
        rows={3}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton intent={orderReturnIntents.accept} record={record} pending="Aceptando…" wide={false}>
          Aceptar la devolución
        </SubmitButton>
        <SubmitButton
          intent={orderReturnIntents.refuse}
          record={record}
          pending="Rechazando…"
          variant="secondary"
          wide={false}
        >
          Rechazar la devolución
        </SubmitButton>
      </div>
    </Form>
  );
}

/** The seller's «Recibido» (or an admin's in the shop's place): the refund is made at once. */
function ReceivedForm({
  orderReturn,
  constraint,
  reader,
}: {
  orderReturn: ListedReturn;
  constraint: FieldConstraints;
  reader: StaffReturnsProps["reader"];
}) {
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
        {reader === "admin"
          ? "La tienda no lo marcó a tiempo. Al marcarlo en su lugar, se reembolsa al cliente y se descuenta de la cartera de la tienda."
          : "Al marcarlo, se reembolsa al cliente y se descuenta de tu cartera."}
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

export interface StaffReturnsProps {
  returns: OrderReturns;
  shopOrderId: string;
  reader: "tienda" | "admin";
  constraints: ReturnConstraints;
  /** A suspended shop's seller reads its returns without forms. */
  readOnly?: boolean;
}

/**
 * A part's returns on the shop's page (answer a requested return, «Recibido» on an accepted one)
 * and on the admin's (the same in the shop's place, each once the shop's time for it is over).
 */
export default function StaffPartReturns({ returns, shopOrderId, reader, constraints, readOnly }: StaffReturnsProps) {
  function actions(orderReturn: ListedReturn) {
    if (readOnly) return null;
    if (orderReturn.status === "solicitada" && (reader === "tienda" || orderReturn.adminMayAnswer))
      return <AnswerForm orderReturn={orderReturn} constraint={constraints.answer} />;
    if (orderReturn.status === "aceptada" && (reader === "tienda" || orderReturn.adminMayReceive))
      return <ReceivedForm orderReturn={orderReturn} constraint={constraints.received} reader={reader} />;
    return null;
  }
  return <PartReturns returns={returns} shopOrderId={shopOrderId} reader={reader} actions={actions} />;
}
