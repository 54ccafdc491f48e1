import { Link, useLocation } from "@remix-run/react";
import { cx } from "~/components/ui/cx";

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

/** What a listing's page links say; another list on the page names its own (the product's reviews). */
export interface PaginationWords {
  /** The navigation's name. */
  name: string;
  previous: string;
  next: string;
  /** A page number's name for screen readers. */
  page: (page: number) => string;
}

const LISTING_WORDS: PaginationWords = {
  name: "Paginación",
  previous: "Anterior",
  next: "Siguiente",
  page: (page) => `Página ${page}`,
};

/**
 * Links to the pages of a listing (plain links: they work without JavaScript); every other query
 * parameter of the current URL is kept. The page number goes in `param`; `hash` brings the list
 * back into view when it is not the top of the page.
 */
/** The words of a product's review pages, and of the seller's reviews list. */
export const REVIEW_PAGE_WORDS: PaginationWords = {
  name: "Páginas de reseñas",
  previous: "Reseñas anteriores",
  next: "Reseñas siguientes",
  page: (page) => `Página ${page} de reseñas`,
};

export function Pagination({
  page,
  totalPages,
  param = "pageNumber",
  hash = "",
  words = LISTING_WORDS,
  className = "mt-10 flex justify-center",
}: {
  page: number;
  totalPages: number;
  param?: string;
  hash?: string;
  words?: PaginationWords;
  className?: string;
}) {
  const { pathname, search } = useLocation();
  if (totalPages <= 1) return null;

  function hrefFor(target: number) {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete(param);
    else params.set(param, String(target));
    const query = params.toString();
    return `${pathname}${query ? `?${query}` : ""}${hash}`;
  }

  return (
    <nav aria-label={words.name} className={className}>
      <ul className="flex flex-wrap items-center gap-1.5">
        {page > 1 ? (
          <li>
            <Link
              to={hrefFor(page - 1)}
              rel="prev"
              className={cx(itemClass, "border border-neutral-300 hover:border-ink")}
            >
              {words.previous}
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
                aria-label={words.page(entry)}
                className={cx(itemClass, entry === page ? "bg-ink text-white" : "hover:bg-neutral-100")}
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
              className={cx(itemClass, "border border-neutral-300 hover:border-ink")}
            >
              {words.next}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
