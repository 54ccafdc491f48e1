import type { ReactNode } from "react";
import { cx } from "./cx";

/** Colour says how the state stands; the words always say it too. */
const TONES = {
  neutral: "border-slate-400 bg-slate-100 text-slate-900",
  success: "border-lime-400 bg-lime-50 text-lime-950",
  warning: "border-amber-400 bg-amber-50 text-amber-950",
  danger: "border-red-300 bg-red-50 text-red-900",
  info: "border-sky-300 bg-sky-50 text-sky-950",
} as const;

export type BadgeTone = keyof typeof TONES;

/** A status in a few words (a shop's, an order's, low stock). */
export function Badge({
  tone = "neutral",
  className,
  children,
  ...rest
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
  "data-testid"?: string;
}) {
  return (
    <span
      className={cx(
        "inline-block whitespace-nowrap rounded-full border px-2.5 py-0.5 text-sm font-semibold",
        TONES[tone],
        className,
      )}
      {...rest}
    >
      {children}
    </span>
  );
}
