import { Scripts, ScrollRestoration } from "@remix-run/react";
import { useEffect } from "react";
import { AFTER_FIRST_PAINT, HYDRATED } from "./after-first-paint";

const STARTED_SCRIPTS_ID = "scripts-iniciados";

/** React 18's `discreteReplayableEvents`: an event of these types on a page still hydrating makes it hydrate at once. */
const EVENTS_REACT_HYDRATES_FOR = ["mousedown", "mouseup", "touchcancel", "touchend", "touchstart", "auxclick", "dblclick", "pointercancel", "pointerdown", "pointerup", "dragend", "dragstart", "drop", "compositionend", "compositionstart", "keydown", "keypress", "keyup", "input", "textInput", "copy", "cut", "paste", "click", "change", "contextmenu", "reset", "submit"];

/**
 * After the first frame is drawn, fetches the modules the server held back (at low priority, so the
 * photos still on their way come first) and runs the page's module script, which hydrates it. The
 * copies go into a box React leaves alone (its content is set as HTML), so the document React
 * hydrates is exactly the one the server sent. A tab opened in the background starts them when shown.
 * Each preload is added in a task of its own: starting a module fetch costs a phone a few
 * milliseconds, and sixteen of them in one task blocked taps for 60–80 ms at 4x CPU slowdown.
 *
 * While React hydrates, the events it would answer (clicks, keys, typing, submits) stop at the
 * window, so they do what they do without scripts: text stays in its field, a link or a form goes
 * to the server. React 18 answers such an event by hydrating the page synchronously, a pass that
 * can end in "Root did not complete" (error #345) and leave the page without scripts. What was
 * typed is picked up once hydrated, as text typed before the scripts came is (decision 0019). Only
 * trusted events (the shopper's own) wait: the effects that pick up what was typed dispatch events
 * of their own, and they run before this component's effect lets the shopper's through.
 */
const START_AFTER_FIRST_PAINT = `(function(){var nonce=document.currentScript.nonce;requestAnimationFrame(function(){setTimeout(function(){var box=document.getElementById(${JSON.stringify(STARTED_SCRIPTS_ID)});var held=[].slice.call(document.querySelectorAll('link[rel="${AFTER_FIRST_PAINT.rel}"]'));(function next(){var one=held.shift();if(one){var link=document.createElement("link");link.setAttribute("rel","modulepreload");link.href=one.href;link.setAttribute("fetchpriority","low");box.append(link);setTimeout(next,0);return}var discrete=${JSON.stringify(EVENTS_REACT_HYDRATES_FOR)};var stop=function(event){if(event.isTrusted)event.stopPropagation()};discrete.forEach(function(type){window.addEventListener(type,stop,true)});window.addEventListener("${HYDRATED.event}",function(){discrete.forEach(function(type){window.removeEventListener(type,stop,true)})},{once:true});document.querySelectorAll('script[type="${AFTER_FIRST_PAINT.type}"]').forEach(function(script){var copy=document.createElement("script");copy.setAttribute("type","module");copy.nonce=nonce;copy.textContent=script.textContent;box.append(copy)})})()})})})();`;

/**
 * The page's scripts, started only once the page is on screen: on a slow phone network the first
 * paint and the first photo no longer share the line with ~100 KB of comfort scripts (every page
 * works without them), and the phone's processor draws before it hydrates (docs/decisions/0019).
 */
export function PageScripts({ nonce }: { nonce: string | undefined }) {
  // Runs after the effects of the page's components: the tests get the page once they all ran.
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED.attribute, "");
    window.dispatchEvent(new Event(HYDRATED.event));
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
