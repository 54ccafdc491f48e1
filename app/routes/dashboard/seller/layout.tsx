import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AreaErrorBoundary, AreaLayout, type AreaSection } from "~/components/dashboard/AreaLayout";
import { Notice } from "~/components/ui/Notice";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { requireSeller } from "~/services/seller.server";

/** A page that failed shows the store's error page's title (the root's meta for the error). */
export const meta: MetaFunction = ({ error, matches }) =>
  error
    ? (matches.find((match) => match.id === "root")?.meta ?? [])
    : [
        { title: "Mi tienda | Mercado Pádel" },
        {
          name: "description",
          content: "El área de vendedor de Mercado Pádel: tus productos, tu stock y tus descuentos.",
        },
        { name: "robots", content: "noindex" },
      ];

/** The /dashboard layout leaves its own menu out below here: this area has its own (see dashboard/layout.tsx). */
export const handle = { ownMenu: true };

/**
 * /dashboard/seller and every screen under it: sellers whose shop is approved, or suspended (then
 * they see the area with the reason and every change is refused). A visitor signs in; a customer or
 * an admin gets the 403 page. Each screen's loader checks the same on its own.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { shop, refusal } = await requireSeller(args);
  return { shop, refusal };
}

/** The seller area's menu, in the order a seller works through it. */
const SELLER_SECTIONS: readonly AreaSection[] = [
  { to: sellerPaths.home, label: "Panel", end: true },
  { to: sellerPaths.products, label: "Productos" },
  { to: sellerPaths.addProduct, label: "Agregar producto" },
  { to: sellerPaths.control, label: "Control de stock" },
  { to: sellerPaths.discounts, label: "Descuentos" },
  { to: sellerPaths.orders, label: "Pedidos" },
  { to: sellerPaths.payments, label: "Pagos" },
  { to: sellerPaths.shipping, label: "Envío" },
  { to: sellerPaths.profile, label: "Perfil de la tienda" },
  { to: sellerPaths.coupons, label: "Cupones" },
  { to: sellerPaths.reviews, label: "Reseñas" },
];

type SellerLayoutData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The area's frame with its menu, around a page or around the error a page gave (its menu kept). */
function SellerFrame({ seller: { shop, refusal }, children }: { seller: SellerLayoutData; children: ReactNode }) {
  return (
    <AreaLayout
      name="Mi tienda"
      subtitle={shop.name}
      sections={SELLER_SECTIONS}
      links={[
        // A suspended shop has no public page (it answers 404).
        ...(refusal ? [] : [{ to: `/tienda/${encodeURIComponent(shop.slug)}`, label: "Ver mi tienda pública" }]),
        { to: "/dashboard", label: "← Mi cuenta" },
      ]}
      notice={
        refusal ? (
          <div role="status" className="print:hidden" data-testid="seller-suspended">
            <Notice tone="warning" title="Tienda suspendida">
              <p>{refusal}</p>
            </Notice>
          </div>
        ) : null
      }
    >
      {children}
    </AreaLayout>
  );
}

export default function SellerLayout() {
  return (
    <SellerFrame seller={useLoaderData<typeof loader>()}>
      <Outlet />
    </SellerFrame>
  );
}

/** A page of the area that failed keeps the menu; a refused layout is the store's error page. */
export function ErrorBoundary() {
  const seller = useRouteLoaderData<typeof loader>("routes/dashboard/seller/layout");
  return <AreaErrorBoundary frame={seller ? (page) => <SellerFrame seller={seller}>{page}</SellerFrame> : null} />;
}
