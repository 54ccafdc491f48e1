import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import type { NotificationItem } from "#contract/notifications";
import { TRACKING_NUMBER_INVALID, TRACKING_NUMBER_MISSING } from "#contract/orders";
import { sellerOrderEndpoints } from "#contract/seller-orders";
import { notificationLinks } from "~/routes/dashboard/notification-links";
import type { FormAnswer } from "~/forms/form-answer";
import { sellerOrderStatusSchema } from "~/routes/dashboard/seller/order-details.schema";
import { ApiError } from "~/services/api.server";
import type { SellerArea } from "~/services/seller.server";
import { getSellerOrderOffers, sellerOrderAction } from "~/services/seller-orders.server";

const ORDER_ID = "6f1c1a52-3a4b-4c5d-8e9f-0a1b2c3d4e5f";
const SUB_ORDER_ID = "0a1b2c3d-3a4b-4c5d-8e9f-6f1c1a523a4b";
const PRODUCT_ID = "9e8d7c6b-3a4b-4c5d-8e9f-0a1b2c3d4e5f";

function notice(fields: Partial<NotificationItem>): NotificationItem {
  return {
    _id: ORDER_ID,
    message: "Aviso",
    orderId: null,
    type: "sistema",
    read: false,
    createdAt: "2026-11-23T10:00:00.000Z",
    ...fields,
  };
}

describe("enlaces de las notificaciones", () => {
  it("un aviso de pedido de un vendedor lleva a su parte del pedido; el del cliente, a su pedido", () => {
    for (const type of ["pedido", "pago", "oferta"] as const) {
      expect(notificationLinks(notice({ type, orderId: ORDER_ID, sellerOrderId: SUB_ORDER_ID }), "seller")).toEqual([
        { subject: "Pedido", href: `/dashboard/seller/orders/details/${SUB_ORDER_ID}`, text: "#6F1C1A52" },
      ]);
    }
    expect(notificationLinks(notice({ type: "pedido", orderId: ORDER_ID }), "customer")).toEqual([
      { subject: "Pedido", href: `/dashboard/order/details/${ORDER_ID}`, text: "#6F1C1A52" },
    ]);
    // An admin's notice (a return they may answer in the shop's place) opens the admin's page of the order.
    expect(notificationLinks(notice({ type: "pedido", orderId: ORDER_ID }), "admin")).toEqual([
      { subject: "Pedido", href: `/dashboard/admin/orders/${ORDER_ID}`, text: "#6F1C1A52" },
    ]);
  });

  it("un producto oculto por la administración lleva a su vendedor a corregirlo, y al admin a los que esperan revisión", () => {
    const product = { _id: PRODUCT_ID, slug: "pala-vertex", own: true };
    expect(notificationLinks(notice({ type: "sistema", product }), "seller")).toEqual([
      { subject: "Producto", href: `/dashboard/seller/edit-product/${PRODUCT_ID}`, text: "Corregir el producto" },
    ]);
    expect(notificationLinks(notice({ type: "sistema", product: { ...product, own: false } }), "admin")).toEqual([
      { subject: "Producto", href: "/dashboard/admin/products?moderation=revision", text: "Revisar el producto" },
    ]);
  });

  it("una reseña lleva a las reseñas del producto; el stock bajo, a su control; la vuelta del stock, al producto; un retiro, a sus pagos", () => {
    const product = { _id: PRODUCT_ID, slug: "pala-vertex", own: true };
    expect(notificationLinks(notice({ type: "resena", product }), "seller")).toEqual([
      { subject: "Producto", href: "/product/details/pala-vertex#resenas", text: "Ver las reseñas" },
    ]);
    expect(notificationLinks(notice({ type: "stock", product }), "seller")).toEqual([
      { subject: "Producto", href: `/dashboard/seller/control/${PRODUCT_ID}`, text: "Ver tu control de stock" },
    ]);
    expect(notificationLinks(notice({ type: "stock", product: { ...product, own: false } }), "customer")).toEqual([
      { subject: "Producto", href: "/product/details/pala-vertex", text: "Ver el producto" },
    ]);
    expect(notificationLinks(notice({ type: "retiro" }), "seller")).toEqual([
      { subject: "Pagos", href: "/dashboard/seller/payments", text: "Ver tus pagos y retiros" },
    ]);
    expect(notificationLinks(notice({ type: "tienda" }), "seller")).toEqual([]);
  });
});

function statusForm(fields: Record<string, string>) {
  const formData = new FormData();
  formData.set("intent", "cambiar-estado");
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseWithZod(formData, { schema: sellerOrderStatusSchema });
}

describe("formulario de estado del vendedor", () => {
  it("enviar pide el número de seguimiento, recortado y con su formato", () => {
    expect(statusForm({ status: "enviado", trackingNumber: "" })).toMatchObject({
      status: "error",
      error: { trackingNumber: [TRACKING_NUMBER_MISSING] },
    });
    expect(statusForm({ status: "enviado", trackingNumber: "ab#12" })).toMatchObject({
      status: "error",
      error: { trackingNumber: [TRACKING_NUMBER_INVALID] },
    });
    expect(statusForm({ status: "enviado", trackingNumber: "  ES 1234-5678 " })).toMatchObject({
      status: "success",
      value: { status: "enviado", trackingNumber: "ES 1234-5678" },
    });
    expect(statusForm({ status: "procesando", trackingNumber: "" })).toMatchObject({
      status: "success",
      value: { status: "procesando" },
    });
  });
});

describe("ofertas en la página del pedido del vendedor", () => {
  it("si no se pueden leer, responde null (la página dice 'Error al obtener las ofertas') en vez de fallar", async () => {
    const area = {
      account: {
        user: { id: ORDER_ID, role: "seller", name: "Andrés" },
        call: () => Promise.reject(new ApiError(500, "Error interno del servidor.")),
        open: () => Promise.reject(new Error("sin red")),
        rememberName: () => undefined,
      },
      shop: { name: "Tienda", slug: "tienda", status: "aprobada", statusReason: null },
      refusal: null,
    } as unknown as SellerArea;
    expect(await getSellerOrderOffers(area, { orderId: ORDER_ID, _id: SUB_ORDER_ID })).toBeNull();
  });
});

describe("acciones de la página del pedido del vendedor", () => {
  const OFFER_ID = "1b2c3d4e-3a4b-4c5d-8e9f-6f1c1a523a4b";
  const order = {
    _id: SUB_ORDER_ID,
    orderId: ORDER_ID,
    createdAt: "2026-11-23T10:00:00.000Z",
    shippedAt: null,
    deliveredAt: null,
  };

  function setUp(options: { refusal?: string | null; refuse?: unknown } = {}) {
    const call = vi.fn(async (definition: unknown) => {
      if (definition === sellerOrderEndpoints.detail) return { order };
      throw options.refuse;
    });
    const area = {
      account: { user: { id: ORDER_ID, role: "seller", name: "Andrés" }, call, open: vi.fn(), rememberName: vi.fn() },
      shop: { name: "Tienda", slug: "tienda", status: "aprobada", statusReason: null },
      refusal: options.refusal ?? null,
    } as unknown as SellerArea;
    return { area, call, context: { session: { flash: vi.fn() } } as unknown as AppLoadContext };
  }

  function post(fields: Record<string, string>): Request {
    return new Request(`http://127.0.0.1/dashboard/seller/orders/details/${SUB_ORDER_ID}`, {
      method: "POST",
      body: new URLSearchParams(fields),
    });
  }

  function answerOf(result: unknown) {
    const wrapped = result as { data: FormAnswer; init: { status: number } | null };
    return { status: wrapped.init?.status ?? 200, answer: wrapped.data };
  }

  it("un cambio de otro mientras tanto (409) es el aviso de la página, no un error del formulario", async () => {
    const refused = "El pedido ya está «En preparación».";
    const { area, context } = setUp({ refuse: new ApiError(409, refused) });
    const { status, answer } = answerOf(
      await sellerOrderAction(
        { request: post({ intent: "cambiar-estado", status: "procesando" }), context },
        area,
        SUB_ORDER_ID,
      ),
    );
    expect(status).toBe(409);
    expect(answer).toEqual({ intent: "cambiar-estado", result: null, notice: refused });
  });

  it("una tienda suspendida ve el motivo junto a la oferta que quiso responder, sin llamar a la API", async () => {
    const reason = "Tu tienda está suspendida.";
    const { area, call, context } = setUp({ refusal: reason });
    const { status, answer } = answerOf(
      await sellerOrderAction(
        { request: post({ intent: "aceptar-oferta", offerId: OFFER_ID }), context },
        area,
        SUB_ORDER_ID,
      ),
    );
    expect(status).toBe(403);
    expect(answer.intent).toBe("aceptar-oferta");
    expect(answer.target).toBe(OFFER_ID);
    expect(answer.result?.error?.[""]).toEqual([reason]);
    expect(call).toHaveBeenCalledTimes(1);
  });
});
