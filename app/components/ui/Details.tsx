import type { ReactNode } from "react";
import { cardClass } from "./Card";
import { cx } from "./cx";

/** Figures or facts as terms and values, in a grid of two columns from `sm` up. */
export function DetailList({ className, children }: { className?: string; children: ReactNode }) {
  return <dl className={cx("grid gap-4 sm:grid-cols-2", className)}>{children}</dl>;
}

/** One term of a DetailList, its label small and in capitals above the value, which wraps rather than overflows. */
export function Detail({
  term,
  className,
  children,
  testId,
  boxed = false,
}: {
  term: ReactNode;
  /** Drawn as a card of its own (a figure among others). */
  boxed?: boolean;
  className?: string;
  children: ReactNode;
  /** On the value. */
  testId?: string;
}) {
  // min-w-0 and break-words: a long value (an e-mail, an address) wraps inside its grid cell.
  const look = cx("min-w-0 break-words", className);
  return (
    <div className={boxed ? cardClass("plain", look) : look}>
      <dt className="text-sm font-semibold uppercase tracking-widest text-slate-600">{term}</dt>
      <dd className="mt-1 text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
