import type { Mailer } from "../mail/outbox.js";
import type { MailContext } from "../mail/render.js";
import type { FastifyInstance } from "fastify";
import { PAYMENT_CONFIRMED, paymentEndpoints as endpoints, type CardMode } from "#contract/payments";
import type { PaymentSettings, WithdrawalSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
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

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "payments",
  description:
    "Paying an order (the `/payment` page): from the wallet, or by card through PayPal when " +
    "`PAYPAL_CLIENT_ID` and `PAYPAL_CLIENT_SECRET` are set (`PAYPAL_API_URL`: sandbox by default), " +
    "otherwise in the labelled test-card mode. Every call but `/payment/options` needs `Authorization: " +
    "Bearer` (401 otherwise); another customer's order answers 404. Shapes: `contract/payments.ts`. " +
    "Sellers' withdrawals, under `/payment/request-*`, are in section *withdrawals*.\n\n" +
    "Paying locks the order row, so a payment and the expiry, or two payments, never overlap; one " +
    "`order_payments` row per order and unique ledger references (`pago:<orderId>`, " +
    "`venta:<shopOrderId>`) make paying twice answer as paid without charging again. A payment always " +
    "charges the total the order has when it is paid (an accepted offer included). When an order is " +
    "paid, each shop's owner is credited its shop order's total minus the commission, and the order's " +
    "pending offers are closed (`cerrada`, in the same transaction, as expiry and cancellation close " +
    "theirs): a paid price no longer changes, so sellers stop seeing them and answering one gives 409 " +
    "`Esta oferta ya fue respondida.`. The customer and each seller are told (`pago`). Ledger: " +
    "docs/api/money.md.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  options: {
    summary: "How cards are paid here",
    description:
      "No token needed: `{cardMode}`, `paypal` or `prueba` (the test-card mode, when PayPal has no " + "credentials).",
  },
  wallet: {
    summary: "Pay an order from the wallet",
    description:
      "`{orderId}`: `{message: 'Pago confirmado.', order}`. Only the wallet's `available` part pays (`GET " +
      "/wallet/{id}`): a seller's sales not yet available (`pendingSales`) may still be taken back by a " +
      "cancellation, so they never pay (decision 0033). 400 `Saldo insuficiente en la cartera.` when the " +
      "balance is short; 400 `Saldo disponible insuficiente: 190,00 US$ de tu cartera son ventas que aún no " +
      "están disponibles y para pagar solo cuentan 0,00 US$.` when only pending sales would cover it; 409 " +
      "`El pedido ha caducado.`; 404 for another's order. The advisory locks of the customer's wallet and of " +
      "the wallets of the order's sellers are taken in user order (withdrawals and cancellations take the " +
      "same ones), then the funds are read in one statement.",
  },
  card: {
    summary: "Pay an order with a test card",
    description:
      "Test-card mode only (400 `El pago con tarjeta de prueba no está disponible: paga con PayPal o con " +
      "tu cartera.` in PayPal mode); `{orderId, cardNumber, expiry: 'MM/AA', cvc, holder}`: as the wallet. " +
      "4242 4242 4242 4242 approves; 4000 0000 0000 0002 answers 400 `Tarjeta rechazada. Usa otra tarjeta " +
      "o paga con tu cartera.` (the order stays unpaid); any other number 400 `Número de tarjeta no " +
      "válido.`.",
  },
  paypalCreate: {
    summary: "Start a PayPal payment",
    description:
      "PayPal mode only (400 `El pago con PayPal no está disponible: paga con la tarjeta de prueba o con " +
      "tu cartera.` otherwise); `{orderId}`: `{approveUrl}`. PayPal returns the customer to " +
      "`PUBLIC_WEB_URL/payment?orderId=…&token=<paypalOrderId>` (`&cancelado=1` when cancelled). 409 if " +
      "the order is paid or expired.",
  },
  paypalCapture: {
    summary: "Confirm a PayPal payment",
    description:
      "PayPal mode only; `{orderId, paypalOrderId}`: as the wallet, once PayPal reports a COMPLETED " +
      "capture of this order's amount; 400 otherwise; 502 when PayPal cannot be reached.",
  },
} satisfies Record<string, RouteWords>;

const PAYPAL_MODE_OFF = "El pago con PayPal no está disponible: paga con la tarjeta de prueba o con tu cartera.";

export interface PaymentRoutesOptions {
  db: Db;
  payments: PaymentSettings;
  /** When a seller's sale becomes available (it pays from the wallet only then). */
  withdrawals: WithdrawalSettings;
  /** Where PayPal sends the customer back (the web's /payment page), and the mails' links lead. */
  publicWebUrl: string;
  mail: MailContext;
  mailer: Mailer;
}

/**
 * Paying an order (the /payment page): from the wallet, or by card through PayPal when its
 * credentials are set, otherwise in the labelled test-card mode.
 */
export async function paymentRoutes(app: FastifyInstance, opts: PaymentRoutesOptions) {
  documentModule(app, section);
  const { db } = opts;
  const paypal = opts.payments.paypal ? createPayPalClient(opts.payments.paypal) : null;

  const cardMode: CardMode = paypal ? "paypal" : "prueba";

  route(app, endpoints.options, words.options, () => ({ cardMode }));

  route(app, endpoints.wallet, { ...words.wallet, onRequest: app.authenticate }, async (request) => {
    const user = currentUser(request);
    await payWithWallet(db, request.body.orderId, user.id, opts.withdrawals, opts.mail);
    opts.mailer.wake();
    return { message: PAYMENT_CONFIRMED, order: await orderDetail(db, request.body.orderId, user, opts.mail) };
  });

  route(app, endpoints.card, { ...words.card, onRequest: app.authenticate }, async (request) => {
    if (paypal) throw new HttpError(400, TEST_CARD_MODE_OFF);
    const user = currentUser(request);
    await payWithTestCard(db, request.body.orderId, user.id, request.body.cardNumber, opts.mail);
    opts.mailer.wake();
    return { message: PAYMENT_CONFIRMED, order: await orderDetail(db, request.body.orderId, user, opts.mail) };
  });

  route(app, endpoints.paypalCreate, { ...words.paypalCreate, onRequest: app.authenticate }, async (request) => {
    if (!paypal) throw new HttpError(400, PAYPAL_MODE_OFF);
    return {
      approveUrl: await startPayPalPayment(
        db,
        paypal,
        request.body.orderId,
        currentUser(request).id,
        opts.publicWebUrl,
        opts.mail,
      ),
    };
  });

  route(app, endpoints.paypalCapture, { ...words.paypalCapture, onRequest: app.authenticate }, async (request) => {
    if (!paypal) throw new HttpError(400, PAYPAL_MODE_OFF);
    const user = currentUser(request);
    await capturePayPalPayment(db, paypal, request.body.orderId, user.id, request.body.paypalOrderId, opts.mail);
    opts.mailer.wake();
    return { message: PAYMENT_CONFIRMED, order: await orderDetail(db, request.body.orderId, user, opts.mail) };
  });
}
