import { parseWithZod } from "@conform-to/zod";
import { afterEach, describe, expect, it, vi } from "vitest";
import { offerFormSchema } from "~/routes/dashboard/order-details.schema";
import { ApiError } from "~/services/api.server";
import type { AccountClient } from "~/services/auth.server";
import { getOrderOffers, getWallet, orderFilterOf, WALLET_ERROR } from "~/services/customer-orders.server";

/** An account whose every API call fails with `error`. */
function failingAccount(error: unknown): AccountClient {
  return {
    user: { id: "6f1c1a52-3a4b-4c5d-8e9f-0a1b2c3d4e5f", role: "customer", name: "Marta" },
    call: () => Promise.reject(error),
    open: () => Promise.reject(error),
    rememberName: () => undefined,
  };
}

function offerForm(price: string) {
  const formData = new FormData();
  formData.set("shopOrderId", "6f1c1a52-3a4b-4c5d-8e9f-0a1b2c3d4e5f");
  formData.set("price", price);
  return parseWithZod(formData, { schema: offerFormSchema });
}

describe("formulario de oferta", () => {
  it("lee dólares con coma o punto y los manda en centavos", () => {
    expect(offerForm("45,50")).toMatchObject({ status: "success", value: { price: 4550 } });
    expect(offerForm(" 12.5 ")).toMatchObject({ status: "success", value: { price: 1250 } });
    expect(offerForm("7")).toMatchObject({ status: "success", value: { price: 700 } });
  });

  it("rechaza textos, tres decimales y cero con mensajes en español", () => {
    expect(offerForm("barato")).toMatchObject({
      status: "error",
      error: { price: ["Escribe un importe en dólares, por ejemplo 45,50."] },
    });
    expect(offerForm("1,234")).toMatchObject({
      status: "error",
      error: { price: ["Escribe un importe en dólares, por ejemplo 45,50."] },
    });
    expect(offerForm("0,00")).toMatchObject({
      status: "error",
      error: { price: ["El precio propuesto debe ser mayor que cero."] },
    });
  });
});

describe("filtro de pedidos", () => {
  it("acepta los estados conocidos y muestra todos ante cualquier otro", () => {
    expect(orderFilterOf("sin_pagar")).toBe("sin_pagar");
    expect(orderFilterOf("cancelado")).toBe("cancelado");
    expect(orderFilterOf("perdido")).toBe("all");
    expect(orderFilterOf(null)).toBe("all");
  });
});

describe("errores de cartera y ofertas (SPEC.md sección 8)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("la cartera muestra el mensaje del servidor, o 'Error al obtener la cartera' sin él", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await getWallet(failingAccount(new ApiError(403, "No tienes permiso para esta acción.")))).toEqual({
      wallet: null,
      error: "No tienes permiso para esta acción.",
    });
    expect(await getWallet(failingAccount(new ApiError(502, "Error en la operación", [], false)))).toEqual({
      wallet: null,
      error: WALLET_ERROR,
    });
    expect(await getWallet(failingAccount(new TypeError("fetch failed")))).toEqual({
      wallet: null,
      error: "Error al obtener la cartera",
    });
  });

  it("unas ofertas que no cargan no tumban la página", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(
      await getOrderOffers(failingAccount(new TypeError("fetch failed")), "6f1c1a52-3a4b-4c5d-8e9f-0a1b2c3d4e5f"),
    ).toBeNull();
    const expired = new Response(null, { status: 302 });
    await expect(getOrderOffers(failingAccount(expired), "6f1c1a52-3a4b-4c5d-8e9f-0a1b2c3d4e5f")).rejects.toBe(expired);
  });
});
