import { Form, useNavigation } from "@remix-run/react";
import { DELIVERY_STATUS_LABELS, type DeliveryStatus } from "#contract/orders";
import { secondaryButtonLook } from "~/components/product/shopper-forms";

const controlLook =
  "mt-1.5 block w-full rounded-lg border border-slate-500 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-lime-700";

/** The label of a next status in a form: cancelling a paid part says it refunds. */
function optionLabel(status: DeliveryStatus, paid: boolean): string {
  if (status === "cancelado") return paid ? "Cancelar y reembolsar al cliente" : "Cancelar";
  return DELIVERY_STATUS_LABELS[status];
}

/**
 * A POST form moving one shop's part (or the whole order) to one of its allowed next statuses; the
 * refusal of the last try, if any, beside it. Works without JavaScript.
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
  refusal: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("target") === target;
  if (nextStatuses.length === 0) return <p className="text-sm text-slate-700">Su estado ya no cambia.</p>;
  const selectId = `estado-${intent}-${target}`;
  const errorId = `${selectId}-error`;
  return (
    <Form method="post" aria-label={`Cambiar el estado de ${label}`} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
      <input type="hidden" name="target" value={target} />
      <div className="min-w-0">
        <label htmlFor={selectId} className="block font-semibold text-slate-900">
          Nuevo estado de {label}
        </label>
        <select id={selectId} name="status" required defaultValue={nextStatuses[0]} aria-describedby={refusal ? errorId : undefined} className={controlLook}>
          {nextStatuses.map((status) => (
            <option key={status} value={status}>
              {optionLabel(status, paid)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" name="intent" value={intent} disabled={busy} className={secondaryButtonLook}>
        Cambiar estado<span className="sr-only"> de {label}</span>
      </button>
      {refusal ? (
        <p id={errorId} role="alert" className="rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 font-medium text-red-900 sm:col-span-2">
          {refusal}
        </p>
      ) : null}
    </Form>
  );
}
