import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { deliveryStatus } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import { currentUser, FORBIDDEN } from "../accounts/auth.js";
import type { Role } from "../accounts/tokens.js";
import { updateOrderStatus, updateSubOrderStatus, type StatusChange } from "./status.js";

const INVALID_STATUS = `Estado no válido: use ${deliveryStatus.enumValues.join(", ")}.`;

const statusBody = z.object(
  { status: z.enum(deliveryStatus.enumValues, { errorMap: () => ({ message: INVALID_STATUS }) }) },
  { required_error: INVALID_STATUS, invalid_type_error: INVALID_STATUS },
);

const idParams = z.object({ id: z.string().uuid("El pedido no es válido.") });

/** An onRequest hook after app.authenticate: other roles are refused before the body is even read. */
const onlyRoles = (roles: Role[]) => async (request: FastifyRequest) => {
  if (!roles.includes(currentUser(request).role)) throw new HttpError(403, FORBIDDEN);
};

/** Delivery status changes by sellers and admins (SPEC.md section 7 "Orders"); the customer is notified. */
export async function orderStatusRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The id is a sub-order (shop order) of the seller's own shop.
  routes.put(
    "/seller/order-status/update/:id",
    { onRequest: [app.authenticate, onlyRoles(["seller", "admin"])], schema: { params: idParams, body: statusBody } },
    (request): Promise<StatusChange> => updateSubOrderStatus(db, request.params.id, request.body.status, currentUser(request)),
  );

  // The id is a customer order: every sub-order behind the new status moves with it.
  routes.put(
    "/admin/order-status/update/:id",
    { onRequest: [app.authenticate, onlyRoles(["admin"])], schema: { params: idParams, body: statusBody } },
    (request): Promise<StatusChange> => updateOrderStatus(db, request.params.id, request.body.status, currentUser(request)),
  );
}
