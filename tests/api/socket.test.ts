import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { io as connectSocket, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp, type App } from "../../api/src/app";
import { openDatabase, type Database } from "../../api/src/db/client";
import { NEW_NOTIFICATION_EVENT, RELOAD_NOTIFICATIONS_EVENT } from "#contract/notification-events";
import type { NotificationItem } from "#contract/notifications";
import { notify } from "../../api/src/modules/notifications/service";
import { orderNumber } from "#contract/order-labels";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { signedInUser, type Customer } from "./orders-support";
import {
  customerWithOrder,
  payFromWallet,
  splitShopOwners,
  subOrderIds,
  type TwoSellers,
} from "./notifications-support";
import { insertCatalogue, TEST_JWT_SECRET, testConfig, useTestApi, type Catalogue } from "./support";

const WAIT_MS = 5_000;

async function listenOnLoopback(app: App): Promise<string> {
  await app.listen({ host: "127.0.0.1", port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const sockets: Socket[] = [];

function open(url: string, token?: string, origin?: string, transport: "websocket" | "polling" = "websocket"): Socket {
  const socket = connectSocket(url, {
    auth: token === undefined ? {} : { token },
    transports: [transport],
    reconnection: false,
    forceNew: true,
    ...(origin && { extraHeaders: { origin } }),
  });
  sockets.push(socket);
  return socket;
}

/** Resolves once connected, even if that happened before the call; rejects with the server's refusal. */
function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once("connect", () => resolve());
    socket.once("connect_error", (error) => reject(error));
  });
}

/** The message of the refusal a connection gets. */
function refusal(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once("connect", () => reject(new Error("la conexión se aceptó")));
    socket.once("connect_error", (error) => resolve(error.message));
  });
}

/** Every notification a socket receives, kept in arrival order. */
function collect(socket: Socket): NotificationItem[] {
  const received: NotificationItem[] = [];
  socket.on(NEW_NOTIFICATION_EVENT, (item: NotificationItem) => received.push(item));
  return received;
}

async function until(check: () => boolean, what: string): Promise<void> {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error(`no llegó: ${what}`);
    },
    { timeout: WAIT_MS, interval: 20 },
  );
}

/**
 * Proves that nothing else is on its way to `users`' sockets: sends each a later notification and
 * waits until it arrives. The API delivers one channel's notifications in the order they were
 * committed (on PGlite one query at a time, each socket one connection), so whatever an earlier
 * commit sent has arrived by then: no fixed wait for a stray delivery is needed.
 */
async function flushDeliveries(db: Database["db"], users: { id: string; received: NotificationItem[] }[]) {
  const marker = `Marca ${crypto.randomUUID()}`;
  await notify(
    db,
    users.map(({ id }) => ({ userId: id, type: "sistema" as const, message: marker })),
  );
  for (const { received } of users) await until(() => received.some((item) => item.message === marker), marker);
  return marker;
}

async function socketToken(app: App, user: Customer): Promise<string> {
  const response = await app.inject({ method: "POST", url: "/user/socket-token", headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

describe("conexión en tiempo real (PGlite)", () => {
  const api = useTestApi();
  let url: string;
  let catalogue: Catalogue;
  let sellers: TwoSellers;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    sellers = await splitShopOwners(api.db, catalogue);
    url = await listenOnLoopback(api.app);
  });

  const sign = (claims: { sub?: string; aud?: string; exp?: number }, secret = TEST_JWT_SECRET, alg = "HS256") => {
    const jwt = new SignJWT({}).setProtectedHeader({ alg }).setIssuer("mercado-padel-api").setIssuedAt();
    if (claims.sub) jwt.setSubject(claims.sub);
    if (claims.aud) jwt.setAudience(claims.aud);
    jwt.setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 60);
    return jwt.sign(new TextEncoder().encode(secret));
  };

  it("rechaza una conexión sin token, con uno falsificado, caducado, de otra audiencia o que nombra un usuario inexistente", async () => {
    const user = await signedInUser(api.db);
    const refusals = await Promise.all([
      refusal(open(url)),
      refusal(open(url, "")),
      refusal(open(url, "no-es-un-jwt")),
      refusal(
        open(
          url,
          await sign({ sub: user.id, aud: "mercado-padel-socket" }, "otro-secreto-que-nadie-conoce-0123456789"),
        ),
      ),
      refusal(
        open(url, await sign({ sub: user.id, aud: "mercado-padel-socket", exp: Math.floor(Date.now() / 1000) - 5 })),
      ),
      refusal(open(url, await sign({ sub: user.id, aud: "mercado-padel" }))),
      refusal(open(url, await sign({ sub: user.id, aud: "mercado-padel-socket" }, TEST_JWT_SECRET, "HS512"))),
      // The access token itself (audience mercado-padel) opens nothing; nor does a bare user id.
      refusal(open(url, user.token)),
      refusal(open(url, user.id)),
      refusal(open(url, await sign({ sub: crypto.randomUUID(), aud: "mercado-padel-socket" }))),
    ]);
    expect(refusals).toEqual(Array(refusals.length).fill("No autorizado."));

    await connected(open(url, await socketToken(api.app, user)));
  });

  it("solo las páginas de la tienda abren la conexión desde un navegador, por WebSocket y por long polling", async () => {
    const user = await signedInUser(api.db);
    for (const transport of ["websocket", "polling"] as const) {
      // A page of another site that got hold of a valid token still cannot connect.
      await expect(
        connected(open(url, await socketToken(api.app, user), "https://otro-sitio.example", transport)),
      ).rejects.toThrow();
      await connected(
        open(url, await socketToken(api.app, user), new URL(testConfig().publicWebUrl).origin, transport),
      );
    }
  });

  it("un cambio de estado llega al cliente del pedido y a nadie más", async () => {
    const { customer, orderId } = await customerWithOrder(api.app, api.db, catalogue);
    await payFromWallet(api.app, api.db, customer, orderId);
    const centroSub = (await subOrderIds(api.app, customer, orderId))["Centro Pádel"]!;
    const stranger = await signedInUser(api.db);

    // Every token first, so no socket connects before its listeners are attached.
    const [customerToken, strangerToken, smashSellerToken] = await Promise.all(
      [customer, stranger, sellers.smash].map((user) => socketToken(api.app, user)),
    );
    const customerSocket = open(url, customerToken);
    const strangerSocket = open(url, strangerToken);
    const smashSellerSocket = open(url, smashSellerToken);
    await Promise.all([connected(customerSocket), connected(strangerSocket), connected(smashSellerSocket)]);
    const toCustomer = collect(customerSocket);
    const toStranger = collect(strangerSocket);
    const toSmashSeller = collect(smashSellerSocket);

    const changed = await api.app.inject({
      method: "PUT",
      url: `/seller/order-status/update/${centroSub}`,
      headers: sellers.centro.headers,
      payload: { status: "procesando" },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    await until(() => toCustomer.length === 1, "el aviso del cliente");
    expect(toCustomer[0]).toEqual({
      _id: expect.any(String),
      message: `Tu pedido #${orderNumber(orderId)} de Centro Pádel está ahora «En preparación».`,
      orderId,
      type: "pedido",
      read: false,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    // Whatever else the change sent has arrived once a later notification has.
    const marker = await flushDeliveries(api.db, [
      { id: customer.id, received: toCustomer },
      { id: stranger.id, received: toStranger },
      { id: sellers.smash.id, received: toSmashSeller },
    ]);
    expect(toStranger.map((item) => item.message)).toEqual([marker]);
    expect(toSmashSeller.map((item) => item.message)).toEqual([marker]);
    expect(toCustomer.map((item) => item.message)).toEqual([toCustomer[0]!.message, marker]);
  });

  it("solo se entrega lo que se confirma: una transacción deshecha no avisa a nadie", async () => {
    const user = await signedInUser(api.db);
    const socket = open(url, await socketToken(api.app, user));
    await connected(socket);
    const received = collect(socket);

    await api.db
      .transaction(async (tx) => {
        await notify(tx, [{ userId: user.id, type: "sistema", message: "Nunca existió" }]);
        tx.rollback();
      })
      .catch(() => undefined);
    await notify(api.db, [{ userId: user.id, type: "sistema", message: "Confirmado" }]);

    await until(() => received.length === 1, "el aviso confirmado");
    const marker = await flushDeliveries(api.db, [{ id: user.id, received }]);
    expect(received.map((item) => item.message)).toEqual(["Confirmado", marker]);
  });
});

describe("dos instancias de la API sobre el mismo PostgreSQL", () => {
  let postgres: TestDatabase;
  const databases: Database[] = [];
  const apps: App[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    postgres = await createTestDatabase();
    for (let instance = 0; instance < 2; instance++) {
      const database = await openDatabase({ databaseUrl: postgres.url, dataDir: ":memory:" });
      if (instance === 0) await database.migrate();
      databases.push(database);
      const app = await buildApp({ db: database.db, config: testConfig(), listen: database.listen });
      apps.push(app);
      urls.push(await listenOnLoopback(app));
    }
  });

  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((database) => database.close()));
    await postgres?.drop();
  });

  it("un aviso escrito a través de una instancia llega al cliente conectado a la otra", async () => {
    const db = databases[0]!.db;
    const catalogue = await insertCatalogue(db);
    const sellers = await splitShopOwners(db, catalogue);
    const { customer, orderId } = await customerWithOrder(apps[0]!, db, catalogue);
    await payFromWallet(apps[0]!, db, customer, orderId);
    const smashSub = (await subOrderIds(apps[0]!, customer, orderId))["Tienda Smash"]!;

    const customerSocket = open(urls[1]!, await socketToken(apps[1]!, customer));
    await connected(customerSocket);
    const toCustomer = collect(customerSocket);

    const changed = await apps[0]!.inject({
      method: "PUT",
      url: `/seller/order-status/update/${smashSub}`,
      headers: sellers.smash.headers,
      payload: { status: "enviado", trackingNumber: "PKG 4455 6677" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await until(() => toCustomer.length === 1, "el aviso en la otra instancia");
    expect(toCustomer[0]!.message).toBe(
      `Tu pedido #${orderNumber(orderId)} de Tienda Smash está ahora «Enviado». Número de seguimiento: PKG 4455 6677.`,
    );

    // The server drops every LISTEN connection to this file's database: each instance opens its own again, listens on and
    // asks its clients to reload, since what was committed meanwhile was never pushed.
    const reloads: number[] = [];
    customerSocket.on(RELOAD_NOTIFICATIONS_EVENT, () => reloads.push(Date.now()));
    const dropped = await db.execute<{ pid: number }>(
      sql`select pg_terminate_backend(pid), pid from pg_stat_activity where query ilike 'LISTEN%' and datname = current_database() and pid <> pg_backend_pid()`,
    );
    expect(dropped.rows).toHaveLength(2);
    const listening = async () =>
      (
        await db.execute<{ count: number }>(
          sql`select count(*)::int as count from pg_stat_activity where query ilike 'LISTEN%' and datname = current_database()`,
        )
      ).rows[0]!.count;
    await expect.poll(listening, { timeout: WAIT_MS, interval: 100 }).toBe(2);
    await until(() => reloads.length > 0, "el aviso de recargar");
    await notify(db, [{ userId: customer.id, type: "sistema", message: "Después de reconectar" }]);
    await until(() => toCustomer.length === 2, "el aviso tras reconectar");
    expect(toCustomer[1]!.message).toBe("Después de reconectar");
  });
});
