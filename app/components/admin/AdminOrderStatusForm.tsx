import { Form, useNavigation } from "@remix-run/react";
import { TRACKING_NUMBER_MAX_LENGTH } from "#contract/limits";
import { DELIVERY_STATUS_LABELS, type DeliveryStatus } from "#contract/order-labels";
import { secondaryButtonLook } from "~/components/product/shopper-forms";

const controlLook =
  "mt-1.5 block w-full rounded-lg border border-slate-500 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-lime-700";

const CHOOSE_STATUS = "Elige un estado";

/** The label of a next status in a form: cancelling a paid part says it refunds. */
function optionLabel(status: DeliveryStatus, paid: boolean): string {
  if (status === "cancelado") return paid ? "Cancelar y reembolsar al cliente" : "Cancelar";
  return DELIVERY_STATUS_LABELS[status];
}

/** The last try's refusal: beside the tracking number when it is about it (with what was typed), else under the form. */
export interface StatusFormRefusal {
  message: string;
  field?: "trackingNumber";
  status?: string;
  trackingNumber?: string;
}

/**
 * A POST form moving one shop's part (or the whole order) to one of its allowed next statuses, with
 * the carrier's tracking number when shipping is among them; the refusal of the last try, if any,
 * beside it. Works without JavaScript.
 */
export function AdminOrderStatusForm({
  intent,
  target,
  label,
  nextStatuses,
  paid,
  refusal,
}: {
  intent: string;
  target: string;
  /** What the form moves, for its label ("Centro Pádel", "todo el pedido"). */
  label: string;
  nextStatuses: DeliveryStatus[];
  paid: boolean;
  refusal: StatusFormRefusal | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("target") === target;
  if (nextStatuses.length === 0) return <p className="text-sm text-slate-700">Su estado ya no cambia.</p>;
  const selectId = `estado-${intent}-${target}`;
  const errorId = `${selectId}-error`;
  const trackingId = `${selectId}-seguimiento`;
  const trackingRefused = refusal?.field === "trackingNumber";
  const formRefused = refusal !== null && !trackingRefused;
  // Only a part not yet sent gets a tracking number (one that was sent has it already).
  const ships = nextStatuses.includes("enviado");
  return (
    <Form
      method="post"
      aria-label={`Cambiar el estado de ${label}`}
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
    >
      <input type="hidden" name="target" value={target} />
      <div className="min-w-0">
        <label htmlFor={selectId} className="block font-semibold text-slate-900">
          Nuevo estado de {label}
        </label>
        {/* Nothing chosen at first: a click must never cancel or move an order by default. */}
        <select
          id={selectId}
          name="status"
          required
          defaultValue={nextStatuses.find((status) => status === refusal?.status) ?? ""}
          aria-describedby={formRefused ? errorId : undefined}
          className={controlLook}
        >
          <option value="">{CHOOSE_STATUS}</option>
          {nextStatuses.map((status) => (
            <option key={status} value={status}>
              {optionLabel(status, paid)}
            </option>
          ))}
        </select>
      </div>
      {ships ? (
        <div className="min-w-0 sm:col-start-1">
          <label htmlFor={trackingId} className="block font-semibold text-slate-900">
            Número de seguimiento de {label}
          </label>
          <input
            id={trackingId}
            name="trackingNumber"
            type="text"
            autoComplete="off"
            maxLength={TRACKING_NUMBER_MAX_LENGTH}
            defaultValue={refusal?.trackingNumber ?? ""}
            aria-invalid={trackingRefused || undefined}
            aria-describedby={`${trackingId}-ayuda${trackingRefused ? ` ${trackingId}-error` : ""}`}
            className={`${controlLook} aria-[invalid=true]:border-red-600`}
          />
          <p id={`${trackingId}-ayuda`} className="mt-1 text-sm text-slate-600">
            Obligatorio para «Enviado»: el cliente lo verá en su pedido.
          </p>
          {trackingRefused ? (
            <p
              id={`${trackingId}-error`}
              className="mt-1.5 text-sm font-medium text-red-700"
              data-testid="tracking-error"
            >
              {refusal.message}
            </p>
          ) : null}
        </div>
      ) : null}
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={busy}
        className={`${secondaryButtonLook} ${ships ? "sm:col-start-2 sm:row-start-1" : ""}`}
      >
        Cambiar estado<span className="sr-only"> de {label}</span>
      </button>
      {formRefused ? (
        <p
          id={errorId}
          role="alert"
          className="rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 font-medium text-red-900 sm:col-span-2"
        >
          {refusal.message}
        </p>
      ) : null}
    </Form>
  );
}
