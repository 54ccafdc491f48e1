import { useLocation } from "@remix-run/react";
import { useRef } from "react";

type Flash = { kind: "success" | "error"; message: string };

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
