import { Form, useNavigation } from "@remix-run/react";
import { DELIVERY_STATUS_LABELS, type DeliveryStatus } from "#contract/orders";
import { primaryButtonLook } from "../product/shopper-forms";
import { sellerOrderIntents } from "./seller-orders";

/**
 * The sub-order's status form: only the steps the rules allow now, one radio each; a refusal (a
 * suspended shop, a step no longer allowed) shows above the button. Works without JavaScript.
 */
export function SellerOrderStatusForm({
  current,
  nextStatuses,
  refused,
  locked,
}: {
  current: DeliveryStatus;
  nextStatuses: DeliveryStatus[];
  refused: string | null;
  /** The shop is suspended: the form is shown, but sending it is refused with the reason. */
  locked: boolean;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === sellerOrderIntents.changeStatus;
  if (nextStatuses.length === 0) {
    return <p className="text-slate-700">Este pedido está «{DELIVERY_STATUS_LABELS[current]}»: su estado ya no cambia.</p>;
  }
  return (
    <Form method="post" className="space-y-4 print:hidden" aria-labelledby="titulo-estado" aria-describedby={refused ? "estado-rechazo" : undefined}>
      {refused ? (
        <p id="estado-rechazo" role="alert" className="rounded-lg border-l-4 border-red-600 bg-red-50 p-3 font-medium text-red-900" data-testid="status-refused">
          {refused}
        </p>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-900">Nuevo estado</legend>
        {nextStatuses.map((status, index) => (
          <div key={status} className="flex items-center gap-2">
            <input id={`estado-${status}`} type="radio" name="status" value={status} defaultChecked={index === 0} required className="size-4 accent-lime-700" />
            <label htmlFor={`estado-${status}`} className="text-slate-900">
              {DELIVERY_STATUS_LABELS[status]}
              {status === "cancelado" ? " (se devuelve el stock y, si está pagado, se reembolsa al cliente)" : ""}
            </label>
          </div>
        ))}
      </fieldset>
      {locked ? <p className="text-sm text-slate-700">Su tienda está suspendida: puede ver el pedido, pero no cambiar su estado.</p> : null}
      <button type="submit" name="intent" value={sellerOrderIntents.changeStatus} className={primaryButtonLook} disabled={sending}>
        {sending ? "Guardando…" : "Cambiar estado"}
      </button>
    </Form>
  );
}
