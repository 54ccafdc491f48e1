import { Link } from "@remix-run/react";
import { cx } from "./cx";

/** A link of a ChipLinks row: `current` is the one the page shows now. */
export interface ChipLink {
  to: string;
  label: string;
  current: boolean;
}

/**
 * A row of rounded links of which one is the page's current view (a period, a status), marked for
 * screen readers and in lime. Plain links: they work without JavaScript and the address keeps the choice.
 */
export function ChipLinks({
  label,
  links,
  preventScrollReset,
  className,
}: {
  /** The navigation's name ("Periodo"). */
  label: string;
  links: readonly ChipLink[];
  /** The page keeps its place (a view of the same figures). */
  preventScrollReset?: boolean;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              aria-current={link.current ? "page" : undefined}
              preventScrollReset={preventScrollReset}
              className={cx(
                "block rounded-full border border-slate-300 px-3.5 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100",
                "aria-[current=page]:border-lime-300 aria-[current=page]:bg-lime-100 aria-[current=page]:text-slate-900",
              )}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
