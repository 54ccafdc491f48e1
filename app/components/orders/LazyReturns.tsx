import { loadedOnDemand } from "~/components/ui/LoadedOnDemand";
import type { StaffReturnsProps } from "./ReturnAnswerForms";
import type { CustomerReturnsProps } from "./ReturnRequestForm";

/**
 * Few orders have a return, or a part that may take one: the returns' section and its forms come on
 * demand, so the order pages stay within their JavaScript budget.
 */
export const StaffReturns = loadedOnDemand<StaffReturnsProps>(() => import("./ReturnAnswerForms"));

export const CustomerReturns = loadedOnDemand<CustomerReturnsProps>(() => import("./ReturnRequestForm"));

const ORDER_RETURNS_LOAD_ERROR = "No se pudieron cargar las devoluciones. Recarga la página para intentarlo otra vez.";

/** Where the returns could not be read: the rest of the order still shows. */
export function OrderReturnsUnavailable() {
  return (
    <p role="alert" className="font-medium text-red-800">
      {ORDER_RETURNS_LOAD_ERROR}
    </p>
  );
}
