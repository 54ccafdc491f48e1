import { Fragment, options, type VNode } from "preact";
import { hydrate, render } from "preact/compat";
import { afterPageHydrated, nextTask } from "~/components/hydration";

/**
 * `react-dom/client` for the browser build, where Preact stands in for React (vite.config.ts).
 *
 * Remix hydrates the whole document; Preact hydrates children into an element, so the root's
 * `<html>` becomes a fragment whose head and body hydrate into `document.documentElement`.
 *
 * The server renders with React, whose `useId` makes other ids than Preact's, and Preact sets no
 * attribute while it hydrates: labels, fields and their messages would point at ids the browser's
 * components do not know. Until the page is hydrated, the attributes that hold ids take the
 * browser's values.
 */
const ID_ATTRIBUTES: Record<string, string> = {
  id: "id",
  htmlFor: "for",
  for: "for",
  form: "form",
  "aria-controls": "aria-controls",
  "aria-describedby": "aria-describedby",
  "aria-labelledby": "aria-labelledby",
  "aria-errormessage": "aria-errormessage",
  "aria-activedescendant": "aria-activedescendant",
};

/**
 * Preact runs effects after the next frame; here they run in the next task instead, like React's
 * passive effects on a busy page. A turn's effects (what registers its pick-ups) then run before
 * the page counts as hydrated (`waitForTurn` checks two tasks after the last turn), where after a
 * frame they could come later and find the pick-ups already done.
 */
options.requestAnimationFrame = nextTask;

export function hydrateRoot(container: Element | Document, children: VNode) {
  const target = container instanceof Document ? container.documentElement : container;
  const previousVNode = options.vnode;
  const previousDiffed = options.diffed;
  let hydrating = true;
  options.vnode = (vnode) => {
    if (vnode.type === "html") vnode.type = Fragment as unknown as string;
    previousVNode?.(vnode);
  };
  options.diffed = (vnode) => {
    if (hydrating && typeof vnode.type === "string") {
      // `__e` is the vnode's DOM node: Preact 10's stable mangled name for `_dom` (its devtools read it too).
      const element = (vnode as unknown as { __e: Element | null }).__e;
      const props = vnode.props as Record<string, unknown>;
      if (element) {
        for (const prop in props) {
          const attribute = ID_ATTRIBUTES[prop];
          const value = props[prop];
          if (attribute && typeof value === "string" && element.getAttribute(attribute) !== value)
            element.setAttribute(attribute, value);
        }
      }
    }
    previousDiffed?.(vnode);
  };
  afterPageHydrated(() => {
    hydrating = false;
  });
  hydrate(children, target);
  return createRoot(target);
}

export function createRoot(container: Element) {
  return {
    render(children: VNode) {
      render(children, container);
    },
    unmount() {
      render(null, container);
    },
  };
}
