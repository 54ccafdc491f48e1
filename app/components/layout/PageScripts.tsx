import { Scripts, ScrollRestoration } from "@remix-run/react";
import { useEffect } from "react";
import { afterTurns, markPageHydrated } from "~/components/hydration";
import { AFTER_FIRST_PAINT, HYDRATED } from "./after-first-paint";

const STARTED_SCRIPTS_ID = "scripts-iniciados";

/** The shopper's events a page answers (React 18's `discreteReplayableEvents`), held while it hydrates. */
const EVENTS_HELD_WHILE_HYDRATING = [
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
];

/**
 * After the first frame is drawn, fetches the modules the server held back (at low priority, so the
 * photos still on their way come first) and runs the page's module script, which hydrates it. The
 * copies go into a box the browser's render leaves alone (its content is set as HTML), so the
 * document it hydrates is exactly the one the server sent. A tab opened in the background starts them when shown.
 * Each preload is added in a task of its own: starting a module fetch costs a phone a few
 * milliseconds, and sixteen of them in one task blocked taps for 60–80 ms at 4x CPU slowdown.
 *
 * While the page hydrates, in turns (docs/decisions/0013), the events it would answer (clicks,
 * keys, typing, submits) stop at the window, so they do what they do without scripts: text stays in
 * its field, a link or a form goes to the server. A part already hydrated would otherwise answer
 * and draw anew while the others still wait for their turn. What was typed is picked up once the
 * page is hydrated, as text typed before the scripts came is (decision 0019). Only trusted events
 * (the shopper's own) wait: what picks up the typing dispatches events of its own, before this
 * component lets the shopper's through.
 */
const START_AFTER_FIRST_PAINT = `(function(){var nonce=document.currentScript.nonce;requestAnimationFrame(function(){setTimeout(function(){var box=document.getElementById(${JSON.stringify(STARTED_SCRIPTS_ID)});var held=[].slice.call(document.querySelectorAll('link[rel="${AFTER_FIRST_PAINT.rel}"]'));(function next(){var one=held.shift();if(one){var link=document.createElement("link");link.setAttribute("rel","modulepreload");link.href=one.href;link.setAttribute("fetchpriority","low");box.append(link);setTimeout(next,0);return}var discrete=${JSON.stringify(EVENTS_HELD_WHILE_HYDRATING)};var stop=function(event){if(event.isTrusted)event.stopPropagation()};discrete.forEach(function(type){window.addEventListener(type,stop,true)});window.addEventListener("${HYDRATED.event}",function(){discrete.forEach(function(type){window.removeEventListener(type,stop,true)})},{once:true});document.querySelectorAll('script[type="${AFTER_FIRST_PAINT.type}"]').forEach(function(script){var copy=document.createElement("script");copy.setAttribute("type","module");copy.nonce=nonce;copy.textContent=script.textContent;box.append(copy)})})()})})})();`;

/**
 * The page's scripts, started only once the page is on screen: on a slow phone network the first
 * paint and the first photo no longer share the line with ~100 KB of comfort scripts (every page
 * works without them), and the phone's processor draws before it hydrates (docs/decisions/0019).
 */
export function PageScripts({ nonce }: { nonce: string | undefined }) {
  // Once every turn is hydrated and what waited for it is drawn: the tests get the page then.
  useEffect(() => {
    afterTurns(() => {
      window.dispatchEvent(new Event(HYDRATED.turnsDone));
      void markPageHydrated().then(() => {
        document.documentElement.setAttribute(HYDRATED.attribute, "");
        window.dispatchEvent(new Event(HYDRATED.event));
      });
    });
  }, []);
  return (
    <>
      <ScrollRestoration nonce={nonce} />
      <Scripts nonce={nonce} />
      <div id={STARTED_SCRIPTS_ID} hidden suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: START_AFTER_FIRST_PAINT }} />
    </>
  );
}
