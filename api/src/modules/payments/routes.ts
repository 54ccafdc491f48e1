import type { FastifyInstance } from "fastify";
import { PAYMENT_CONFIRMED, paymentEndpoints as endpoints, type CardMode } from "#contract/payments";
import type { PaymentSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { route } from "../../route.js";
import { currentUser } from "../accounts/auth.js";
import { orderDetail } from "../orders/service.js";
import { createPayPalClient } from "./paypal.js";
import {
  capturePayPalPayment,
  payWithTestCard,
  payWithWallet,
  startPayPalPayment,
  TEST_CARD_MODE_OFF,
} from "./service.js";

const PAYPAL_MODE_OFF = "El pago con PayPal no está disponible: paga con la tarjeta de prueba o con tu cartera.";

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

  const cardMode: CardMode = paypal ? "paypal" : "prueba";

  route(app, endpoints.options, () => ({ cardMode }));

  route(app, endpoints.wallet, { onRequest: app.authenticate }, async (request) => {
    const user = currentUser(request);
    await payWithWallet(db, request.body.orderId, user.id);
    return { message: PAYMENT_CONFIRMED, order: await orderDetail(db, request.body.orderId, user) };
  });

  route(app, endpoints.card, { onRequest: app.authenticate }, async (request) => {
    if (paypal) throw new HttpError(400, TEST_CARD_MODE_OFF);
    const user = currentUser(request);
    await payWithTestCard(db, request.body.orderId, user.id, request.body.cardNumber);
    return { message: PAYMENT_CONFIRMED, order: await orderDetail(db, request.body.orderId, user) };
  });

  route(app, endpoints.paypalCreate, { onRequest: app.authenticate }, async (request) => {
    if (!paypal) throw new HttpError(400, PAYPAL_MODE_OFF);
    return {
      approveUrl: await startPayPalPayment(
        db,
        paypal,
        request.body.orderId,
        currentUser(request).id,
        opts.publicWebUrl,
      ),
    };
  });

  route(app, endpoints.paypalCapture, { onRequest: app.authenticate }, async (request) => {
    if (!paypal) throw new HttpError(400, PAYPAL_MODE_OFF);
    const user = currentUser(request);
    await capturePayPalPayment(db, paypal, request.body.orderId, user.id, request.body.paypalOrderId);
    return { message: PAYMENT_CONFIRMED, order: await orderDetail(db, request.body.orderId, user) };
  });
}
