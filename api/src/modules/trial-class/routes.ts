import type { FastifyInstance } from "fastify";
import { trialClassEndpoints as endpoints } from "#contract/trial-class";
import type { Db } from "../../db/client.js";
import { route } from "../../route.js";
import { currentUser } from "../accounts/auth.js";
import {
  BOOKED,
  BOOKING_CANCELLED,
  bookNextClass,
  cancelNextClassBooking,
  nextClass,
  nextClassFor,
} from "./service.js";

/**
 * The free Saturday trial class of the /gift page (DESIGN.md section 3): anyone sees the next
 * class and its free places; a signed-in user books a place in it and cancels their own booking.
 */
export async function trialClassRoutes(app: FastifyInstance, opts: { db: Db; capacity: number }) {
  const { db, capacity } = opts;

  route(app, endpoints.nextClass, async () => ({ trialClass: await nextClass(db, capacity) }));

  route(app, endpoints.myBooking, { onRequest: app.authenticate }, (request) =>
    nextClassFor(db, capacity, currentUser(request).id),
  );

  route(app, endpoints.book, { onRequest: app.authenticate }, async (request, reply) => {
    const answer = await bookNextClass(db, capacity, currentUser(request).id);
    reply.status(201);
    return { message: BOOKED, ...answer };
  });

  route(app, endpoints.cancel, { onRequest: app.authenticate }, async (request) => ({
    message: BOOKING_CANCELLED,
    ...(await cancelNextClassBooking(db, capacity, currentUser(request).id)),
  }));
}
