import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData, useMatches } from "@remix-run/react";
import { imageUrl } from "~/services/api.server";
import { requireAccount } from "~/services/auth.server";
import { getOwnProfile } from "~/services/profile.server";
import { getMyShopRequest } from "~/services/shops.server";
import { SHOP_STATUS_LABELS } from "#contract/shop-labels";
import { SELLER_HOME } from "~/routes/dashboard/seller/paths";

export const meta: MetaFunction = () => [
  { title: "Mi cuenta | Mercado Pádel" },
  { name: "description", content: "Tu cuenta de Mercado Pádel: pedidos, favoritos, cartera, notificaciones y perfil." },
  { name: "robots", content: "noindex" },
];

/**
 * /dashboard and every screen under it need a signed-in user. The profile is read here once per
 * navigation and shared with the child screens (useDashboardProfile), so parallel loaders never
 * race to refresh the same session.
 */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAccount(args);
  const [profile, shopRequest] = await Promise.all([getOwnProfile(account), getMyShopRequest(account)]);
  // The menu's shop entry: "Abrir mi tienda" until the user has applied, then "Mi tienda" (issue 10).
  const shop = shopRequest
    ? {
        status: shopRequest.status,
        statusLabel: SHOP_STATUS_LABELS[shopRequest.status],
        name: shopRequest.shopName,
        slug: shopRequest.slug,
      }
    : null;
  return { profile, shop, imageSrc: profile.image ? imageUrl(profile.image, 200) : null };
}

const SECTIONS = [
  { to: "/dashboard", label: "Inicio", end: true },
  { to: "/dashboard/my-orders", label: "Mis pedidos", end: false },
  { to: "/dashboard/my-wishlist", label: "Mis favoritos", end: false },
  { to: "/dashboard/my-wallet", label: "Mi cartera", end: false },
  { to: "/dashboard/system-notifications", label: "Notificaciones", end: false },
  { to: "/dashboard/trial-class", label: "Clase de prueba", end: false },
  { to: "/dashboard/edit-profile", label: "Editar perfil", end: false },
  { to: "/dashboard/change-password", label: "Cambiar contraseña", end: false },
];

const SECTION_LOOK =
  "block rounded-full border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 aria-[current=page]:border-lime-300 aria-[current=page]:bg-lime-100 aria-[current=page]:text-slate-900 md:rounded-lg md:border-0 md:py-2 md:text-base";

/** An area with a menu of its own below /dashboard (the admin area) says so in its route's `handle`. */
function useOwnMenuBelow(): boolean {
  return useMatches().some((match) => (match.handle as { ownMenu?: boolean } | undefined)?.ownMenu === true);
}

export default function DashboardLayout() {
  const { profile, shop } = useLoaderData<typeof loader>();
  const ownMenuBelow = useOwnMenuBelow();
  if (ownMenuBelow) return <Outlet />;
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-10 md:grid-cols-[15rem_minmax(0,1fr)] md:px-6">
      <aside>
        <nav aria-label="Mi cuenta">
          {/* A phone shows the sections as wrapped chips, so the screen's content starts on the first screen. */}
          <ul className="flex flex-wrap gap-2 md:block md:space-y-1">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.end} className={SECTION_LOOK}>
                  {section.label}
                </NavLink>
              </li>
            ))}
            {profile.role !== "admin" || shop ? (
              <li>
                <NavLink to={shop ? "/dashboard/shop/confirmation" : "/dashboard/shop"} className={SECTION_LOOK}>
                  {shop ? "Mi tienda" : "Abrir mi tienda"}
                </NavLink>
              </li>
            ) : null}
            {profile.role === "seller" && shop && (shop.status === "aprobada" || shop.status === "suspendida") ? (
              <li>
                <NavLink to={SELLER_HOME} className={SECTION_LOOK}>
                  Área de vendedor
                </NavLink>
              </li>
            ) : null}
            {profile.role === "admin" ? (
              <li>
                <NavLink to="/dashboard/admin" className={SECTION_LOOK}>
                  Administración
                </NavLink>
              </li>
            ) : null}
            <li>
              <Form method="post" action="/logout">
                <button type="submit" className={`${SECTION_LOOK} md:w-full md:text-left`}>
                  Cerrar sesión
                </button>
              </Form>
            </li>
          </ul>
        </nav>
      </aside>
      {/* min-w-0: a grid child would otherwise grow to its widest content and push the page sideways. */}
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
