import { useLocation } from "@remix-run/react";
import { longDate } from "#contract/store-time";
import type { MyReviewAnswer, ReviewsAnswer } from "#contract/reviews";
import { starsText } from "#contract/stars";
import { Badge } from "~/components/ui/Badge";
import { loadedOnDemand } from "~/components/ui/LoadedOnDemand";
import { TextLink } from "~/components/ui/TextLink";
import type { FieldConstraints } from "~/forms/use-schema-form";
import { REVIEWS_PAGE_PARAM } from "~/routes/product-details.paths";
import { Pagination, REVIEW_PAGE_WORDS } from "./Pagination";
import { Rating } from "./Rating";
import { ReviewReply } from "./ReviewReply";

/**
 * The review form and Conform are for paid buyers only: every other visitor's product page goes
 * without them (the schema itself comes later still, when the form is first used).
 */
const ReviewForm = loadedOnDemand(() => import("./ReviewForm"));

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
  constraint,
}: {
  productId: string;
  reviews: ReviewsAnswer;
  pageNo: number;
  /** Null for a visitor. */
  myReview: MyReviewAnswer | null;
  /** The review schema's constraints, worked out by the page's loader. */
  constraint: FieldConstraints;
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
          <ReviewFormArea productId={productId} myReview={myReview} constraint={constraint} />
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
                    {review.verifiedPurchase ? <Badge tone="success">Compra verificada</Badge> : null}
                  </div>
                  <div className="mt-1 flex flex-wrap items-center gap-3 text-sm text-neutral-600">
                    <Rating value={review.rating} />
                    <time dateTime={review.date}>{longDate(review.date)}</time>
                  </div>
                  {/* React writes it as text: whatever markup a review holds is shown, never run. */}
                  <p className="mt-2 leading-relaxed whitespace-pre-line break-words text-neutral-800">{review.text}</p>
                  {review.reply ? <ReviewReply reply={review.reply} /> : null}
                </li>
              ))}
            </ul>
          )}
          <Pagination
            page={pageNo}
            totalPages={totalPages}
            param={REVIEWS_PAGE_PARAM}
            hash="#resenas"
            words={REVIEW_PAGE_WORDS}
            className="mt-6"
          />
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

function ReviewFormArea({
  productId,
  myReview,
  constraint,
}: {
  productId: string;
  myReview: MyReviewAnswer | null;
  constraint: FieldConstraints;
}) {
  const { pathname } = useLocation();
  if (!myReview) {
    return (
      <p className="rounded-xl bg-neutral-100 p-4 text-sm text-neutral-800" data-testid="review-explanation">
        ¿Compraste este producto?{" "}
        <TextLink to={`/login?redirectTo=${encodeURIComponent(pathname).replaceAll("%2F", "/")}`}>
          Inicia sesión
        </TextLink>{" "}
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
  return <ReviewForm productId={productId} existing={myReview.review} constraint={constraint} />;
}
