import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  CHANGES_NOTHING_NAMED,
  DOCUMENT_NOT_TO_REPLACE,
  FIELD_NOT_TO_CHANGE,
  NOTHING_TO_CHANGE,
  REPLACEMENT_MISSING,
  RIF_TAKEN,
  SHOP_ALREADY_DECIDED,
  SHOP_PHONE_INVALID,
} from "#contract/shops";
import { auditLog, mailOutbox, notifications, shopRequestCorrections, shops } from "../../api/src/db/schema";
import { signedInUser, type Customer } from "./orders-support";
import { appliedRequest, decide, PDF, PNG, requestChanges, resubmit, shopFields } from "./shop-support";
import { uniqueRif, useTestApi } from "./support";

/**
 * «Pedir cambios» on the application's data (issue 34, decision 0047): the admin names data (name,
 * address, phone, tax id) as well as documents; the applicant sends exactly those again, checked as
 * in the application; the request goes back to review with both versions kept and audited.
 */
describe("pedir cambios en los datos de una solicitud (PGlite)", () => {
  const api = useTestApi();
  let admin: Customer;

  beforeAll(async () => {
    admin = await signedInUser(api.db, "admin");
  });

  const myRequest = async (user: Customer) =>
    (await api.app.inject({ method: "GET", url: "/shop/my-request", headers: user.headers })).json().request;
  const noticesOf = async (userId: string) =>
    (
      await api.db
        .select({ message: notifications.message })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, "tienda")))
    ).map((row) => row.message);

  it("pedir cambios exige nombrar al menos un dato o un documento, y no admite datos que no existen ni repetidos", async () => {
    const applicant = await signedInUser(api.db);
    await appliedRequest(api.app, applicant);
    const nothing = await requestChanges(api.app, admin, applicant.id, { fields: [], documents: [] });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(CHANGES_NOTHING_NAMED);
    expect((await requestChanges(api.app, admin, applicant.id, {})).json().message).toBe(CHANGES_NOTHING_NAMED);
    const unknown = await requestChanges(api.app, admin, applicant.id, { fields: [{ field: "country" }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: "fields.0.field", message: "Ese dato de la solicitud no existe." },
    ]);
    const twice = await requestChanges(api.app, admin, applicant.id, {
      fields: [{ field: "phone" }, { field: "phone", note: "Otra vez." }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual([{ field: "fields.1.field", message: "Ese dato ya está en la lista." }]);
    expect((await myRequest(applicant)).status).toBe("pendiente");
  });

  it("el admin nombra datos y un documento; el solicitante corrige solo esos y la solicitud vuelve a revisión con su historial", async () => {
    const applicant = await signedInUser(api.db);
    const original = shopFields({ shopName: "Golpe Plano" });
    const request = await appliedRequest(api.app, applicant, original);
    const png = request.documents.find((document) => document.fileName === "fachada.png")!;
    const [before] = await api.db.select().from(shops).where(eq(shops.id, request._id));

    const asked = await requestChanges(api.app, admin, applicant.id, {
      fields: [
        { field: "rif", note: "El RIF no coincide con el registro." },
        { field: "address", note: "" },
        { field: "shopName" },
      ],
      documents: [{ documentId: png._id, note: "La foto está borrosa." }],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().request).toMatchObject({
      status: "requiere_cambios",
      fieldsToFix: [
        { field: "rif", note: "El RIF no coincide con el registro." },
        { field: "address", note: null },
        { field: "shopName", note: null },
      ],
      versions: [],
    });
    expect(await noticesOf(applicant.id)).toEqual([
      "Tu solicitud de tienda «Golpe Plano» necesita cambios: corrige 3 datos («RIF»: El RIF no coincide con el registro.; «Dirección»; «Nombre de la tienda») y reemplaza 1 documento («fachada.png»: La foto está borrosa.).",
    ]);
    const [mail] = await api.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, applicant.id), eq(mailOutbox.kind, "shop-decision")));
    expect(mail!.text).toContain("- RIF: El RIF no coincide con el registro.");
    expect(mail!.text).toContain("- fachada.png: La foto está borrosa.");
    // The applicant reads what to fix too.
    expect((await myRequest(applicant)).fieldsToFix).toHaveLength(3);

    // A datum that was not named is refused, with every other fault at once; nothing changes.
    const newRif = uniqueRif();
    const refused = await resubmit(api.app, applicant, [
      { name: "shopName", value: "Go" },
      { name: "phone", value: "+58 212 285 9999" },
      { name: "rif", value: "J-1" },
      { name: "province", value: "Lara" },
      { name: "city", value: "" },
      { name: "address", value: "Calle 8" },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: "shopName", message: "El nombre debe tener al menos 3 caracteres." },
      { field: "city", message: "Escribe la ciudad." },
      { field: "phone", message: FIELD_NOT_TO_CHANGE },
      {
        field: "rif",
        message:
          "Escribe un RIF válido: J, V, E, G o P, ocho cifras y el dígito verificador (por ejemplo J-12345678-4).",
      },
      { field: `reemplazo:${png._id}`, message: REPLACEMENT_MISSING },
    ]);

    // A tax id another shop uses is refused next to the field, however it is written.
    const other = await signedInUser(api.db);
    const otherRif = uniqueRif();
    await appliedRequest(api.app, other, shopFields({ rif: otherRif }));
    const fixed = (rif: string) => [
      { name: "shopName", value: "  Golpe Plano Centro " },
      { name: "rif", value: rif },
      { name: "province", value: "Distrito Capital" },
      { name: "city", value: "Caracas" },
      { name: "address", value: "Av. Urdaneta, edificio Sur, local 3" },
      { name: `reemplazo:${png._id}`, filename: "fachada-nitida.png", content: PNG },
    ];
    const taken = await resubmit(api.app, applicant, fixed(otherRif.replace(/-/g, "").toLowerCase()));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([{ field: "rif", message: RIF_TAKEN }]);
    // Someone else cannot send it.
    expect((await resubmit(api.app, admin, fixed(newRif), applicant.id)).statusCode).toBe(403);
    expect((await myRequest(applicant)).status).toBe("requiere_cambios");

    const sent = await resubmit(api.app, applicant, fixed(newRif.replace(/-/g, "")));
    expect(sent.statusCode, sent.body).toBe(200);
    const after = sent.json().request;
    expect(after).toMatchObject({
      status: "pendiente",
      shopName: "Golpe Plano Centro",
      slug: "golpe-plano-centro",
      rif: newRif,
      province: "Distrito Capital",
      city: "Caracas",
      address: "Av. Urdaneta, edificio Sur, local 3",
      location: "Av. Urdaneta, edificio Sur, local 3, Caracas, Distrito Capital, Venezuela",
      // Not named: as it was.
      phone: before!.phone,
      country: "VE",
      fieldsToFix: [],
    });
    expect(after.documents.map((document: { fileName: string }) => document.fileName)).toEqual([
      "rif.pdf",
      "fachada-nitida.png",
    ]);
    expect(after.history).toEqual([expect.objectContaining({ _id: png._id, status: "reemplazado" })]);
    expect(after.versions).toEqual([
      {
        _id: expect.any(String),
        requestedAt: expect.any(String),
        resubmittedAt: expect.any(String),
        changes: [
          {
            field: "rif",
            note: "El RIF no coincide con el registro.",
            before: { rif: before!.rif },
            after: { rif: newRif },
          },
          {
            field: "address",
            note: null,
            before: { province: "Lara", city: "Barquisimeto", address: "Av. Lara con calle 5, local 12" },
            after: { province: "Distrito Capital", city: "Caracas", address: "Av. Urdaneta, edificio Sur, local 3" },
          },
          {
            field: "shopName",
            note: null,
            before: { shopName: "Golpe Plano" },
            after: { shopName: "Golpe Plano Centro" },
          },
        ],
      },
    ]);
    expect(await noticesOf(admin.id)).toContain(
      "«Golpe Plano Centro» envió los cambios pedidos: la solicitud vuelve a estar pendiente de revisión.",
    );
    const [resent] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, request._id), eq(auditLog.action, "tienda.reenviar")));
    expect(resent).toMatchObject({
      actorId: applicant.id,
      entity: "tienda",
      before: {
        status: "requiere_cambios",
        shopName: "Golpe Plano",
        rif: before!.rif,
        province: "Lara",
        city: "Barquisimeto",
        address: "Av. Lara con calle 5, local 12",
      },
      after: {
        status: "pendiente",
        shopName: "Golpe Plano Centro",
        rif: newRif,
        province: "Distrito Capital",
        city: "Caracas",
        address: "Av. Urdaneta, edificio Sur, local 3",
        replaced: [{ documentId: png._id, fileName: "fachada.png" }],
      },
    });

    // Sent: nothing waits any more, and the admin decides again.
    expect((await resubmit(api.app, applicant, fixed(uniqueRif()))).json()).toEqual({ message: NOTHING_TO_CHANGE });
    const approved = await decide(api.app, admin, applicant.id, { approved: true });
    expect(approved.statusCode, approved.body).toBe(200);
    // The history stays once the request is decided.
    expect(approved.json().request.versions).toHaveLength(1);
  });

  it("solo datos: el teléfono se revisa para el país de la solicitud, y un segundo «Pedir cambios» guarda otra versión", async () => {
    const applicant = await signedInUser(api.db);
    const request = await appliedRequest(
      api.app,
      applicant,
      shopFields({ country: "ES", rif: "B12345674", phone: "+34 914 350 218", shopName: "Rebote Madrid" }),
    );
    const first = await requestChanges(api.app, admin, applicant.id, {
      fields: [{ field: "phone", note: "No contesta nadie." }],
    });
    expect(first.statusCode, first.body).toBe(200);
    // No document was named: they are all accepted.
    expect(first.json().request.documents.map((document: { status: string }) => document.status)).toEqual([
      "aceptado",
      "aceptado",
    ]);
    expect(await noticesOf(applicant.id)).toEqual([
      "Tu solicitud de tienda «Rebote Madrid» necesita cambios: corrige 1 dato («Teléfono»: No contesta nadie.).",
    ]);
    // A document cannot come in their place, and a Venezuelan phone is not a Spanish one.
    const wrong = await resubmit(api.app, applicant, [
      { name: "phone", value: "+58 212 285 4410" },
      { name: `reemplazo:${request.documents[0]!._id}`, filename: "otro.pdf", content: PDF },
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: "phone", message: SHOP_PHONE_INVALID.ES },
      { field: `reemplazo:${request.documents[0]!._id}`, message: DOCUMENT_NOT_TO_REPLACE },
    ]);
    const missing = await resubmit(api.app, applicant, [{ name: "nota", value: "nada" }]);
    expect(missing.json().errors).toEqual([
      { field: "phone", message: "Escribe un teléfono de contacto." },
      { field: "nota", message: FIELD_NOT_TO_CHANGE },
    ]);
    expect((await resubmit(api.app, applicant, [{ name: "phone", value: "913 456 789" }])).statusCode).toBe(200);

    // A second round keeps both versions, newest first.
    expect(
      (await requestChanges(api.app, admin, applicant.id, { fields: [{ field: "phone", note: "Tampoco." }] }))
        .statusCode,
    ).toBe(200);
    const again = await resubmit(api.app, applicant, [{ name: "phone", value: "+34 915 555 012" }]);
    expect(again.statusCode, again.body).toBe(200);
    expect(
      again
        .json()
        .request.versions.map((version: { changes: { note: string; before: object; after: object }[] }) =>
          version.changes.map((change) => [change.note, change.before, change.after]),
        ),
    ).toEqual([
      [["Tampoco.", { phone: "+34 913 45 67 89" }, { phone: "+34 915 55 50 12" }]],
      [["No contesta nadie.", { phone: "+34 914 35 02 18" }, { phone: "+34 913 45 67 89" }]],
    ]);
    // One open round at most, and none once sent.
    const open = await api.db
      .select()
      .from(shopRequestCorrections)
      .where(eq(shopRequestCorrections.shopId, request._id));
    expect(open.every((row) => row.resubmittedAt !== null)).toBe(true);
    // While it waited for the applicant, no admin decided.
    expect((await decide(api.app, admin, applicant.id, { approved: true })).statusCode).toBe(200);
    expect((await decide(api.app, admin, applicant.id, { approved: true })).json().message).toBe(SHOP_ALREADY_DECIDED);
  });
});
