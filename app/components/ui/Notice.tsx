import type { ReactNode } from "react";
import { cx } from "./cx";

const TONES = {
  info: "border-sky-600 bg-sky-50 text-sky-950",
  success: "border-lime-500 bg-lime-50 text-slate-900",
  warning: "border-amber-500 bg-amber-50 text-amber-950",
  error: "border-red-600 bg-red-50 text-red-900",
} as const;

export type NoticeTone = keyof typeof TONES;

/**
 * A message about the page or a form as a whole (a refusal that belongs to no field, a warning).
 * An error is announced as soon as it appears (`role="alert"`).
 */
export function Notice({
  tone = "info",
  id,
  title,
  className,
  children,
}: {
  tone?: NoticeTone;
  id?: string;
  title?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      id={id}
      role={tone === "error" ? "alert" : undefined}
      className={cx("space-y-1 rounded-lg border-l-4 px-4 py-3 font-medium", TONES[tone], className)}
    >
      {title ? <p className="font-bold">{title}</p> : null}
      {children}
    </div>
  );
}
