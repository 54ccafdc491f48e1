import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

export interface FlashMessageProps {
  flash: { kind: "success" | "error"; message: string };
}

const looks = {
  success: {
    box: "border-lime-500 bg-lime-50 text-slate-900",
    badge: "bg-lime-400 text-slate-900",
    symbol: "✓",
  },
  error: {
    box: "border-red-600 bg-red-50 text-red-900",
    badge: "bg-red-600 text-white",
    symbol: "!",
  },
} as const;

type Flash = FlashMessageProps["flash"];

/**
 * The flash of the page being shown. The session gives a flash once, so a revalidation of the same
 * page (a live notification reloads the data) answers none: the message stays until the shopper
 * navigates or sends a form, not until the next event on the socket.
 */
export function useFlashOfThisPage(flash: Flash | null): Flash | null {
  const { key } = useLocation();
  const shown = useRef<{ key: string; flash: Flash } | null>(null);
  if (flash) shown.current = { key, flash };
  else if (shown.current?.key !== key) shown.current = null;
  return shown.current?.flash ?? null;
}

/** The one-time message a redirect leaves behind (see redirectWithFlash). */
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
  const look = looks[flash.kind];

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-4 md:px-6">
      <div className={`flex items-start gap-3 rounded-lg border-l-4 px-4 py-3 shadow-sm ${look.box}`}>
        <span
          aria-hidden="true"
          className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${look.badge}`}
        >
          {look.symbol}
        </span>
        <p role={flash.kind === "error" ? "alert" : "status"} className="flex-1 font-medium">
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
      </div>
    </div>
  );
}
