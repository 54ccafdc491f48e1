import { getFormProps, getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { REVIEW_REPLY_MAX_LENGTH } from "#contract/limits";
import { longDate } from "#contract/store-time";
import { FormAlert, SubmitButton, TextareaField } from "~/components/forms/fields";
import { Pagination, REVIEW_PAGE_WORDS } from "~/components/product/Pagination";
import { Rating } from "~/components/product/Rating";
import { ReviewReply } from "~/components/product/ReviewReply";
import { Badge } from "~/components/ui/Badge";
import { Card } from "~/components/ui/Card";
import { ChipLinks } from "~/components/ui/ChipLinks";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { requireSeller } from "~/services/seller.server";
import { loadSellerReviews, sellerReviewsAction } from "~/services/seller-reviews.server";
import { loadReviewReplySchema, REVIEW_REPLY_INTENT } from "./reviews.forms";

export const meta: MetaFunction = () => [
  { title: "Reseñas | Mi tienda | Mercado Pádel" },
  { name: "description", content: "Las reseñas de los productos de tu tienda y tus respuestas públicas." },
  { name: "robots", content: "noindex" },
];

/** /dashboard/seller/reviews?filtro=sin_responder&pagina=2: the shop's reviews, newest first. */
export async function loader(args: LoaderFunctionArgs) {
  return loadSellerReviews(await requireSeller(args), new URL(args.request.url));
}

/** A reply to one review (`POST /seller/review-reply`), then back here with a flash. */
export async function action(args: ActionFunctionArgs) {
  return sellerReviewsAction(args, await requireSeller(args));
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;
type ListedReview = PageData["reviews"][number];

function ReplyForm({ review, constraint }: { review: ListedReview; constraint: FieldConstraints }) {
  const answer = useFormAnswer(REVIEW_REPLY_INTENT, review._id);
  const [form, fields] = useSchemaForm(
    { constraint, load: loadReviewReplySchema },
    {
      id: `respuesta-${review._id}`,
      lastResult: answer?.result,
      defaultValue: { reviewId: review._id, text: review.reply?.text ?? "" },
    },
  );
  const { key, ...reviewInput } = getInputProps(fields.reviewId, { type: "hidden" });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
      {answer?.notice ? (
        <Notice tone="error" id={form.errorId}>
          {answer.notice}
        </Notice>
      ) : (
        <FormAlert id={form.errorId} errors={form.errors} />
      )}
      <input key={key} {...reviewInput} />
      <TextareaField
        label={review.reply ? "Cambiar tu respuesta" : "Tu respuesta pública"}
        meta={fields.text}
        rows={3}
        hint={`Se publica bajo la reseña y se avisa al cliente. Solo texto, hasta ${REVIEW_REPLY_MAX_LENGTH} caracteres.`}
      />
      <SubmitButton
        intent={REVIEW_REPLY_INTENT}
        record={{ name: "reviewId", value: review._id }}
        pending="Publicando…"
        wide={false}
      >
        {review.reply ? "Guardar respuesta" : "Publicar respuesta"}
      </SubmitButton>
    </Form>
  );
}

export default function SellerReviews() {
  const { reviews, total, unanswered, filter, pageNo, totalPages, locked, constraint } = useLoaderData<typeof loader>();
  const filterLink = (value: "todas" | "sin_responder") =>
    value === "todas" ? sellerPaths.reviews : `${sellerPaths.reviews}?filtro=${value}`;
  return (
    <section aria-labelledby="titulo-resenas" className="space-y-6">
      <div>
        <h1 id="titulo-resenas" className="text-3xl font-bold text-slate-900">
          Reseñas
        </h1>
        <p className="mt-2 text-slate-700">
          Lo que opinan tus clientes de tus productos. Responde una vez a cada reseña: tu respuesta se ve en la página
          del producto y puedes cambiarla cuando quieras.
        </p>
      </div>
      <ChipLinks
        label="Qué reseñas ver"
        links={[
          { to: filterLink("todas"), label: "Todas", current: filter === "todas" },
          {
            to: filterLink("sin_responder"),
            label: `Sin responder (${unanswered})`,
            current: filter === "sin_responder",
          },
        ]}
      />
      {locked ? <Notice tone="warning">{locked}</Notice> : null}
      {reviews.length === 0 ? (
        <p className="text-slate-700" data-testid="no-reviews">
          {filter === "sin_responder" && total === 0
            ? "Has respondido a todas las reseñas."
            : "Tus productos aún no tienen reseñas."}
        </p>
      ) : (
        <ul className="space-y-4" data-testid="seller-reviews">
          {reviews.map((review) => (
            <li key={review._id} data-testid="seller-review">
              <Card>
                <p className="text-sm text-slate-700">
                  <TextLink to={`/product/details/${encodeURIComponent(review.product.slug)}#resenas`}>
                    {review.product.name}
                  </TextLink>
                </p>
                <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
                  <p className="font-bold text-slate-900">{review.name}</p>
                  {review.verifiedPurchase ? <Badge tone="success">Compra verificada</Badge> : null}
                  {review.reply ? null : <Badge tone="warning">Sin responder</Badge>}
                </div>
                <div className="mt-1 flex flex-wrap items-center gap-3 text-sm text-slate-600">
                  <Rating value={review.rating} />
                  <time dateTime={review.date}>{longDate(review.date)}</time>
                </div>
                <p className="mt-2 whitespace-pre-line break-words text-slate-800">{review.text}</p>
                {review.reply ? <ReviewReply reply={review.reply} /> : null}
                {locked ? null : <ReplyForm review={review} constraint={constraint} />}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={pageNo}
        totalPages={totalPages}
        param="pagina"
        words={REVIEW_PAGE_WORDS}
        className="flex justify-center"
      />
    </section>
  );
}
