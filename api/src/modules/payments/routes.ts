import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { PaymentSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { currentUser } from "../accounts/auth.js";
import { orderDetail } from "../orders/service.js";
import { createPayPalClient } from "./paypal.js";
import {
  cardPaymentBody,
  orderPaymentBody,
  paypalCaptureBody,
  type PaymentAnswer,
  type PaymentOptionsAnswer,
  type PayPalApprovalAnswer,
} from "./schemas.js";
import {
  capturePayPalPayment,
  PAYMENT_CONFIRMED,
  payWithTestCard,
  payWithWallet,
  startPayPalPayment,
  TEST_CARD_MODE_OFF,
} from "./service.js";

const PAYPAL_MODE_OFF = "El pago con PayPal no está disponible: pague con la tarjeta de prueba o con su cartera.";

const noQuery = z.object({});

export interface PaymentRoutesOptions {
  db: Db;
  payments: PaymentSettings;
  /** Where PayPal sends the customer back (the web's /payment page). */
  publicWebUrl: string;
}

/**
 * Paying an order (the /payment page): from the wallet, or by card through PayPal when its
 * credentials are set, otherwise in the labelled test-card mode.
 */
export async function paymentRoutes(app: FastifyInstance, opts: PaymentRoutesOptions) {
  const { db } = opts;
  const paypal = opts.payments.paypal ? createPayPalClient(opts.payments.paypal) : null;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get("/payment/options", { schema: { querystring: noQuery } }, (): PaymentOptionsAnswer => ({
    cardMode: paypal ? "paypal" : "prueba",
  }));

  routes.post(
    "/payment/wallet",
    { onRequest: app.authenticate, schema: { body: orderPaymentBody } },
    async (request): Promise<PaymentAnswer> => {
      const user = currentUser(request);
      await payWithWallet(db, request.body.orderId, user.id);
      return { message: PAYMENT_CONFIRMED, order: await orderDetail(db, request.body.orderId, user) };
    },
  );

  routes.post(
    "/payment/card",
    { onRequest: app.authenticate, schema: { body: cardPaymentBody } },
    async (request): Promise<PaymentAnswer> => {
      if (paypal) throw new HttpError(400, TEST_CARD_MODE_OFF);
      const user = currentUser(request);
      await payWithTestCard(db, request.body.orderId, user.id, request.body.cardNumber);
      return { message: PAYMENT_CONFIRMED, order: await orderDetail(db, request.body.orderId, user) };
    },
  );

  routes.post(
    "/payment/paypal/create",
    { onRequest: app.authenticate, schema: { body: orderPaymentBody } },
    async (request): Promise<PayPalApprovalAnswer> => {
      if (!paypal) throw new HttpError(400, PAYPAL_MODE_OFF);
      return { approveUrl: await startPayPalPayment(db, paypal, request.body.orderId, currentUser(request).id, opts.publicWebUrl) };
    },
  );

  routes.post(
    "/payment/paypal/capture",
    { onRequest: app.authenticate, schema: { body: paypalCaptureBody } },
    async (request): Promise<PaymentAnswer> => {
      if (!paypal) throw new HttpError(400, PAYPAL_MODE_OFF);
      const user = currentUser(request);
      await capturePayPalPayment(db, paypal, request.body.orderId, user.id, request.body.paypalOrderId);
      return { message: PAYMENT_CONFIRMED, order: await orderDetail(db, request.body.orderId, user) };
    },
  );
}
