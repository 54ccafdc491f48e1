import { longDate } from "#contract/store-time";
import type { ReviewReply as Reply } from "#contract/reviews";

/** The shop's public reply under a review (issue 34), written as text like the review itself. */
export function ReviewReply({ reply }: { reply: Reply }) {
  return (
    <div className="mt-3 rounded-xl border-l-4 border-emerald-700 bg-neutral-100 p-3" data-testid="review-reply">
      <p className="text-sm text-neutral-700">
        <strong className="text-ink">Respuesta de {reply.shopName}</strong> ·{" "}
        <time dateTime={reply.date}>{longDate(reply.date)}</time>
      </p>
      <p className="mt-1 leading-relaxed whitespace-pre-line break-words text-neutral-800">{reply.text}</p>
    </div>
  );
}
