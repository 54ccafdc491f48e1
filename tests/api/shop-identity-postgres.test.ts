import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  IDENTITY_CHANGE_NOT_PENDING,
  IDENTITY_CHANGE_PENDING_EXISTS,
  IDENTITY_CHANGE_RIF_TAKEN,
  type ShopIdentityChange,
} from "#contract/shop-identity";
import { RIF_TAKEN } from "#contract/shops";
import { auditLog, notifications, shopIdentityChanges, shops } from "../../api/src/db/schema";
import { signedInUser, type Customer } from "./orders-support";
import { askIdentityChange, decideIdentityChange, sellerWithShop } from "./shop-identity-support";
import { appliedRequest, shopFields } from "./shop-support";
import { uniqueRif, useTestApi } from "./support";

/**
 * Changes of a shop's name or tax id decided at the same moment, on a real PostgreSQL (decision
 * 0055): the shop's row lock, then the change's, makes one outcome; the unique indexes settle what
 * two shops take at once.
 */
describe("cambios de nombre o identificador fiscal a la vez, en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 20 });
  let admins: Customer[];

  beforeAll(async () => {
    admins = await Promise.all(Array.from({ length: 6 }, () => signedInUser(api.db, "admin")));
  });

  async function pendingChange(body: (shop: { name: string; rif: string }) => Record<string, unknown>) {
    const { seller, shop } = await sellerWithShop(api.db);
    const response = await askIdentityChange(api.app, seller, body(shop));
    expect(response.statusCode, response.body).toBe(201);
    return { seller, shop, change: response.json().change as ShopIdentityChange };
  }
  const decisionsAudited = async (shopId: string) =>
    (
      await api.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, shopId), like(auditLog.action, "tienda.%_cambio_identidad")))
    ).filter((entry) => entry.action !== "tienda.pedir_cambio_identidad");

  it("seis administradores deciden el mismo cambio a la vez: uno gana, los demás reciben 409", async () => {
    for (let round = 0; round < 4; round++) {
      const { seller, shop, change } = await pendingChange((current) => ({
        shopName: `Renombrada ${round}`,
        rif: current.rif,
      }));
      const answers = await Promise.all(
        admins.map((admin, index) =>
          decideIdentityChange(api.app, admin, change._id, index % 2 === 0 ? { approve: true } : { reject: "No." }),
        ),
      );
      const won = answers.filter((answer) => answer.statusCode === 200);
      expect(won, answers.map((answer) => answer.body).join("\n")).toHaveLength(1);
      for (const answer of answers.filter((entry) => entry.statusCode !== 200))
        expect(answer.json()).toEqual({ message: IDENTITY_CHANGE_NOT_PENDING });
      const status = won[0]!.json().change.status as string;
      const [row] = await api.db.select({ name: shops.name }).from(shops).where(eq(shops.id, shop.id));
      expect(row!.name).toBe(status === "aprobado" ? `Renombrada ${round}` : shop.name);
      expect(await decisionsAudited(shop.id)).toHaveLength(1);
      const notices = await api.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.userId, seller.id));
      expect(notices).toHaveLength(1);
    }
  });

  it("aprobar mientras una solicitud de tienda toma el mismo identificador: solo uno se lo queda", async () => {
    for (let round = 0; round < 6; round++) {
      const rif = uniqueRif();
      const { shop, change } = await pendingChange((current) => ({ shopName: current.name, rif }));
      const applicant = await signedInUser(api.db);
      const [approval, application] = await Promise.all([
        decideIdentityChange(api.app, admins[0]!, change._id, { approve: true }),
        appliedRequest(api.app, applicant, shopFields({ rif })).then(
          () => 201,
          (error: Error) => error.message,
        ),
      ]);
      const holders = await api.db.select({ id: shops.id }).from(shops).where(eq(shops.rif, rif));
      expect(holders).toHaveLength(1);
      if (approval.statusCode === 200) {
        expect(holders[0]!.id).toBe(shop.id);
        expect(application).toContain("409");
        expect(application).toContain(RIF_TAKEN);
      } else {
        expect(approval.statusCode).toBe(409);
        expect(approval.json()).toEqual({ message: IDENTITY_CHANGE_RIF_TAKEN });
        expect(application).toBe(201);
        const [row] = await api.db
          .select({ status: shopIdentityChanges.status })
          .from(shopIdentityChanges)
          .where(eq(shopIdentityChanges.id, change._id));
        expect(row!.status).toBe("pendiente");
      }
    }
  });

  it("dos pedidos del mismo vendedor a la vez: uno queda pendiente, el otro recibe 409", async () => {
    for (let round = 0; round < 4; round++) {
      const { seller, shop } = await sellerWithShop(api.db);
      const answers = await Promise.all(
        ["Primera", "Segunda", "Tercera"].map((name) =>
          askIdentityChange(api.app, seller, { shopName: `${name} ${round}`, rif: shop.rif }),
        ),
      );
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
      for (const answer of answers.filter((entry) => entry.statusCode !== 201))
        expect(answer.json()).toEqual({ message: IDENTITY_CHANGE_PENDING_EXISTS });
    }
  });
});
