import type { AppLoadContext } from "@remix-run/node";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { STOCK_CHANGED_WHILE_EDITING, stockSumMismatch } from "#contract/stock";
import type { StockFormAnswer } from "~/forms/stock.forms";

/**
 * The seller's stock forms' action (issue 11) with the API stood in for: what it sends, the flash of
 * a save, a suspended shop's refusal without a call, a 409 that keeps what was typed, and refusals
 * placed under their fields or beside the form.
 */

const SELLER_ID = "6f1c1a52-3a4b-4c5d-8e9f-0a1b2c3d4e5f";
const PRODUCT_ID = "0b9d7f0e-6f43-4c1e-9a43-2d8f1c3b7a10";
const BACK = "/dashboard/seller/control?searchValue=zapa";

type Modules = {
  stock: typeof import("~/services/stock.server");
  api: typeof import("~/services/api.server");
  seller: typeof import("~/services/seller.server");
};
let modules: Modules;

beforeAll(async () => {
  modules = {
    stock: await import("~/services/stock.server"),
    api: await import("~/services/api.server"),
    seller: await import("~/services/seller.server"),
  };
});

function setUp(
  options: { refusal?: string | null; call?: (definition: unknown, input: unknown) => Promise<unknown> } = {},
) {
  const call = vi.fn(options.call ?? (async () => ({ message: "Stock actualizado.", product: {} })));
  const flash = vi.fn();
  const area = {
    account: {
      user: { id: SELLER_ID, role: "seller" as const, name: "Valentina" },
      call,
      open: vi.fn(),
      rememberName: vi.fn(),
    },
    shop: {
      name: "Smash",
      slug: "smash",
      status: options.refusal ? ("suspendida" as const) : ("aprobada" as const),
      statusReason: null,
    },
    refusal: options.refusal ?? null,
  };
  return {
    area: area as unknown as import("~/services/seller.server").SellerArea,
    call,
    flash,
    context: { session: { flash } } as unknown as AppLoadContext,
  };
}

function post(fields: Record<string, string>): Request {
  return new Request(`http://127.0.0.1${BACK}`, { method: "POST", body: new URLSearchParams(fields) });
}

const SIZED = {
  intent: "guardar-stock",
  productId: PRODUCT_ID,
  stockVersion: "4",
  "sizes[0].size": "41",
  "sizes[0].stock": "2",
  "sizes[1].size": "42",
  "sizes[1].stock": "3",
};

/** The answer a refused form gets (Remix's `data()`), as the page receives it. */
function answerOf(result: unknown): { status: number; answer: StockFormAnswer } {
  const wrapped = result as { data: StockFormAnswer; init: { status: number } | null };
  return { status: wrapped.init?.status ?? 200, answer: wrapped.data };
}

describe("el formulario de stock del vendedor, en el servidor", () => {
  it("envía las tallas, su suma, la versión y el vendedor, y vuelve a la lista con el mensaje", async () => {
    const { area, call, flash, context } = setUp();
    const response = (await modules.stock.stockFormAction({ request: post(SIZED), context }, area, BACK)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(BACK);
    expect(flash).toHaveBeenCalledWith({ kind: "success", message: "Stock actualizado." });
    expect(call.mock.calls[0]?.[1]).toEqual({
      body: {
        productId: PRODUCT_ID,
        sellerId: SELLER_ID,
        stockVersion: 4,
        newStock: 5,
        sizes: [
          { size: "41", stock: 2 },
          { size: "42", stock: 3 },
        ],
      },
    });
  });

  it("una tienda suspendida ve el motivo sobre el formulario, con lo escrito, y no se llama a la API", async () => {
    const reason = modules.seller.suspendedShopMessage("Documentación caducada");
    const { area, call, context } = setUp({ refusal: reason });
    const { status, answer } = answerOf(
      await modules.stock.stockFormAction({ request: post(SIZED), context }, area, BACK),
    );
    expect(status).toBe(403);
    expect(call).not.toHaveBeenCalled();
    expect(answer.target).toBe(PRODUCT_ID);
    expect(answer.result?.error?.[""]).toEqual([reason]);
    expect(answer.result?.initialValue).toMatchObject({
      sizes: [
        { size: "41", stock: "2" },
        { size: "42", stock: "3" },
      ],
    });
  });

  it("un 409 guarda lo que el vendedor escribió, para mostrarlo junto a las cifras actuales", async () => {
    const { area, context } = setUp({
      call: async () => {
        throw new modules.api.ApiError(409, STOCK_CHANGED_WHILE_EDITING);
      },
    });
    const { status, answer } = answerOf(
      await modules.stock.stockFormAction({ request: post(SIZED), context }, area, BACK),
    );
    expect(status).toBe(409);
    expect(answer).toEqual({
      intent: "guardar-stock",
      target: PRODUCT_ID,
      result: null,
      notice: STOCK_CHANGED_WHILE_EDITING,
      typed: {
        sizes: [
          { size: "41", stock: 2 },
          { size: "42", stock: 3 },
        ],
        newStock: null,
        lowStockThreshold: null,
      },
    });
  });

  it("los rechazos de la API van bajo su talla, y la regla de la suma junto al formulario", async () => {
    const { area, context } = setUp({
      call: async () => {
        throw new modules.api.ApiError(400, "Revise el stock.", [
          { field: "sizes.1.stock", message: "El stock no puede superar 100000 unidades." },
          { field: "newStock", message: stockSumMismatch(5) },
        ]);
      },
    });
    const { status, answer } = answerOf(
      await modules.stock.stockFormAction({ request: post(SIZED), context }, area, BACK),
    );
    expect(status).toBe(400);
    expect(answer.result?.error).toMatchObject({
      "sizes[1].stock": ["El stock no puede superar 100000 unidades."],
      "": [stockSumMismatch(5)],
    });
  });

  it("el umbral se envía con las cifras leídas; un formulario sin intención conocida es un 400", async () => {
    const { area, call, context } = setUp();
    await modules.stock.stockFormAction(
      { request: post({ ...SIZED, intent: "guardar-umbral", lowStockThreshold: "2" }), context },
      area,
      BACK,
    );
    expect(call.mock.calls[0]?.[1]).toMatchObject({ body: { lowStockThreshold: 2, stockVersion: 4, newStock: 5 } });
    await expect(
      modules.stock.stockFormAction({ request: post({ ...SIZED, intent: "borrar" }), context }, area, BACK),
    ).rejects.toMatchObject({ status: 400 });
  });
});
