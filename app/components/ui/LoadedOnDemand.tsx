import { createElement, lazy, Suspense, type ComponentType } from "react";

/**
 * A component whose code the browser loads only on the pages that show it, so the others stay
 * within their JavaScript budget. The server loads the module at start and renders it at once (no
 * fallback, so its forms work without JavaScript); the browser hydrates it when its code arrives.
 * The boundary is the same on both sides, so the page hydrates without a mismatch.
 */
export function loadedOnDemand<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let onServer: ComponentType<Props> | undefined;
  if (import.meta.env.SSR) void load().then((module) => (onServer = module.default));
  const Lazy = lazy(load) as unknown as ComponentType<Props>;
  return function LoadedOnDemand(props: Props) {
    return <Suspense fallback={null}>{createElement(onServer ?? Lazy, props)}</Suspense>;
  };
}
