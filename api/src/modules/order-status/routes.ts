import type { Mailer } from "../mail/outbox.js";
import type { MailContext } from "../mail/render.js";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { orderStatusEndpoints as endpoints } from "#contract/orders";
import type { WithdrawalSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser, FORBIDDEN } from "../accounts/auth.js";
import type { Role } from "../accounts/tokens.js";
import { updateOrderStatus, updateSubOrderStatus } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "order-status",
  description:
    "Moving orders along, and cancelling them with their refund. Shapes and messages: " +
    "`contract/orders.ts`.\n\n" +
    "**Rules** (`transitionRefusal` in `api/src/modules/order-status/service.ts`). Status changes go " +
    "forward only (`pendiente` → `procesando` → `enviado` → `entregado`; `procesando` may be skipped, " +
    "but `entregado` comes only after `enviado`: 409 `Un pedido solo se marca como «Entregado» después de " +
    "«Enviado».`, for sellers and admins alike); nothing moves past " +
    "`pendiente` before it is paid (409 `El pedido aún no está pagado: no se puede preparar ni enviar.`). " +
    "`cancelado`: by anyone from `pendiente` or `procesando`; from `enviado` or `entregado` only by an " +
    "admin, and only until the sale's money is available to the seller (docs/api/money.md: 409 `El dinero " +
    "de esta venta ya está disponible para el vendedor: el pedido ya no se puede cancelar ni " +
    "reembolsar.`, judged again under the wallets' locks, so a withdrawal of that money and the " +
    "cancellation never both happen). It closes the sub-order's pending offers and takes its products " +
    "and shipping off the order's total, the coupon applying to what is left (its use is released when " +
    "the whole order is cancelled); a part not yet sent gives its stock back, a sent one does not (the " +
    "goods are out: decision 0035). A part with a return not refused is not cancelled (409 `Esta parte del " +
    "pedido tiene devoluciones: ya no se cancela, se devuelve producto a producto.`, section *returns*). " +
    "The seller's `entregado` starts no wait for the money; the customer's " +
    "«Lo he recibido» does (`POST /home/customer/order-received/{shopOrderId}`, section *customer*). " +
    "Anything else answers 409 with the reason; an unknown status 400.\n\n" +
    "**Tracking.** `trackingNumber`, the carrier's number, may come with `enviado` or `entregado` and is " +
    "refused with any other status; trimmed, 6 to 40 letters, digits, spaces and dashes. SPEC.md section 7 " +
    "sends only `{status}`, so a shipment without it is accepted and every page shows it as «sin número de " +
    "seguimiento»; the web's own forms require it (`trackingNumberRule`). It is kept on the sub-order (`shop_orders.tracking_number`) and " +
    "every order answer gives each sub-order `trackingNumber`, `shippedAt` and `deliveredAt`; the " +
    "customer's notice ends `Número de seguimiento: <number>.` and the audit entry carries it.\n\n" +
    "**Refunds.** Cancelling a paid sub-order refunds it in the same transaction: the customer's wallet " +
    "is credited with what the order costs less now (`Reembolso del pedido #…`), the seller's sale " +
    "credit is reversed, and the sub-order's payment (the order's too, once all of it is cancelled) " +
    "becomes `reembolsado`; whatever the customer paid with, the refund is store credit (decision 0006). " +
    "The stock comes back as a `devolucion` movement by whoever cancelled. The customer's and the sellers' " +
    "wallets are locked first (advisory locks in user order, as payments and withdrawals take them); a " +
    "seller's wallet that no longer holds the sale it would give back refuses the cancellation, the " +
    "seller's and the admin's alike: 409 `No se puede cancelar: la venta de <shop> (<amount>) ya no está en " +
    "la cartera del vendedor, que tiene <balance>, y ninguna cartera puede quedar en negativo.` (no wallet goes below " +
    "zero and a sale not yet available cannot be spent, so only money spent before that rule can be " +
    "missing: decision 0033).\n\n" +
    "**Who is told.** An order placed, each seller (`pedido`); paid, the customer and each seller " +
    "(`pago`); a status change, the customer (`pedido`, with the refund when there is one); an admin's " +
    "cancellation of a paid sale, its seller too. Every status change, by an admin or a seller, writes " +
    "the audit log in its transaction (`pedido.estado`, or `pedido.cancelar` with the refund; entity " +
    "`pedido`, the order's id; the log names it `Pedido #<number>`).",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  seller: {
    summary: "Move one shop's part of an order",
    description:
      "A seller owning the sub-order's shop, or an admin (403 for other roles; 404 `Pedido no encontrado.` " +
      "for another shop's); `id` is a sub-order (`suborders[]._id`); `{status, trackingNumber?}`. " +
      "`{message: 'Estado del pedido actualizado.', orderStatus, suborders: [{_id, delivery_status}]}`. An " +
      "admin moves any shop's part, a suspended shop's too.",
  },
  admin: {
    summary: "Move a whole order",
    description:
      "Admins only; `id` is an order; `{status, trackingNumber?}`. As the seller's call: every sub-order " +
      "not cancelled and behind `status` moves to it (with the tracking number).",
  },
} satisfies Record<string, RouteWords>;

/** An onRequest hook after app.authenticate: other roles are refused before the body is even read. */
const onlyRoles = (roles: Role[]) => async (request: FastifyRequest) => {
  if (!roles.includes(currentUser(request).role)) throw new HttpError(403, FORBIDDEN);
};

/** Delivery status changes by sellers and admins (SPEC.md section 7 "Orders"); the customer is notified. */
export async function orderStatusRoutes(
  app: FastifyInstance,
  opts: { db: Db; withdrawals: WithdrawalSettings; mail: MailContext; mailer: Mailer },
) {
  documentModule(app, section);
  const { db, withdrawals, mail } = opts;

  // The id is a sub-order (shop order) of the seller's own shop.
  route(
    app,
    endpoints.seller,
    { ...words.seller, onRequest: [app.authenticate, onlyRoles(["seller", "admin"])], sellerWrite: true },
    (request) => updateSubOrderStatus(db, request.params.id, request.body, currentUser(request), withdrawals, mail),
  );

  // The id is a customer order: every sub-order behind the new status moves with it.
  route(app, endpoints.admin, { ...words.admin, onRequest: [app.authenticate, onlyRoles(["admin"])] }, (request) =>
    updateOrderStatus(db, request.params.id, request.body, currentUser(request), withdrawals, mail),
  );
}
