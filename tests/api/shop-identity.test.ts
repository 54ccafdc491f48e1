import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN } from "#contract/messages";
import {
  IDENTITY_CHANGE_NEEDS_APPROVED_SHOP,
  IDENTITY_CHANGE_NONE_PENDING,
  IDENTITY_CHANGE_NOT_PENDING,
  IDENTITY_CHANGE_NOTHING,
  IDENTITY_CHANGE_PENDING_EXISTS,
  IDENTITY_CHANGE_RIF_TAKEN,
  type ShopIdentityChange,
} from "#contract/shop-identity";
import { OWN_SHOP_DECISION, RIF_TAKEN, shopSuspendedNoWrites } from "#contract/shops";
import { auditLog, mailOutbox, notifications, shops } from "../../api/src/db/schema";
import { signedInUser, type Customer } from "./orders-support";
import { askIdentityChange, decideIdentityChange, sellerWithShop } from "./shop-identity-support";
import { apply, fieldParts, PDF, shopFields } from "./shop-support";
import { uniqueRif, useTestApi } from "./support";

/**
 * Issue 34, decision 0055: an approved shop asks to change its name or tax id; an admin approves it
 * (the shop takes the new values, its slug stays) or rejects it with a reason; the seller may
 * withdraw it meanwhile. Everything audited, the seller told by a notification and an e-mail.
 */
describe("cambio de nombre o identificador fiscal de una tienda aprobada", () => {
  const api = useTestApi();
  let admin: Customer;

  beforeAll(async () => {
    admin = await signedInUser(api.db, "admin");
  });

  const mine = async (seller: Customer) => {
    const response = await api.app.inject({ method: "GET", url: "/seller/shop-identity", headers: seller.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const pendingList = async () => {
    const response = await api.app.inject({ method: "GET", url: "/admin/shop-changes", headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { changes: ShopIdentityChange[]; totalPending: number };
  };
  const asked = async (seller: Customer, body: Record<string, unknown>) => {
    const response = await askIdentityChange(api.app, seller, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().change as ShopIdentityChange;
  };
  const shopRow = async (shopId: string) => (await api.db.select().from(shops).where(eq(shops.id, shopId)))[0]!;
  const auditActions = async (shopId: string) =>
    (
      await api.db
        .select({ action: auditLog.action, actorId: auditLog.actorId, reason: auditLog.reason })
        .from(auditLog)
        .where(eq(auditLog.entityId, shopId))
        .orderBy(auditLog.createdAt)
    ).filter((entry) => entry.action.endsWith("_identidad"));

  it("valida como la solicitud: nombre, identificador del país (normalizado) y que algo cambie", async () => {
    const { seller, shop } = await sellerWithShop(api.db, "Pádel Norte");
    const short = await askIdentityChange(api.app, seller, { shopName: "Ab", rif: shop.rif });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      { field: "shopName", message: "El nombre debe tener al menos 3 caracteres." },
    ]);
    const badRif = await askIdentityChange(api.app, seller, { shopName: "Pádel Norte", rif: "B12345674" });
    expect(badRif.statusCode).toBe(400);
    expect(badRif.json().errors).toEqual([
      {
        field: "rif",
        message:
          "Escribe un RIF válido: J, V, E, G o P, ocho cifras y el dígito verificador (por ejemplo J-12345678-4).",
      },
    ]);
    // The current values written another way are the same values: nothing to ask for.
    const same = await askIdentityChange(api.app, seller, {
      shopName: " Pádel Norte ",
      rif: shop.rif.replace(/-/g, "").toLowerCase(),
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(IDENTITY_CHANGE_NOTHING);
    // A tax id typed without its hyphens is kept in its written form; the unchanged name is not asked for.
    const rif = uniqueRif();
    const change = await asked(seller, { shopName: "Pádel Norte", rif: rif.replace(/-/g, "") });
    expect(change).toMatchObject({
      status: "pendiente",
      before: { shopName: "Pádel Norte", rif: shop.rif },
      requested: { shopName: null, rif },
      reason: null,
    });
  });

  it("el identificador debe estar libre entre tiendas y entre cambios pendientes; uno pendiente por tienda", async () => {
    const { seller, shop } = await sellerWithShop(api.db);
    const other = await sellerWithShop(api.db);
    const taken = await askIdentityChange(api.app, seller, { shopName: shop.name, rif: other.shop.rif });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ field: "rif", message: RIF_TAKEN }]);

    const rif = uniqueRif();
    await asked(other.seller, { shopName: other.shop.name, rif });
    const reserved = await askIdentityChange(api.app, seller, { shopName: shop.name, rif });
    expect(reserved.statusCode).toBe(409);
    expect(reserved.json().errors).toEqual([{ field: "rif", message: RIF_TAKEN }]);

    await asked(seller, { shopName: "Nombre Nuevo", rif: shop.rif, reason: "Cambiamos de marca." });
    const second = await askIdentityChange(api.app, seller, { shopName: "Otro Nombre", rif: shop.rif });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(IDENTITY_CHANGE_PENDING_EXISTS);
    // The shop keeps its values meanwhile.
    expect((await shopRow(shop.id)).name).toBe(shop.name);
  });

  it("una solicitud de tienda nueva no toma el identificador que pide un cambio pendiente, escrito como sea", async () => {
    const { seller, shop } = await sellerWithShop(api.db);
    const rif = uniqueRif();
    await asked(seller, { shopName: shop.name, rif });
    const applicant = await signedInUser(api.db);
    const refused = await apply(api.app, applicant, [
      ...fieldParts(shopFields({ rif: rif.replace(/-/g, "").toLowerCase() })),
      { name: "documents", filename: "rif.pdf", content: PDF },
    ]);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ message: RIF_TAKEN, errors: [{ field: "rif", message: RIF_TAKEN }] });
    expect(await api.db.select({ id: shops.id }).from(shops).where(eq(shops.ownerId, applicant.id))).toEqual([]);

    // Once the change is withdrawn, the tax id is free again.
    const withdrawn = await api.app.inject({
      method: "POST",
      url: "/seller/shop-identity/withdraw",
      headers: seller.headers,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const accepted = await apply(api.app, applicant, [
      ...fieldParts(shopFields({ rif })),
      { name: "documents", filename: "rif.pdf", content: PDF },
    ]);
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it("el vendedor ve su cambio pendiente y puede retirarlo; después puede pedir otro", async () => {
    const { seller, shop } = await sellerWithShop(api.db);
    const change = await asked(seller, { shopName: "Smash Sur", rif: shop.rif });
    expect((await mine(seller)).pending).toMatchObject({ _id: change._id, requested: { shopName: "Smash Sur" } });
    expect((await pendingList()).changes.map((entry) => entry._id)).toContain(change._id);

    const withdrawn = await api.app.inject({
      method: "POST",
      url: "/seller/shop-identity/withdraw",
      headers: seller.headers,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().change.status).toBe("retirado");
    const identity = await mine(seller);
    expect(identity.pending).toBeNull();
    expect(identity.latest).toMatchObject({ _id: change._id, status: "retirado" });
    expect((await pendingList()).changes.map((entry) => entry._id)).not.toContain(change._id);

    const again = await api.app.inject({
      method: "POST",
      url: "/seller/shop-identity/withdraw",
      headers: seller.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(IDENTITY_CHANGE_NONE_PENDING);
    // Deciding a withdrawn change is refused.
    const late = await decideIdentityChange(api.app, admin, change._id, { approve: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(IDENTITY_CHANGE_NOT_PENDING);
    await asked(seller, { shopName: "Smash Sur", rif: shop.rif });
    expect((await auditActions(shop.id)).map((entry) => entry.action)).toEqual([
      "tienda.pedir_cambio_identidad",
      "tienda.retirar_cambio_identidad",
      "tienda.pedir_cambio_identidad",
    ]);
  });

  it("aprobar aplica el nombre y el identificador, conserva el slug, avisa al vendedor y guarda el historial", async () => {
    const { seller, shop } = await sellerWithShop(api.db, "Bandeja Vieja");
    const rif = uniqueRif();
    const change = await asked(seller, { shopName: "Bandeja Nueva", rif });
    const approved = await decideIdentityChange(api.app, admin, change._id, { approve: true });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().change).toMatchObject({ status: "aprobado", before: { shopName: "Bandeja Vieja" } });
    const row = await shopRow(shop.id);
    expect({ name: row.name, rif: row.rif, slug: row.slug }).toEqual({ name: "Bandeja Nueva", rif, slug: shop.slug });
    const page = await api.app.inject({ method: "GET", url: `/home/shop/${shop.slug}` });
    expect(page.json().shop.name).toBe("Bandeja Nueva");

    const [notice] = await api.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, seller.id));
    expect(notice!.message).toBe(
      `Aprobamos que tu tienda cambie su nombre a «Bandeja Nueva» y su RIF a ${rif}: ya se muestra así.`,
    );
    const [mail] = await api.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, seller.id), eq(mailOutbox.kind, "shop-decision")));
    expect(mail!.subject).toBe("Aprobamos el cambio de datos de tu tienda");

    const history = await api.app.inject({
      method: "GET",
      url: `/admin/shops/${shop.id}/identity-changes`,
      headers: admin.headers,
    });
    expect(history.json().changes).toEqual([
      expect.objectContaining({
        _id: change._id,
        status: "aprobado",
        before: { shopName: "Bandeja Vieja", rif: shop.rif },
        requested: { shopName: "Bandeja Nueva", rif },
        decidedBy: "Usuaria de Prueba",
      }),
    ]);
    expect(await auditActions(shop.id)).toEqual([
      { action: "tienda.pedir_cambio_identidad", actorId: seller.id, reason: null },
      { action: "tienda.aprobar_cambio_identidad", actorId: admin.id, reason: null },
    ]);
    const twice = await decideIdentityChange(api.app, admin, change._id, { reject: "Tarde." });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(IDENTITY_CHANGE_NOT_PENDING);
  });

  it("rechazar exige motivo, conserva los datos y el vendedor lee el motivo", async () => {
    const { seller, shop } = await sellerWithShop(api.db);
    const change = await asked(seller, { shopName: "Nombre Raro", rif: shop.rif });
    const noReason = await decideIdentityChange(api.app, admin, change._id, { reject: " " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ field: "reason", message: "Escribe el motivo del rechazo." }]);
    const rejected = await decideIdentityChange(api.app, admin, change._id, { reject: "El nombre no coincide." });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await shopRow(shop.id)).name).toBe(shop.name);
    expect((await mine(seller)).latest).toMatchObject({
      status: "rechazado",
      rejectionReason: "El nombre no coincide.",
    });
    const [notice] = await api.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, seller.id));
    expect(notice!.message).toBe(
      `No aprobamos que tu tienda «${shop.name}» cambie su nombre a «Nombre Raro». Motivo: El nombre no coincide.`,
    );
    const [mail] = await api.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, seller.id), eq(mailOutbox.kind, "shop-decision")));
    expect(mail!.subject).toBe("Rechazamos el cambio de datos de tu tienda");
    expect(mail!.text).toContain("Motivo: El nombre no coincide.");
    expect((await auditActions(shop.id)).at(-1)).toEqual({
      action: "tienda.rechazar_cambio_identidad",
      actorId: admin.id,
      reason: "El nombre no coincide.",
    });
  });

  it("si otra tienda tomó el identificador mientras esperaba, aprobar responde 409 y nada cambia", async () => {
    const { seller, shop } = await sellerWithShop(api.db);
    const rif = uniqueRif();
    const change = await asked(seller, { shopName: shop.name, rif });
    // Another shop takes it meanwhile (written straight: an application would be refused it).
    const latecomer = await sellerWithShop(api.db);
    await api.db.update(shops).set({ rif }).where(eq(shops.id, latecomer.shop.id));
    const refused = await decideIdentityChange(api.app, admin, change._id, { approve: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(IDENTITY_CHANGE_RIF_TAKEN);
    expect((await shopRow(shop.id)).rif).toBe(shop.rif);
    expect((await mine(seller)).pending).toMatchObject({ _id: change._id, status: "pendiente" });
  });

  it("roles y propiedad: solo vendedores piden, solo admins deciden, nunca sobre su propia tienda", async () => {
    const customer = await signedInUser(api.db);
    const byCustomer = await askIdentityChange(api.app, customer, { shopName: "Tienda X", rif: uniqueRif() });
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json().message).toBe(FORBIDDEN);
    const { seller, shop } = await sellerWithShop(api.db);
    const change = await asked(seller, { shopName: "Por Decidir", rif: shop.rif });
    const bySeller = await decideIdentityChange(api.app, seller, change._id, { approve: true });
    expect(bySeller.statusCode).toBe(403);
    const list = await api.app.inject({ method: "GET", url: "/admin/shop-changes", headers: seller.headers });
    expect(list.statusCode).toBe(403);

    // An admin who owns the shop: another admin decides.
    const owner = await signedInUser(api.db, "admin");
    const ownShop = await sellerWithShop(api.db);
    const ownChange = await asked(ownShop.seller, { shopName: "Mía Propia", rif: ownShop.shop.rif });
    await api.db.update(shops).set({ ownerId: owner.id }).where(eq(shops.id, ownShop.shop.id));
    const own = await decideIdentityChange(api.app, owner, ownChange._id, { approve: true });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(OWN_SHOP_DECISION);

    // A shop not approved asks nothing; a suspended one is refused with its reason.
    const waiting = await sellerWithShop(api.db);
    await api.db.update(shops).set({ status: "pendiente" }).where(eq(shops.id, waiting.shop.id));
    const notApproved = await askIdentityChange(api.app, waiting.seller, { shopName: "Nueva", rif: uniqueRif() });
    expect(notApproved.statusCode).toBe(403);
    expect(notApproved.json().message).toBe(IDENTITY_CHANGE_NEEDS_APPROVED_SHOP);
    await api.db
      .update(shops)
      .set({ status: "suspendida", statusReason: "Documentos vencidos." })
      .where(eq(shops.id, waiting.shop.id));
    const suspended = await askIdentityChange(api.app, waiting.seller, { shopName: "Nueva", rif: uniqueRif() });
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().message).toBe(shopSuspendedNoWrites("Documentos vencidos."));
  });
});
