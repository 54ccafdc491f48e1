import { Link } from "@remix-run/react";
import { Fragment } from "react";

export interface Crumb {
  label: string;
  /** Absent on the last crumb: the page the visitor is on. */
  href?: string;
}

/** The trail from the home page to the current one. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Ruta de navegación" className="text-sm text-neutral-600">
      <ol className="flex flex-wrap gap-1.5">
        {crumbs.map((crumb, index) => (
          <Fragment key={crumb.label}>
            {index > 0 ? <li aria-hidden="true">/</li> : null}
            {crumb.href ? (
              <li>
                <Link to={crumb.href} className="hover:text-ink hover:underline">
                  {crumb.label}
                </Link>
              </li>
            ) : (
              <li aria-current="page" className="font-medium text-ink">
                {crumb.label}
              </li>
            )}
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
