import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { NOTHING_TO_CHANGE, RIF_TAKEN, SHOP_ALREADY_DECIDED } from "#contract/shops";
import { shopRequestCorrections, shops } from "../../api/src/db/schema";
import { signedInUser, type Customer } from "./orders-support";
import { appliedRequest, auditActionsOf, decide, PNG, requestChanges, resubmit, shopFields } from "./shop-support";
import { uniqueRif, useTestApi } from "./support";

/**
 * A request sent again while an admin decides, or sent twice at once, on a real PostgreSQL (issue
 * 34): the shop's row lock makes one outcome, with the audit log and the history to match.
 */
describe("reenviar una solicitud a la vez que otra cosa, en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 20 });
  let admin: Customer;

  beforeAll(async () => {
    admin = await signedInUser(api.db, "admin");
  });

  const auditActions = (shopId: string) => auditActionsOf(api.db, shopId);
  const statusOf = async (shopId: string) =>
    (await api.db.select({ status: shops.status }).from(shops).where(eq(shops.id, shopId)))[0]!.status;
  const versionsOf = (shopId: string) =>
    api.db.select().from(shopRequestCorrections).where(eq(shopRequestCorrections.shopId, shopId));

  /** A request whose phone and fachada.png the admin asked to change. */
  async function waitingRequest() {
    const applicant = await signedInUser(api.db);
    const request = await appliedRequest(api.app, applicant);
    const png = request.documents.find((document) => document.fileName === "fachada.png")!;
    const asked = await requestChanges(api.app, admin, applicant.id, {
      fields: [{ field: "phone", note: "No contesta." }],
      documents: [{ documentId: png._id, note: "Borrosa." }],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const parts = [
      { name: "phone", value: "+58 212 285 9911" },
      { name: `reemplazo:${png._id}`, filename: "nitida.png", content: PNG },
    ];
    return { applicant, request, parts };
  }

  it("el admin aprueba mientras el solicitante reenvía: o el reenvío va antes y la aprobación después, o la aprobación se rechaza", async () => {
    for (let round = 0; round < 8; round++) {
      const { applicant, request, parts } = await waitingRequest();
      const [sent, approval] = await Promise.all([
        resubmit(api.app, applicant, parts),
        decide(api.app, admin, applicant.id, { approved: true }),
      ]);
      expect(sent.statusCode, sent.body).toBe(200);
      if (approval.statusCode === 200) {
        expect(await statusOf(request._id)).toBe("aprobada");
        expect(approval.json().request.phone).toBe("+58 212 2859911");
        expect(await auditActions(request._id)).toEqual(["tienda.pedir_cambios", "tienda.reenviar", "tienda.aprobar"]);
      } else {
        expect(approval.statusCode).toBe(409);
        expect(approval.json()).toEqual({ message: SHOP_ALREADY_DECIDED });
        expect(await statusOf(request._id)).toBe("pendiente");
        expect(await auditActions(request._id)).toEqual(["tienda.pedir_cambios", "tienda.reenviar"]);
      }
      const versions = await versionsOf(request._id);
      expect(versions).toHaveLength(1);
      expect(versions[0]!.after).toEqual({ phone: "+58 212 2859911" });
    }
  });

  it("cinco reenvíos a la vez: uno se acepta, los demás encuentran la solicitud ya reenviada", async () => {
    const { applicant, request, parts } = await waitingRequest();
    const responses = await Promise.all(Array.from({ length: 5 }, () => resubmit(api.app, applicant, parts)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of responses.filter((response) => response.statusCode === 409))
      expect(refused.json()).toEqual({ message: NOTHING_TO_CHANGE });
    expect(await auditActions(request._id)).toEqual(["tienda.pedir_cambios", "tienda.reenviar"]);
    const [shop] = await api.db.select({ status: shops.status }).from(shops).where(eq(shops.id, request._id));
    expect(shop!.status).toBe("pendiente");
    expect(await versionsOf(request._id)).toHaveLength(1);
  });

  it("dos solicitantes corrigen a la vez al mismo identificador fiscal: uno lo obtiene, el otro lee que ya se usa", async () => {
    const rounds = await Promise.all(
      [0, 1].map(async () => {
        const applicant = await signedInUser(api.db);
        const request = await appliedRequest(api.app, applicant, shopFields());
        const asked = await requestChanges(api.app, admin, applicant.id, { fields: [{ field: "rif" }] });
        expect(asked.statusCode, asked.body).toBe(200);
        return { applicant, request };
      }),
    );
    const rif = uniqueRif();
    const responses = await Promise.all(
      rounds.map(({ applicant }) => resubmit(api.app, applicant, [{ name: "rif", value: rif }])),
    );
    const won = responses.filter((response) => response.statusCode === 200);
    const lost = responses.filter((response) => response.statusCode !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    // Seen by the check (400) or, when both checked before either wrote, by the unique index (409).
    expect([400, 409]).toContain(lost[0]!.statusCode);
    expect(lost[0]!.json().errors).toEqual([{ field: "rif", message: RIF_TAKEN }]);
    const holders = await api.db.select({ id: shops.id }).from(shops).where(eq(shops.rif, rif));
    expect(holders).toHaveLength(1);
    const loser = rounds[responses.indexOf(lost[0]!)]!;
    expect(await statusOf(loser.request._id)).toBe("requiere_cambios");
    expect(await auditActions(loser.request._id)).toEqual(["tienda.pedir_cambios"]);
  });
});
