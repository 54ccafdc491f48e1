import type { SubmissionResult } from "@conform-to/react";
import { Link, useLocation } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { longDate } from "#contract/store-time";
import type { MyReviewAnswer, ReviewsAnswer } from "#contract/reviews";
import { starsText } from "#contract/stars";
import { Rating } from "./Rating";

type ReviewFormModule = typeof import("./ReviewForm");

/**
 * The review form and its validation code (Conform, zod) are for paid buyers only: the browser
 * loads them on demand, so every other visitor's product page stays within its JavaScript budget.
 * The server loads the module at start and renders the form at once (no fallback, so it works
 * without JavaScript); the browser hydrates it when its code arrives. A static import would put
 * zod back in every product page's scripts.
 */
let serverReviewForm: ReviewFormModule | undefined;
const loadReviewForm = () => import("./ReviewForm");
if (import.meta.env.SSR) void loadReviewForm().then((module) => (serverReviewForm = module));
const LazyReviewForm = lazy(loadReviewForm);

function ReviewForm(props: Parameters<ReviewFormModule["default"]>[0]) {
  const Loaded = serverReviewForm?.default ?? LazyReviewForm;
  return <Loaded {...props} />;
}

/** The product page's query parameter of the reviews' page number, so every page has its own link. */
export const REVIEWS_PAGE_PARAM = "resenas";

const linkLook = "font-semibold text-ink underline underline-offset-4 hover:text-neutral-700";

/**
 * The product's reviews (SPEC.md section 3, "Review"): the count of each number of stars, one
 * page of reviews with links to the others (plain links, they work without JavaScript), and the
 * review form for a paid buyer or why there is none.
 */
export function Reviews({
  productId,
  reviews,
  pageNo,
  myReview,
  lastResult,
}: {
  productId: string;
  reviews: ReviewsAnswer;
  pageNo: number;
  /** Null for a visitor. */
  myReview: MyReviewAnswer | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const totalPages = Math.ceil(reviews.totalReview / reviews.perPage);
  return (
    <section id="resenas" className="mt-16 scroll-mt-24" aria-labelledby="titulo-resenas">
      <h2 id="titulo-resenas" className="text-2xl font-extrabold tracking-tight text-ink">
        Reseñas de clientes
      </h2>
      <div className="mt-6 grid gap-10 lg:grid-cols-[18rem_1fr]">
        <div className="space-y-8">
          <RatingBreakdown reviews={reviews} />
          <ReviewFormArea productId={productId} myReview={myReview} lastResult={lastResult} />
        </div>
        <div>
          {reviews.reviews.length === 0 ? (
            <p className="text-neutral-700">
              {reviews.totalReview === 0 ? "Este producto aún no tiene reseñas." : "No hay reseñas en esta página."}
            </p>
          ) : (
            <ul className="divide-y divide-neutral-200" data-testid="reviews">
              {reviews.reviews.map((review) => (
                <li key={review._id} className="py-5 first:pt-0" data-testid="review">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <p className="font-bold text-ink">{review.name}</p>
                    {review.verifiedPurchase ? (
                      <span className="rounded-full bg-lime-100 px-2.5 py-0.5 text-xs font-bold text-court">
                        Compra verificada
                      </span>
                    ) : null}
                  </div>
                  <div className="mt-1 flex flex-wrap items-center gap-3 text-sm text-neutral-600">
                    <Rating value={review.rating} />
                    <time dateTime={review.date}>{longDate(review.date)}</time>
                  </div>
                  {/* React writes it as text: whatever markup a review holds is shown, never run. */}
                  <p className="mt-2 leading-relaxed whitespace-pre-line break-words text-neutral-800">{review.text}</p>
                </li>
              ))}
            </ul>
          )}
          <ReviewPages pageNo={pageNo} totalPages={totalPages} />
        </div>
      </div>
    </section>
  );
}

function RatingBreakdown({ reviews }: { reviews: ReviewsAnswer }) {
  const total = reviews.totalReview;
  return (
    <div>
      <p className="font-semibold text-ink">{total === 1 ? "1 reseña" : `${total} reseñas`}</p>
      <ul
        className="mt-3 space-y-1.5 text-sm"
        aria-label="Reseñas por número de estrellas"
        data-testid="rating-breakdown"
      >
        {reviews.rating_review.map(({ rating, sum }) => (
          <li key={rating} className="grid grid-cols-[5.5rem_1fr_2rem] items-center gap-2">
            <span className="text-neutral-700">{starsText(rating)}</span>
            <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-neutral-200">
              <span
                className="block h-full rounded-full bg-amber-500"
                style={{ width: `${total ? (sum / total) * 100 : 0}%` }}
              />
            </span>
            <span className="text-right font-semibold text-ink">
              <span className="sr-only">: </span>
              {sum}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Links to the other pages of reviews; the product page's other query parameters are kept. */
function ReviewPages({ pageNo, totalPages }: { pageNo: number; totalPages: number }) {
  const { pathname, search } = useLocation();
  if (totalPages <= 1) return null;
  function hrefFor(target: number) {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete(REVIEWS_PAGE_PARAM);
    else params.set(REVIEWS_PAGE_PARAM, String(target));
    const query = params.toString();
    return `${pathname}${query ? `?${query}` : ""}#resenas`;
  }
  const itemLook = "grid h-10 min-w-10 place-items-center rounded-full px-3 text-sm font-semibold";
  return (
    <nav aria-label="Páginas de reseñas" className="mt-6">
      <ul className="flex flex-wrap items-center gap-1.5">
        {pageNo > 1 ? (
          <li>
            <Link
              to={hrefFor(pageNo - 1)}
              rel="prev"
              className={`${itemLook} border border-neutral-300 hover:border-ink`}
            >
              Reseñas anteriores
            </Link>
          </li>
        ) : null}
        {Array.from({ length: totalPages }, (_, index) => index + 1).map((page) => (
          <li key={page}>
            <Link
              to={hrefFor(page)}
              aria-current={page === pageNo ? "page" : undefined}
              aria-label={`Página ${page} de reseñas`}
              className={`${itemLook} ${page === pageNo ? "bg-ink text-white" : "hover:bg-neutral-100"}`}
            >
              {page}
            </Link>
          </li>
        ))}
        {pageNo < totalPages ? (
          <li>
            <Link
              to={hrefFor(pageNo + 1)}
              rel="next"
              className={`${itemLook} border border-neutral-300 hover:border-ink`}
            >
              Reseñas siguientes
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

function ReviewFormArea({
  productId,
  myReview,
  lastResult,
}: {
  productId: string;
  myReview: MyReviewAnswer | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { pathname } = useLocation();
  if (!myReview) {
    return (
      <p className="rounded-xl bg-neutral-100 p-4 text-sm text-neutral-800" data-testid="review-explanation">
        ¿Compraste este producto?{" "}
        <Link to={`/login?redirectTo=${encodeURIComponent(pathname).replaceAll("%2F", "/")}`} className={linkLook}>
          Inicia sesión
        </Link>{" "}
        para escribir una reseña.
      </p>
    );
  }
  if (!myReview.canReview) {
    return (
      <p className="rounded-xl bg-neutral-100 p-4 text-sm text-neutral-800" data-testid="review-explanation">
        Solo los clientes que han comprado y pagado este producto pueden reseñarlo.
      </p>
    );
  }
  return (
    <Suspense fallback={null}>
      <ReviewForm productId={productId} existing={myReview.review} lastResult={lastResult} />
    </Suspense>
  );
}
