import { Link, useLocation } from "@remix-run/react";

/** Page numbers to show: the first, the last and two either side of the current one. */
function visiblePages(page: number, totalPages: number): (number | "gap")[] {
  const pages: (number | "gap")[] = [];
  for (let candidate = 1; candidate <= totalPages; candidate++) {
    if (candidate === 1 || candidate === totalPages || Math.abs(candidate - page) <= 2) pages.push(candidate);
    else if (pages.at(-1) !== "gap") pages.push("gap");
  }
  return pages;
}

const itemClass = "grid h-10 min-w-10 place-items-center rounded-full px-3 text-sm font-semibold";

/** Links to the pages of a listing; every other query parameter of the current URL is kept. */
export function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const { pathname, search } = useLocation();
  if (totalPages <= 1) return null;

  function hrefFor(target: number) {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete("pageNumber");
    else params.set("pageNumber", String(target));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  }

  return (
    <nav aria-label="Paginación" className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1.5">
        {page > 1 ? (
          <li>
            <Link
              to={hrefFor(page - 1)}
              rel="prev"
              className={`${itemClass} border border-neutral-300 hover:border-ink`}
            >
              Anterior
            </Link>
          </li>
        ) : null}
        {visiblePages(page, totalPages).map((entry, index) =>
          entry === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-neutral-500">
              …
            </li>
          ) : (
            <li key={entry}>
              <Link
                to={hrefFor(entry)}
                aria-current={entry === page ? "page" : undefined}
                aria-label={`Página ${entry}`}
                className={`${itemClass} ${entry === page ? "bg-ink text-white" : "hover:bg-neutral-100"}`}
              >
                {entry}
              </Link>
            </li>
          ),
        )}
        {page < totalPages ? (
          <li>
            <Link
              to={hrefFor(page + 1)}
              rel="next"
              className={`${itemClass} border border-neutral-300 hover:border-ink`}
            >
              Siguiente
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
