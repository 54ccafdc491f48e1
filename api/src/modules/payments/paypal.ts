import type { PayPalSettings } from "../../config.js";
import { HttpError } from "../../http-error.js";

export const PAYPAL_UNREACHABLE = "No se pudo contactar con PayPal. Intenta de nuevo en unos minutos.";
export const PAYPAL_NOT_CONFIRMED = "PayPal no confirmó el pago. Intenta de nuevo o paga con tu cartera.";

/** A call to PayPal that takes longer than this is given up (and may be retried by the customer). */
const PAYPAL_TIMEOUT_MS = 15_000;
/** A token is renewed this long before PayPal says it expires. */
const TOKEN_RENEWAL_MARGIN_MS = 60_000;

/** The parts of a PayPal Orders v2 order this store reads. */
export interface PayPalOrder {
  id: string;
  status: string;
  links?: { rel: string; href: string }[];
  purchase_units?: {
    reference_id?: string;
    payments?: { captures?: { id: string; status: string; amount: { currency_code: string; value: string } }[] };
  }[];
}

export interface PayPalCapture {
  captureId: string;
  /** Our order's id, as sent in reference_id when the PayPal order was created. */
  referenceId: string | undefined;
  currency: string;
  /** In cents. */
  amount: number;
}

/** Cents as PayPal writes an amount: "214.00". */
export function paypalAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * PayPal's REST API (Orders v2) with an OAuth client-credentials token kept until shortly before it
 * expires. PayPal-Request-Id makes a repeated create for one of our orders answer the same PayPal
 * order; a repeated capture is refused by PayPal (ORDER_ALREADY_CAPTURED), so it never charges twice.
 */
export function createPayPalClient(settings: PayPalSettings) {
  let token: { value: string; renewAt: number } | null = null;

  async function call<T>(
    path: string,
    init: { method: string; body?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T }> {
    let response: Response;
    try {
      response = await fetch(new URL(path, settings.apiUrl), {
        ...init,
        signal: AbortSignal.timeout(PAYPAL_TIMEOUT_MS),
      });
    } catch {
      throw new HttpError(502, PAYPAL_UNREACHABLE);
    }
    if (response.status >= 500) throw new HttpError(502, PAYPAL_UNREACHABLE);
    return { status: response.status, body: (await response.json().catch(() => ({}))) as T };
  }

  async function accessToken(): Promise<string> {
    if (token && Date.now() < token.renewAt) return token.value;
    const credentials = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString("base64");
    const { status, body } = await call<{ access_token?: string; expires_in?: number }>("/v1/oauth2/token", {
      method: "POST",
      headers: { authorization: `Basic ${credentials}`, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    if (status !== 200 || !body.access_token) throw new HttpError(502, PAYPAL_UNREACHABLE);
    token = { value: body.access_token, renewAt: Date.now() + (body.expires_in ?? 0) * 1000 - TOKEN_RENEWAL_MARGIN_MS };
    return token.value;
  }

  async function authorized<T>(path: string, method: string, requestId?: string, payload?: unknown) {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken()}`,
      "content-type": "application/json",
    };
    if (requestId) headers["paypal-request-id"] = requestId;
    return call<T>(path, { method, headers, body: payload === undefined ? undefined : JSON.stringify(payload) });
  }

  function completedCapture(order: PayPalOrder): PayPalCapture | null {
    const unit = order.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];
    if (order.status !== "COMPLETED" || capture?.status !== "COMPLETED") return null;
    return {
      captureId: capture.id,
      referenceId: unit?.reference_id,
      currency: capture.amount.currency_code,
      amount: Math.round(Number(capture.amount.value) * 100),
    };
  }

  return {
    /** Creates the PayPal order for one of ours and answers where the customer approves it. */
    async createOrder(order: {
      id: string;
      total: number;
      description: string;
      returnUrl: string;
      cancelUrl: string;
    }): Promise<string> {
      const { status, body } = await authorized<PayPalOrder>("/v2/checkout/orders", "POST", `crear-${order.id}`, {
        intent: "CAPTURE",
        purchase_units: [
          {
            reference_id: order.id,
            description: order.description,
            amount: { currency_code: "USD", value: paypalAmount(order.total) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              brand_name: "Mercado Pádel",
              locale: "es-ES",
              shipping_preference: "NO_SHIPPING",
              user_action: "PAY_NOW",
              return_url: order.returnUrl,
              cancel_url: order.cancelUrl,
            },
          },
        },
      });
      const approveUrl = body.links?.find((link) => link.rel === "payer-action" || link.rel === "approve")?.href;
      if (status >= 300 || !approveUrl) throw new HttpError(502, PAYPAL_UNREACHABLE);
      return approveUrl;
    },

    /**
     * Captures an approved PayPal order and answers the completed capture, or null when PayPal did
     * not complete one (not approved, declined). An order captured before is read back instead.
     */
    async captureOrder(paypalOrderId: string): Promise<PayPalCapture | null> {
      const path = `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`;
      const captured = await authorized<PayPalOrder & { details?: { issue?: string }[] }>(
        `${path}/capture`,
        "POST",
        undefined,
        {},
      );
      if (captured.status < 300) return completedCapture(captured.body);
      if (captured.body.details?.some((detail) => detail.issue === "ORDER_ALREADY_CAPTURED")) {
        const current = await authorized<PayPalOrder>(path, "GET");
        return current.status < 300 ? completedCapture(current.body) : null;
      }
      return null;
    },

    /**
     * Refunds part of a capture (Payments v2: POST /v2/payments/captures/{id}/refund) and answers
     * PayPal's refund id, or null when PayPal refused it. `requestId` (PayPal-Request-Id) makes a
     * repeated call for the same return answer the same refund instead of paying twice.
     */
    async refundCapture(captureId: string, cents: number, requestId: string): Promise<string | null> {
      const { status, body } = await authorized<{ id?: string; status?: string }>(
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        "POST",
        requestId,
        { amount: { currency_code: "USD", value: paypalAmount(cents) } },
      );
      if (status >= 300 || !body.id || (body.status !== "COMPLETED" && body.status !== "PENDING")) return null;
      return body.id;
    },
  };
}

export type PayPalClient = ReturnType<typeof createPayPalClient>;
