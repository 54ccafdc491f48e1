import { AFTER_FIRST_PAINT, HYDRATED } from "./after-first-paint";

/** What the starter needs to know, passed in as JSON so its own code names no attribute value. */
export interface ScriptStarterConfig {
  /** The box the real preloads and module scripts go into: React never looks inside it. */
  boxId: string;
  /** What the held-back preloads and module scripts say instead (after-first-paint.ts). */
  held: { rel: string; type: string };
  /** What the copies say: passed in, so this code never carries `rel="modulepreload"` or `type="module"`. */
  started: { rel: string; type: string };
  /** The shopper's events stopped at the window until the page says it is hydrated. */
  heldEvents: readonly string[];
  /** The event `PageScripts` sends once React has hydrated the page. */
  hydratedEvent: string;
}

/**
 * The page's first inline script (docs/decisions/0019): after the first frame, it adds real copies
 * of the held-back module preloads, one per task at low priority, then the module script that
 * hydrates the page. From then until the page is hydrated, the shopper's own events stop at the
 * window, so they do what they do without scripts.
 *
 * `PageScripts` writes this function's source into the document, so it must stand alone: it reads
 * only its argument and the browser's globals (tests/unit/start-scripts.test.ts runs it so).
 */
export function startScriptsAfterFirstPaint(config: ScriptStarterConfig) {
  const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? "";
  const holdEventsUntilHydrated = () => {
    const stop = (event: Event) => {
      if (event.isTrusted) event.stopPropagation();
    };
    for (const type of config.heldEvents) window.addEventListener(type, stop, true);
    window.addEventListener(
      config.hydratedEvent,
      () => {
        for (const type of config.heldEvents) window.removeEventListener(type, stop, true);
      },
      { once: true },
    );
  };
  requestAnimationFrame(() => {
    setTimeout(() => {
      const box = document.getElementById(config.boxId);
      if (!box) return;
      const held = Array.from(document.querySelectorAll<HTMLLinkElement>(`link[rel="${config.held.rel}"]`));
      // One preload per task: starting a module fetch costs a phone a few milliseconds each.
      const next = () => {
        const one = held.shift();
        if (one) {
          const link = document.createElement("link");
          link.setAttribute("rel", config.started.rel);
          link.href = one.href;
          link.setAttribute("fetchpriority", "low");
          box.append(link);
          setTimeout(next, 0);
          return;
        }
        holdEventsUntilHydrated();
        document.querySelectorAll(`script[type="${config.held.type}"]`).forEach((script) => {
          const copy = document.createElement("script");
          copy.setAttribute("type", config.started.type);
          copy.nonce = nonce;
          copy.textContent = script.textContent;
          box.append(copy);
        });
      };
      next();
    });
  });
}

export const STARTER_CONFIG: ScriptStarterConfig = {
  boxId: "scripts-iniciados",
  held: AFTER_FIRST_PAINT,
  started: { rel: "modulepreload", type: "module" },
  // React 18's `discreteReplayableEvents`: what a page still hydrating would answer by hydrating at
  // once, which can fail with error #345 and leave the page without scripts (decision 0019).
  heldEvents: [
    "mousedown",
    "mouseup",
    "touchcancel",
    "touchend",
    "touchstart",
    "auxclick",
    "dblclick",
    "pointercancel",
    "pointerdown",
    "pointerup",
    "dragend",
    "dragstart",
    "drop",
    "compositionend",
    "compositionstart",
    "keydown",
    "keypress",
    "keyup",
    "input",
    "textInput",
    "copy",
    "cut",
    "paste",
    "click",
    "change",
    "contextmenu",
    "reset",
    "submit",
  ],
  hydratedEvent: HYDRATED.event,
};

/** The starter as the document carries it: the function's own source, called with its settings. */
export const STARTER_SCRIPT = `(${startScriptsAfterFirstPaint.toString()})(${JSON.stringify(STARTER_CONFIG)});`;
