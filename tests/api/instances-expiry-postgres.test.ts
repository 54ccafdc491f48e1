import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../api/src/db/client";
import { mailOutbox, notifications, orders, stockMovements } from "../../api/src/db/schema";
import { mailContextOf, type MailContext } from "../../api/src/modules/mail/render";
import { expireUnpaidOrders } from "../../api/src/modules/orders/expiry";
import { makeOverdue, placedOrderId, putInCart, signedInUser, stockOf } from "./orders-support";
import {
  FAILED_BEFORE_COMMIT,
  failingBeforeCommit,
  insertCatalogue,
  insertOwnBalls,
  insertProduct,
  useTestApi,
  type Catalogue,
} from "./support";

/**
 * Two API instances on one PostgreSQL both sweep unpaid orders past their time (each every minute
 * and before every order call): whichever claims an order expires it, once. Instance A is the test
 * API's own pool; instance B a second pool on the same database, as a second process would have.
 */
describe("caducidad con dos instancias en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 20 });
  let instanceB: Database;
  let catalogue: Catalogue;
  let mail: MailContext;

  beforeAll(async () => {
    mail = mailContextOf(api.config);
    instanceB = await openDatabase({ databaseUrl: api.databaseUrl, dataDir: ":memory:", poolSize: 20 });
    catalogue = await insertCatalogue(api.db);
  });

  afterAll(async () => {
    await instanceB?.close();
  });

  const newProduct = (slug: string, stock: number) => insertOwnBalls(api.db, catalogue, slug, { stock });

  /**
   * `count` customers each order one unit of the shared product and of a product of their own,
   * and let the order run out of time; answers the order ids and each order's own product.
   */
  async function overdueOrders(label: string, count: number, sharedProductId: string) {
    const placed: { orderId: string; ownProductId: string }[] = [];
    for (let index = 0; index < count; index++) {
      const customer = await signedInUser(api.db);
      const own = await newProduct(`${label}-propias-${index}`, 3);
      await putInCart(api.db, customer.id, sharedProductId, 1);
      await putInCart(api.db, customer.id, own.id, 1);
      placed.push({ orderId: await placedOrderId(api.app, customer), ownProductId: own.id });
    }
    // Only now: placing an order sweeps first, so an order overdue earlier would already be expired.
    for (const { orderId } of placed) await makeOverdue(api.db, orderId);
    return placed;
  }

  async function expiryMovements(productIds: string[]) {
    return api.db
      .select({ productId: stockMovements.productId, change: stockMovements.change })
      .from(stockMovements)
      .where(and(inArray(stockMovements.productId, productIds), eq(stockMovements.kind, "caducidad")));
  }

  async function expiryNoticesPerOrder(orderIds: string[]) {
    const rows = await api.db
      .select({ orderId: notifications.orderId, notices: sql<number>`count(*)::integer` })
      .from(notifications)
      .where(and(inArray(notifications.orderId, orderIds), sql`${notifications.message} like '%caducó sin pagarse%'`))
      .groupBy(notifications.orderId);
    return Object.fromEntries(rows.map((row) => [row.orderId, row.notices]));
  }

  /** The «Tu pedido #… caducó» mails queued for each order (its link names it), by order. */
  async function expiryMailsPerOrder(orderIds: string[]) {
    const rows = await api.db
      .select({ link: mailOutbox.link })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "order-expired"));
    const perOrder: Record<string, number> = {};
    for (const { link } of rows) {
      const orderId = orderIds.find((id) => link.endsWith(`/dashboard/order/details/${id}`));
      if (orderId) perOrder[orderId] = (perOrder[orderId] ?? 0) + 1;
    }
    return perOrder;
  }

  it("30 pedidos caducados y ocho barridos a la vez desde dos instancias: cada pedido caduca una sola vez", async () => {
    const shared = await newProduct("compartidas", 100);
    const placed = await overdueOrders("barridos", 30, shared.id);
    const orderIds = placed.map((order) => order.orderId);
    expect(await stockOf(api.db, shared.id)).toBe(70);

    const sweeps = await Promise.all(
      Array.from({ length: 8 }, (_, index) => expireUnpaidOrders(index % 2 === 0 ? api.db : instanceB.db, mail)),
    );
    expect(sweeps.reduce((total, expired) => total + expired, 0)).toBe(30);

    const expired = await api.db
      .select({ expiredAt: orders.expiredAt, deliveryStatus: orders.deliveryStatus })
      .from(orders)
      .where(inArray(orders.id, orderIds));
    expect(expired.every((order) => order.expiredAt !== null && order.deliveryStatus === "cancelado")).toBe(true);
    // Stock given back once: a second give-back would leave more than there was.
    expect(await stockOf(api.db, shared.id)).toBe(100);
    for (const { ownProductId } of placed) expect(await stockOf(api.db, ownProductId)).toBe(3);
    // The ledger records each give-back once: one movement of +1 for each order's own product, +30 in all for the shared one.
    const movements = await expiryMovements([shared.id, ...placed.map((order) => order.ownProductId)]);
    for (const { ownProductId } of placed)
      expect(movements.filter((movement) => movement.productId === ownProductId)).toEqual([
        { productId: ownProductId, change: 1 },
      ]);
    expect(
      movements
        .filter((movement) => movement.productId === shared.id)
        .reduce((total, movement) => total + movement.change, 0),
    ).toBe(30);
    expect(await expiryNoticesPerOrder(orderIds)).toEqual(Object.fromEntries(orderIds.map((orderId) => [orderId, 1])));
    // One mail per order, queued by whichever sweep expired it (issue 33): never two.
    expect(await expiryMailsPerOrder(orderIds)).toEqual(Object.fromEntries(orderIds.map((orderId) => [orderId, 1])));

    // Nothing is left for a later sweep on either instance.
    expect(await Promise.all([expireUnpaidOrders(api.db, mail), expireUnpaidOrders(instanceB.db, mail)])).toEqual([
      0, 0,
    ]);
    expect(await stockOf(api.db, shared.id)).toBe(100);
  });

  it("una instancia no espera ni repite los pedidos que otra está caducando", async () => {
    const shared = await newProduct("tomadas", 20);
    const placed = await overdueOrders("tomados", 5, shared.id);
    const orderIds = placed.map((order) => order.orderId);

    await api.db.transaction(async (tx) => {
      // Instance A has claimed the five orders (row locks) and not committed yet.
      expect(await expireUnpaidOrders(tx, mail)).toBe(5);
      // Instance B skips them at once (SKIP LOCKED) instead of waiting for A or expiring them too.
      expect(await expireUnpaidOrders(instanceB.db, mail)).toBe(0);
    });
    // After A's commit they are expired: B finds nothing to do.
    expect(await expireUnpaidOrders(instanceB.db, mail)).toBe(0);
    expect(await stockOf(api.db, shared.id)).toBe(20);
    expect(await expiryNoticesPerOrder(orderIds)).toEqual(Object.fromEntries(orderIds.map((orderId) => [orderId, 1])));
    expect(await expiryMailsPerOrder(orderIds)).toEqual(Object.fromEntries(orderIds.map((orderId) => [orderId, 1])));
    const movements = await expiryMovements([shared.id]);
    expect(movements).toEqual([{ productId: shared.id, change: 5 }]);
  });
  it("dos barridos a la vez, y uno que no llega al commit: ni caducidad ni correo perdidos o repetidos", async () => {
    const shared = await newProduct("perdidos", 10);
    const placed = await overdueOrders("perdidos", 3, shared.id);
    const orderIds = placed.map((order) => order.orderId);

    // Lost before its commit: the orders stay as they were, with neither notice nor mail.
    await expect(expireUnpaidOrders(failingBeforeCommit(api.db), mail)).rejects.toThrow(FAILED_BEFORE_COMMIT);
    expect(await stockOf(api.db, shared.id)).toBe(7);
    expect(await expiryNoticesPerOrder(orderIds)).toEqual({});
    expect(await expiryMailsPerOrder(orderIds)).toEqual({});

    // Two instances at once: together they expire the three orders, each once, with one mail each.
    const sweeps = await Promise.all([expireUnpaidOrders(api.db, mail), expireUnpaidOrders(instanceB.db, mail)]);
    expect(sweeps[0] + sweeps[1]).toBe(3);
    expect(await stockOf(api.db, shared.id)).toBe(10);
    expect(await expiryMailsPerOrder(orderIds)).toEqual(Object.fromEntries(orderIds.map((orderId) => [orderId, 1])));
  });

  it("devolver el stock de un pedido caducado espera a un pedido que se está haciendo, en su mismo orden, sin interbloqueo", async () => {
    // placeOrder takes stock line by line, by product and size (orders/service.ts); a size's row first,
    // then (its trigger) the product's total. Here the product with sizes sorts before the one without.
    const sized = await insertProduct(api.db, {
      shopId: catalogue.shops.centro.id,
      categoryId: catalogue.categories.zapatillas.id,
      name: "Zapatillas en orden",
      slug: `zapatillas-orden-${crypto.randomUUID().slice(0, 6)}`,
      brand: "Joma",
      price: 6000,
      color: "Blanco",
      tag: "Oferta",
      stock: 5,
      imageCount: 0,
      sizes: [{ size: "42", stock: 5 }],
    });
    let plain = await newProduct(`orden-${crypto.randomUUID().slice(0, 6)}`, 5);
    while (plain.id < sized.id) plain = await newProduct(`orden-${crypto.randomUUID().slice(0, 6)}`, 5);
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, sized.id, 1, "42");
    await putInCart(api.db, customer.id, plain.id, 1);
    const orderId = await placedOrderId(api.app, customer);
    await makeOverdue(api.db, orderId);

    let sweep: Promise<number> | undefined;
    await instanceB.db.transaction(async (tx) => {
      // An order being placed holds the size (and through its trigger the product)...
      await tx.execute(sql`update product_sizes set stock = stock - 1 where product_id = ${sized.id} and size = '42'`);
      // ...while a sweep gives the overdue order's stock back and has to wait for it.
      sweep = expireUnpaidOrders(api.db, mail);
      await expect
        .poll(
          async () =>
            (
              await api.db.execute<{ waiting: number }>(
                sql`select count(*)::integer as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
              )
            ).rows[0]!.waiting,
          { timeout: 10_000 },
        )
        .toBe(1);
      // ...and then takes the next product: free, because the sweep waits at the first line holding nothing.
      await tx.execute(sql`update products set stock = stock - 1 where id = ${plain.id}`);
    });
    expect(await sweep).toBe(1);
    // 5, minus the overdue order, plus its give-back, minus the order that was being placed.
    expect(await stockOf(api.db, sized.id, "42")).toBe(4);
    expect(await stockOf(api.db, sized.id)).toBe(4);
    expect(await stockOf(api.db, plain.id)).toBe(4);
  });
});
