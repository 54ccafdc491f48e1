import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/Button";
import { cx } from "~/components/ui/cx";

/**
 * What a page shows where it has nothing to list (or nothing left to do), with the way on: by
 * default back to the catalogue; `link` null offers none.
 */
export function EmptyState({
  message,
  detail,
  link = { to: "/products", label: "Ver productos" },
  alert = false,
  className = "mt-8",
  "data-testid": testId,
}: {
  message: ReactNode;
  detail?: ReactNode;
  link?: { to: string; label: string } | null;
  /** The message is news the shopper must hear (an order that expired). */
  alert?: boolean;
  className?: string;
  "data-testid"?: string;
}) {
  return (
    <div
      className={cx("rounded-2xl border border-dashed border-neutral-300 px-6 py-16 text-center", className)}
      data-testid={testId}
    >
      <p role={alert ? "alert" : undefined} className="text-lg font-semibold text-ink">
        {message}
      </p>
      {detail ? <p className="mt-2 text-neutral-700">{detail}</p> : null}
      {link ? (
        <ButtonLink to={link.to} variant="dark" size="sm" className="mt-5">
          {link.label}
        </ButtonLink>
      ) : null}
    </div>
  );
}
