import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Hydration = typeof import("~/components/hydration");

/** Each test starts from a page that has not begun hydrating: the module keeps the page's state. */
async function freshPage(): Promise<Hydration> {
  vi.resetModules();
  return import("~/components/hydration");
}

function thrownBy(call: () => void): unknown {
  try {
    call();
  } catch (thrown) {
    return thrown;
  }
  return undefined;
}

const nextTask = (hydration: Hydration) => new Promise<void>((resolve) => hydration.nextTask(resolve));

describe("hidratación por turnos", () => {
  let now = 1_000;
  beforeEach(() => {
    now = 1_000;
    vi.spyOn(performance, "now").mockImplementation(() => now);
  });
  afterEach(() => vi.restoreAllMocks());

  it("la primera pasada no hidrata ninguna parte: todas esperan a la tarea siguiente", async () => {
    const hydration = await freshPage();
    const first = thrownBy(hydration.waitForTurn);
    expect(first).toBeInstanceOf(Promise);
    expect(thrownBy(hydration.waitForTurn)).toBe(first);
  });

  it("en cada tarea hidrata partes hasta agotar su tiempo, y las demás esperan a la siguiente", async () => {
    const hydration = await freshPage();
    await thrownBy(hydration.waitForTurn);
    expect(thrownBy(hydration.waitForTurn)).toBeUndefined();
    now += hydration.SLICE_MS - 1;
    expect(thrownBy(hydration.waitForTurn)).toBeUndefined();
    now += 1;
    const next = thrownBy(hydration.waitForTurn);
    expect(next).toBeInstanceOf(Promise);
    await next;
    expect(thrownBy(hydration.waitForTurn)).toBeUndefined();
  });

  it("la página cuenta como hidratada cuando ya ninguna parte espera su turno", async () => {
    const hydration = await freshPage();
    const done = vi.fn();
    const first = thrownBy(hydration.waitForTurn);
    hydration.afterTurns(done);
    await first;
    // In the task that resumes, a part that runs past the slice makes the rest wait once more.
    now += hydration.SLICE_MS;
    const second = thrownBy(hydration.waitForTurn);
    await nextTask(hydration);
    expect(done).not.toHaveBeenCalled();
    await second;
    await nextTask(hydration);
    expect(done).toHaveBeenCalledOnce();
  });

  it("sin partes que esperen, lo que sigue a la hidratación corre en seguida", async () => {
    const hydration = await freshPage();
    const done = vi.fn();
    hydration.afterTurns(done);
    expect(done).toHaveBeenCalledOnce();
  });

  it("una vez hidratada, ninguna parte espera y lo que se dejó para después corre", async () => {
    const hydration = await freshPage();
    const later = vi.fn();
    hydration.afterPageHydrated(later);
    expect(later).not.toHaveBeenCalled();
    await hydration.markPageHydrated();
    expect(later).toHaveBeenCalledOnce();
    now += 1_000;
    expect(thrownBy(hydration.waitForTurn)).toBeUndefined();
    const atOnce = vi.fn();
    hydration.afterPageHydrated(atOnce);
    expect(atOnce).toHaveBeenCalledOnce();
  });

  it("lo escrito antes de los scripts se recoge al hidratar, y solo en lo que dibujó el servidor", async () => {
    const hydration = await freshPage();
    const drawnByServer = vi.fn();
    const cancelled = vi.fn();
    hydration.pickUpAfterHydration(drawnByServer);
    hydration.pickUpAfterHydration(cancelled)();
    await hydration.markPageHydrated();
    expect(drawnByServer).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
    const drawnLater = vi.fn();
    hydration.pickUpAfterHydration(drawnLater);
    expect(drawnLater).not.toHaveBeenCalled();
  });

  it("lo que esperaba a la hidratación se redibuja por tandas, una tarea cada una", async () => {
    const hydration = await freshPage();
    const order: string[] = [];
    // Each redraw takes half a slice: two fit in a task, the third waits for the next.
    for (const name of ["a", "b", "c"])
      hydration.afterPageHydrated(() => {
        order.push(name);
        now += hydration.SLICE_MS / 2;
      });
    hydration.nextTask(() => order.push("tarea"));
    await hydration.markPageHydrated();
    expect(order).toEqual(["a", "b", "tarea", "c"]);
  });

  it("lo escrito se recoge antes de que nada se redibuje", async () => {
    const hydration = await freshPage();
    const order: string[] = [];
    hydration.afterPageHydrated(() => order.push("redibujo"));
    hydration.pickUpAfterHydration(() => order.push("recogida"));
    await hydration.markPageHydrated();
    expect(order).toEqual(["recogida", "redibujo"]);
  });
});
