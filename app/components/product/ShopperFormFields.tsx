import { useLocation } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";

/**
 * The hidden fields every shopper button's form sends (app/forms/shopper.schema.ts): where to come
 * back to without JavaScript, and, once hydrated, that a fetcher sent it (so the action answers
 * data instead of redirecting).
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
