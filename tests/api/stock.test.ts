import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  STOCK_ALERT_IN_STOCK,
  STOCK_ALERT_SIZE_REQUIRED,
  STOCK_ALERT_UNKNOWN_SIZE,
  STOCK_CHANGED_WHILE_EDITING,
  STOCK_SHOP_NOT_APPROVED,
  stockSumMismatch,
  stockUnknownSize,
  type StockProduct,
} from "#contract/stock";
import { SHOP_SUSPENDED_NO_WRITES } from "#contract/shops";
import {
  auditLog,
  mailOutbox,
  notifications,
  productSizes,
  products,
  shopOrders,
  shops,
  stockAlerts,
  stockMovements,
} from "../../api/src/db/schema";
import { mailContextOf } from "../../api/src/modules/mail/render";
import { expireUnpaidOrders } from "../../api/src/modules/orders/expiry";
import { updateStock } from "../../api/src/modules/stock/service";
import {
  makeOverdue,
  placedOrderId,
  putInCart,
  signedInAs,
  signedInUser,
  stockOf,
  type Customer,
} from "./orders-support";
import {
  FAILED_BEFORE_COMMIT,
  failingBeforeCommit,
  insertCategory,
  insertProduct,
  insertShop,
  insertUser,
  useTestApi,
  waitForMail as waitForSentMail,
} from "./support";

/**
 * Stock control (issue 11) on PGlite: who may change a product's stock, the sum rule, the version
 * guard, the movements ledger of every path (sale, seller, expiry, cancellation), low-stock notices
 * and back-in-stock alerts.
 */
describe("control de stock (PGlite)", () => {
  const api = useTestApi();
  let categoryId: string;

  beforeAll(async () => {
    categoryId = (await insertCategory(api.db, { name: "Zapatillas", slug: "zapatillas-stock" })).id;
  });

  let sequence = 0;
  /** A seller with an approved shop (or of the given status), signed in. */
  async function seller(status: "aprobada" | "suspendida" | "pendiente" = "aprobada") {
    sequence += 1;
    const owner = await insertUser(api.db, { name: `Vendedora ${sequence}`, role: "seller" });
    const shop = await insertShop(api.db, {
      ownerId: owner.id,
      name: `Tienda Stock ${sequence}`,
      slug: `tienda-stock-${sequence}`,
      status,
    });
    return { ...(await signedInAs(owner.id, "seller")), shopId: shop.id, name: owner.name };
  }
  async function product(shopId: string, options: { sizes?: { size: string; stock: number }[]; stock?: number } = {}) {
    sequence += 1;
    return insertProduct(api.db, {
      shopId,
      categoryId,
      name: `Zapatilla Stock ${sequence}`,
      slug: `zapatilla-stock-${sequence}`,
      brand: "Asics",
      price: 5000,
      color: "Blanco",
      tag: "Comodidad",
      stock: options.stock ?? 0,
      ...(options.sizes ? { sizes: options.sizes } : {}),
    });
  }

  const inject = (method: "GET" | "POST", url: string, user?: Customer, payload?: unknown) =>
    api.app.inject({
      method,
      url,
      headers: user?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const control = async (user: Customer, productId: string): Promise<StockProduct> => {
    const response = await inject("GET", `/seller/stock/${productId}`, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().product;
  };
  /** Sets the stock as the form would: read the version, send it back. */
  async function setStock(
    user: Customer,
    productId: string,
    figures: { sizes?: { size: string; stock: number }[]; newStock?: number; lowStockThreshold?: number },
  ) {
    const { stockVersion } = await control(user, productId);
    return inject("POST", "/update-stock", user, { productId, sellerId: user.id, stockVersion, ...figures });
  }
  const movementsOf = (productId: string) =>
    api.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, productId))
      .orderBy(asc(stockMovements.createdAt), asc(stockMovements.id));
  const stockNotices = async (userId: string) =>
    (
      await api.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, "stock")))
        .orderBy(asc(notifications.createdAt))
    ).map((row) => ({ message: row.message, productId: row.productId }));
  /** Sum of every movement of each size: the ledger must add up to the stock. */
  async function ledgerMatches(productId: string) {
    const [row] = await api.db
      .select({ stock: products.stock, hasSizes: products.hasSizes })
      .from(products)
      .where(eq(products.id, productId));
    const moves = await movementsOf(productId);
    const total = moves.reduce((sum, move) => sum + move.change, 0);
    expect(total).toBe(row!.stock);
    if (row!.hasSizes) {
      for (const size of await api.db.select().from(productSizes).where(eq(productSizes.productId, productId))) {
        expect(moves.filter((move) => move.size === size.size).reduce((sum, move) => sum + move.change, 0)).toBe(
          size.stock,
        );
      }
    }
  }

  const waitForMail = (to: string) => waitForSentMail(api.config, to);

  describe("quién puede cambiar el stock", () => {
    it("responde 401 sin sesión, 403 a un cliente o a un sellerId ajeno y 404 al producto de otra tienda", async () => {
      const owner = await seller();
      const other = await seller();
      const item = await product(owner.shopId, { stock: 4 });
      const { stockVersion } = await control(owner, item.id);
      const body = { productId: item.id, sellerId: owner.id, stockVersion, newStock: 9 };

      expect((await inject("POST", "/update-stock", undefined, body)).statusCode).toBe(401);
      const customer = await signedInUser(api.db);
      expect((await inject("POST", "/update-stock", customer, { ...body, sellerId: customer.id })).statusCode).toBe(
        403,
      );
      expect((await inject("GET", "/seller/stock-control", customer)).statusCode).toBe(403);
      expect((await inject("GET", `/seller/stock/${item.id}`, customer)).statusCode).toBe(403);
      const admin = await signedInUser(api.db, "admin");
      expect((await inject("POST", "/update-stock", admin, { ...body, sellerId: admin.id })).statusCode).toBe(403);
      // Someone else's id in the body, even a seller's own product id.
      expect((await inject("POST", "/update-stock", other, body)).statusCode).toBe(403);
      const foreign = await inject("POST", "/update-stock", other, { ...body, sellerId: other.id });
      expect(foreign.statusCode).toBe(404);
      expect((await inject("GET", `/seller/stock/${item.id}`, other)).statusCode).toBe(404);
      expect(await stockOf(api.db, item.id)).toBe(4);
    });

    it("una tienda suspendida o no aprobada no cambia el stock (403 con el motivo)", async () => {
      const suspended = await seller("suspendida");
      const pending = await seller("pendiente");
      for (const [user, message] of [
        [suspended, SHOP_SUSPENDED_NO_WRITES],
        [pending, STOCK_SHOP_NOT_APPROVED],
      ] as const) {
        const item = await product(user.shopId, { stock: 2 });
        const response = await setStock(user, item.id, { newStock: 5 });
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(message);
        expect(await stockOf(api.db, item.id)).toBe(2);
      }
    });
  });

  describe("actualizar", () => {
    it("con tallas: el total debe ser la suma; tallas desconocidas, repetidas o que faltan se rechazan", async () => {
      const owner = await seller();
      const item = await product(owner.shopId, {
        sizes: [
          { size: "41", stock: 1 },
          { size: "42", stock: 2 },
        ],
      });

      const wrongSum = await setStock(owner, item.id, {
        newStock: 10,
        sizes: [
          { size: "41", stock: 3 },
          { size: "42", stock: 4 },
        ],
      });
      expect(wrongSum.statusCode).toBe(400);
      expect(wrongSum.json().errors).toEqual([{ field: "newStock", message: stockSumMismatch(7) }]);
      const unknown = await setStock(owner, item.id, {
        sizes: [
          { size: "41", stock: 3 },
          { size: "42", stock: 4 },
          { size: "47", stock: 1 },
        ],
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual([{ field: "sizes.2.size", message: stockUnknownSize("47") }]);
      expect((await setStock(owner, item.id, { sizes: [{ size: "41", stock: 3 }] })).statusCode).toBe(400);
      expect(
        (
          await setStock(owner, item.id, {
            sizes: [
              { size: "41", stock: 3 },
              { size: "41", stock: 3 },
              { size: "42", stock: 1 },
            ],
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await setStock(owner, item.id, {
            sizes: [
              { size: "41", stock: -1 },
              { size: "42", stock: 1 },
            ],
          })
        ).statusCode,
      ).toBe(400);
      expect((await setStock(owner, item.id, { newStock: 5 })).statusCode).toBe(400);
      expect(await stockOf(api.db, item.id)).toBe(3);

      const saved = await setStock(owner, item.id, {
        newStock: 7,
        sizes: [
          { size: "41", stock: 3 },
          { size: "42", stock: 4 },
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().product).toMatchObject({
        stock: 7,
        sizes: [
          { size: "41", stock: 3 },
          { size: "42", stock: 4 },
        ],
      });
      expect(await stockOf(api.db, item.id, "41")).toBe(3);
      expect(await stockOf(api.db, item.id)).toBe(7);
      // The seller's change is an 'ajuste' by the seller, per size, in the audit log too.
      const moves = (await movementsOf(item.id)).filter((move) => move.kind === "ajuste" && move.actorId === owner.id);
      expect(moves.map((move) => [move.size, move.change, move.stockAfter]).sort()).toEqual([
        ["41", 2, 3],
        ["42", 2, 4],
      ]);
      const [entry] = await api.db.select().from(auditLog).where(eq(auditLog.entityId, item.id));
      expect(entry).toMatchObject({ action: "stock.ajustar", entity: "producto", actorId: owner.id });
      expect(entry!.after).toMatchObject({ stock: 7 });
      await ledgerMatches(item.id);
    });

    it("sin tallas: newStock; una versión vieja responde 409 con las cifras actuales y no cambia nada", async () => {
      const owner = await seller();
      const item = await product(owner.shopId, { stock: 5 });
      const { stockVersion } = await control(owner, item.id);
      const first = await inject("POST", "/update-stock", owner, {
        productId: item.id,
        sellerId: owner.id,
        stockVersion,
        newStock: 8,
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().product.stockVersion).toBeGreaterThan(stockVersion);

      const stale = await inject("POST", "/update-stock", owner, {
        productId: item.id,
        sellerId: owner.id,
        stockVersion,
        newStock: 1,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({
        message: STOCK_CHANGED_WHILE_EDITING,
        current: { stock: 8, stockVersion: first.json().product.stockVersion, sizes: [], lowStockThreshold: 0 },
      });
      expect(await stockOf(api.db, item.id)).toBe(8);
    });

    it("mover unidades entre tallas sin cambiar el total también deja viejo el formulario", async () => {
      const owner = await seller();
      const item = await product(owner.shopId, {
        sizes: [
          { size: "41", stock: 3 },
          { size: "42", stock: 2 },
        ],
      });
      const { stockVersion } = await control(owner, item.id);
      const moved = await inject("POST", "/update-stock", owner, {
        productId: item.id,
        sellerId: owner.id,
        stockVersion,
        sizes: [
          { size: "41", stock: 2 },
          { size: "42", stock: 3 },
        ],
      });
      expect(moved.statusCode).toBe(200);
      const stale = await inject("POST", "/update-stock", owner, {
        productId: item.id,
        sellerId: owner.id,
        stockVersion,
        sizes: [
          { size: "41", stock: 0 },
          { size: "42", stock: 5 },
        ],
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current.sizes).toEqual([
        { size: "41", stock: 2 },
        { size: "42", stock: 3 },
      ]);
    });
  });

  describe("movimientos", () => {
    it("una venta, una caducidad, una cancelación y un ajuste quedan en el registro con su tipo y su autor", async () => {
      const owner = await seller();
      const item = await product(owner.shopId, { sizes: [{ size: "42", stock: 5 }] });
      const buyer = await signedInUser(api.db);

      await putInCart(api.db, buyer.id, item.id, 2, "42");
      const sold = await placedOrderId(api.app, buyer);
      await putInCart(api.db, buyer.id, item.id, 1, "42");
      const expiring = await placedOrderId(api.app, buyer);
      expect(await stockOf(api.db, item.id, "42")).toBe(2);

      await makeOverdue(api.db, expiring);
      await expireUnpaidOrders(api.db, mailContextOf(api.config));
      expect(await stockOf(api.db, item.id, "42")).toBe(3);

      const [subOrder] = await api.db
        .select({ id: shopOrders.id })
        .from(shopOrders)
        .where(eq(shopOrders.orderId, sold));
      const cancelled = await api.app.inject({
        method: "PUT",
        url: `/seller/order-status/update/${subOrder!.id}`,
        headers: owner.headers,
        payload: { status: "cancelado" },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await stockOf(api.db, item.id, "42")).toBe(5);

      expect((await setStock(owner, item.id, { sizes: [{ size: "42", stock: 9 }] })).statusCode).toBe(200);

      const moves = (await movementsOf(item.id)).filter((move) => move.size === "42");
      expect(moves.map((move) => [move.kind, move.change, move.stockAfter, move.actorId])).toEqual([
        ["ajuste", 5, 5, null],
        ["venta", -2, 3, buyer.id],
        ["venta", -1, 2, buyer.id],
        ["caducidad", 1, 3, null],
        ["devolucion", 2, 5, owner.id],
        ["ajuste", 4, 9, owner.id],
      ]);
      await ledgerMatches(item.id);

      // The control page: newest first, with who made each one.
      const page = await inject("GET", `/seller/stock/${item.id}?parPage=3`, owner);
      expect(page.statusCode).toBe(200);
      const answer = page.json();
      expect(answer.totalMovement).toBe(
        moves.length + (await movementsOf(item.id)).filter((move) => move.size !== "42").length,
      );
      expect(
        answer.movements.map((move: { kind: string; actorName: string | null; withoutVersion: boolean }) => [
          move.kind,
          move.actorName,
          move.withoutVersion,
        ]),
      ).toEqual([
        ["ajuste", owner.name, false],
        ["devolucion", owner.name, false],
        ["caducidad", null, false],
      ]);
    });

    it("quitar una talla con unidades o pasar de stock único a tallas deja el registro cuadrado", async () => {
      const owner = await seller();
      const single = await product(owner.shopId, { stock: 6 });
      await api.db.insert(productSizes).values({ productId: single.id, size: "M", stock: 2, position: 0 });
      await ledgerMatches(single.id);
      await api.db.insert(productSizes).values({ productId: single.id, size: "L", stock: 3, position: 1 });
      await api.db.delete(productSizes).where(and(eq(productSizes.productId, single.id), eq(productSizes.size, "M")));
      expect(await stockOf(api.db, single.id)).toBe(3);
      await ledgerMatches(single.id);
      // Deleting the product takes its sizes and movements with it.
      await api.db.delete(products).where(eq(products.id, single.id));
      expect(await movementsOf(single.id)).toEqual([]);
    });
  });

  describe("stock bajo", () => {
    it("avisa al vendedor una vez al llegar al umbral y vuelve a avisar tras reponer", async () => {
      const owner = await seller();
      const item = await product(owner.shopId, {
        sizes: [
          { size: "42", stock: 5 },
          { size: "43", stock: 5 },
        ],
      });
      // The threshold alone: the stock stays as it is.
      const threshold = await setStock(owner, item.id, { lowStockThreshold: 2 });
      expect(threshold.statusCode, threshold.body).toBe(200);
      expect(threshold.json().product).toMatchObject({ lowStockThreshold: 2, stock: 10, low: false });
      expect(await stockNotices(owner.id)).toEqual([]);

      const buyer = await signedInUser(api.db);
      for (let sale = 0; sale < 4; sale++) {
        await putInCart(api.db, buyer.id, item.id, 1, "42");
        await placedOrderId(api.app, buyer);
      }
      // 5 → 4 → 3 → 2 (notice) → 1 (no second notice).
      expect(await stockNotices(owner.id)).toEqual([
        { message: `Stock bajo: «${item.name}», talla 42, tiene 2 unidades.`, productId: item.id },
      ]);
      // Its link: the seller's own product, so the control page.
      const ownerList = await inject("GET", `/user/notifications/${owner.id}?page=1`, owner);
      expect(
        ownerList.json().notifications.find((notice: { type: string }) => notice.type === "stock").product,
      ).toEqual({ _id: item.id, slug: item.slug, own: true });
      const listed = await inject("GET", "/seller/stock-control?lowOnly=1", owner);
      expect(listed.json()).toMatchObject({ totalProduct: 1, totalLow: 1 });
      expect(listed.json().products[0].sizes).toEqual([
        { size: "42", stock: 1, low: true, waiting: 0 },
        { size: "43", stock: 5, low: false, waiting: 0 },
      ]);

      expect(
        (
          await setStock(owner, item.id, {
            sizes: [
              { size: "42", stock: 6 },
              { size: "43", stock: 5 },
            ],
          })
        ).statusCode,
      ).toBe(200);
      expect((await inject("GET", "/seller/stock-control?lowOnly=1", owner)).json().totalProduct).toBe(0);
      for (let sale = 0; sale < 4; sale++) {
        await putInCart(api.db, buyer.id, item.id, 1, "42");
        await placedOrderId(api.app, buyer);
      }
      expect(await stockNotices(owner.id)).toHaveLength(2);
    });
  });

  describe("avísame cuando vuelva", () => {
    it("solo con sesión, solo para una talla agotada que existe", async () => {
      const owner = await seller();
      const item = await product(owner.shopId, {
        sizes: [
          { size: "41", stock: 0 },
          { size: "42", stock: 3 },
        ],
      });
      const shopper = await signedInUser(api.db);
      expect(
        (await inject("POST", "/home/stock-alert", undefined, { productId: item.id, size: "41" })).statusCode,
      ).toBe(401);
      const guest = await api.app.inject({
        method: "POST",
        url: "/home/stock-alert",
        headers: { authorization: `Guest ${crypto.randomUUID()}` },
        payload: { productId: item.id, size: "41" },
      });
      expect(guest.statusCode).toBe(401);

      const inStock = await inject("POST", "/home/stock-alert", shopper, { productId: item.id, size: "42" });
      expect(inStock.statusCode).toBe(409);
      expect(inStock.json().message).toBe(STOCK_ALERT_IN_STOCK);
      const unknown = await inject("POST", "/home/stock-alert", shopper, { productId: item.id, size: "47" });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual([{ field: "size", message: STOCK_ALERT_UNKNOWN_SIZE }]);
      expect((await inject("POST", "/home/stock-alert", shopper, { productId: item.id })).json().message).toBe(
        STOCK_ALERT_SIZE_REQUIRED,
      );
      expect(
        (await inject("POST", "/home/stock-alert", shopper, { productId: crypto.randomUUID(), size: "41" })).statusCode,
      ).toBe(404);

      const created = await inject("POST", "/home/stock-alert", shopper, { productId: item.id, size: "41" });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({
        message: "Te avisaremos cuando vuelva la talla 41.",
        productId: item.id,
        size: "41",
      });
      expect((await inject("POST", "/home/stock-alert", shopper, { productId: item.id, size: "41" })).statusCode).toBe(
        200,
      );
      expect((await inject("GET", `/home/stock-alert/${item.id}`, shopper)).json()).toEqual({
        productId: item.id,
        sizes: ["41"],
      });

      expect(
        (await inject("POST", "/home/stock-alert/cancel", shopper, { productId: item.id, size: "41" })).statusCode,
      ).toBe(200);
      expect(
        (await inject("POST", "/home/stock-alert/cancel", shopper, { productId: item.id, size: "41" })).statusCode,
      ).toBe(404);
      expect((await inject("GET", `/home/stock-alert/${item.id}`, shopper)).json().sizes).toEqual([]);
    });

    it("al reponer una talla agotada, cada suscriptor recibe un aviso y un correo, una sola vez; la demanda se cuenta", async () => {
      const owner = await seller();
      const item = await product(owner.shopId, {
        sizes: [
          { size: "41", stock: 0 },
          { size: "42", stock: 0 },
        ],
      });
      const first = await insertUser(api.db, { name: "Primera", email: `primera-${crypto.randomUUID()}@example.com` });
      const second = await insertUser(api.db, { name: "Segunda", email: `segunda-${crypto.randomUUID()}@example.com` });
      const waiting42 = await insertUser(api.db);
      for (const user of [first, second]) {
        expect(
          (
            await inject("POST", "/home/stock-alert", await signedInAs(user.id, "customer"), {
              productId: item.id,
              size: "41",
            })
          ).statusCode,
        ).toBe(201);
      }
      expect(
        (
          await inject("POST", "/home/stock-alert", await signedInAs(waiting42.id, "customer"), {
            productId: item.id,
            size: "42",
          })
        ).statusCode,
      ).toBe(201);
      const before = await control(owner, item.id);
      expect(before.sizes.map((size) => [size.size, size.waiting])).toEqual([
        ["41", 2],
        ["42", 1],
      ]);
      expect(before.waiting).toBe(3);

      expect(
        (
          await setStock(owner, item.id, {
            sizes: [
              { size: "41", stock: 4 },
              { size: "42", stock: 0 },
            ],
          })
        ).statusCode,
      ).toBe(200);
      // Raised again: no second notice for the same alert.
      expect(
        (
          await setStock(owner, item.id, {
            sizes: [
              { size: "41", stock: 0 },
              { size: "42", stock: 0 },
            ],
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await setStock(owner, item.id, {
            sizes: [
              { size: "41", stock: 2 },
              { size: "42", stock: 0 },
            ],
          })
        ).statusCode,
      ).toBe(200);

      for (const user of [first, second]) {
        expect(await stockNotices(user.id)).toEqual([
          { message: `Volvió la talla 41 de «${item.name}».`, productId: item.id },
        ]);
        const listedNotices = (
          await inject("GET", `/user/notifications/${user.id}?page=1`, await signedInAs(user.id, "customer"))
        ).json().notifications as { type: string; product?: unknown }[];
        expect(listedNotices.find((notice) => notice.type === "stock")!.product).toEqual({
          _id: item.id,
          slug: item.slug,
          own: false,
        });
        const mail = await waitForMail(user.email);
        expect(mail.subject).toBe(`Volvió la talla 41 de «${item.name}».`);
        expect(mail.link).toBe(`http://127.0.0.1:3000/product/details/${item.slug}`);
        // An optional kind (issue 33): the one-click unsubscribe and the footer's link.
        expect(mail.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/mail\/unsubscribe\?token=/);
        expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
        expect(mail.html).toContain("Dejar de recibirlos");
      }
      expect(await stockNotices(waiting42.id)).toEqual([]);
      const after = await control(owner, item.id);
      expect(after.sizes.map((size) => [size.size, size.waiting])).toEqual([
        ["41", 0],
        ["42", 1],
      ]);
      const [{ told }] = (
        await api.db.execute<{ told: number }>(
          sql`select count(*)::int as told from ${stockAlerts} where ${stockAlerts.productId} = ${item.id} and ${stockAlerts.notifiedAt} is not null`,
        )
      ).rows as [{ told: number }];
      expect(told).toBe(2);
    });

    it("un producto sin tallas: talla vacía", async () => {
      const owner = await seller();
      const item = await product(owner.shopId, { stock: 0 });
      const shopper = await signedInUser(api.db);
      const created = await inject("POST", "/home/stock-alert", shopper, { productId: item.id });
      expect(created.statusCode).toBe(201);
      expect(created.json().size).toBe("");
      expect((await setStock(owner, item.id, { newStock: 3 })).statusCode).toBe(200);
      expect(await stockNotices(shopper.id)).toEqual([
        { message: `Volvió a haber unidades de «${item.name}».`, productId: item.id },
      ]);
    });

    it("el correo de la talla repuesta se escribe en la transacción del cambio: si falla, no queda nada", async () => {
      const owner = await seller();
      const item = await product(owner.shopId, { sizes: [{ size: "44", stock: 0 }] });
      const shopper = await signedInUser(api.db);
      expect((await inject("POST", "/home/stock-alert", shopper, { productId: item.id, size: "44" })).statusCode).toBe(
        201,
      );
      const mailsOf = () =>
        api.db
          .select({ kind: mailOutbox.kind, subject: mailOutbox.subject })
          .from(mailOutbox)
          .where(eq(mailOutbox.userId, shopper.id));
      const body = { productId: item.id, sellerId: owner.id, sizes: [{ size: "44", stock: 5 }] };
      const context = mailContextOf(api.config);

      // Lost just before its commit: no stock, no notice, no mail, and the shopper still waits.
      await expect(
        updateStock(failingBeforeCommit(api.db), { id: owner.id, role: "seller" }, body, context),
      ).rejects.toThrow(FAILED_BEFORE_COMMIT);
      expect(await mailsOf()).toEqual([]);
      expect(await stockNotices(shopper.id)).toEqual([]);
      expect((await control(owner, item.id)).sizes.map((size) => [size.size, size.stock, size.waiting])).toEqual([
        ["44", 0, 1],
      ]);

      // Committed: the mail is in the outbox as the call returns, once.
      expect((await updateStock(api.db, { id: owner.id, role: "seller" }, body, context)).kind).toBe("updated");
      expect(await mailsOf()).toEqual([{ kind: "back-in-stock", subject: `Volvió la talla 44 de «${item.name}».` }]);
      expect(await stockNotices(shopper.id)).toHaveLength(1);
    });

    it("un producto de una tienda suspendida no admite avisos", async () => {
      const owner = await seller();
      const item = await product(owner.shopId, { stock: 0 });
      await api.db.update(shops).set({ status: "suspendida" }).where(eq(shops.id, owner.shopId));
      expect(
        (await inject("POST", "/home/stock-alert", await signedInUser(api.db), { productId: item.id })).statusCode,
      ).toBe(404);
    });
  });
});
