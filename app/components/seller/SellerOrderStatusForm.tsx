import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { TRACKING_NUMBER_MAX_LENGTH } from "#contract/limits";
import { DELIVERY_STATUS_LABELS, type DeliveryStatus } from "#contract/order-labels";
import { FieldErrors, SubmitButton, TextField } from "~/components/forms/fields";
import { errorText } from "~/components/ui/Field";
import { Choice } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { sellerOrderIntents, sellerOrderSchemas } from "~/routes/dashboard/seller/order-details.forms";

/**
 * The sub-order's status form: only the steps the rules allow now, one radio each (none chosen), and the
 * carrier's tracking number when shipping is among them (required for 'Enviado', its message beside
 * it). A refusal (a suspended shop, a step no longer allowed) shows above the steps; what was typed
 * stays. Works without JavaScript; with it, the same schema checks the form before it is sent,
 * once the seller first uses the form (decision 0021). The page remounts it (key) when the
 * sub-order's status changes, so it starts from the new steps.
 */
export function SellerOrderStatusForm({
  current,
  nextStatuses,
  constraint,
  locked,
}: {
  current: DeliveryStatus;
  nextStatuses: DeliveryStatus[];
  /** The status schema's constraints, worked out by the page's loader. */
  constraint: FieldConstraints;
  /** The shop is suspended: the form is shown, but sending it is refused with the reason. */
  locked: boolean;
}) {
  const answer = useFormAnswer(sellerOrderIntents.changeStatus);
  const [form, fields] = useSchemaForm(
    { constraint, load: sellerOrderSchemas.status },
    { id: "estado-pedido", lastResult: answer?.result },
  );
  if (nextStatuses.length === 0) {
    return (
      <p className="text-slate-700">Este pedido está «{DELIVERY_STATUS_LABELS[current]}»: su estado ya no cambia.</p>
    );
  }
  // The form's own refusal, or someone else's change meanwhile (409): the page now shows the new status.
  const refusal = form.errors && form.errors.length > 0 ? errorText(form.errors) : answer?.notice;
  // Only a part not yet sent gets a tracking number (one that was sent has it already).
  const ships = nextStatuses.includes("enviado");
  // Nothing is chosen for the seller (a click must never cancel or move an order by default); what
  // was chosen before a refusal stays chosen, while it is still allowed.
  const chosen = nextStatuses.find((status) => status === fields.status.value);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-4 print:hidden"
      aria-labelledby="titulo-estado"
      aria-describedby={refusal ? form.errorId : undefined}
    >
      {refusal ? (
        <div data-testid="status-refused">
          <Notice tone="error" id={form.errorId}>
            {refusal}
          </Notice>
        </div>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-900">Nuevo estado</legend>
        {nextStatuses.map((status) => (
          <Choice
            key={status}
            type="radio"
            name={fields.status.name}
            value={status}
            defaultChecked={status === chosen}
            required
            label={`${DELIVERY_STATUS_LABELS[status]}${
              status === "cancelado" ? " (se devuelve el stock y, si está pagado, se reembolsa al cliente)" : ""
            }`}
          />
        ))}
        <FieldErrors id={fields.status.errorId} errors={fields.status.errors} />
      </fieldset>
      {ships ? (
        <TextField
          label="Número de seguimiento"
          // The schema reads it as `unknown` (a blank one is none); the form sends text.
          meta={fields.trackingNumber as FieldMetadata<string | undefined>}
          autoComplete="off"
          maxLength={TRACKING_NUMBER_MAX_LENGTH}
          hint="Obligatorio para «Enviado»: el número que te dio el transportista. El cliente lo verá en su pedido."
          className="max-w-sm"
        />
      ) : null}
      {locked ? (
        <p className="text-sm text-slate-700">
          Tu tienda está suspendida: puedes ver el pedido, pero no cambiar su estado.
        </p>
      ) : null}
      <SubmitButton intent={sellerOrderIntents.changeStatus} pending="Guardando…">
        Cambiar estado
      </SubmitButton>
    </Form>
  );
}
