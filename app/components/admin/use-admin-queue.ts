import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/routes/dashboard/admin/layout";

/** The shop requests' queue and its count, as the admin layout loaded them for every admin screen. */
export function useAdminQueue() {
  const admin = useRouteLoaderData<typeof loader>("routes/dashboard/admin/layout");
  if (!admin) throw new Error("useAdminQueue solo funciona bajo /dashboard/admin");
  return admin;
}
