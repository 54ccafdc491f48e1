import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminOrderAnswer } from "#contract/admin-orders";
import type { CustomerOrderAnswer } from "#contract/customer";
import { receiptConfirmedNotice } from "#contract/notification-texts";
import { orderNumber } from "#contract/order-labels";
import {
  DELIVERED_ONLY_AFTER_SHIPPED,
  RECEIPT_ALREADY_CONFIRMED,
  RECEIPT_CANCELLED,
  RECEIPT_CONFIRMED,
  RECEIPT_NOT_SHIPPED,
  SALE_MONEY_AVAILABLE,
} from "#contract/orders";
import type { SellerOrderDetail } from "#contract/seller-orders";
import { longDate, storeMonth } from "#contract/store-time";
import { auditLog, shopOrders } from "../../api/src/db/schema";
import { storedNotifications } from "./notifications-support";
import { signedInUser, stockOf, type Customer } from "./orders-support";
import { confirmReceipt, moveOrder, movePart } from "./receipt-support";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";
import { booksOf, ledgerSum, ownShop, paidSaleOf, type OwnShop } from "./wallet-support";
import { balancesOf, receivedDaysAgo, shippedDaysAgo } from "./withdrawals-support";

const DAY_MS = 24 * 60 * 60 * 1000;
/** What each racket sale of wallet-support's shops credits its seller (20 000 less 1000 of commission). */
const NET = 19_000;

/**
 * Issue 31, item 3, on PGlite: a seller reaches «Entregado» only after «Enviado»; a sale's money is
 * available SALE_AVAILABLE_AFTER_DAYS (7 here) after the customer confirms receipt («Lo he
 * recibido»), or SALE_AVAILABLE_AFTER_SHIPMENT_DAYS (14) after it was shipped, whichever comes
 * first; until then an admin may still cancel and refund the part. Races on PostgreSQL:
 * receipt-postgres.test.ts.
 */
describe("«Lo he recibido» y cuándo está disponible el dinero de una venta (PGlite)", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  let admin: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    admin = await signedInUser(api.db, "admin");
  });

  const customerOrder = async (customer: Customer, orderId: string) => {
    const response = await api.app.inject({
      method: "GET",
      url: `/home/customer/get-order/${orderId}`,
      headers: customer.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as CustomerOrderAnswer).order;
  };
  const sellerDetail = async (seller: Customer, partId: string): Promise<SellerOrderDetail> => {
    const response = await api.app.inject({ method: "GET", url: `/seller/order/${partId}`, headers: seller.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().order;
  };
  const adminPart = async (orderId: string) => {
    const response = await api.app.inject({ method: "GET", url: `/admin/order/${orderId}`, headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as AdminOrderAnswer).order.suborders[0]!;
  };
  const partRow = async (partId: string) => {
    const [row] = await api.db.select().from(shopOrders).where(eq(shopOrders.id, partId));
    return row!;
  };
  const sale = async (): Promise<{ shop: OwnShop } & Awaited<ReturnType<typeof paidSaleOf>>> => {
    const shop = await ownShop(api.db, catalogue);
    return { shop, ...(await paidSaleOf(api.app, api.db, shop)) };
  };

  it("el vendedor no marca «Entregado» sin haber marcado antes «Enviado» con su número", async () => {
    const { shop, partId } = await sale();
    for (const before of ["pendiente", "procesando"]) {
      if (before === "procesando")
        expect((await movePart(api.app, shop.seller, partId, "procesando")).statusCode).toBe(200);
      const refused = await movePart(api.app, shop.seller, partId, "entregado");
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({ message: DELIVERED_ONLY_AFTER_SHIPPED });
      expect(await partRow(partId)).toMatchObject({ deliveryStatus: before, deliveredAt: null, shippedAt: null });
      expect((await sellerDetail(shop.seller, partId)).nextStatuses).not.toContain("entregado");
    }
    expect((await movePart(api.app, shop.seller, partId, "enviado")).statusCode).toBe(200);
    expect((await sellerDetail(shop.seller, partId)).nextStatuses).toEqual(["entregado"]);
    expect((await movePart(api.app, shop.seller, partId, "entregado")).statusCode).toBe(200);
    expect(await partRow(partId)).toMatchObject({ deliveryStatus: "entregado", trackingNumber: "ES-2026-445566" });
  });

  it("el «Entregado» del vendedor no libera el dinero; el «Lo he recibido» del cliente lo libera antes", async () => {
    const { shop, customer, orderId, partId } = await sale();
    expect((await movePart(api.app, shop.seller, partId, "enviado")).statusCode).toBe(200);
    expect((await movePart(api.app, shop.seller, partId, "entregado")).statusCode).toBe(200);
    // Delivered by the seller's word alone, a week ago: the money still waits for the shipment's 14 days.
    await api.db.execute(
      sql`update shop_orders set shipped_at = now() - interval '8 days', delivered_at = now() - interval '7 days' where id = ${partId}`,
    );
    expect(await balancesOf(api.app, shop.seller)).toMatchObject({ pendingAmount: NET, availableAmount: 0 });
    // The seller said «Entregado», the customer has not: they may still confirm.
    expect((await customerOrder(customer, orderId)).suborders[0]).toMatchObject({
      delivery_status: "entregado",
      receivedAt: null,
      canConfirmReceipt: true,
    });

    const confirmed = await confirmReceipt(api.app, customer, partId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      message: RECEIPT_CONFIRMED,
      orderStatus: "entregado",
      suborders: [{ _id: partId, delivery_status: "entregado" }],
    });
    const part = (await customerOrder(customer, orderId)).suborders[0]!;
    expect(part).toMatchObject({ delivery_status: "entregado", canConfirmReceipt: false });
    expect(Date.parse(part.receivedAt!)).toBeGreaterThan(Date.now() - 60_000);

    // The seller sees when, and is told: 14 days after shipping, which here comes before 7 after the confirmation.
    const detail = await sellerDetail(shop.seller, partId);
    expect(detail).toMatchObject({ receivedAt: part.receivedAt, moneyAvailable: false });
    expect(Date.parse(detail.moneyAvailableAt!) - Date.parse(detail.shippedAt!)).toBe(14 * DAY_MS);
    expect(Date.parse(detail.moneyAvailableAt!)).toBeLessThan(Date.parse(part.receivedAt!) + 7 * DAY_MS);
    expect((await storedNotifications(api.db, shop.seller.id)).at(-1)).toMatchObject({
      type: "pedido",
      orderId,
      message: receiptConfirmedNotice(orderNumber(orderId), shop.shopName, longDate(detail.moneyAvailableAt!)),
    });
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, "pedido.recibido")));
    expect(entry).toMatchObject({ actorId: customer.id, after: { deliveryStatus: `${shop.shopName}: entregado` } });
    expect(await balancesOf(api.app, shop.seller)).toMatchObject({ pendingAmount: NET, availableAmount: 0 });

    await receivedDaysAgo(api.db, partId, 6);
    expect(await balancesOf(api.app, shop.seller)).toMatchObject({ pendingAmount: NET, availableAmount: 0 });
    await receivedDaysAgo(api.db, partId, 7);
    expect(await balancesOf(api.app, shop.seller)).toMatchObject({ pendingAmount: 0, availableAmount: NET });
    expect(await sellerDetail(shop.seller, partId)).toMatchObject({ moneyAvailable: true });
  });

  it("sin la confirmación del cliente, el dinero queda disponible 14 días después del envío", async () => {
    const { shop, partId } = await sale();
    await shippedDaysAgo(api.db, partId, 13);
    expect(await balancesOf(api.app, shop.seller)).toMatchObject({ pendingAmount: NET, availableAmount: 0 });
    const waiting = await sellerDetail(shop.seller, partId);
    expect(Date.parse(waiting.moneyAvailableAt!) - Date.parse(waiting.shippedAt!)).toBe(14 * DAY_MS);
    expect(waiting.moneyAvailable).toBe(false);

    await shippedDaysAgo(api.db, partId, 14);
    expect(await balancesOf(api.app, shop.seller)).toMatchObject({ pendingAmount: 0, availableAmount: NET });
    expect((await sellerDetail(shop.seller, partId)).moneyAvailable).toBe(true);
    // The seller's statement dates the sale the same way.
    const month = storeMonth(new Date().toISOString());
    const ledger = await api.app.inject({
      method: "GET",
      url: `/seller/ledger/${shop.seller.id}?month=${month}`,
      headers: shop.seller.headers,
    });
    const row = (ledger.json().rows as { kind: string; available: boolean; availableAt: string }[]).find(
      (entry) => entry.kind === "venta",
    );
    expect(row).toMatchObject({
      available: true,
      availableAt: (await sellerDetail(shop.seller, partId)).moneyAvailableAt,
    });
  });

  it("una confirmación tardía no retrasa ni retira el dinero ya disponible", async () => {
    const { shop, customer, partId } = await sale();
    await shippedDaysAgo(api.db, partId, 20);
    expect((await balancesOf(api.app, shop.seller)).availableAmount).toBe(NET);
    expect((await confirmReceipt(api.app, customer, partId)).statusCode).toBe(200);
    expect(await balancesOf(api.app, shop.seller)).toMatchObject({ pendingAmount: 0, availableAmount: NET });
    const detail = await sellerDetail(shop.seller, partId);
    expect(Date.parse(detail.moneyAvailableAt!) - Date.parse(detail.shippedAt!)).toBe(14 * DAY_MS);
  });

  it("solo el cliente del pedido lo confirma, una vez, y solo una parte ya enviada", async () => {
    const { shop, customer, orderId, partId } = await sale();
    expect((await customerOrder(customer, orderId)).suborders[0]!.canConfirmReceipt).toBe(false);
    const early = await confirmReceipt(api.app, customer, partId);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: RECEIPT_NOT_SHIPPED });

    expect((await movePart(api.app, shop.seller, partId, "enviado")).statusCode).toBe(200);
    expect((await customerOrder(customer, orderId)).suborders[0]!.canConfirmReceipt).toBe(true);
    // Nobody else's word counts: another customer, its seller and an admin find no such order.
    for (const stranger of [await signedInUser(api.db), shop.seller, admin]) {
      const refused = await confirmReceipt(api.app, stranger, partId);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: "Pedido no encontrado." });
    }
    expect((await confirmReceipt(api.app, undefined, partId)).statusCode).toBe(401);
    expect((await confirmReceipt(api.app, customer, crypto.randomUUID())).statusCode).toBe(404);
    expect((await confirmReceipt(api.app, customer, "no-es-un-pedido")).statusCode).toBe(400);
    expect(await partRow(partId)).toMatchObject({ deliveryStatus: "enviado", receivedAt: null });

    expect((await confirmReceipt(api.app, customer, partId)).statusCode).toBe(200);
    // Just sent: seven days after the confirmation comes before 14 after shipping.
    const detail = await sellerDetail(shop.seller, partId);
    expect(Date.parse(detail.moneyAvailableAt!) - Date.parse(detail.receivedAt!)).toBe(7 * DAY_MS);
    const again = await confirmReceipt(api.app, customer, partId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: RECEIPT_ALREADY_CONFIRMED });

    const cancelled = await sale();
    expect((await movePart(api.app, cancelled.shop.seller, cancelled.partId, "cancelado")).statusCode).toBe(200);
    const refused = await confirmReceipt(api.app, cancelled.customer, cancelled.partId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: RECEIPT_CANCELLED });
  });

  it("la administración cancela y reembolsa una parte enviada o entregada mientras su dinero no está disponible; el vendedor no", async () => {
    const sent = await sale();
    expect((await movePart(api.app, sent.shop.seller, sent.partId, "enviado")).statusCode).toBe(200);
    const bySeller = await movePart(api.app, sent.shop.seller, sent.partId, "cancelado");
    expect(bySeller.statusCode).toBe(409);
    expect(bySeller.json()).toEqual({ message: "Un pedido enviado ya no se puede cancelar." });
    expect((await adminPart(sent.orderId)).nextStatuses).toEqual(["entregado", "cancelado"]);

    const stockBefore = await stockOf(api.db, sent.shop.productId);
    const customerBefore = await ledgerSum(api.db, sent.customer.id);
    const cancelled = await movePart(api.app, admin, sent.partId, "cancelado");
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await partRow(sent.partId)).toMatchObject({ deliveryStatus: "cancelado", paymentStatus: "reembolsado" });
    expect(await ledgerSum(api.db, sent.customer.id)).toBe(customerBefore + 20_000);
    expect(await ledgerSum(api.db, sent.shop.seller.id)).toBe(0);
    // The racket is with the carrier: it is not counted back into the stock.
    expect(await stockOf(api.db, sent.shop.productId)).toBe(stockBefore);

    // Marked «Entregado» by its seller, it is still refundable: that word alone is never final.
    const delivered = await sale();
    expect((await movePart(api.app, delivered.shop.seller, delivered.partId, "enviado")).statusCode).toBe(200);
    expect((await movePart(api.app, delivered.shop.seller, delivered.partId, "entregado")).statusCode).toBe(200);
    expect((await adminPart(delivered.orderId)).nextStatuses).toEqual(["cancelado"]);
    expect((await moveOrder(api.app, admin, delivered.orderId, "cancelado")).statusCode).toBe(200);
    expect(await partRow(delivered.partId)).toMatchObject({ paymentStatus: "reembolsado" });

    const books = await booksOf(api.app, admin);
    expect(books.shops.filter((row) => row.difference !== 0)).toEqual([]);
    expect(books.wallets).toEqual([]);
  });

  it("cuando el dinero ya está disponible para el vendedor, la administración ya no cancela ni reembolsa", async () => {
    const afterShipping = await sale();
    await shippedDaysAgo(api.db, afterShipping.partId, 14);
    const afterReceipt = await sale();
    await receivedDaysAgo(api.db, afterReceipt.partId, 7);
    for (const { orderId, partId, shop } of [afterShipping, afterReceipt]) {
      const part = await adminPart(orderId);
      expect(part.moneyAvailable).toBe(true);
      expect(part.nextStatuses).not.toContain("cancelado");
      const refused = await movePart(api.app, admin, partId, "cancelado");
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: SALE_MONEY_AVAILABLE });
      const whole = await moveOrder(api.app, admin, orderId, "cancelado");
      expect(whole.statusCode).toBe(409);
      expect(whole.json()).toEqual({ message: SALE_MONEY_AVAILABLE });
      expect(await partRow(partId)).toMatchObject({ paymentStatus: "pagado" });
      expect(await ledgerSum(api.db, shop.seller.id)).toBe(NET);
    }
  });

  it("la administración tampoco marca «Entregado» lo que no se envió", async () => {
    const { orderId, partId } = await sale();
    const refused = await moveOrder(api.app, admin, orderId, "entregado");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: DELIVERED_ONLY_AFTER_SHIPPED });
    expect((await movePart(api.app, admin, partId, "entregado")).statusCode).toBe(409);
    expect(await partRow(partId)).toMatchObject({ deliveryStatus: "pendiente", deliveredAt: null });
  });
});
