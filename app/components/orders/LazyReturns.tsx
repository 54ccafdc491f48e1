import { createElement, lazy, Suspense, type ComponentType } from "react";
import type { StaffReturnsProps } from "./ReturnAnswerForms";
import type { CustomerReturnsProps } from "./ReturnRequestForm";

/**
 * A component whose code the browser loads on demand, as the review form's: the server loads the
 * module at start and renders it at once (no fallback, so its forms work without JavaScript); the
 * browser hydrates it when its code arrives.
 */
function loadedOnDemand<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let onServer: ComponentType<Props> | undefined;
  if (import.meta.env.SSR) void load().then((module) => (onServer = module.default));
  const Lazy = lazy(load) as unknown as ComponentType<Props>;
  return function LoadedOnDemand(props: Props) {
    return <Suspense fallback={null}>{createElement(onServer ?? Lazy, props)}</Suspense>;
  };
}

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
