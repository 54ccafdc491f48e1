import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { TRACKING_NUMBER_MAX_LENGTH } from "#contract/limits";
import { DELIVERY_STATUS_LABELS, type DeliveryStatus } from "#contract/order-labels";
import { FieldErrors } from "~/components/forms/fields";
import type { FieldConstraints } from "~/forms/use-schema-form";
import { useSchemaForm } from "~/forms/use-schema-form";
import { primaryButtonLook } from "../product/shopper-forms";
import { sellerOrderIntents } from "./seller-orders";

const loadStatusSchema = () => import("./seller-order-schemas").then((module) => module.sellerOrderStatusSchema);

const inputLook =
  "mt-1.5 block w-full max-w-sm rounded-lg border border-slate-500 bg-white px-3.5 py-2.5 font-mono text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-lime-700 aria-[invalid=true]:border-red-600";

/**
 * The sub-order's status form: only the steps the rules allow now, one radio each (none chosen), and the
 * carrier's tracking number when shipping is among them (required for 'Enviado', its message beside
 * it). A refusal (a suspended shop, a step no longer allowed) shows above the button; what was typed
 * stays. Works without JavaScript; with it, the same schema checks the form before it is sent,
 * once the seller first uses the form (decision 0021). The page remounts it (key) when the
 * sub-order's status changes, so it starts from the new steps.
 */
export function SellerOrderStatusForm({
  current,
  nextStatuses,
  lastResult,
  constraint,
  locked,
}: {
  current: DeliveryStatus;
  nextStatuses: DeliveryStatus[];
  lastResult: SubmissionResult<string[]> | undefined;
  /** The status schema's constraints, worked out by the page's loader. */
  constraint: FieldConstraints;
  /** The shop is suspended: the form is shown, but sending it is refused with the reason. */
  locked: boolean;
}) {
  const [form, fields] = useSchemaForm({ constraint, load: loadStatusSchema }, { id: "estado-pedido", lastResult });
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === sellerOrderIntents.changeStatus;
  if (nextStatuses.length === 0) {
    return (
      <p className="text-slate-700">Este pedido está «{DELIVERY_STATUS_LABELS[current]}»: su estado ya no cambia.</p>
    );
  }
  // Only a part not yet sent gets a tracking number (one that was sent has it already).
  const ships = nextStatuses.includes("enviado");
  // Nothing is chosen for the seller (a click must never cancel or move an order by default); what
  // was chosen before a refusal stays chosen, while it is still allowed.
  const chosen = nextStatuses.find((status) => status === fields.status.value);
  const hintId = `${fields.trackingNumber.id}-ayuda`;
  const { key: trackingKey, ...trackingProps } = getInputProps(fields.trackingNumber, {
    type: "text",
    ariaDescribedBy: hintId,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-4 print:hidden"
      aria-labelledby="titulo-estado"
      aria-describedby={form.errors ? form.errorId : undefined}
    >
      {form.errors ? (
        <p
          id={form.errorId}
          role="alert"
          className="rounded-lg border-l-4 border-red-600 bg-red-50 p-3 font-medium text-red-900"
          data-testid="status-refused"
        >
          {form.errors.join(" ")}
        </p>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-900">Nuevo estado</legend>
        {nextStatuses.map((status) => (
          <div key={status} className="flex items-center gap-2">
            <input
              id={`estado-${status}`}
              type="radio"
              name={fields.status.name}
              value={status}
              defaultChecked={status === chosen}
              required
              className="size-4 accent-lime-700"
            />
            <label htmlFor={`estado-${status}`} className="text-slate-900">
              {DELIVERY_STATUS_LABELS[status]}
              {status === "cancelado" ? " (se devuelve el stock y, si está pagado, se reembolsa al cliente)" : ""}
            </label>
          </div>
        ))}
        <FieldErrors id={fields.status.errorId} errors={fields.status.errors} />
      </fieldset>
      {ships ? (
        <div>
          <label htmlFor={fields.trackingNumber.id} className="block font-semibold text-slate-900">
            Número de seguimiento
          </label>
          <input
            key={trackingKey}
            {...trackingProps}
            autoComplete="off"
            maxLength={TRACKING_NUMBER_MAX_LENGTH}
            className={inputLook}
          />
          <p id={hintId} className="mt-1 text-sm text-slate-600">
            Obligatorio para «Enviado»: el número que te dio el transportista. El cliente lo verá en su pedido.
          </p>
          <FieldErrors id={fields.trackingNumber.errorId} errors={fields.trackingNumber.errors} />
        </div>
      ) : null}
      {locked ? (
        <p className="text-sm text-slate-700">
          Tu tienda está suspendida: puedes ver el pedido, pero no cambiar su estado.
        </p>
      ) : null}
      <button
        type="submit"
        name="intent"
        value={sellerOrderIntents.changeStatus}
        className={primaryButtonLook}
        disabled={sending}
      >
        {sending ? "Guardando…" : "Cambiar estado"}
      </button>
    </Form>
  );
}
