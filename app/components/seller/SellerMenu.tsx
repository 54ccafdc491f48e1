import { NavLink } from "@remix-run/react";
import { sellerPaths } from "~/routes/dashboard/seller/paths";

/** A side-menu entry of the seller area. */
export interface SellerSection {
  to: string;
  label: string;
  /** Matches only its own address, not the pages below it. */
  end?: boolean;
}

/** The seller area's menu, in the order a seller works through it; later issues add their screens (orders, payments). */
export const SELLER_SECTIONS: readonly SellerSection[] = [
  { to: sellerPaths.home, label: "Panel", end: true },
  { to: sellerPaths.products, label: "Productos" },
  { to: sellerPaths.addProduct, label: "Agregar producto" },
  { to: sellerPaths.control, label: "Control de stock" },
  { to: sellerPaths.discounts, label: "Descuentos" },
  { to: sellerPaths.orders, label: "Pedidos" },
  { to: sellerPaths.payments, label: "Pagos" },
];

const SECTION_LOOK =
  "block rounded-full border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 aria-[current=page]:border-lime-300 aria-[current=page]:bg-lime-100 aria-[current=page]:text-slate-900 md:rounded-lg md:border-0 md:py-2 md:text-base";

/** The seller area's own menu. On a phone the sections are wrapped chips, so the screen's content starts on the first screen. */
export function SellerMenu({
  shopName,
  sections = SELLER_SECTIONS,
}: {
  shopName: string;
  sections?: readonly SellerSection[];
}) {
  return (
    <nav aria-label="Mi tienda">
      <p className="mb-3 hidden text-xs font-bold uppercase tracking-widest text-slate-600 md:block">Mi tienda</p>
      <p className="mb-3 hidden break-words font-semibold text-slate-900 md:block">{shopName}</p>
      <ul className="flex flex-wrap gap-2 md:block md:space-y-1">
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end={section.end} className={SECTION_LOOK}>
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
