import { describe, expect, it, vi } from "vitest";
import { AFTER_FIRST_PAINT, HYDRATED } from "~/browser/after-first-paint";
import { STARTER_CONFIG, STARTER_SCRIPT } from "~/browser/start-scripts";

interface FakeElement {
  tag: string;
  attributes: Record<string, string>;
  href?: string;
  nonce?: string;
  textContent?: string | null;
  setAttribute(name: string, value: string): void;
}

function fakeElement(tag: string, attributes: Record<string, string> = {}, extra: Partial<FakeElement> = {}) {
  const element: FakeElement = {
    tag,
    attributes: { ...attributes },
    setAttribute(name, value) {
      element.attributes[name] = value;
    },
    ...extra,
  };
  return element;
}

/** Runs the document's starter with only the browser globals it may use, as the page would. */
function runStarter() {
  const box: FakeElement[] = [];
  const heldPreloads = ["/assets/a.js", "/assets/b.js"].map((href) =>
    fakeElement("link", { rel: AFTER_FIRST_PAINT.rel }, { href }),
  );
  const heldModule = fakeElement(
    "script",
    { type: AFTER_FIRST_PAINT.type },
    { textContent: "import('/assets/entry.js')" },
  );
  const listeners = new Map<string, Set<EventListener>>();
  const document = {
    currentScript: { nonce: "n0nce" },
    getElementById: (id: string) =>
      id === STARTER_CONFIG.boxId ? { append: (element: FakeElement) => box.push(element) } : null,
    querySelectorAll: (selector: string) =>
      selector === `link[rel="${AFTER_FIRST_PAINT.rel}"]`
        ? heldPreloads
        : selector === `script[type="${AFTER_FIRST_PAINT.type}"]`
          ? [heldModule]
          : [],
    createElement: (tag: string) => fakeElement(tag),
  };
  const window = {
    addEventListener: (type: string, listener: EventListener) => {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)!.add(listener);
    },
    removeEventListener: (type: string, listener: EventListener) => listeners.get(type)?.delete(listener),
  };
  const requestAnimationFrame = (then: () => void) => setTimeout(then, 0);
  // Only these names are in scope: a starter reaching for anything of its module would throw here.
  new Function("document", "window", "requestAnimationFrame", "setTimeout", STARTER_SCRIPT)(
    document,
    window,
    requestAnimationFrame,
    setTimeout,
  );
  return { box, listeners };
}

describe("el arranque de los scripts tras la primera pintura", () => {
  it("no lleva las cadenas que el servidor retiene, o se retendría a sí mismo", () => {
    expect(STARTER_SCRIPT).not.toContain('rel="modulepreload"');
    expect(STARTER_SCRIPT).not.toContain('type="module"');
    expect(STARTER_SCRIPT).not.toContain("</script");
  });

  it("añade las precargas una a una y después el módulo, con el nonce de la página", async () => {
    const { box } = runStarter();
    await vi.waitFor(() => expect(box).toHaveLength(3));
    expect(box.map((element) => [element.tag, element.attributes.rel ?? element.attributes.type])).toEqual([
      ["link", "modulepreload"],
      ["link", "modulepreload"],
      ["script", "module"],
    ]);
    expect(box[0].href).toBe("/assets/a.js");
    expect(box[0].attributes.fetchpriority).toBe("low");
    expect(box[2].nonce).toBe("n0nce");
    expect(box[2].textContent).toBe("import('/assets/entry.js')");
  });

  it("retiene los eventos del comprador hasta que la página está hidratada, y solo los suyos", async () => {
    const { box, listeners } = runStarter();
    await vi.waitFor(() => expect(box).toHaveLength(3));
    const [stop] = listeners.get("click")!;
    const trusted = { isTrusted: true, stopPropagation: vi.fn() };
    const synthetic = { isTrusted: false, stopPropagation: vi.fn() };
    stop(trusted as unknown as Event);
    stop(synthetic as unknown as Event);
    expect(trusted.stopPropagation).toHaveBeenCalled();
    expect(synthetic.stopPropagation).not.toHaveBeenCalled();

    for (const done of listeners.get(HYDRATED.event)!) done(new Event(HYDRATED.event));
    for (const type of STARTER_CONFIG.heldEvents) expect(listeners.get(type)?.size ?? 0).toBe(0);
  });
});
