import type { FastifyInstance } from "fastify";
import { trialClassEndpoints as endpoints } from "#contract/trial-class";
import type { Db } from "../../db/client.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser } from "../accounts/auth.js";
import {
  BOOKED,
  BOOKING_CANCELLED,
  bookNextClass,
  cancelNextClassBooking,
  nextClass,
  nextClassFor,
} from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "trial-class",
  description:
    'The Saturday trial class (SPEC.md section 7 "Trial class"). Shapes and messages: ' +
    "`contract/trial-class.ts`.\n\n" +
    "The next class is the coming Saturday 10:00-11:30 in Europe/Madrid (today's while it is Saturday " +
    "before 10:00). Its row in `trial_classes` is made at the first booking with `TRIAL_CLASS_PLACES` " +
    "places (default 12). Booking inserts the booking (unique per date and user) and raises `booked` " +
    "with `update ... set booked = booked + 1 where booked < capacity` in one transaction, so concurrent " +
    "bookings never exceed the places; cancelling deletes the booking and gives the place back.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  nextClass: {
    summary: "The next class and its free places",
    description: "Public: `{trialClass: {classDate, startTime: '10:00', endTime: '11:30', capacity, remaining}}`.",
  },
  myBooking: {
    summary: "The caller's booking in the next class",
    description: "Bearer: `{trialClass, booking: {_id, classDate, createdAt} | null}`.",
  },
  book: {
    summary: "Book a place in the next class",
    description:
      "Bearer; no body. 201 `{message: 'Plaza reservada. ¡Te esperamos el sábado!', trialClass, booking}`; " +
      "409 `Ya tienes una plaza reservada en esta clase.`, `La clase de prueba está completa. No quedan " +
      "plazas libres.`.",
  },
  cancel: {
    summary: "Cancel the caller's booking",
    description:
      "Bearer: `{message: 'Reserva cancelada. Tu plaza queda libre para otra persona.', trialClass, " +
      "booking: null}`; 404 `No tienes ninguna reserva en la próxima clase.`.",
  },
} satisfies Record<string, RouteWords>;

/**
 * The free Saturday trial class of the /gift page (DESIGN.md section 3): anyone sees the next
 * class and its free places; a signed-in user books a place in it and cancels their own booking.
 */
export async function trialClassRoutes(app: FastifyInstance, opts: { db: Db; capacity: number }) {
  documentModule(app, section);
  const { db, capacity } = opts;

  route(app, endpoints.nextClass, words.nextClass, async () => ({ trialClass: await nextClass(db, capacity) }));

  route(app, endpoints.myBooking, { ...words.myBooking, onRequest: app.authenticate }, (request) =>
    nextClassFor(db, capacity, currentUser(request).id),
  );

  route(app, endpoints.book, { ...words.book, onRequest: app.authenticate }, async (request, reply) => {
    const answer = await bookNextClass(db, capacity, currentUser(request).id);
    reply.status(201);
    return { message: BOOKED, ...answer };
  });

  route(app, endpoints.cancel, { ...words.cancel, onRequest: app.authenticate }, async (request) => ({
    message: BOOKING_CANCELLED,
    ...(await cancelNextClassBooking(db, capacity, currentUser(request).id)),
  }));
}
