import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Notice } from "~/components/ui/Notice";

export interface FlashMessageProps {
  flash: { kind: "success" | "error"; message: string };
}

const badges = {
  success: { look: "bg-lime-400 text-slate-900", symbol: "✓" },
  error: { look: "bg-red-600 text-white", symbol: "!" },
} as const;

/** The one-time message a redirect leaves behind (see redirectWithFlash). An error is announced at once. */
export function FlashMessage({ flash }: FlashMessageProps) {
  const hydrated = useHydrated();
  // Remembers which message was closed: a new flash is a new object, so it shows again.
  const [dismissed, setDismissed] = useState<FlashMessageProps["flash"] | null>(null);
  // The message reports the last form sent: sending another one (even one the browser stops to show
  // its errors) makes it stale, so a success never stands beside the next form's errors.
  useEffect(() => {
    const dismiss = () => setDismissed(flash);
    document.addEventListener("submit", dismiss, { capture: true });
    return () => document.removeEventListener("submit", dismiss, { capture: true });
  }, [flash]);
  if (dismissed === flash) return null;
  const badge = badges[flash.kind];

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-4 md:px-6">
      <Notice tone={flash.kind} className="flex items-start gap-3 shadow-sm">
        <span
          aria-hidden="true"
          className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${badge.look}`}
        >
          {badge.symbol}
        </span>
        <p role={flash.kind === "success" ? "status" : undefined} className="flex-1">
          {flash.message}
        </p>
        {/* Closing needs JavaScript, so the button appears only once the page is interactive. */}
        {hydrated ? (
          <button
            type="button"
            onClick={() => setDismissed(flash)}
            aria-label="Cerrar mensaje"
            className="-my-1 rounded p-1 text-xl leading-none text-slate-600 hover:bg-black/5 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </Notice>
    </div>
  );
}
