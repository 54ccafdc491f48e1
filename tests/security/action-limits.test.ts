import { randomUUID } from "node:crypto";
import { count, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_REQUESTS } from "#contract/messages";
import { DEFAULT_RATE_LIMITS } from "../../api/src/config";
import { contactMessages, shopOrders, users } from "../../api/src/db/schema";
import { ACTION_WINDOW_SECONDS } from "../../api/src/rate-limit";
import { insertCatalogue, useTestApi, type Catalogue, type TestApi } from "../api/support";
import { creditWallet, placedOrderId, putInCart, signedInUser, type Customer } from "../api/orders-support";

/**
 * Issue 9, item 7: registration (200 accounts in 18 s from one address, each sending an e-mail),
 * the contact form (500 messages in 0.5 s), reviews, offers and uploads had no limit. Each flood
 * now stops at the production default, per address and, with a signed-in user, per account, with
 * 429, Retry-After and the action's Spanish message. Requests come as the web forwards them: from
 * its trusted proxy (127.0.0.1) with the shopper's address in X-Forwarded-For.
 */
const LIMITS = DEFAULT_RATE_LIMITS;
type Injected = Awaited<ReturnType<TestApi["app"]["inject"]>>;

function expectTooMany(response: Injected, message: string) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toEqual({ message });
  const retryAfter = Number(response.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(ACTION_WINDOW_SECONDS - 60);
  expect(retryAfter).toBeLessThanOrEqual(ACTION_WINDOW_SECONDS);
}

const statusCounts = (responses: Injected[]) =>
  responses.reduce<Record<number, number>>(
    (counts, response) => ({ ...counts, [response.statusCode]: (counts[response.statusCode] ?? 0) + 1 }),
    {},
  );

describe("seguridad: límites de registro, contacto, reseñas, ofertas y subidas", () => {
  const api = useTestApi({ config: { rateLimits: DEFAULT_RATE_LIMITS } });
  let catalogue: Catalogue;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
  });

  const forwarded = (address: string, customer?: Customer) => ({ "x-forwarded-for": address, ...customer?.headers });

  describe("registro", () => {
    const register = (address: string, email: string) =>
      api.app.inject({
        method: "POST",
        url: "/user/register",
        headers: forwarded(address),
        payload: { name: "Cuenta en Serie", email, password: "Padel-2024-ok" },
      });

    it("una avalancha desde una dirección crea solo las cuentas del límite, aunque lleguen a la vez; otra dirección sigue registrando", async () => {
      const emails = Array.from(
        { length: LIMITS.register.perAddress + 10 },
        (_, index) => `serie-${index}-${randomUUID()}@example.com`,
      );
      const responses = await Promise.all(emails.map((email) => register("198.51.100.10", email)));
      expect(statusCounts(responses)).toEqual({ 201: LIMITS.register.perAddress, 429: 10 });
      for (const response of responses.filter((candidate) => candidate.statusCode === 429))
        expectTooMany(response, TOO_MANY_REQUESTS.register);
      const [created] = await api.db.select({ total: count() }).from(users).where(inArray(users.email, emails));
      expect(created!.total).toBe(LIMITS.register.perAddress);

      expect((await register("198.51.100.11", `vecina-${randomUUID()}@example.com`)).statusCode).toBe(201);
    });
  });

  describe("contacto", () => {
    const contact = (address: string) =>
      api.app.inject({
        method: "POST",
        url: "/contact",
        headers: forwarded(address),
        payload: {
          name: "Remitente",
          email: "remitente@example.com",
          subject: "Consulta",
          message: "Una consulta sobre las palas.",
        },
      });
    const stored = async () => (await api.db.select({ total: count() }).from(contactMessages))[0]!.total;

    it("una avalancha desde una dirección guarda solo los mensajes del límite; otra dirección sigue escribiendo", async () => {
      const before = await stored();
      const responses = await Promise.all(
        Array.from({ length: LIMITS.contact.perAddress + 40 }, () => contact("198.51.100.20")),
      );
      expect(statusCounts(responses)).toEqual({ 201: LIMITS.contact.perAddress, 429: 40 });
      expectTooMany(responses.find((response) => response.statusCode === 429)!, TOO_MANY_REQUESTS.contact);
      expect(await stored()).toBe(before + LIMITS.contact.perAddress);
      expect((await contact("198.51.100.21")).statusCode).toBe(201);
    });

    it("las direcciones de una misma red IPv6 /64 cuentan como una sola", async () => {
      for (let host = 1; host <= LIMITS.contact.perAddress; host++) {
        expect((await contact(`2001:db8:7:7::${host.toString(16)}`)).statusCode, `mensaje ${host}`).toBe(201);
      }
      expectTooMany(await contact("2001:db8:7:7:abcd::1"), TOO_MANY_REQUESTS.contact);
      expectTooMany(await contact("::ffff:198.51.100.20"), TOO_MANY_REQUESTS.contact);
      expect((await contact("2001:db8:7:8::1")).statusCode).toBe(201);
    });
  });

  describe("reseñas", () => {
    const balls = () => catalogue.bySlug["pelotas-head-padel-pro"]!;
    const submit = (address: string, customer: Customer) =>
      api.app.inject({
        method: "POST",
        url: "/home/customer/submit-review",
        headers: forwarded(address, customer),
        payload: { productId: balls().id, rating: 5, text: "Botan muy bien y duran varios partidos." },
      });

    it("por cuenta desde cualquier dirección, y por dirección para todas sus cuentas", async () => {
      const buyer = await signedInUser(api.db);
      await putInCart(api.db, buyer.id, balls().id, 1);
      const orderId = await placedOrderId(api.app, buyer);
      await creditWallet(api.db, buyer.id, 10_000);
      expect(
        (await api.app.inject({ method: "POST", url: "/payment/wallet", headers: buyer.headers, payload: { orderId } }))
          .statusCode,
      ).toBe(200);

      const home = "198.51.100.30";
      const perAccount = LIMITS.review.perAccount!;
      for (let attempt = 1; attempt <= perAccount; attempt++)
        expect([200, 201], `reseña ${attempt}`).toContain((await submit(home, buyer)).statusCode);
      expectTooMany(await submit(home, buyer), TOO_MANY_REQUESTS.review);
      expectTooMany(await submit("198.51.100.31", buyer), TOO_MANY_REQUESTS.review);

      // The refused attempts above did not use up the address: its other accounts have the rest.
      const sibling = await signedInUser(api.db);
      for (let attempt = 1; attempt <= LIMITS.review.perAddress - perAccount; attempt++) {
        expect((await submit(home, sibling)).statusCode, `intento ${attempt}`).toBe(403);
      }
      const third = await signedInUser(api.db);
      expectTooMany(await submit(home, third), TOO_MANY_REQUESTS.review);
      expect((await submit("198.51.100.32", third)).statusCode).toBe(403);
    });
  });

  describe("ofertas", () => {
    const propose = (address: string, customer: Customer, shopOrderId: string, price: number) =>
      api.app.inject({
        method: "POST",
        url: "/home/customer/offer",
        headers: forwarded(address, customer),
        payload: { shopOrderId, price },
      });

    it("por cuenta desde cualquier dirección, y por dirección para todas sus cuentas", async () => {
      const customer = await signedInUser(api.db);
      await putInCart(api.db, customer.id, catalogue.bySlug["pelotas-head-padel-pro"]!.id, 2);
      const orderId = await placedOrderId(api.app, customer);
      const [shopOrder] = await api.db
        .select({ id: shopOrders.id })
        .from(shopOrders)
        .where(eq(shopOrders.orderId, orderId));

      const home = "198.51.100.40";
      const perAccount = LIMITS.offer.perAccount!;
      const responses: Injected[] = [];
      for (let attempt = 1; attempt <= perAccount; attempt++)
        responses.push(await propose(home, customer, shopOrder!.id, 1000 - attempt));
      expect(responses[0]!.statusCode, responses[0]!.body).toBe(201);
      expect(responses.some((response) => response.statusCode === 429)).toBe(false);
      expectTooMany(await propose(home, customer, shopOrder!.id, 500), TOO_MANY_REQUESTS.offer);
      expectTooMany(await propose("198.51.100.41", customer, shopOrder!.id, 500), TOO_MANY_REQUESTS.offer);

      let remaining = LIMITS.offer.perAddress - perAccount;
      while (remaining > 0) {
        const other = await signedInUser(api.db);
        for (let attempt = 0; attempt < Math.min(perAccount, remaining); attempt++) {
          expect((await propose(home, other, randomUUID(), 500)).statusCode).not.toBe(429);
        }
        remaining -= perAccount;
      }
      const last = await signedInUser(api.db);
      expectTooMany(await propose(home, last, randomUUID(), 500), TOO_MANY_REQUESTS.offer);
      expect((await propose("198.51.100.42", last, randomUUID(), 500)).statusCode).not.toBe(429);
    });
  });

  describe("subidas (imagen de perfil)", () => {
    let picture: Buffer;
    beforeAll(async () => {
      picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#1f8a3a" } })
        .png()
        .toBuffer();
    });

    const upload = (address: string, customer: Customer) => {
      const boundary = `----limite${randomUUID()}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="yo.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        picture,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return api.app.inject({
        method: "POST",
        url: "/user/profile/image/upload",
        headers: { ...forwarded(address, customer), "content-type": `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };

    it("por cuenta desde cualquier dirección, y por dirección para todas sus cuentas", async () => {
      const home = "198.51.100.50";
      const perAccount = LIMITS.upload.perAccount!;
      const first = await signedInUser(api.db);
      for (let attempt = 1; attempt <= perAccount; attempt++) {
        const response = await upload(home, first);
        expect(response.statusCode, `subida ${attempt}: ${response.body}`).toBe(200);
      }
      expectTooMany(await upload(home, first), TOO_MANY_REQUESTS.upload);
      expectTooMany(await upload("198.51.100.51", first), TOO_MANY_REQUESTS.upload);

      let remaining = LIMITS.upload.perAddress - perAccount;
      while (remaining > 0) {
        const other = await signedInUser(api.db);
        for (let attempt = 0; attempt < Math.min(perAccount, remaining); attempt++)
          expect((await upload(home, other)).statusCode).toBe(200);
        remaining -= perAccount;
      }
      const last = await signedInUser(api.db);
      expectTooMany(await upload(home, last), TOO_MANY_REQUESTS.upload);
      expect((await upload("198.51.100.52", last)).statusCode).toBe(200);
    });
  });
});
