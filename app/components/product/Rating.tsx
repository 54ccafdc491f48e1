const ratingFormatter = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 1 });

/** '1 estrella', '4 estrellas'. */
export const starsText = (stars: number) => (stars === 1 ? "1 estrella" : `${stars} estrellas`);

const STAR_PATH = "M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9z";

function Stars({ className }: { className: string }) {
  return (
    <span className={`flex ${className}`}>
      {[0, 1, 2, 3, 4].map((star) => (
        <svg key={star} viewBox="0 0 24 24" className="size-4 shrink-0 fill-current" aria-hidden="true" focusable="false">
          <path d={STAR_PATH} />
        </svg>
      ))}
    </span>
  );
}

/** Five stars filled to the rating, read out as 'Valoración 4,5 de 5'. */
export function Rating({ value, showValue = false }: { value: number; showValue?: boolean }) {
  const label = `Valoración ${ratingFormatter.format(value)} de 5`;
  return (
    <span className="inline-flex items-center gap-1.5">
      <span role="img" aria-label={label} className="relative inline-block">
        <Stars className="text-neutral-300" />
        <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${(Math.min(Math.max(value, 0), 5) / 5) * 100}%` }}>
          <Stars className="text-amber-500" />
        </span>
      </span>
      {showValue ? (
        <span className="text-sm font-semibold text-neutral-700" aria-hidden="true">
          {value > 0 ? ratingFormatter.format(value) : "Sin valoraciones"}
        </span>
      ) : null}
    </span>
  );
}
