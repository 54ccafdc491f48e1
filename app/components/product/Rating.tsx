import type { CSSProperties } from "react";
import { formatSpanishNumber } from "#contract/number-format";

const formatRating = (value: number) => formatSpanishNumber(value, 0, 1);

/** Five stars filled to the rating, read out as 'Valoración 4,5 de 5'. */
export function Rating({ value, showValue = false }: { value: number; showValue?: boolean }) {
  const label = `Valoración ${formatRating(value)} de 5`;
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        role="img"
        aria-label={label}
        className="rating-stars"
        style={{ "--rating": `${(Math.min(Math.max(value, 0), 5) / 5) * 100}%` } as CSSProperties}
      />
      {showValue ? (
        <span className="text-sm font-semibold text-neutral-700" aria-hidden="true">
          {value > 0 ? formatRating(value) : "Sin valoraciones"}
        </span>
      ) : null}
    </span>
  );
}
