import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/routes/dashboard/layout";

/** The signed-in user's profile, as the /dashboard layout loaded it for every screen below it. */
export function useDashboardProfile() {
  const dashboard = useRouteLoaderData<typeof loader>("routes/dashboard/layout");
  if (!dashboard) throw new Error("useDashboardProfile solo funciona bajo /dashboard");
  return dashboard;
}
