import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { nextClassDate } from "../../api/src/modules/trial-class/service";
import { useTestApi } from "./support";
import { signedInUser } from "./orders-support";

/** On a real PostgreSQL, many bookings at once: the conditional UPDATE, not luck, hands out the last place. */
describe("reservas concurrentes de la clase de prueba en PostgreSQL", () => {
  const CAPACITY = 5;
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 30, config: { trialClass: { capacity: CAPACITY } } });

  const book = (headers: Record<string, string>) =>
    api.app.inject({ method: "POST", url: "/trial-class/booking", headers });

  it("20 reservas a la vez por la última plaza dan una sola", async () => {
    const early = await Promise.all(Array.from({ length: CAPACITY - 1 }, () => signedInUser(api.db)));
    for (const customer of early) expect((await book(customer.headers)).statusCode).toBe(201);

    const rivals = await Promise.all(Array.from({ length: 20 }, () => signedInUser(api.db)));
    const responses = await Promise.all(rivals.map((customer) => book(customer.headers)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const response of responses.filter((response) => response.statusCode === 409)) {
      expect(response.json()).toEqual({ message: "La clase de prueba está completa. No quedan plazas libres." });
    }

    const counts = await api.db.execute<{ booked: number; bookings: number }>(sql`
      select booked, (select count(*)::integer from trial_class_bookings where class_date = ${nextClassDate()}) as bookings
      from trial_classes where class_date = ${nextClassDate()}`);
    expect(counts.rows[0]).toEqual({ booked: CAPACITY, bookings: CAPACITY });
  });

  it("el mismo usuario reservando 10 veces a la vez obtiene una sola plaza", async () => {
    await api.db.execute(sql`update trial_classes set capacity = capacity + 1 where class_date = ${nextClassDate()}`);
    const customer = await signedInUser(api.db);
    const responses = await Promise.all(Array.from({ length: 10 }, () => book(customer.headers)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const response of responses.filter((response) => response.statusCode === 409)) {
      expect(response.json()).toEqual({ message: "Ya tienes una plaza reservada en esta clase." });
    }
  });
});
