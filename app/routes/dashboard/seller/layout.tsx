import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { textLinkClass } from "~/components/ui/TextLink";
import { SellerMenu } from "~/components/seller/SellerMenu";
import { requireSeller } from "~/services/seller.server";

export const meta: MetaFunction = () => [
  { title: "Mi tienda | Mercado Pádel" },
  { name: "description", content: "El área de vendedor de Mercado Pádel: tus productos, tu stock y tus descuentos." },
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

export default function SellerLayout() {
  const { shop, refusal } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-10 md:grid-cols-[15rem_minmax(0,1fr)] md:px-6">
      <aside className="space-y-4 print:hidden">
        <SellerMenu shopName={shop.name} />
        {/* A suspended shop has no public page (it answers 404). */}
        {refusal ? null : (
          <p className="text-sm">
            <Link to={`/tienda/${encodeURIComponent(shop.slug)}`} className={textLinkClass}>
              Ver mi tienda pública
            </Link>
          </p>
        )}
        <p className="text-sm">
          <Link to="/dashboard" className={textLinkClass}>
            ← Mi cuenta
          </Link>
        </p>
      </aside>
      <div className="min-w-0 space-y-6">
        {refusal ? (
          <div
            role="status"
            className="print:hidden rounded-2xl border-l-4 border-red-600 bg-red-50 p-5 text-red-950"
            data-testid="seller-suspended"
          >
            <p className="font-semibold">Tienda suspendida</p>
            <p className="mt-1">{refusal}</p>
          </div>
        ) : null}
        <Outlet />
      </div>
    </div>
  );
}
