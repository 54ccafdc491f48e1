import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakePayPalOrder {
  id: string;
  referenceId: string;
  value: string;
  returnUrl: string;
  cancelUrl: string;
  approved: boolean;
  declined: boolean;
  captureId: string | null;
}

export interface FakePayPalOptions {
  clientId: string;
  clientSecret: string;
  /** 0 (the default) picks a free port. */
  port?: number;
}

/** A refund of a capture, as the fake keeps it. */
export interface FakePayPalRefund {
  id: string;
  captureId: string;
  value: string;
  requestId: string | undefined;
}

export interface FakePayPal {
  url: string;
  orders: Map<string, FakePayPalOrder>;
  /** Every refund made, in order; a repeated PayPal-Request-Id answers its first refund again. */
  refunds: FakePayPalRefund[];
  captureCount(): number;
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage) => {
  let text = "";
  for await (const chunk of request) text += chunk;
  return text;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** PayPal adds its order id as `token` to the address it sends the buyer back to. */
function withToken(address: string, token: string): string {
  const url = new URL(address);
  url.searchParams.set("token", token);
  return url.toString();
}

/**
 * Stands in for PayPal's Orders v2 API on 127.0.0.1: an OAuth token for the configured
 * credentials, orders created on request, captured once. Orders are approved either by the test
 * (`orders.get(id).approved = true`) or by a buyer on its approval page (`/checkoutnow?token=`),
 * which sends them back to the order's return or cancel address as PayPal does.
 */
export async function startFakePayPal(options: FakePayPalOptions): Promise<FakePayPal> {
  const orders = new Map<string, FakePayPalOrder>();
  let captures = 0;
  const refunds: FakePayPalRefund[] = [];
  const token = randomUUID();
  let baseUrl = "";

  const orderBody = (order: FakePayPalOrder) => ({
    id: order.id,
    status: order.captureId ? "COMPLETED" : order.approved ? "APPROVED" : "PAYER_ACTION_REQUIRED",
    links: [{ rel: "payer-action", href: `${baseUrl}/checkoutnow?token=${order.id}` }],
    purchase_units: [
      {
        reference_id: order.referenceId,
        payments: order.captureId
          ? {
              captures: [
                { id: order.captureId, status: "COMPLETED", amount: { currency_code: "USD", value: order.value } },
              ],
            }
          : undefined,
      },
    ],
  });

  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? "/", "http://fake-paypal");
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(payload));
    };
    const redirect = (location: string) => {
      response.writeHead(303, { location });
      response.end();
    };

    if (url.pathname === "/health") return send(200, { ok: true });
    // The buyer's side: an approval page with plain links, so it works without JavaScript.
    if (request.method === "GET" && url.pathname === "/checkoutnow") {
      const order = orders.get(url.searchParams.get("token") ?? "");
      if (!order) return send(404, { name: "RESOURCE_NOT_FOUND" });
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return response.end(`<!doctype html><html lang="es"><head><meta charset="utf-8"><title>PayPal de prueba</title></head><body><main>
<h1>PayPal de prueba</h1><p>Pedido ${escapeHtml(order.referenceId)}: ${escapeHtml(order.value)} USD</p>
<p><a href="/checkoutnow/approve?token=${order.id}">Aprobar el pago</a></p>
<p><a href="/checkoutnow/cancel?token=${order.id}">Cancelar y volver a la tienda</a></p></main></body></html>`);
    }
    const buyerChoice = /^\/checkoutnow\/(approve|cancel)$/.exec(url.pathname);
    if (request.method === "GET" && buyerChoice) {
      const order = orders.get(url.searchParams.get("token") ?? "");
      if (!order) return send(404, { name: "RESOURCE_NOT_FOUND" });
      if (buyerChoice[1] === "cancel") return redirect(withToken(order.cancelUrl, order.id));
      order.approved = true;
      return redirect(withToken(order.returnUrl, order.id));
    }

    if (request.method === "POST" && url.pathname === "/v1/oauth2/token") {
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`;
      if (request.headers.authorization !== expected || body !== "grant_type=client_credentials")
        return send(401, { error: "invalid_client" });
      return send(200, { access_token: token, token_type: "Bearer", expires_in: 32_400 });
    }
    if (request.headers.authorization !== `Bearer ${token}`) return send(401, { name: "AUTHENTICATION_FAILURE" });
    if (request.method === "POST" && url.pathname === "/v2/checkout/orders") {
      const payload = JSON.parse(body);
      const unit = payload.purchase_units[0];
      const context = payload.payment_source.paypal.experience_context;
      const order: FakePayPalOrder = {
        id: randomUUID().replaceAll("-", "").slice(0, 17).toUpperCase(),
        referenceId: unit.reference_id,
        value: unit.amount.value,
        returnUrl: context.return_url,
        cancelUrl: context.cancel_url,
        approved: false,
        declined: false,
        captureId: null,
      };
      orders.set(order.id, order);
      return send(201, orderBody(order));
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(url.pathname);
    if (request.method === "POST" && capture) {
      const order = orders.get(capture[1]!);
      if (!order) return send(404, { name: "RESOURCE_NOT_FOUND" });
      const issue = order.captureId
        ? "ORDER_ALREADY_CAPTURED"
        : !order.approved
          ? "ORDER_NOT_APPROVED"
          : order.declined
            ? "INSTRUMENT_DECLINED"
            : null;
      if (issue) return send(422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue }] });
      order.captureId = `CAPTURA-${++captures}`;
      return send(201, orderBody(order));
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(url.pathname);
    if (request.method === "POST" && refund) {
      const captured = [...orders.values()].find((order) => order.captureId === refund[1]);
      if (!captured) return send(404, { name: "RESOURCE_NOT_FOUND" });
      const requestId = request.headers["paypal-request-id"] as string | undefined;
      const repeated = requestId ? refunds.find((done) => done.requestId === requestId) : undefined;
      if (repeated) return send(200, { id: repeated.id, status: "COMPLETED" });
      const value = JSON.parse(body).amount.value as string;
      // PayPal refuses refunding more than what is left of the capture.
      const refunded = refunds
        .filter((done) => done.captureId === captured.captureId)
        .reduce((sum, done) => sum + Math.round(Number(done.value) * 100), 0);
      if (refunded + Math.round(Number(value) * 100) > Math.round(Number(captured.value) * 100))
        return send(422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "REFUND_AMOUNT_EXCEEDED" }] });
      const done = { id: `REEMBOLSO-${refunds.length + 1}`, captureId: captured.captureId!, value, requestId };
      refunds.push(done);
      return send(201, { id: done.id, status: "COMPLETED" });
    }
    const read = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(url.pathname);
    if (request.method === "GET" && read && orders.has(read[1]!)) return send(200, orderBody(orders.get(read[1]!)!));
    return send(404, { name: "RESOURCE_NOT_FOUND" });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: baseUrl,
    orders,
    refunds,
    captureCount: () => captures,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
