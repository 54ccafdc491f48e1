import type { ReactNode } from "react";
import { cx } from "./cx";

/** `plain` a panel, `muted` a panel within one, `empty` the place of a list that has nothing to show. */
const TONES = {
  plain: "border border-slate-200 bg-white shadow-sm",
  muted: "bg-slate-50",
  empty: "border border-dashed border-slate-300 text-slate-700",
} as const;

/** The look of a card, for an element that must be another (a group of a description list). */
export function cardClass(tone: keyof typeof TONES = "plain", className?: string) {
  return cx("rounded-2xl p-5 sm:p-6", TONES[tone], className);
}

/**
 * A panel of the page. With a title it is a section named by its heading, so a screen reader lists
 * it among the page's regions; without one, a plain box.
 */
export function Card({
  title,
  titleId,
  headingLevel = 2,
  tone = "plain",
  actions,
  className,
  children,
  id,
  "aria-labelledby": labelledBy,
  "data-testid": testId,
}: {
  title?: ReactNode;
  /** Required with a title: the section is named by it. */
  titleId?: string;
  headingLevel?: 2 | 3;
  tone?: keyof typeof TONES;
  /** Beside the title (a link to the whole list). */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
  id?: string;
  /** Without a title: the heading inside that names the section. */
  "aria-labelledby"?: string;
  "data-testid"?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // Unnamed it is only a panel (a div, so it may stand where a section may not).
  const Frame = title || labelledBy ? "section" : "div";
  return (
    <Frame
      id={id}
      aria-labelledby={title ? titleId : labelledBy}
      className={cardClass(tone, cx("space-y-4", className))}
      data-testid={testId}
    >
      {title ? (
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <Heading
            id={titleId}
            className={headingLevel === 2 ? "text-xl font-bold text-slate-900" : "text-lg font-bold text-slate-900"}
          >
            {title}
          </Heading>
          {actions}
        </div>
      ) : null}
      {children}
    </Frame>
  );
}
