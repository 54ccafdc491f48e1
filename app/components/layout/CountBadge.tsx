/** An icon control's spoken label with its count, and the visible badge, shown only above 0. */
export function CountBadge({ label, count }: { label: string; count: number }) {
  return (
    <>
      <span className="sr-only">
        {label}
        {count > 0 ? `, ${count}` : ""}
      </span>
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="count-badge"
          className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-ball px-1 text-[11px] font-bold leading-none text-ink"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </>
  );
}
