import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  accountBlocked,
  BLOCK_REASON_MISSING,
  CANNOT_BLOCK_ADMIN,
  CANNOT_BLOCK_SELF,
  SHOP_OWNER_BLOCKED,
  USER_ALREADY_BLOCKED,
  USER_BLOCKED,
  USER_NOT_BLOCKED,
  USER_UNBLOCKED,
} from "#contract/admin-users";
import { UNAUTHORIZED } from "#contract/messages";
import { VALID_UNTIL_BEFORE_FROM } from "#contract/promotions";
import { auditLog, mailOutbox, refreshTokens, shops, users } from "../../api/src/db/schema";
import { hashPassword } from "../../api/src/modules/accounts/password";
import { useTwoShops } from "./notifications-support";
import { placeOrder, putInCart, signedInAs, signedInUser, type Customer } from "./orders-support";
import { insertOwnBalls, insertUser, TEST_PASSWORD_HASHING } from "./support";

const PASSWORD = "Bloqueo-2026";

describe("usuarios del administrador", () => {
  const suite = useTwoShops({});
  const { api } = suite;
  let admin: Customer;
  let addressCounter = 0;

  beforeAll(async () => {
    admin = await signedInUser(api.db, "admin");
  });

  const get = (url: string, who: Customer = admin) => api.app.inject({ method: "GET", url, headers: who.headers });
  const post = (url: string, payload?: object, who: Customer = admin) =>
    api.app.inject({ method: "POST", url, payload, headers: who.headers });
  const block = (userId: string, reason = "Fraude con tarjetas.", who: Customer = admin) =>
    post(`/admin/users/${userId}/block`, { reason }, who);
  const unblock = (userId: string, who: Customer = admin) => post(`/admin/users/${userId}/unblock`, undefined, who);
  const login = (email: string, password = PASSWORD) =>
    api.app.inject({
      method: "POST",
      url: "/user/login",
      payload: { email, password },
      headers: { "x-forwarded-for": `203.0.113.${(addressCounter++ % 250) + 1}` },
    });

  /** A customer with a password, signed in: their access and refresh tokens. */
  async function signedInCustomer(name = "Rosa Bloqueable") {
    const email = `bloqueo-${randomUUID()}@example.com`;
    await insertUser(api.db, { name, email, passwordHash: await hashPassword(PASSWORD, TEST_PASSWORD_HASHING) });
    const signedIn = await login(email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const body = signedIn.json() as { token: string; refreshToken: string };
    const [user] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { id: user!.id, email, token: body.token, refreshToken: body.refreshToken };
  }

  describe("buscar", () => {
    it("busca por nombre o correo, filtra por rol y por días de alta, y pagina", async () => {
      const tag = randomUUID().slice(0, 8);
      const old = await insertUser(api.db, {
        name: `Antigua ${tag}`,
        createdAt: new Date("2025-03-10T12:00:00Z"),
      });
      const seller = await insertUser(api.db, { name: `Vendedora ${tag}`, role: "seller" });
      const byMail = await insertUser(api.db, { email: `correo-${tag}@example.com` });

      const all = (await get(`/admin/users?searchValue=${tag}`)).json();
      expect(all.totalUser).toBe(3);
      expect(all.users.map((user: { _id: string }) => user._id)).toEqual([byMail.id, seller.id, old.id]);
      expect(all.users[0]).toMatchObject({ email: `correo-${tag}@example.com`, role: "customer", blocked: null });

      const sellers = (await get(`/admin/users?searchValue=${tag}&role=seller`)).json();
      expect(sellers.users.map((user: { _id: string }) => user._id)).toEqual([seller.id]);

      // Whole days of the store's time: the 10th of March includes noon UTC.
      const march = (await get(`/admin/users?searchValue=${tag}&signedUpFrom=2025-03-10&signedUpTo=2025-03-10`)).json();
      expect(march.users.map((user: { _id: string }) => user._id)).toEqual([old.id]);
      const since = (await get(`/admin/users?searchValue=${tag}&signedUpFrom=2025-03-11`)).json();
      expect(since.totalUser).toBe(2);

      const page = (await get(`/admin/users?searchValue=${tag}&parPage=2&page=2`)).json();
      expect(page).toMatchObject({ totalUser: 3, page: 2, parPage: 2 });
      expect(page.users.map((user: { _id: string }) => user._id)).toEqual([old.id]);

      // LIKE's own characters match only themselves.
      expect((await get(`/admin/users?searchValue=${encodeURIComponent("%")}`)).json().totalUser).toBe(0);
    });

    it("rechaza filtros que no valen con su mensaje en español", async () => {
      const inverted = await get("/admin/users?signedUpFrom=2025-05-02&signedUpTo=2025-05-01");
      expect(inverted.statusCode).toBe(400);
      expect(inverted.json().errors).toEqual([{ field: "signedUpTo", message: VALID_UNTIL_BEFORE_FROM }]);
      const badDay = await get("/admin/users?signedUpFrom=2025-02-30");
      expect(badDay.statusCode).toBe(400);
      expect(badDay.json().errors[0].field).toBe("signedUpFrom");
      expect((await get("/admin/users?role=jefe")).statusCode).toBe(400);
    });
  });

  it("la ficha de un usuario trae sus datos, sus pedidos y su tienda", async () => {
    const product = await insertOwnBalls(api.db, suite.catalogue, `pelotas-ficha-${randomUUID().slice(0, 8)}`, {
      stock: 10,
    });
    const buyer = await signedInUser(api.db);
    await putInCart(api.db, buyer.id, product.id, 1);
    const placed = await placeOrder(api.app, buyer);
    expect(placed.statusCode, placed.body).toBe(201);

    const { user } = (await get(`/admin/users/${buyer.id}`)).json();
    expect(user).toMatchObject({ _id: buyer.id, role: "customer", totalOrder: 1, shop: null, blocked: null });
    expect(user.orders).toEqual([expect.objectContaining({ _id: placed.json().orderId })]);

    const seller = (await get(`/admin/users/${suite.sellers.smash.id}`)).json().user;
    expect(seller.shop).toMatchObject({ _id: suite.catalogue.shops.smash.id, status: "aprobada" });

    const missing = await get(`/admin/users/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Usuario no encontrado." });
  });

  describe("bloquear", () => {
    it("un bloqueo termina las sesiones, impide entrar con el motivo y desbloquear lo deshace", async () => {
      const person = await signedInCustomer();
      const bearer = { authorization: `Bearer ${person.token}` };
      const profile = () => api.app.inject({ method: "GET", url: `/user/profile/${person.id}`, headers: bearer });
      const refresh = () =>
        api.app.inject({
          method: "POST",
          url: "/refresh-token",
          headers: { cookie: `refreshToken=${person.refreshToken}` },
        });
      expect((await profile()).statusCode).toBe(200);

      const blocked = await block(person.id, "Fraude con tarjetas");
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect(blocked.json()).toEqual({ message: USER_BLOCKED });

      expect((await profile()).json()).toEqual({ message: UNAUTHORIZED });
      expect((await refresh()).statusCode).toBe(401);
      const open = await api.db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, person.id), isNull(refreshTokens.revokedAt)));
      expect(open).toEqual([]);

      const refused = await login(person.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: accountBlocked("Fraude con tarjetas") });
      expect(refused.json().message).toContain("Motivo: Fraude con tarjetas.");
      // A wrong password learns nothing about the block.
      expect((await login(person.email, "Otra-Clave-99")).statusCode).toBe(400);

      // Told by mail, once, with the reason.
      const mails = await api.db
        .select({ subject: mailOutbox.subject, text: mailOutbox.text, toAddress: mailOutbox.toAddress })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.userId, person.id), eq(mailOutbox.kind, "account-blocked")));
      expect(mails).toEqual([
        {
          subject: "Tu cuenta de Mercado Pádel fue bloqueada",
          text: expect.stringContaining("Motivo: Fraude con tarjetas"),
          toAddress: person.email,
        },
      ]);

      const listed = (await get(`/admin/users/${person.id}`)).json().user;
      expect(listed.blocked).toMatchObject({ reason: "Fraude con tarjetas" });

      expect((await block(person.id)).json()).toEqual({ message: USER_ALREADY_BLOCKED });
      expect((await unblock(person.id)).json()).toEqual({ message: USER_UNBLOCKED });
      expect((await unblock(person.id)).json()).toEqual({ message: USER_NOT_BLOCKED });
      expect((await login(person.email)).statusCode).toBe(200);

      const entries = await api.db
        .select({ action: auditLog.action, actorId: auditLog.actorId, reason: auditLog.reason })
        .from(auditLog)
        .where(eq(auditLog.entityId, person.id))
        .orderBy(auditLog.createdAt);
      expect(entries).toEqual([
        { action: "usuario.bloquear", actorId: admin.id, reason: "Fraude con tarjetas" },
        { action: "usuario.desbloquear", actorId: admin.id, reason: null },
      ]);
    });

    it("el motivo es obligatorio; nadie se bloquea a sí mismo ni bloquea a otro administrador", async () => {
      const person = await signedInUser(api.db);
      const empty = await block(person.id, "   ");
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual([{ field: "reason", message: BLOCK_REASON_MISSING }]);

      const self = await block(admin.id);
      expect(self.statusCode).toBe(403);
      expect(self.json()).toEqual({ message: CANNOT_BLOCK_SELF });
      const other = await signedInUser(api.db, "admin");
      const otherAdmin = await block(other.id);
      expect(otherAdmin.statusCode).toBe(403);
      expect(otherAdmin.json()).toEqual({ message: CANNOT_BLOCK_ADMIN });
      expect((await block(randomUUID())).statusCode).toBe(404);
      // Nothing was written for the refusals.
      expect(await api.db.select().from(auditLog).where(eq(auditLog.entityId, other.id))).toEqual([]);
    });

    it("la tienda de un vendedor bloqueado deja de vender y vuelve al desbloquearlo", async () => {
      const owner = await insertUser(api.db, { name: "Dueño Bloqueable", role: "seller" });
      const smash = suite.catalogue.shops.smash;
      await api.db.update(shops).set({ ownerId: owner.id }).where(eq(shops.id, smash.id));
      const product = await insertOwnBalls(api.db, suite.catalogue, `pelotas-bloqueo-${randomUUID().slice(0, 8)}`, {
        shopId: smash.id,
        stock: 10,
      });
      // Its page still answers, to say whether it can be bought (public-shop.test.ts).
      const available = async () =>
        (await api.app.inject({ method: "GET", url: `/home/get-product/${product.slug}` })).json().product
          .available as boolean;
      expect(await available()).toBe(true);

      expect((await block(owner.id, "Vende falsificaciones")).statusCode).toBe(200);
      const [suspended] = await api.db.select().from(shops).where(eq(shops.id, smash.id));
      expect(suspended).toMatchObject({ status: "suspendida", statusReason: "Vende falsificaciones" });
      expect(await available()).toBe(false);
      const buyer = await signedInUser(api.db);
      await putInCart(api.db, buyer.id, product.id, 1);
      const order = await placeOrder(api.app, buyer);
      expect(order.statusCode).toBe(409);

      // The shop cannot be reactivated on its own while its owner is blocked.
      const reactivate = await post(`/admin/shops/${smash.id}/reactivate`);
      expect(reactivate.statusCode).toBe(409);
      expect(reactivate.json()).toEqual({ message: SHOP_OWNER_BLOCKED });

      expect((await unblock(owner.id)).statusCode).toBe(200);
      const [restored] = await api.db.select().from(shops).where(eq(shops.id, smash.id));
      expect(restored).toMatchObject({ status: "aprobada", statusReason: null });
      expect(await available()).toBe(true);
      expect((await placeOrder(api.app, buyer)).statusCode).toBe(201);
      await api.db.update(shops).set({ ownerId: suite.sellers.smash.id }).where(eq(shops.id, smash.id));
    });

    it("una tienda ya suspendida antes del bloqueo sigue suspendida al desbloquear", async () => {
      const owner = await insertUser(api.db, { name: "Dueña Suspendida", role: "seller" });
      const centro = suite.catalogue.shops.centro;
      await api.db
        .update(shops)
        .set({ ownerId: owner.id, status: "suspendida", statusReason: "Documentación caducada." })
        .where(eq(shops.id, centro.id));
      expect((await block(owner.id)).statusCode).toBe(200);
      expect((await unblock(owner.id)).statusCode).toBe(200);
      const [shop] = await api.db.select().from(shops).where(eq(shops.id, centro.id));
      expect(shop).toMatchObject({ status: "suspendida", statusReason: "Documentación caducada." });
      await api.db
        .update(shops)
        .set({ ownerId: suite.catalogue.owner.id, status: "aprobada", statusReason: null })
        .where(eq(shops.id, centro.id));
    });

    it("un usuario bloqueado no puede hacer pedidos aunque su token aún no haya caducado", async () => {
      const buyer = await insertUser(api.db, { blockedAt: new Date(), blockedReason: "Pruebas." });
      const product = await insertOwnBalls(api.db, suite.catalogue, `pelotas-token-${randomUUID().slice(0, 8)}`, {
        stock: 10,
      });
      await putInCart(api.db, buyer.id, product.id, 1);
      const response = await placeOrder(api.app, await signedInAs(buyer.id, "customer"));
      expect(response.statusCode).toBe(401);
    });
  });
});
