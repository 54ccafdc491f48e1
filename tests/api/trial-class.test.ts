import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { trialClasses } from "../../api/src/db/schema";
import { nextClassDate } from "../../api/src/modules/trial-class/service";
import { useTestApi } from "./support";
import { signedInUser, type Customer } from "./orders-support";

const FULL = "La clase de prueba está completa. No quedan plazas libres.";

describe("fecha de la próxima clase de prueba (sábado 10:00, hora de Madrid)", () => {
  it.each([
    // [instant, class date]
    ["2026-11-18T12:00:00Z", "2026-11-21"], // Wednesday
    ["2026-11-21T08:59:00Z", "2026-11-21"], // Saturday 09:59 in Madrid (UTC+1): today's class
    ["2026-11-21T09:00:00Z", "2026-11-28"], // Saturday 10:00 in Madrid: it has begun, next week's
    ["2026-11-21T23:30:00Z", "2026-11-28"], // Sunday 00:30 in Madrid, still Saturday in UTC
    ["2026-07-18T07:59:00Z", "2026-07-18"], // Saturday 09:59 in summer time (UTC+2)
    ["2026-07-18T08:00:00Z", "2026-07-25"], // Saturday 10:00 in summer time
    ["2026-12-27T10:00:00Z", "2027-01-02"], // across the new year
  ])("a las %s es la del %s", (instant, expected) => {
    expect(nextClassDate(new Date(instant))).toBe(expected);
  });
});

/** Trial class bookings on in-memory PGlite, with 3 places per class. */
describe("clase de prueba", () => {
  const CAPACITY = 3;
  const api = useTestApi({ config: { trialClass: { capacity: CAPACITY } } });

  const book = (customer: Customer | null) =>
    api.app.inject({ method: "POST", url: "/trial-class/booking", headers: customer?.headers ?? {} });
  const cancel = (customer: Customer | null) =>
    api.app.inject({ method: "DELETE", url: "/trial-class/booking", headers: customer?.headers ?? {} });
  const mine = (customer: Customer) =>
    api.app.inject({ method: "GET", url: "/trial-class/booking", headers: customer.headers });
  const publicClass = async () => (await api.app.inject({ method: "GET", url: "/trial-class" })).json().trialClass;

  it("un visitante ve la clase y sus plazas, pero no puede reservar ni cancelar", async () => {
    expect(await publicClass()).toEqual({
      classDate: nextClassDate(),
      startTime: "10:00",
      endTime: "11:30",
      capacity: CAPACITY,
      remaining: CAPACITY,
    });
    for (const response of [
      await book(null),
      await cancel(null),
      await api.app.inject({ method: "GET", url: "/trial-class/booking" }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: "No autorizado." });
    }
  });

  it("reserva una plaza por usuario y clase, la muestra y la cancela devolviendo la plaza", async () => {
    const customer = await signedInUser(api.db);
    expect((await mine(customer)).json()).toEqual({
      trialClass: expect.objectContaining({ remaining: CAPACITY }),
      booking: null,
    });

    const booked = await book(customer);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toEqual({
      message: "Plaza reservada. ¡Te esperamos el sábado!",
      trialClass: expect.objectContaining({ classDate: nextClassDate(), remaining: CAPACITY - 1 }),
      booking: { _id: expect.any(String), classDate: nextClassDate(), createdAt: expect.any(String) },
    });
    expect((await publicClass()).remaining).toBe(CAPACITY - 1);

    const again = await book(customer);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "Ya tienes una plaza reservada en esta clase." });
    expect((await publicClass()).remaining).toBe(CAPACITY - 1);
    expect((await mine(customer)).json().booking).toEqual(booked.json().booking);

    const cancelled = await cancel(customer);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({
      message: "Reserva cancelada. Tu plaza queda libre para otra persona.",
      trialClass: expect.objectContaining({ remaining: CAPACITY }),
      booking: null,
    });
    const twice = await cancel(customer);
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ message: "No tienes ninguna reserva en la próxima clase." });
    expect((await publicClass()).remaining).toBe(CAPACITY);
  });

  it("una clase completa lo dice, y una cancelación deja sitio a otra persona", async () => {
    const customers = await Promise.all(Array.from({ length: CAPACITY + 1 }, () => signedInUser(api.db)));
    for (const customer of customers.slice(0, CAPACITY)) expect((await book(customer)).statusCode).toBe(201);
    const late = customers[CAPACITY]!;
    const full = await book(late);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: FULL });
    expect((await mine(late)).json().booking).toBeNull();
    expect((await publicClass()).remaining).toBe(0);
    const [row] = await api.db.select().from(trialClasses).where(eq(trialClasses.classDate, nextClassDate()));
    expect(row).toMatchObject({ capacity: CAPACITY, booked: CAPACITY });

    expect((await cancel(customers[0]!)).statusCode).toBe(200);
    expect((await book(late)).statusCode).toBe(201);
    expect((await publicClass()).remaining).toBe(0);
  });
});
