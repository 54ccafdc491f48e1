import { isRouteErrorResponse, NavLink, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { errorPageOf } from "~/services/refusal-pages";
import { ErrorPage } from "~/components/layout/ErrorPage";
import { TextLink } from "~/components/ui/TextLink";

/**
 * The frame the account's, the seller's and the admin's areas share: their own menu beside the page (wrapped chips
 * above it on a phone, so the screen's content starts on the first screen), a few links under the
 * menu, and what the area says above every page. Each area's layout route passes its sections.
 */

/** A side-menu entry; `count` is its badge (pending work), shown above 0. */
export interface AreaSection {
  to: string;
  label: string;
  /** Matches only its own address, not the pages below it. */
  end?: boolean;
  count?: number;
  /** What the count counts, spoken after it ('pendientes'). */
  countLabel?: string;
}

/** A menu entry's look, for an entry that is a button (signing out) rather than a link. */
export const areaSectionClass =
  "flex items-center justify-between gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 aria-[current=page]:border-lime-300 aria-[current=page]:bg-lime-100 aria-[current=page]:text-slate-900 md:rounded-lg md:border-0 md:py-2 md:text-base";

function AreaMenu({
  name,
  subtitle,
  sections,
  menuEnd,
}: {
  name: string;
  subtitle?: string;
  sections: readonly AreaSection[];
  menuEnd?: ReactNode;
}) {
  return (
    <nav aria-label={name}>
      <p className="mb-3 hidden text-xs font-bold uppercase tracking-widest text-slate-600 md:block">{name}</p>
      {subtitle ? <p className="mb-3 hidden break-words font-semibold text-slate-900 md:block">{subtitle}</p> : null}
      <ul className="flex flex-wrap gap-2 md:block md:space-y-1">
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end={section.end} className={areaSectionClass}>
              <span>
                {section.label}
                {section.count ? (
                  <span className="sr-only">
                    : {section.count}
                    {section.countLabel ? ` ${section.countLabel}` : ""}
                  </span>
                ) : null}
              </span>
              {section.count ? (
                <span
                  aria-hidden="true"
                  data-testid="menu-badge"
                  className="grid h-6 min-w-6 place-items-center rounded-full bg-ink px-1.5 text-xs font-bold text-white"
                >
                  {section.count > 99 ? "99+" : section.count}
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
        {menuEnd}
      </ul>
    </nav>
  );
}

export function AreaLayout({
  name,
  subtitle,
  sections,
  links = [],
  menuEnd,
  notice,
  children,
}: {
  /** The menu's name, shown above it and said by screen readers ("Administración", "Mi tienda"). */
  name: string;
  /** Under the name (the shop's). */
  subtitle?: string;
  sections: readonly AreaSection[];
  /** Under the menu: the way back to the account, the shop's public page. */
  links?: readonly { to: string; label: string }[];
  /** The menu's last entries, as list items (the account's sign-out button). */
  menuEnd?: ReactNode;
  /** Above every page of the area (a suspended shop's reason). */
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-10 md:grid-cols-[15rem_minmax(0,1fr)] md:px-6">
      <aside className="space-y-4 print:hidden">
        <AreaMenu name={name} subtitle={subtitle} sections={sections} menuEnd={menuEnd} />
        {links.map((link) => (
          <p key={link.to} className="text-sm">
            <TextLink to={link.to}>{link.label}</TextLink>
          </p>
        ))}
      </aside>
      {/* min-w-0: a grid child would otherwise grow to its widest content and push the page sideways. */}
      <div className="min-w-0 space-y-6">
        {notice}
        {children}
      </div>
    </div>
  );
}

/**
 * A page of an area that failed, inside the area (its menu kept): the words of the store's error
 * pages (refusal-pages.ts) for the refusal or the failure.
 */
function AreaError() {
  const error = useRouteError();
  const page = errorPageOf(isRouteErrorResponse(error) ? error.status : null);
  return (
    <section aria-labelledby="titulo-error" className="space-y-4" data-testid="area-error">
      <h1 id="titulo-error" className="text-3xl font-bold text-slate-900">
        {page.title}
      </h1>
      <p className="text-slate-700">{page.message}</p>
    </section>
  );
}

/**
 * An area layout's ErrorBoundary: the page that failed inside the area's `frame` (its data read by
 * route id, as useLoaderData does not answer in an error boundary), or, when the layout's own loader
 * refused and there is no frame to draw, the store's error page.
 */
export function AreaErrorBoundary({ frame }: { frame: ((page: ReactNode) => ReactNode) | null }) {
  const error = useRouteError();
  if (!frame) return <ErrorPage status={isRouteErrorResponse(error) ? error.status : null} />;
  return frame(<AreaError />);
}
