import { parseWithZod } from "@conform-to/zod";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TOO_MANY_REQUESTS } from "#contract/messages";
import { ORDER_MESSAGE_MISSING, ORDER_MESSAGE_TOO_LONG } from "#contract/order-messages";
import type { FormAnswer } from "~/forms/form-answer";
import { ORDER_MESSAGE_INTENT } from "~/forms/order-message.forms";
import { orderMessageFormSchema } from "~/forms/order-message.schema";
import { ApiError } from "~/services/api.server";
import type { AccountClient, RequestArgs } from "~/services/auth.server";
import { loadOrderThreads, sendOrderMessage } from "~/services/order-messages.server";

const SHOP_ORDER = "6f1c1a52-3a4b-4c5d-8e9f-0a1b2c3d4e5f";

/** An account whose every API call fails with `error`. */
function failingAccount(error: unknown): AccountClient {
  return {
    user: { id: "0b1c1a52-3a4b-4c5d-8e9f-0a1b2c3d4e5f", role: "customer", name: "Marta" },
    call: () => Promise.reject(error),
    open: () => Promise.reject(error),
    rememberName: () => undefined,
  };
}

function messageForm(body: string) {
  const formData = new FormData();
  formData.set("shopOrderId", SHOP_ORDER);
  formData.set("body", body);
  return parseWithZod(formData, { schema: orderMessageFormSchema });
}

/** A message form as the action has it once its schema passed. */
function parsedForm(body: string) {
  const submission = messageForm(body);
  if (submission.status !== "success") throw new Error("el formulario debía pasar");
  return { value: submission.value, reply: submission.reply };
}

const args = { request: new Request("http://tienda.test/dashboard/order/details/x"), context: {} } as RequestArgs;

afterEach(() => vi.restoreAllMocks());

describe("formulario de mensaje del pedido", () => {
  it("recorta el texto y rechaza uno vacío o de más de 2000 caracteres en español", () => {
    expect(messageForm("  Hola  ")).toMatchObject({
      status: "success",
      value: { shopOrderId: SHOP_ORDER, body: "Hola" },
    });
    expect(messageForm("   ")).toMatchObject({ status: "error", error: { body: [ORDER_MESSAGE_MISSING] } });
    expect(messageForm("a".repeat(2001))).toMatchObject({ status: "error", error: { body: [ORDER_MESSAGE_TOO_LONG] } });
  });

  it("una negativa de la API (demasiados mensajes) se dice junto al texto, que se conserva", async () => {
    const refused = await sendOrderMessage(
      args,
      failingAccount(new ApiError(429, TOO_MANY_REQUESTS.orderMessage)),
      "cliente",
      parsedForm("¿Cuándo llega?"),
      "/dashboard/order/details/x",
    );
    if (refused instanceof Response) throw new Error("una negativa se contesta a la página, no como redirección");
    expect(refused.init?.status).toBe(429);
    const data: FormAnswer = refused.data;
    expect(data.intent).toBe(ORDER_MESSAGE_INTENT);
    expect(data.target).toBe(SHOP_ORDER);
    expect(data.result?.error).toEqual({ body: [TOO_MANY_REQUESTS.orderMessage] });
    expect(data.result?.initialValue).toMatchObject({ body: "¿Cuándo llega?" });
  });

  it("unos mensajes que no cargan no tumban la página", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await loadOrderThreads(failingAccount(new TypeError("fetch failed")), SHOP_ORDER)).toBeNull();
    const expired = new Response(null, { status: 302 });
    await expect(loadOrderThreads(failingAccount(expired), SHOP_ORDER)).rejects.toBe(expired);
  });
});
