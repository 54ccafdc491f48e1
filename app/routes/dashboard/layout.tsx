import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Outlet, useLoaderData, useMatches, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AreaErrorBoundary, AreaLayout, areaSectionClass, type AreaSection } from "~/components/dashboard/AreaLayout";
import { cx } from "~/components/ui/cx";
import { imageUrl } from "~/services/api.server";
import { requireAccount } from "~/services/auth.server";
import { getOwnProfile } from "~/services/profile.server";
import { getMyShopRequest } from "~/services/shops.server";
import { SHOP_STATUS_LABELS } from "#contract/shop-labels";
import { SELLER_HOME } from "~/routes/dashboard/seller/paths";

/** A page that failed shows the store's error page's title (the root's meta for the error). */
export const meta: MetaFunction = ({ error, matches }) =>
  error
    ? (matches.find((match) => match.id === "root")?.meta ?? [])
    : [
        { title: "Mi cuenta | Mercado Pádel" },
        {
          name: "description",
          content: "Tu cuenta de Mercado Pádel: pedidos, favoritos, cartera, notificaciones y perfil.",
        },
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

/** The account's menu; the shop, seller and admin entries depend on who is signed in. */
function accountSections(profile: AccountData["profile"], shop: AccountData["shop"]): AreaSection[] {
  const sections: AreaSection[] = [
    { to: "/dashboard", label: "Inicio", end: true },
    { to: "/dashboard/my-orders", label: "Mis pedidos" },
    { to: "/dashboard/my-wishlist", label: "Mis favoritos" },
    { to: "/dashboard/my-wallet", label: "Mi cartera" },
    { to: "/dashboard/system-notifications", label: "Notificaciones" },
    { to: "/dashboard/mail-preferences", label: "Notificaciones por correo" },
    { to: "/dashboard/trial-class", label: "Clase de prueba" },
    { to: "/dashboard/edit-profile", label: "Editar perfil" },
    { to: "/dashboard/change-password", label: "Cambiar contraseña" },
  ];
  if (profile.role !== "admin" || shop)
    sections.push({
      to: shop ? "/dashboard/shop/confirmation" : "/dashboard/shop",
      label: shop ? "Mi tienda" : "Abrir mi tienda",
    });
  if (profile.role === "seller" && shop && (shop.status === "aprobada" || shop.status === "suspendida"))
    sections.push({ to: SELLER_HOME, label: "Área de vendedor" });
  if (profile.role === "admin") sections.push({ to: "/dashboard/admin", label: "Administración" });
  return sections;
}

type AccountData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The account's frame with its menu, around a page or around the error a page gave (its menu kept). */
function AccountFrame({ account: { profile, shop }, children }: { account: AccountData; children: ReactNode }) {
  return (
    <AreaLayout
      name="Mi cuenta"
      sections={accountSections(profile, shop)}
      menuEnd={
        <li>
          <Form method="post" action="/logout">
            <button type="submit" className={cx(areaSectionClass, "md:w-full md:text-left")}>
              Cerrar sesión
            </button>
          </Form>
        </li>
      }
    >
      {children}
    </AreaLayout>
  );
}

/** An area with a menu of its own below /dashboard (the admin area) says so in its route's `handle`. */
function useOwnMenuBelow(): boolean {
  return useMatches().some((match) => (match.handle as { ownMenu?: boolean } | undefined)?.ownMenu === true);
}

export default function DashboardLayout() {
  const account = useLoaderData<typeof loader>();
  if (useOwnMenuBelow()) return <Outlet />;
  return (
    <AccountFrame account={account}>
      <Outlet />
    </AccountFrame>
  );
}

/** A page of the area that failed keeps the menu; a refused layout is the store's error page. */
export function ErrorBoundary() {
  const account = useRouteLoaderData<typeof loader>("routes/dashboard/layout");
  return <AreaErrorBoundary frame={account ? (page) => <AccountFrame account={account}>{page}</AccountFrame> : null} />;
}
