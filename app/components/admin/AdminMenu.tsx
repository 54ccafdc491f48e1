import { NavLink } from "@remix-run/react";

/** A side-menu entry of the admin area; `count` is its badge (pending work), shown above 0. */
export interface AdminSection {
  to: string;
  label: string;
  /** Matches only its own address, not the pages below it. */
  end?: boolean;
  count?: number;
  /** What the count counts, spoken after it ('pendientes'). */
  countLabel?: string;
}

const SECTION_LOOK =
  "flex items-center justify-between gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 aria-[current=page]:border-lime-300 aria-[current=page]:bg-lime-100 aria-[current=page]:text-slate-900 md:rounded-lg md:border-0 md:py-2 md:text-base";

/** The admin area's own menu: the layout passes the sections, so each issue adds its screen there. */
export function AdminMenu({ sections }: { sections: readonly AdminSection[] }) {
  return (
    <nav aria-label="Administración">
      <p className="mb-3 hidden text-xs font-bold uppercase tracking-widest text-slate-600 md:block">Administración</p>
      {/* A phone shows the sections as wrapped chips, so the screen's content starts on the first screen. */}
      <ul className="flex flex-wrap gap-2 md:block md:space-y-1">
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end={section.end} className={SECTION_LOOK}>
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
                  data-testid="admin-menu-badge"
                  className="grid h-6 min-w-6 place-items-center rounded-full bg-ink px-1.5 text-xs font-bold text-white"
                >
                  {section.count > 99 ? "99+" : section.count}
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
