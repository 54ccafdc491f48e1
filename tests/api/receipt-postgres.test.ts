import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { RECEIPT_ALREADY_CONFIRMED, RECEIPT_CANCELLED, SALE_MONEY_AVAILABLE } from "#contract/orders";
import { auditLog, notifications, shopOrders } from "../../api/src/db/schema";
import { signedInUser, type Customer } from "./orders-support";
import { confirmReceipt, movePart, statusCounts } from "./receipt-support";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";
import { booksOf, ledgerSum, ownShop, paidSaleOf } from "./wallet-support";
import { savePayout, withdraw } from "./withdrawals-support";

/** What each racket sale of wallet-support's shops credits its seller. */
const NET = 19_000;

/**
 * Issue 31, item 3, with requests at once on a real PostgreSQL. Here the money is available as soon
 * as the customer confirms receipt (SALE_AVAILABLE_AFTER_DAYS = 0), so the confirmation, the
 * admin's cancellation and the seller's withdrawal all meet at the moment the money becomes
 * available: the order's lock and the wallets' locks, not luck, decide which comes first, and
 * whatever the order, money a withdrawal took is never refunded and a refunded sale is never
 * withdrawn.
 */
describe("recibido, cancelación y retiro a la vez en PostgreSQL", () => {
  const api = useTestApi({
    engine: "PostgreSQL",
    poolSize: 30,
    config: { withdrawals: { saleAvailableAfterDays: 0, saleAvailableAfterShipmentDays: 14, minimumCents: 1000 } },
  });
  let catalogue: Catalogue;
  let admin: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    admin = await signedInUser(api.db, "admin");
  });

  const partRow = async (partId: string) => {
    const [row] = await api.db.select().from(shopOrders).where(eq(shopOrders.id, partId));
    return row!;
  };

  /** A sale of a shop of its own, sent: its money waits for the customer's confirmation. */
  const sentSale = async () => {
    const shop = await ownShop(api.db, catalogue);
    const sale = await paidSaleOf(api.app, api.db, shop);
    expect((await movePart(api.app, shop.seller, sale.partId, "enviado")).statusCode).toBe(200);
    return { shop, ...sale };
  };

  const expectBooksClean = async () => {
    const books = await booksOf(api.app, admin);
    expect(books.shops.filter((row) => row.difference !== 0)).toEqual([]);
    expect(books.wallets).toEqual([]);
    expect(books.withdrawals).toEqual([]);
  };

  it("el «Lo he recibido» del cliente y la cancelación de la administración a la vez: gana uno solo", async () => {
    const sales = [];
    for (let index = 0; index < 8; index++) sales.push(await sentSale());
    const answers = await Promise.all(
      sales.map((sale, index) => {
        const confirming = confirmReceipt(api.app, sale.customer, sale.partId);
        const cancelling = movePart(api.app, admin, sale.partId, "cancelado");
        // Sent in both orders, so each side gets to go first.
        return index % 2 === 0
          ? Promise.all([confirming, cancelling])
          : Promise.all([cancelling, confirming]).then(([cancel, confirm]) => [confirm, cancel] as const);
      }),
    );

    for (const [index, [confirmed, cancelled]] of answers.entries()) {
      const sale = sales[index]!;
      const part = await partRow(sale.partId);
      expect([confirmed.statusCode, cancelled.statusCode].sort(), `${confirmed.body} ${cancelled.body}`).toEqual([
        200, 409,
      ]);
      if (confirmed.statusCode === 200) {
        // Received first: the money is the seller's at once, and no longer refundable.
        expect(cancelled.json()).toEqual({ message: SALE_MONEY_AVAILABLE });
        expect(part).toMatchObject({ deliveryStatus: "entregado", paymentStatus: "pagado" });
        expect(part.receivedAt).not.toBeNull();
        expect(await ledgerSum(api.db, sale.shop.seller.id)).toBe(NET);
      } else {
        expect(confirmed.json()).toEqual({ message: RECEIPT_CANCELLED });
        expect(part).toMatchObject({ deliveryStatus: "cancelado", paymentStatus: "reembolsado", receivedAt: null });
        expect(await ledgerSum(api.db, sale.shop.seller.id)).toBe(0);
      }
    }
    await expectBooksClean();
  });

  it("la confirmación, el retiro del vendedor y la cancelación a la vez: lo retirado nunca se reembolsa", async () => {
    const sales = [];
    for (let index = 0; index < 8; index++) {
      const sale = await sentSale();
      expect((await savePayout(api.app, sale.shop.seller)).statusCode).toBe(200);
      sales.push(sale);
    }
    const rounds = await Promise.all(
      sales.map(async (sale, index) => {
        const requests = [
          () => confirmReceipt(api.app, sale.customer, sale.partId),
          () => withdraw(api.app, sale.shop.seller, NET),
          () => movePart(api.app, admin, sale.partId, "cancelado"),
          () => withdraw(api.app, sale.shop.seller, NET),
        ];
        // Each round sends them starting from another one, so each gets to go first.
        const order = requests.map((_request, position) => (position + index) % requests.length);
        const answers: LightMyRequestResponse[] = [];
        await Promise.all(
          order.map(async (position) => {
            answers[position] = await requests[position]!();
          }),
        );
        return answers;
      }),
    );

    const outcomes: Record<string, number> = {};
    for (const [index, answers] of rounds.entries()) {
      const [confirmed, firstWithdrawal, cancelled, secondWithdrawal] = answers as [
        LightMyRequestResponse,
        LightMyRequestResponse,
        LightMyRequestResponse,
        LightMyRequestResponse,
      ];
      const sale = sales[index]!;
      for (const response of [confirmed, cancelled]) expect([200, 409], response.body).toContain(response.statusCode);
      for (const response of [firstWithdrawal, secondWithdrawal])
        expect([201, 400], response.body).toContain(response.statusCode);
      const withdrawn = [firstWithdrawal, secondWithdrawal].filter((response) => response.statusCode === 201).length;
      // One of the two wins; a withdrawal needs the confirmation first, and the sale is withdrawn at most once.
      expect([confirmed.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
      expect(withdrawn).toBeLessThanOrEqual(1);
      if (cancelled.statusCode === 200) expect(withdrawn).toBe(0);
      if (withdrawn === 1) expect(confirmed.statusCode).toBe(200);
      expect(await ledgerSum(api.db, sale.shop.seller.id)).toBe(
        cancelled.statusCode === 200 ? 0 : NET - withdrawn * NET,
      );
      const key = `${cancelled.statusCode === 200 ? "cancelada" : "recibida"}, ${withdrawn} retiro`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    }
    console.info(`Recibido, retiro y cancelación a la vez: ${JSON.stringify(outcomes)}`);
    await expectBooksClean();
  });

  it("la confirmación del cliente y los cambios de su vendedor a la vez: llega a «Entregado» una vez y nunca se cancela", async () => {
    const sales = [];
    for (let index = 0; index < 6; index++) sales.push(await sentSale());
    const rounds = await Promise.all(
      sales.map((sale) =>
        Promise.all([
          confirmReceipt(api.app, sale.customer, sale.partId),
          movePart(api.app, sale.shop.seller, sale.partId, "entregado"),
          movePart(api.app, sale.shop.seller, sale.partId, "cancelado"),
        ]),
      ),
    );
    for (const [index, [confirmed, delivered, cancelled]] of rounds.entries()) {
      const sale = sales[index]!;
      // The seller's «Entregado» before or after the confirmation: the customer's word counts either way.
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect([200, 409], delivered.body).toContain(delivered.statusCode);
      if (delivered.statusCode === 409) expect(delivered.json()).toEqual({ message: "El pedido ya está «Entregado»." });
      expect(cancelled.statusCode).toBe(409);
      const part = await partRow(sale.partId);
      expect(part).toMatchObject({ deliveryStatus: "entregado", paymentStatus: "pagado" });
      expect(part.receivedAt).not.toBeNull();
      expect(await ledgerSum(api.db, sale.shop.seller.id)).toBe(NET);
    }
    await expectBooksClean();
  });

  it("muchas confirmaciones a la vez de la misma parte: una vale, con un aviso y una entrada de auditoría", async () => {
    const sale = await sentSale();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => confirmReceipt(api.app, sale.customer, sale.partId)),
    );
    expect(statusCounts(responses)).toEqual({ 200: 1, 409: 5 });
    for (const refused of responses.filter((response) => response.statusCode === 409))
      expect(refused.json()).toEqual({ message: RECEIPT_ALREADY_CONFIRMED });
    const entries = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sale.orderId), eq(auditLog.action, "pedido.recibido")));
    expect(entries).toHaveLength(1);
    const notices = await api.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, sale.shop.seller.id), eq(notifications.orderId, sale.orderId)));
    expect(notices.filter((notice) => notice.message.startsWith("El cliente confirmó"))).toHaveLength(1);
  });
});
