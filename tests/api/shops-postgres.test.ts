import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { RIF_TAKEN, SHOP_ALREADY_DECIDED, SHOP_NOT_APPROVED } from "#contract/shops";
import { notifications, shops, users } from "../../api/src/db/schema";
import { signedInUser, type Customer } from "./orders-support";
import { appliedRequest, apply, auditActionsOf, decide, fieldParts, PDF, shopFields } from "./shop-support";
import { useTestApi } from "./support";

/**
 * Shop decisions on a real PostgreSQL with many requests at once: the shop's row lock, not luck,
 * makes one decision of several, with one audit entry and one notice.
 */
describe("decisiones de tienda concurrentes en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 30 });
  let admins: Customer[];

  beforeAll(async () => {
    admins = await Promise.all(Array.from({ length: 10 }, () => signedInUser(api.db, "admin")));
  });

  const statuses = (responses: { statusCode: number }[]) =>
    responses.reduce<Record<number, number>>(
      (tally, response) => ({ ...tally, [response.statusCode]: (tally[response.statusCode] ?? 0) + 1 }),
      {},
    );
  const auditActions = (shopId: string) => auditActionsOf(api.db, shopId);
  const noticeCount = async (userId: string) =>
    (
      await api.db
        .select({ total: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, "tienda")))
    )[0]!.total;

  it("diez admins que deciden a la vez (aprobar o rechazar) dan una sola decisión, una entrada de auditoría y un aviso", async () => {
    const applicant = await signedInUser(api.db);
    const request = await appliedRequest(api.app, applicant);
    const responses = await Promise.all(
      admins.map((admin, index) =>
        decide(
          api.app,
          admin,
          applicant.id,
          index % 2 === 0 ? { approved: true } : { approved: false, reason: "Los documentos no son legibles." },
        ),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 409: 9 });
    for (const refused of responses.filter((response) => response.statusCode === 409))
      expect(refused.json()).toEqual({ message: SHOP_ALREADY_DECIDED });

    const winner = responses.find((response) => response.statusCode === 200)!.json().request.status as string;
    const [shop] = await api.db.select({ status: shops.status }).from(shops).where(eq(shops.id, request._id));
    expect(shop!.status).toBe(winner);
    expect(await auditActions(request._id)).toEqual([winner === "aprobada" ? "tienda.aprobar" : "tienda.rechazar"]);
    expect(await noticeCount(applicant.id)).toBe(1);
    const [user] = await api.db.select({ role: users.role }).from(users).where(eq(users.id, applicant.id));
    expect(user!.role).toBe(winner === "aprobada" ? "seller" : "customer");
  });

  it("pedir cambios y aprobar a la vez: gana uno, y la auditoría dice cuál", async () => {
    const applicant = await signedInUser(api.db);
    const request = await appliedRequest(api.app, applicant);
    const [changes, approval] = await Promise.all([
      api.app.inject({
        method: "POST",
        url: `/shop/request-changes/${applicant.id}`,
        headers: admins[0]!.headers,
        payload: { documents: [{ documentId: request.documents[0]!._id, note: "Ilegible." }] },
      }),
      decide(api.app, admins[1]!, applicant.id, { approved: true }),
    ]);
    expect(statuses([changes, approval])).toEqual({ 200: 1, 409: 1 });
    const [shop] = await api.db.select({ status: shops.status }).from(shops).where(eq(shops.id, request._id));
    expect(await auditActions(request._id)).toEqual([
      shop!.status === "aprobada" ? "tienda.aprobar" : "tienda.pedir_cambios",
    ]);
  });

  it("suspender mientras otro admin aprueba: o la aprobación va antes y la suspensión después, o la suspensión se rechaza", async () => {
    for (let round = 0; round < 6; round++) {
      const applicant = await signedInUser(api.db);
      const request = await appliedRequest(api.app, applicant);
      const [approval, suspension] = await Promise.all([
        decide(api.app, admins[0]!, applicant.id, { approved: true }),
        api.app.inject({
          method: "POST",
          url: `/admin/shops/${request._id}/suspend`,
          headers: admins[1]!.headers,
          payload: { reason: "Documentación caducada." },
        }),
      ]);
      expect(approval.statusCode).toBe(200);
      const [shop] = await api.db.select({ status: shops.status }).from(shops).where(eq(shops.id, request._id));
      if (suspension.statusCode === 200) {
        expect(shop!.status).toBe("suspendida");
        expect(await auditActions(request._id)).toEqual(["tienda.aprobar", "tienda.suspender"]);
      } else {
        expect(suspension.statusCode).toBe(409);
        expect(suspension.json()).toEqual({ message: SHOP_NOT_APPROVED });
        expect(shop!.status).toBe("aprobada");
        expect(await auditActions(request._id)).toEqual(["tienda.aprobar"]);
      }
    }
  });

  it("diez suspensiones a la vez de una tienda aprobada dan una sola", async () => {
    const applicant = await signedInUser(api.db);
    const request = await appliedRequest(api.app, applicant);
    await decide(api.app, admins[0]!, applicant.id, { approved: true });
    const responses = await Promise.all(
      admins.map((admin) =>
        api.app.inject({
          method: "POST",
          url: `/admin/shops/${request._id}/suspend`,
          headers: admin.headers,
          payload: { reason: "Pedidos sin enviar." },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 409: 9 });
    expect(await auditActions(request._id)).toEqual(["tienda.aprobar", "tienda.suspender"]);
  });

  it("dos solicitudes a la vez con el mismo RIF: el índice único deja pasar una", async () => {
    const fields = shopFields();
    const applicants = await Promise.all(Array.from({ length: 5 }, () => signedInUser(api.db)));
    const responses = await Promise.all(
      applicants.map((applicant) =>
        apply(api.app, applicant, [
          ...fieldParts({ ...fields, shopName: `Tienda ${applicant.id.slice(0, 8)}` }),
          { name: "documents", filename: "rif.pdf", content: PDF },
        ]),
      ),
    );
    expect(statuses(responses)).toEqual({ 201: 1, 409: 4 });
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toEqual({ message: RIF_TAKEN, errors: [{ field: "rif", message: RIF_TAKEN }] });
    }
    expect((await api.db.select({ total: count() }).from(shops).where(eq(shops.rif, fields.rif)))[0]!.total).toBe(1);
  });
});
