import { useFetcher, useLocation } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";

/** What the shopper action answers a fetcher (with JavaScript); without it, a redirect. */
export interface ShopperActionResult {
  ok: boolean;
  message: string;
  /** Refusals that belong next to a field of the product page's form. */
  fieldErrors?: { size?: string[]; quantity?: string[] };
}

/** Where the listing's cards post: the resource route app/routes/shopper-lists.ts. */
export const SHOPPER_LISTS_ACTION = "/shopper-lists";

/** A fetcher for one of the shopper's buttons: the page keeps its place and the header's counts follow. */
export function useShopperFetcher() {
  return useFetcher<ShopperActionResult>();
}

/**
 * The hidden fields every shopper form sends: where to come back to without JavaScript, and,
 * once hydrated, that a fetcher sent it (so the action answers data instead of redirecting).
 */
export function ShopperFormFields() {
  const location = useLocation();
  const hydrated = useHydrated();
  return (
    <>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
    </>
  );
}

export const primaryButtonLook =
  "inline-flex items-center justify-center rounded-full bg-ink px-4 py-2 text-sm font-bold text-white hover:bg-neutral-800 disabled:cursor-not-allowed disabled:opacity-60";

export const secondaryButtonLook =
  "inline-flex items-center justify-center rounded-full border border-neutral-400 bg-white px-4 py-2 text-sm font-bold text-ink hover:border-ink disabled:cursor-not-allowed disabled:opacity-60";

export const iconButtonLook =
  "grid size-9 shrink-0 place-items-center rounded-full border border-neutral-300 bg-white text-lg leading-none text-ink hover:border-ink hover:bg-neutral-100 disabled:opacity-60";
