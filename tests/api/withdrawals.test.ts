import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { formatUsd } from "#contract/money-format";
import {
  BALANCES_NOT_YOURS,
  belowMinimum,
  moreThanAvailable,
  NO_PAYOUT_METHOD,
  WITHDRAWAL_ALREADY_ARCHIVED,
  WITHDRAWAL_ALREADY_DECIDED,
  WITHDRAWAL_ARCHIVED,
  WITHDRAWAL_NOT_FINISHED,
  WITHDRAWAL_NOT_FOUND,
  type LedgerRow,
  type Withdrawal,
} from "#contract/withdrawals";
import { auditLog, shops, walletEntries } from "../../api/src/db/schema";
import { splitShopOwners, storedNotifications, type TwoSellers } from "./notifications-support";
import { creditWallet, signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";
import {
  balancesOf,
  confirm,
  receivedDaysAgo,
  paidSale,
  PAGO_MOVIL,
  reject,
  savePayout,
  withdraw,
} from "./withdrawals-support";

/**
 * Sellers' withdrawals (issue 12) on PGlite: the balances follow the README's definitions from the
 * ledger (a sale waits SALE_AVAILABLE_AFTER_DAYS after its receipt), a request holds its amount, the
 * admin confirms or rejects it, and only finished ones are archived by their owner.
 */
describe("retiros de los vendedores (PGlite)", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  let sellers: TwoSellers;
  let admin: Customer;
  let customer: Customer;
  /** Centro Pádel's first sale, delivered long ago: what it may withdraw. */
  let net: number;

  const get = (url: string, user?: Customer) => api.app.inject({ method: "GET", url, headers: user?.headers ?? {} });
  const walletOf = async (userId: string) =>
    (
      await api.db.execute<{ balance: number }>(
        sql`select coalesce(sum(amount), 0)::integer as balance from wallet_entries where user_id = ${userId}`,
      )
    ).rows[0]!.balance;
  const list = async (user: Customer, query = ""): Promise<Withdrawal[]> => {
    const response = await get(`/withdrawals/${user.id}${query}`, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().withdrawals;
  };

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    sellers = await splitShopOwners(api.db, catalogue);
    admin = await signedInUser(api.db, "admin");
    customer = await signedInUser(api.db);
  });

  it("sin ventas todo es cero; un cliente recibe 403, otro vendedor 403, la administración lee", async () => {
    expect(await balancesOf(api.app, sellers.centro)).toEqual({
      totalAmount: 0,
      availableAmount: 0,
      withdrowAmount: 0,
      pendingAmount: 0,
      amountWithdrawn: 0,
      requestedAmount: 0,
    });
    const spec = await get(`/payment/withdrawal-balance/${sellers.centro.id}`, sellers.centro);
    expect(spec.json()).toMatchObject({ minimumAmount: 1000, availableAfterDays: 7, availableAfterShipmentDays: 14 });
    expect((await get(`/withdrawals-balance/${customer.id}`, customer)).statusCode).toBe(403);
    const foreign = await get(`/withdrawals-balance/${sellers.smash.id}`, sellers.centro);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(BALANCES_NOT_YOURS);
    expect((await get(`/withdrawals-balance/${sellers.centro.id}`, admin)).statusCode).toBe(200);
    expect((await get(`/withdrawals-balance/${sellers.centro.id}`)).statusCode).toBe(401);
  });

  it("una venta pagada queda pendiente hasta SALE_AVAILABLE_AFTER_DAYS días después de que el cliente confirme que la recibió", async () => {
    const sale = await paidSale(api.app, api.db, catalogue);
    net = sale.net;
    expect(await balancesOf(api.app, sellers.centro)).toMatchObject({
      totalAmount: net,
      pendingAmount: net,
      availableAmount: 0,
    });
    await receivedDaysAgo(api.db, sale.centroPart, 6);
    expect(await balancesOf(api.app, sellers.centro)).toMatchObject({
      totalAmount: net,
      pendingAmount: net,
      availableAmount: 0,
    });
    await receivedDaysAgo(api.db, sale.centroPart, 7);
    expect(await balancesOf(api.app, sellers.centro)).toMatchObject({
      totalAmount: net,
      pendingAmount: 0,
      availableAmount: net,
    });
  });

  it("una venta cancelada se descuenta del total y de lo pendiente", async () => {
    const sale = await paidSale(api.app, api.db, catalogue);
    expect((await balancesOf(api.app, sellers.centro)).pendingAmount).toBe(sale.net);
    const cancelled = await api.app.inject({
      method: "PUT",
      url: `/seller/order-status/update/${sale.centroPart}`,
      headers: sellers.centro.headers,
      payload: { status: "cancelado" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balancesOf(api.app, sellers.centro)).toMatchObject({
      totalAmount: net,
      pendingAmount: 0,
      availableAmount: net,
    });
  });

  it("el dinero de vales no se retira y el gastado en compras tampoco", async () => {
    await creditWallet(api.db, sellers.centro.id, 50_000);
    expect((await balancesOf(api.app, sellers.centro)).availableAmount).toBe(net);
    // Spending everything but 300 cents of the wallet leaves only those 300 withdrawable.
    const wallet = await walletOf(sellers.centro.id);
    await api.db.insert(walletEntries).values({
      userId: sellers.centro.id,
      amount: -(wallet - 300),
      reason: "Compra de prueba",
      reference: `prueba-compra:${crypto.randomUUID()}`,
    });
    expect((await balancesOf(api.app, sellers.centro)).availableAmount).toBe(300);
    await creditWallet(api.db, sellers.centro.id, wallet - 300);
    expect((await balancesOf(api.app, sellers.centro)).availableAmount).toBe(net);
  });

  it("el método de cobro se valida con mensajes en español y se guarda normalizado", async () => {
    const badIban = await savePayout(api.app, sellers.centro, {
      kind: "transferencia",
      holder: "Centro Pádel C.A.",
      bank: "CaixaBank",
      account: "ES91 2100 0418 4502 0005 1333",
    });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json().errors).toEqual([{ field: "account", message: expect.stringContaining("IBAN válido") }]);
    const badMobile = await savePayout(api.app, sellers.centro, {
      ...PAGO_MOVIL,
      phone: "0212-555-0000",
      idDocument: "12345678",
    });
    expect(badMobile.statusCode).toBe(400);
    expect(
      badMobile
        .json()
        .errors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(["idDocument", "phone"]);
    expect((await savePayout(api.app, sellers.centro, { kind: "efectivo" })).statusCode).toBe(400);

    const iban = await savePayout(api.app, sellers.centro, {
      kind: "transferencia",
      holder: "Centro Pádel C.A.",
      bank: "CaixaBank",
      account: "es91 2100 0418 4502 0005 1332",
    });
    expect(iban.statusCode, iban.body).toBe(200);
    expect(iban.json().payoutMethod).toEqual({
      kind: "transferencia",
      holder: "Centro Pádel C.A.",
      bank: "CaixaBank",
      account: "ES9121000418450200051332",
    });
    expect((await get("/seller/payout-method", sellers.smash)).json()).toEqual({ payoutMethod: null });
    expect((await get("/seller/payout-method", customer)).statusCode).toBe(403);
  });

  it("un retiro necesita método de cobro, el mínimo y no superar lo disponible", async () => {
    const noMethod = await withdraw(api.app, sellers.smash, 1000);
    expect(noMethod.statusCode).toBe(409);
    expect(noMethod.json().message).toBe(NO_PAYOUT_METHOD);
    expect((await withdraw(api.app, customer, 1000)).statusCode).toBe(403);
    expect((await withdraw(api.app, admin, 1000)).statusCode).toBe(403);

    const small = await withdraw(api.app, sellers.centro, 999);
    expect(small.statusCode).toBe(400);
    expect(small.json().errors).toEqual([{ field: "amount", message: belowMinimum(formatUsd(1000)) }]);
    const tooMuch = await withdraw(api.app, sellers.centro, net + 1);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toEqual([{ field: "amount", message: moreThanAvailable(formatUsd(net)) }]);
    expect((await withdraw(api.app, sellers.centro, 10.5)).statusCode).toBe(400);
  });

  it("una solicitud retiene el importe, avisa a la administración y queda en el registro de auditoría", async () => {
    const before = await walletOf(sellers.centro.id);
    const response = await withdraw(api.app, sellers.centro, 5000);
    expect(response.statusCode, response.body).toBe(201);
    const request: Withdrawal = response.json().withdrawal;
    expect(request).toMatchObject({
      amount: 5000,
      status: "pendiente",
      payout: { kind: "transferencia", bank: "CaixaBank" },
      archived: false,
    });
    expect(await walletOf(sellers.centro.id)).toBe(before - 5000);
    const [entry] = await api.db
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.reference, `retiro:${request._id}`));
    expect(entry!.amount).toBe(-5000);
    expect(await balancesOf(api.app, sellers.centro)).toMatchObject({
      availableAmount: net - 5000,
      requestedAmount: 5000,
      amountWithdrawn: 5000,
      withdrowAmount: 0,
    });
    const notices = await storedNotifications(api.db, admin.id);
    expect(notices.at(-1)).toMatchObject({
      type: "retiro",
      message: `Centro Pádel solicitó un retiro de ${formatUsd(5000)}.`,
    });
    const audit = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "retiro"), eq(auditLog.entityId, request._id)));
    expect(audit.map((row) => row.action)).toEqual(["retiro.solicitar"]);

    const listed = await list(sellers.centro, "?status=pendiente");
    expect(listed.map((row) => row._id)).toEqual([request._id]);
    expect((await get(`/withdrawals/${sellers.centro.id}`, sellers.smash)).statusCode).toBe(403);
    expect((await get(`/withdrawals/${customer.id}`, customer)).statusCode).toBe(403);
  });

  it("solo la administración confirma o rechaza, una sola vez; el vendedor recibe el aviso", async () => {
    const [pending] = await list(sellers.centro, "?status=pendiente");
    for (const user of [sellers.centro, customer]) {
      expect((await confirm(api.app, user, pending!._id)).statusCode).toBe(403);
      expect((await reject(api.app, user, pending!._id)).statusCode).toBe(403);
      expect((await get("/admin/withdrawals", user)).statusCode).toBe(403);
    }
    const queue = (await get("/admin/withdrawals", admin)).json();
    expect(queue.withdrawals.map((row: { _id: string }) => row._id)).toContain(pending!._id);
    expect(queue.withdrawals[0]).toMatchObject({ shop: { name: "Centro Pádel" }, seller: { _id: sellers.centro.id } });

    const confirmed = await confirm(api.app, admin, pending!._id, "TRF-2026-0042");
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().withdrawal).toMatchObject({ status: "confirmado", reference: "TRF-2026-0042" });
    const again = await reject(api.app, admin, pending!._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WITHDRAWAL_ALREADY_DECIDED);
    expect((await confirm(api.app, admin, crypto.randomUUID())).statusCode).toBe(404);
    expect(await balancesOf(api.app, sellers.centro)).toMatchObject({
      availableAmount: net - 5000,
      requestedAmount: 0,
      withdrowAmount: 5000,
      amountWithdrawn: 5000,
    });
    expect((await storedNotifications(api.db, sellers.centro.id)).at(-1)).toMatchObject({
      type: "retiro",
      message: expect.stringContaining("TRF-2026-0042"),
    });

    // A rejection gives the amount back.
    const second: Withdrawal = (await withdraw(api.app, sellers.centro, 2000)).json().withdrawal;
    expect((await balancesOf(api.app, sellers.centro)).availableAmount).toBe(net - 7000);
    const rejected = await reject(api.app, admin, second._id, "La cuenta indicada está cerrada.");
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().withdrawal).toMatchObject({
      status: "rechazado",
      reason: "La cuenta indicada está cerrada.",
    });
    const [returned] = await api.db
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.reference, `retiro-rechazado:${second._id}`));
    expect(returned!.amount).toBe(2000);
    expect(await balancesOf(api.app, sellers.centro)).toMatchObject({
      availableAmount: net - 5000,
      requestedAmount: 0,
      withdrowAmount: 5000,
    });
    expect((await storedNotifications(api.db, sellers.centro.id)).at(-1)).toMatchObject({
      type: "retiro",
      message: expect.stringContaining("rechazado"),
    });
    const actions = await api.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, "retiro"))
      .orderBy(auditLog.createdAt);
    expect(actions.map((row) => row.action)).toEqual([
      "retiro.solicitar",
      "retiro.confirmar",
      "retiro.solicitar",
      "retiro.rechazar",
    ]);
    expect((await reject(api.app, admin, second._id, "x")).statusCode).toBe(400);
  });

  it("solo su dueño archiva, solo los terminados, una vez; salen de la lista por omisión", async () => {
    const pending: Withdrawal = (await withdraw(api.app, sellers.centro, 1000)).json().withdrawal;
    const notFinished = await api.app.inject({
      method: "PUT",
      url: `/withdrawals/archive/${pending._id}`,
      headers: sellers.centro.headers,
    });
    expect(notFinished.statusCode).toBe(409);
    expect(notFinished.json().message).toBe(WITHDRAWAL_NOT_FINISHED);

    const [confirmed] = await list(sellers.centro, "?status=confirmado");
    const foreign = await api.app.inject({
      method: "PUT",
      url: `/withdrawals/archive/${confirmed!._id}`,
      headers: sellers.smash.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(WITHDRAWAL_NOT_FOUND);
    expect(
      (
        await api.app.inject({
          method: "PUT",
          url: `/withdrawals/archive/${confirmed!._id}`,
          headers: customer.headers,
        })
      ).statusCode,
    ).toBe(403);

    const archived = await api.app.inject({
      method: "PUT",
      url: `/withdrawals/archive/${confirmed!._id}`,
      headers: sellers.centro.headers,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().message).toBe(WITHDRAWAL_ARCHIVED);
    const twice = await api.app.inject({
      method: "PUT",
      url: `/withdrawals/archive/${confirmed!._id}`,
      headers: sellers.centro.headers,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(WITHDRAWAL_ALREADY_ARCHIVED);
    expect((await list(sellers.centro)).map((row) => row._id)).not.toContain(confirmed!._id);
    expect((await list(sellers.centro, "?archived=1")).map((row) => row._id)).toEqual([confirmed!._id]);
  });

  it("una tienda suspendida no pide retiros y se le dice por qué", async () => {
    await api.db
      .update(shops)
      .set({ status: "suspendida", statusReason: "Documentación vencida." })
      .where(eq(shops.id, catalogue.shops.centro.id));
    try {
      const refused = await withdraw(api.app, sellers.centro, 1000);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toContain("Documentación vencida.");
    } finally {
      await api.db
        .update(shops)
        .set({ status: "aprobada", statusReason: null })
        .where(eq(shops.id, catalogue.shops.centro.id));
    }
  });

  it("el libro del mes dice qué es cada fila y cuándo se puede retirar", async () => {
    const month = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/Madrid",
      year: "numeric",
      month: "2-digit",
    }).format(new Date());
    const response = await get(`/seller/ledger/${sellers.centro.id}?month=${month}`, sellers.centro);
    expect(response.statusCode, response.body).toBe(200);
    const rows: LedgerRow[] = response.json().rows;
    expect(rows.map((row) => row.kind)).toEqual([
      "venta",
      "venta",
      "anulacion",
      "retiro",
      "retiro",
      "retiro-rechazado",
      "retiro",
    ]);
    const [sale, cancelledSale, cancellation] = rows;
    expect(sale).toMatchObject({ amount: net, available: true, orderNumber: expect.any(String), withdrawalId: null });
    expect(sale!.saleTotal! - sale!.commission!).toBe(net);
    expect(new Date(sale!.availableAt!).getTime()).toBeLessThanOrEqual(Date.now());
    expect(cancelledSale).toMatchObject({ available: false, availableAt: null });
    expect(cancellation!.amount).toBe(-cancelledSale!.amount);
    expect(rows.at(-1)).toMatchObject({
      kind: "retiro",
      amount: -1000,
      orderId: null,
      withdrawalId: expect.any(String),
    });
    // Voucher and purchase entries are not the shop's.
    expect(rows.every((row) => !row.reason.includes("prueba"))).toBe(true);

    expect((await get(`/seller/ledger/${sellers.centro.id}?month=2020-01`, sellers.centro)).json().rows).toEqual([]);
    expect((await get(`/seller/ledger/${sellers.centro.id}?month=2020-13`, sellers.centro)).statusCode).toBe(400);
    expect((await get(`/seller/ledger/${sellers.centro.id}?month=${month}`, sellers.smash)).statusCode).toBe(403);
  });
});
