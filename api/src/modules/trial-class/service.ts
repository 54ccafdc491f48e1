import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { trialClassBookings, trialClasses } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import type { TrialClass, TrialClassBooking, TrialClassBookingAnswer } from "#contract/trial-class";
import { STORE_TIME_ZONE } from "#contract/store-time";

export const CLASS_START = "10:00";
export const CLASS_END = "11:30";
const CLASS_START_MINUTES = 10 * 60;
const SATURDAY = 6;

export const BOOKED = "Plaza reservada. ¡Te esperamos el sábado!";
export const ALREADY_BOOKED = "Ya tienes una plaza reservada en esta clase.";
export const CLASS_FULL = "La clase de prueba está completa. No quedan plazas libres.";
export const NO_BOOKING = "No tienes ninguna reserva en la próxima clase.";
export const BOOKING_CANCELLED = "Reserva cancelada. Tu plaza queda libre para otra persona.";

const madridClock = new Intl.DateTimeFormat("en-US", {
  timeZone: STORE_TIME_ZONE,
  weekday: "short",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/**
 * The date (YYYY-MM-DD) of the next Saturday class as Madrid sees it at `now`: today's when it is
 * Saturday before 10:00, otherwise the coming Saturday.
 */
export function nextClassDate(now: Date = new Date()): string {
  const parts = Object.fromEntries(madridClock.formatToParts(now).map((part) => [part.type, part.value]));
  const weekday = WEEKDAYS.indexOf(parts.weekday!);
  const minutes = Number(parts.hour) * 60 + Number(parts.minute);
  let daysAhead = (SATURDAY - weekday + 7) % 7;
  if (daysAhead === 0 && minutes >= CLASS_START_MINUTES) daysAhead = 7;
  // Calendar arithmetic on the Madrid date itself, so no offset or daylight saving change matters.
  const classDay = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day) + daysAhead));
  return classDay.toISOString().slice(0, 10);
}

async function classOf(db: Db, classDate: string, defaultCapacity: number): Promise<TrialClass> {
  const [row] = await db.select().from(trialClasses).where(eq(trialClasses.classDate, classDate));
  // A class nobody has booked yet has no row: it offers the configured places.
  const capacity = row?.capacity ?? defaultCapacity;
  return { classDate, startTime: CLASS_START, endTime: CLASS_END, capacity, remaining: capacity - (row?.booked ?? 0) };
}

async function bookingOf(db: Db, classDate: string, userId: string): Promise<TrialClassBooking | null> {
  const [row] = await db
    .select()
    .from(trialClassBookings)
    .where(and(eq(trialClassBookings.classDate, classDate), eq(trialClassBookings.userId, userId)));
  return row ? { _id: row.id, classDate: row.classDate, createdAt: row.createdAt.toISOString() } : null;
}

/** The next class and its free places, for anyone. */
export function nextClass(db: Db, capacity: number, now?: Date): Promise<TrialClass> {
  return classOf(db, nextClassDate(now), capacity);
}

/** The next class and the user's booking in it. */
export async function nextClassFor(
  db: Db,
  capacity: number,
  userId: string,
  now?: Date,
): Promise<TrialClassBookingAnswer> {
  const classDate = nextClassDate(now);
  const [trialClass, booking] = await Promise.all([classOf(db, classDate, capacity), bookingOf(db, classDate, userId)]);
  return { trialClass, booking };
}

/**
 * Books a place in the next class, once per user. One transaction: the class row is made if
 * missing, the booking inserted (the unique index refuses a second one, even a concurrent one) and
 * `booked` raised only while below the capacity, a conditional UPDATE that holds under concurrency;
 * a full class rolls the booking back.
 */
export async function bookNextClass(
  db: Db,
  capacity: number,
  userId: string,
  now?: Date,
): Promise<TrialClassBookingAnswer> {
  const classDate = nextClassDate(now);
  await db.transaction(async (tx) => {
    await tx.insert(trialClasses).values({ classDate, capacity }).onConflictDoNothing();
    const inserted = await tx
      .insert(trialClassBookings)
      .values({ classDate, userId })
      .onConflictDoNothing({ target: [trialClassBookings.classDate, trialClassBookings.userId] })
      .returning({ id: trialClassBookings.id });
    if (inserted.length === 0) throw new HttpError(409, ALREADY_BOOKED);
    const taken = await tx
      .update(trialClasses)
      .set({ booked: sql`${trialClasses.booked} + 1` })
      .where(and(eq(trialClasses.classDate, classDate), lt(trialClasses.booked, trialClasses.capacity)))
      .returning({ booked: trialClasses.booked });
    if (taken.length === 0) throw new HttpError(409, CLASS_FULL);
  });
  return nextClassFor(db, capacity, userId, now);
}

/** Cancels the user's booking in the next class and gives its place back. */
export async function cancelNextClassBooking(
  db: Db,
  capacity: number,
  userId: string,
  now?: Date,
): Promise<TrialClassBookingAnswer> {
  const classDate = nextClassDate(now);
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(trialClassBookings)
      .where(and(eq(trialClassBookings.classDate, classDate), eq(trialClassBookings.userId, userId)))
      .returning({ id: trialClassBookings.id });
    if (deleted.length === 0) throw new HttpError(404, NO_BOOKING);
    await tx
      .update(trialClasses)
      .set({ booked: sql`${trialClasses.booked} - 1` })
      .where(eq(trialClasses.classDate, classDate));
  });
  return nextClassFor(db, capacity, userId, now);
}
