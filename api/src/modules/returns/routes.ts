import type { FastifyInstance, FastifyRequest } from "fastify";
import { FORBIDDEN } from "#contract/messages";
import { RETURN_WINDOW_DAYS } from "#contract/limits";
import { returnEndpoints as endpoints, type ReturnAnswerBody } from "#contract/returns";
import type { PaymentSettings, ReturnSettings, WithdrawalSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser } from "../accounts/auth.js";
import type { Role } from "../accounts/tokens.js";
import type { Mailer } from "../mail/outbox.js";
import type { MailContext } from "../mail/render.js";
import { createPayPalClient } from "../payments/paypal.js";
import { answerReturn, receiveReturn, requestReturn, returnsOfOrder } from "./service.js";

/** "3 days", from the store's setting. */
const daysText = (days: number) => `${days} ${days === 1 ? "day" : "days"}`;

/** This module's section of the API reference (/docs, reference.ts), with the store's answer time. */
const sectionOf = ({ sellerAnswerDays }: ReturnSettings): ReferenceSection => ({
  name: "returns",
  description:
    "Returns and refunds (issue 35, decision 0056). Shapes and messages: `contract/returns.ts`.\n\n" +
    `**Steps.** Within ${RETURN_WINDOW_DAYS} days (RETURN_WINDOW_DAYS) of a paid part's delivery its customer ` +
    "asks to return units of its lines with a reason (`solicitada`); the shop's seller accepts with the " +
    "instructions to send them back (`aceptada`) or refuses with a reason (`rechazada`); an admin may answer in " +
    `the shop's place once ${daysText(sellerAnswerDays)} (the RETURN_SELLER_ANSWER_DAYS setting) have passed. When ` +
    "the seller marks the goods received the refund is made in the same transaction (`reembolsada`); an admin may " +
    `mark them received in the shop's place once ${daysText(sellerAnswerDays)} have passed since the acceptance, ` +
    "through the same function (the return and the audit keep who did it: `receivedBy`). A part has at " +
    "most one open return; the units of returns not refused never exceed what was bought.\n\n" +
    "**Money** (`api/src/modules/returns/pricing.ts`, docs/api/money.md). The customer gets the lines' price net of " +
    "their pro rata share of the shop coupon and of the store coupon, computed on the part's cumulative returned " +
    "value and rounded down, plus the part's shipping when the whole part has come back; never more than the " +
    "payment left. Paid from the wallet: a wallet credit (`devolucion:<id>`); by PayPal: a capture refund " +
    "(`POST /v2/payments/captures/{id}/refund`, PayPal-Request-Id `devolucion-<id>`); in the test-card mode it " +
    "is recorded with no money moved. The seller's wallet gives back the lines' credit less their commission " +
    "(`devolucion-venta:<partId>:<id>`), refused (409) when that money is no longer in it (withdrawn or spent). " +
    "The stock comes back to its sizes as a `devolucion` movement. A whole part refunded becomes `reembolsado`, " +
    "the order too once none of its parts is still `pagado`.\n\n" +
    "**Locks.** Seller's shop (`FOR SHARE`), the order (`FOR UPDATE`), the return's row, then the customer's and " +
    "the seller's wallets (advisory, in user order): the same order as status changes and withdrawals.\n\n" +
    "**Who is told.** Each step notifies the other side (`pedido`) and queues an `order-return` mail; a request " +
    "tells every admin too (with the day from which they may answer), and an admin's answer or «Recibido» tells " +
    "the seller. Each step writes the audit log (`devolucion.*`, entity `pedido`).",
});

const NOT_FOUND_WORDS = "404 `Devolución no encontrada.` for another shop's return or an unknown one.";

const RECEIVED_WORDS =
  "An `aceptada` return only (409 otherwise). Refunds as the module says, in one transaction; 409 when the " +
  "shop's wallet no longer holds what it gives back; 502 when PayPal is unreachable or refuses (nothing is written).";

/** The reference's words on each call of this module (route.ts, EndpointOptions), with the store's answer time. */
const wordsOf = ({ sellerAnswerDays }: ReturnSettings) =>
  ({
    list: {
      summary: "The returns of an order",
      description:
        "The order's customer and admins read every part; a seller their shop's part (404 `Pedido no encontrado.` " +
        "otherwise). `{returns, parts}`: each return with its lines, answer and refund; each part with " +
        "`returnableUntil`, `canRequest` and, per line, `bought` and `returnable`.",
    },
    request: {
      summary: "Ask to return lines of a delivered part",
      description:
        "Customers (the order's own: 404 otherwise). `{shopOrderId, lines: [{orderItemId, quantity}], reason}`; lines " +
        "with quantity 0 are left out. 201 `{message, orderReturn}`. 409 when the part is not delivered, not paid, " +
        "past its window, already has an open return, or a line asks more than is left (`De «…» puedes devolver como " +
        "máximo N.`); 400 when no unit is chosen or a line is not of the part.",
    },
    sellerAnswer: {
      summary: "Accept or refuse a return of your shop",
      description:
        "Sellers of the part's shop. `{decision: 'aceptar', instructions}` or `{decision: 'rechazar', reason}`. " +
        `409 \`Esta devolución ya fue contestada.\` once answered. ${NOT_FOUND_WORDS}`,
    },
    sellerReceived: {
      summary: "Mark a return's goods received: the refund is made",
      description: `Sellers of the part's shop. ${RECEIVED_WORDS} ${NOT_FOUND_WORDS}`,
    },
    adminAnswer: {
      summary: "Accept or refuse a return in the shop's place",
      description:
        `Admins only, once ${daysText(sellerAnswerDays)} have passed since the request (409 \`La tienda aún tiene ` +
        "tiempo para contestar…` with the date otherwise). As the seller's answer; the seller is told too.",
    },
    adminReceived: {
      summary: "Mark a return's goods received in the shop's place: the refund is made",
      description:
        `Admins only, once ${daysText(sellerAnswerDays)} have passed since the shop accepted the return (409 ` +
        "`La tienda aún tiene tiempo para recibir la devolución…` with the date otherwise), for a shop that went " +
        `silent. ${RECEIVED_WORDS} The seller's own call's function: the return and the audit record the admin, ` +
        "and the seller is told too. 404 `Devolución no encontrada.` for an unknown return.",
    },
  }) satisfies Record<string, RouteWords>;

/** An onRequest hook after app.authenticate: other roles are refused before the body is read. */
const onlyRoles = (roles: Role[]) => async (request: FastifyRequest) => {
  if (!roles.includes(currentUser(request).role)) throw new HttpError(403, FORBIDDEN);
};

export async function returnRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    payments: PaymentSettings;
    withdrawals: WithdrawalSettings;
    returns: ReturnSettings;
    mail: MailContext;
    mailer: Mailer;
  },
) {
  documentModule(app, sectionOf(opts.returns));
  const words = wordsOf(opts.returns);
  const { db, mail, mailer, returns: settings } = opts;
  const paypal = opts.payments.paypal ? createPayPalClient(opts.payments.paypal) : null;

  route(app, endpoints.list, { ...words.list, onRequest: app.authenticate }, (request) =>
    returnsOfOrder(db, request.params.orderId.toLowerCase(), currentUser(request), settings),
  );

  route(
    app,
    endpoints.request,
    { ...words.request, onRequest: [app.authenticate, onlyRoles(["customer", "seller"])] },
    async (request, reply) => {
      const answer = await requestReturn(
        db,
        currentUser(request),
        { ...request.body, shopOrderId: request.body.shopOrderId.toLowerCase() },
        mail,
        settings,
      );
      mailer.wake();
      reply.status(201);
      return answer;
    },
  );

  // The seller's answer and an admin's in the shop's place: one function.
  const answered = async (request: FastifyRequest<{ Params: { id: string }; Body: ReturnAnswerBody }>) => {
    const answer = await answerReturn(
      db,
      currentUser(request),
      request.params.id.toLowerCase(),
      request.body,
      mail,
      settings,
    );
    mailer.wake();
    return answer;
  };

  route(
    app,
    endpoints.sellerAnswer,
    { ...words.sellerAnswer, onRequest: [app.authenticate, onlyRoles(["seller"])], sellerWrite: true },
    answered,
  );

  // The seller's «Recibido» and an admin's in the shop's place: one function, one refund path.
  const received = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const answer = await receiveReturn(
      db,
      currentUser(request),
      request.params.id.toLowerCase(),
      paypal,
      opts.withdrawals,
      mail,
      settings,
    );
    mailer.wake();
    return answer;
  };

  route(
    app,
    endpoints.sellerReceived,
    { ...words.sellerReceived, onRequest: [app.authenticate, onlyRoles(["seller"])], sellerWrite: true },
    received,
  );

  route(
    app,
    endpoints.adminAnswer,
    { ...words.adminAnswer, onRequest: [app.authenticate, onlyRoles(["admin"])] },
    answered,
  );

  route(
    app,
    endpoints.adminReceived,
    { ...words.adminReceived, onRequest: [app.authenticate, onlyRoles(["admin"])] },
    received,
  );
}
