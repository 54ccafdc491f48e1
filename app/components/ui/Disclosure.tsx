import type { ReactNode } from "react";

/**
 * A part of a list's row folded until asked for, with or without JavaScript (a form that acts on
 * the row: suspend, reject, rename). `open` unfolds it, e.g. when its last try was refused.
 */
export function Disclosure({ summary, open, children }: { summary: ReactNode; open?: boolean; children: ReactNode }) {
  return (
    <details open={open || undefined} className="rounded-xl border border-slate-200 bg-slate-50">
      <summary className="min-h-11 cursor-pointer rounded-xl px-4 py-2.5 font-semibold text-slate-900 hover:bg-slate-100">
        {summary}
      </summary>
      <div className="px-4 pb-4 pt-2">{children}</div>
    </details>
  );
}
