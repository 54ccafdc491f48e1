import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { currentUser } from "../accounts/auth.js";
import { noInput, type TrialClassAnswer, type TrialClassBookedAnswer, type TrialClassBookingAnswer } from "./schemas.js";
import { BOOKED, BOOKING_CANCELLED, bookNextClass, cancelNextClassBooking, nextClass, nextClassFor } from "./service.js";

/**
 * The free Saturday trial class of the /gift page (DESIGN.md section 3): anyone sees the next
 * class and its free places; a signed-in user books a place in it and cancels their own booking.
 */
export async function trialClassRoutes(app: FastifyInstance, opts: { db: Db; capacity: number }) {
  const { db, capacity } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get("/trial-class", { schema: { querystring: noInput } }, async (): Promise<TrialClassAnswer> => ({
    trialClass: await nextClass(db, capacity),
  }));

  routes.get("/trial-class/booking", { onRequest: app.authenticate, schema: { querystring: noInput } }, (request): Promise<TrialClassBookingAnswer> =>
    nextClassFor(db, capacity, currentUser(request).id),
  );

  routes.post(
    "/trial-class/booking",
    { onRequest: app.authenticate, schema: { body: noInput.nullish() } },
    async (request, reply): Promise<TrialClassBookedAnswer> => {
      const answer = await bookNextClass(db, capacity, currentUser(request).id);
      reply.status(201);
      return { message: BOOKED, ...answer };
    },
  );

  routes.delete("/trial-class/booking", { onRequest: app.authenticate, schema: { querystring: noInput } }, async (request): Promise<TrialClassBookedAnswer> => ({
    message: BOOKING_CANCELLED,
    ...(await cancelNextClassBooking(db, capacity, currentUser(request).id)),
  }));
}
