import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { TRACKING_NUMBER_MAX_LENGTH } from "#contract/limits";
import { DELIVERY_STATUS_LABELS, type DeliveryStatus } from "#contract/order-labels";
import { SelectField, SubmitButton, TextField } from "~/components/forms/fields";
import { errorText } from "~/components/ui/Field";
import { Notice } from "~/components/ui/Notice";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { adminOrderSchemas } from "~/routes/dashboard/admin/order.forms";

/** The label of a next status in a form: cancelling a paid part says it refunds. */
function optionLabel(status: DeliveryStatus, paid: boolean): string {
  if (status === "cancelado") return paid ? "Cancelar y reembolsar al cliente" : "Cancelar";
  return DELIVERY_STATUS_LABELS[status];
}

/**
 * A POST form moving one shop's part (or the whole order) to one of its allowed next statuses, with
 * the carrier's tracking number when shipping is among them; the refusal of the last try, if any,
 * beside it (the tracking number's beside that field). Works without JavaScript; with it, the
 * status schema checks the form before it is sent. The page remounts it (key) when the statuses
 * change, so it starts from the new ones with nothing chosen.
 */
export function AdminOrderStatusForm({
  intent,
  target,
  label,
  nextStatuses,
  paid,
  constraint,
}: {
  intent: string;
  /** The part or the order the form moves. */
  target: string;
  /** What the form moves, for its label ("Centro Pádel", "todo el pedido"). */
  label: string;
  nextStatuses: DeliveryStatus[];
  paid: boolean;
  constraint: FieldConstraints;
}) {
  const answer = useFormAnswer(intent, target);
  const [form, fields] = useSchemaForm(
    { constraint, load: adminOrderSchemas.status },
    { id: `estado-${intent}-${target}`, lastResult: answer?.result, defaultValue: { target } },
  );
  if (nextStatuses.length === 0) return <p className="text-sm text-slate-700">Su estado ya no cambia.</p>;
  // The form's own refusal, or someone else's change meanwhile (409): the page now shows the new status.
  const refusal = form.errors && form.errors.length > 0 ? errorText(form.errors) : answer?.notice;
  // Only a part not yet sent gets a tracking number (one that was sent has it already).
  const ships = nextStatuses.includes("enviado");
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-label={`Cambiar el estado de ${label}`}
      aria-describedby={refusal ? form.errorId : undefined}
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
    >
      <input type="hidden" name="target" value={target} />
      {/* Nothing chosen at first: a click must never cancel or move an order by default. */}
      <SelectField
        label={`Nuevo estado de ${label}`}
        meta={fields.status}
        placeholder="Elige un estado"
        options={nextStatuses.map((status) => ({ value: status, label: optionLabel(status, paid) }))}
        className="min-w-0"
      />
      {ships ? (
        <TextField
          label={`Número de seguimiento de ${label}`}
          // The schema reads it as `unknown` (a blank one is none); the form sends text.
          meta={fields.trackingNumber as FieldMetadata<string | undefined>}
          autoComplete="off"
          maxLength={TRACKING_NUMBER_MAX_LENGTH}
          hint="Obligatorio para «Enviado»: el cliente lo verá en su pedido."
          className="min-w-0 sm:col-start-1"
        />
      ) : null}
      <SubmitButton
        intent={intent}
        record={{ name: "target", value: target }}
        variant="secondary"
        pending="Cambiando…"
        className={ships ? "sm:col-start-2 sm:row-start-1" : undefined}
      >
        Cambiar estado<span className="sr-only"> de {label}</span>
      </SubmitButton>
      {refusal ? (
        <Notice tone="error" id={form.errorId} className="sm:col-span-2">
          {refusal}
        </Notice>
      ) : null}
    </Form>
  );
}
