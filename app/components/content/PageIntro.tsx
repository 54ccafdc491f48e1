import type { ReactNode } from "react";

interface PageIntroProps {
  /** Short line above the title, in the accent colour. */
  eyebrow?: string;
  title: string;
  /** Id of the title, for the sections that name themselves by it. */
  titleId?: string;
  children?: ReactNode;
}

/** Dark band that opens the informational pages, continuing the dark header. */
export function PageIntro({ eyebrow, title, titleId, children }: PageIntroProps) {
  return (
    <div className="bg-slate-900 text-white">
      <div className="mx-auto max-w-7xl px-4 md:px-6 py-14 sm:py-20">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-widest text-lime-400">{eyebrow}</p> : null}
        <h1 id={titleId} className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
          {title}
        </h1>
        {children ? <div className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-300">{children}</div> : null}
      </div>
    </div>
  );
}
