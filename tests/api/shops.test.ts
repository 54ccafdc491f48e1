import type { AddressInfo } from "node:net";
import { and, count, eq, sql } from "drizzle-orm";
import { decodeJwt, SignJWT } from "jose";
import { io as connectSocket, type Socket } from "socket.io-client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { SHOP_APPROVAL_EVENT, SHOP_REQUEST_EVENT } from "#contract/notification-events";
import {
  DOCUMENT_TOO_LARGE,
  DOCUMENT_TYPE_REFUSED,
  DOCUMENTS_MISSING,
  DOCUMENTS_TOO_MANY,
  NO_APPROVED_SHOP,
  NEUTRAL_REJECTION_REASON,
  OWN_SHOP_DECISION,
  RIF_TAKEN,
  SHOP_ALREADY_DECIDED,
  SHOP_REQUEST_EXISTS,
} from "#contract/shops";
import { SHOP_DOCUMENT_MAX_BYTES, SHOP_DOCUMENTS_MAX } from "#contract/shop-labels";
import { auditLog, mailOutbox, notifications, shopDocuments, shops, users } from "../../api/src/db/schema";
import { mailContextOf } from "../../api/src/modules/mail/render";
import { decideRequest } from "../../api/src/modules/shops/service";
import { signedInAs, signedInUser, type Customer } from "./orders-support";
import {
  appliedRequest,
  apply,
  decide,
  EXE,
  fieldParts,
  JPEG,
  multipart,
  PDF,
  PNG,
  shopFields,
  WEBP,
} from "./shop-support";
import {
  FAILED_BEFORE_COMMIT,
  failingBeforeCommit,
  insertShop,
  insertUser,
  issuedEarlier,
  TEST_JWT_SECRET,
  useTestApi,
  waitForMail as waitForSentMail,
} from "./support";

/**
 * The shop request and its decisions (issue 10) on PGlite: who may call what, documents checked by
 * content and shown only to their owner and admins, the request → changes → replacement → approval
 * path with its audit entries, notifications, e-mails and live events, and stale tokens.
 */
describe("solicitudes de tienda (PGlite)", () => {
  const api = useTestApi();
  let admin: Customer;

  beforeAll(async () => {
    admin = await signedInUser(api.db, "admin");
  });

  const get = (url: string, user?: Customer) => api.app.inject({ method: "GET", url, headers: user?.headers ?? {} });
  const post = (url: string, user: Customer | undefined, payload?: unknown) =>
    api.app.inject({
      method: "POST",
      url,
      headers: user?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const shopCount = async (ownerId: string) =>
    (await api.db.select({ total: count() }).from(shops).where(eq(shops.ownerId, ownerId)))[0]!.total;
  const documentCount = async () => (await api.db.select({ total: count() }).from(shopDocuments))[0]!.total;
  const auditOf = (shopId: string) =>
    api.db.select().from(auditLog).where(eq(auditLog.entityId, shopId)).orderBy(auditLog.createdAt, auditLog.id);
  const noticesOf = async (userId: string) =>
    (
      await api.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, "tienda")))
    ).map((row) => row.message);

  const waitForMail = (to: string, subjectPart: string) => waitForSentMail(api.config, to, subjectPart);

  describe("solicitar", () => {
    it("responde 401 sin sesión y 403 al solicitar por otra persona, aunque sea un admin", async () => {
      const customer = await signedInUser(api.db);
      const body = [...fieldParts(shopFields()), { name: "documents", filename: "rif.pdf", content: PDF }];
      const anonymous = multipart(body);
      expect(
        (
          await api.app.inject({
            method: "POST",
            url: `/request-auth-shop/${customer.id}`,
            headers: anonymous.headers,
            payload: anonymous.payload,
          })
        ).statusCode,
      ).toBe(401);
      const other = await signedInUser(api.db);
      expect((await apply(api.app, other, body, customer.id)).statusCode).toBe(403);
      expect((await apply(api.app, admin, body, customer.id)).statusCode).toBe(403);
      expect(await shopCount(customer.id)).toBe(0);
    });

    it("acepta la solicitud con sus documentos, responde un token de quien la envía y avisa a los admins", async () => {
      const customer = await signedInUser(api.db);
      const fields = shopFields({ shopName: "  Pádel Ñandú  ", phone: "0212 285 4410" });
      // Written without hyphens and in lower case: stored as J-12345678-4.
      fields.rif = fields.rif.replace(/-/g, "").toLowerCase();
      const response = await apply(api.app, customer, [
        ...fieldParts(fields),
        { name: "documents", filename: "C:\\Documentos\\registro fiscal.PDF", content: PDF, type: "application/pdf" },
        { name: "documents", filename: "fachada.exe", content: PNG },
        { name: "documents", filename: "foto.jpeg", content: JPEG, type: "image/jpeg" },
        { name: "documents", filename: "local", content: WEBP },
        // A file input left empty: no name, no bytes.
        { name: "documents", filename: "", content: Buffer.alloc(0) },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      const answer = response.json();
      expect(answer.message).toBe("Solicitud enviada. Te avisaremos cuando la revisemos.");
      expect(decodeJwt(answer.token)).toMatchObject({ id: customer.id, role: "customer" });
      expect(
        (await get("/shop/my-request", { ...customer, headers: { authorization: `Bearer ${answer.token}` } }))
          .statusCode,
      ).toBe(200);
      expect(answer.request).toMatchObject({
        userId: customer.id,
        shopName: "Pádel Ñandú",
        slug: "padel-nandu",
        rif: expect.stringMatching(/^J-\d{8}-\d$/),
        country: "VE",
        location: "Av. Lara con calle 5, local 12, Barquisimeto, Lara, Venezuela",
        phone: "+58 212 2854410",
        status: "pendiente",
        statusReason: null,
        history: [],
      });
      expect(
        answer.request.documents.map((document: { fileName: string; contentType: string; status: string }) => [
          document.fileName,
          document.contentType,
          document.status,
        ]),
      ).toEqual([
        ["registro fiscal.pdf", "application/pdf", "enviado"],
        ["fachada.png", "image/png", "enviado"],
        ["foto.jpg", "image/jpeg", "enviado"],
        ["local.webp", "image/webp", "enviado"],
      ]);
      expect(await noticesOf(admin.id)).toContain(`Nueva solicitud de tienda: «Pádel Ñandú», de Usuaria de Prueba.`);

      const again = await apply(api.app, customer, [
        ...fieldParts(shopFields()),
        { name: "documents", filename: "rif.pdf", content: PDF },
      ]);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(SHOP_REQUEST_EXISTS);
    });

    it("rechaza un .exe renombrado (por su contenido) y no guarda nada", async () => {
      const customer = await signedInUser(api.db);
      const before = await documentCount();
      const response = await apply(api.app, customer, [
        ...fieldParts(shopFields()),
        { name: "documents", filename: "rif.pdf", content: PDF, type: "application/pdf" },
        { name: "documents", filename: "contrato.pdf", content: EXE, type: "application/pdf" },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: DOCUMENT_TYPE_REFUSED,
        errors: [{ field: "documents", message: DOCUMENT_TYPE_REFUSED }],
      });
      expect(await shopCount(customer.id)).toBe(0);
      expect(await documentCount()).toBe(before);
    });

    it("nombra cada campo que falla, en el orden del formulario, y sin documentos pide al menos uno", async () => {
      const customer = await signedInUser(api.db);
      const response = await apply(
        api.app,
        customer,
        fieldParts({
          shopName: "ab",
          rif: "J-12345678-9",
          country: "VE",
          province: "",
          city: "Caracas",
          address: "Calle 1, local 2",
          phone: "+34 914 350 218",
        }),
      );
      expect(response.statusCode).toBe(400);
      const { errors } = response.json();
      expect(errors.map((error: { field: string }) => error.field)).toEqual([
        "shopName",
        "rif",
        "province",
        "phone",
        "documents",
      ]);
      expect(errors.find((error: { field: string }) => error.field === "rif").message).toMatch(
        /^Escribe un RIF válido/,
      );
      expect(errors.find((error: { field: string }) => error.field === "phone").message).toMatch(
        /^Escribe un teléfono de Venezuela/,
      );
      expect(errors.at(-1)).toEqual({ field: "documents", message: DOCUMENTS_MISSING });

      const spanish = await apply(api.app, customer, [
        ...fieldParts(shopFields({ country: "ES", rif: "B12345675", phone: "+34 914 350 218" })),
        { name: "documents", filename: "a.pdf", content: PDF },
      ]);
      expect(spanish.json().errors).toEqual([
        { field: "rif", message: expect.stringMatching(/^Escribe un NIF o CIF válido/) },
      ]);
      const unknownCountry = await apply(api.app, customer, [
        ...fieldParts(shopFields({ country: "FR" })),
        { name: "documents", filename: "a.pdf", content: PDF },
      ]);
      expect(unknownCountry.json().errors).toEqual([{ field: "country", message: "Elige el país de la tienda." }]);
      expect(await shopCount(customer.id)).toBe(0);
    });

    it("corta un documento de más de 5 MB mientras llega y rechaza más documentos de los permitidos", async () => {
      const customer = await signedInUser(api.db);
      const before = await documentCount();
      const tooLarge = Buffer.concat([PDF, Buffer.alloc(SHOP_DOCUMENT_MAX_BYTES + 1 - PDF.length, 0x20)]);
      const large = await apply(api.app, customer, [
        ...fieldParts(shopFields()),
        { name: "documents", filename: "grande.pdf", content: tooLarge },
      ]);
      expect(large.statusCode).toBe(413);
      expect(large.json()).toEqual({
        message: DOCUMENT_TOO_LARGE,
        errors: [{ field: "documents", message: DOCUMENT_TOO_LARGE }],
      });
      // Exactly the limit is accepted.
      const atLimit = Buffer.concat([PDF, Buffer.alloc(SHOP_DOCUMENT_MAX_BYTES - PDF.length, 0x20)]);
      const many = Array.from({ length: SHOP_DOCUMENTS_MAX + 1 }, (_, index) => ({
        name: "documents",
        filename: `d${index}.pdf`,
        content: PDF,
      }));
      const tooMany = await apply(api.app, customer, [...fieldParts(shopFields()), ...many]);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().errors).toEqual([{ field: "documents", message: DOCUMENTS_TOO_MANY }]);
      expect(await shopCount(customer.id)).toBe(0);
      expect(await documentCount()).toBe(before);

      const accepted = await apply(api.app, customer, [
        ...fieldParts(shopFields()),
        ...many.slice(1, SHOP_DOCUMENTS_MAX),
        { name: "documents", filename: "justo.pdf", content: atLimit },
      ]);
      expect(accepted.statusCode, accepted.body).toBe(201);
      expect(accepted.json().request.documents).toHaveLength(SHOP_DOCUMENTS_MAX);
      expect(accepted.json().request.documents.at(-1).size).toBe(SHOP_DOCUMENT_MAX_BYTES);
    });

    it("no admite un identificador fiscal que ya usa otra tienda, escrito de cualquier forma (RIF, NIF, EIN)", async () => {
      const cases = [
        { country: "VE", first: "J-40123456-9", again: "j401234569", phone: "0212 285 4410" },
        { country: "ES", first: "B12345674", again: "b-1234567-4", phone: "+34 914 350 218" },
        { country: "US", first: "12-3456789", again: "123456789", phone: "+1 212 555 0123" },
      ];
      for (const { country, first, again, phone } of cases) {
        await appliedRequest(api.app, await signedInUser(api.db), shopFields({ country, rif: first, phone }));
        const second = await signedInUser(api.db);
        const response = await apply(api.app, second, [
          ...fieldParts(shopFields({ country, rif: again, phone })),
          { name: "documents", filename: "a.pdf", content: PDF },
        ]);
        expect(response.statusCode, country).toBe(409);
        expect(response.json()).toEqual({ message: RIF_TAKEN, errors: [{ field: "rif", message: RIF_TAKEN }] });
        expect(await shopCount(second.id)).toBe(0);
      }
    });

    it("rechaza un cuerpo JSON, uno multipart mal formado y un archivo en lugar de un campo", async () => {
      const customer = await signedInUser(api.db);
      const json = await api.app.inject({
        method: "POST",
        url: `/request-auth-shop/${customer.id}`,
        headers: customer.headers,
        payload: shopFields(),
      });
      expect(json.statusCode).toBe(400);
      // A multipart body without its boundary, or cut short, is the client's fault: 400, never 500.
      const noBoundary = await api.app.inject({
        method: "POST",
        url: `/request-auth-shop/${customer.id}`,
        headers: { ...customer.headers, "content-type": "multipart/form-data" },
        payload: "hola",
      });
      expect(noBoundary.statusCode).toBe(400);
      const cut = multipart([{ name: "documents", filename: "rif.pdf", content: PDF }]);
      const cutShort = await api.app.inject({
        method: "POST",
        url: `/request-auth-shop/${customer.id}`,
        headers: { ...customer.headers, ...cut.headers },
        payload: cut.payload.subarray(0, cut.payload.length - 40),
      });
      expect(cutShort.statusCode).toBe(400);
      expect(cutShort.json().message).toBe("Envía los datos y los documentos como formulario multipart/form-data.");
      const misplaced = await apply(api.app, customer, [
        ...fieldParts(shopFields()),
        { name: "documents", filename: "a.pdf", content: PDF },
        { name: "phone", filename: "x.pdf", content: PDF },
      ]);
      expect(misplaced.statusCode).toBe(400);
      expect(misplaced.json().errors).toContainEqual({ field: "phone", message: "Este campo no admite archivos." });
      expect(await shopCount(customer.id)).toBe(0);
    });
  });

  describe("quién puede ver y decidir", () => {
    it("solo los admins ven la cola y la lista de tiendas, y deciden: 403 a clientes y vendedores, 401 sin sesión", async () => {
      const customer = await signedInUser(api.db);
      const seller = await signedInUser(api.db, "seller");
      const applicant = await signedInUser(api.db);
      const request = await appliedRequest(api.app, applicant);
      const calls: { method: "GET" | "POST"; url: string; payload?: object }[] = [
        { method: "GET", url: "/shop/pending-auth" },
        { method: "GET", url: "/admin/shops" },
        { method: "GET", url: "/admin/audit" },
        { method: "POST", url: `/shop/approved/${applicant.id}`, payload: { approved: true } },
        {
          method: "POST",
          url: `/shop/request-changes/${applicant.id}`,
          payload: { documents: [{ documentId: request.documents[0]!._id, note: "Ilegible" }] },
        },
        { method: "POST", url: `/admin/shops/${request._id}/suspend`, payload: { reason: "Motivo" } },
        { method: "POST", url: `/admin/shops/${request._id}/reactivate` },
      ];
      for (const { method, url, payload } of calls) {
        const as = (user?: Customer) =>
          api.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
        expect((await as()).statusCode, url).toBe(401);
        expect((await as(customer)).statusCode, url).toBe(403);
        expect((await as(seller)).statusCode, url).toBe(403);
        expect((await as(applicant)).statusCode, url).toBe(403);
      }
      const [row] = await api.db.select({ status: shops.status }).from(shops).where(eq(shops.id, request._id));
      expect(row!.status).toBe("pendiente");
      expect(await auditOf(request._id)).toHaveLength(0);

      const pending = await get("/shop/pending-auth", admin);
      expect(pending.statusCode).toBe(200);
      expect(pending.json().requests.map((summary: { _id: string }) => summary._id)).toContain(request._id);
      expect(pending.json().totalPending).toBe(
        pending.json().requests.filter((summary: { status: string }) => summary.status === "pendiente").length,
      );
    });

    it("un admin nunca decide sobre su propia tienda: ni su solicitud ni su suspensión; otro admin sí", async () => {
      const applicant = await signedInUser(api.db, "admin");
      const request = await appliedRequest(api.app, applicant, shopFields({ shopName: "Tienda del Admin" }));
      const shopId = request._id;
      const own = [
        () => decide(api.app, applicant, applicant.id, { approved: true }),
        () => decide(api.app, applicant, applicant.id, { approved: false, reason: "Documentación incompleta." }),
        () =>
          post(`/shop/request-changes/${applicant.id.toUpperCase()}`, applicant, {
            documents: [{ documentId: request.documents[0]!._id, note: "Ilegible" }],
          }),
      ];
      for (const attempt of own) {
        const refused = await attempt();
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json()).toEqual({ message: OWN_SHOP_DECISION });
      }
      const [pending] = await api.db.select({ status: shops.status }).from(shops).where(eq(shops.id, shopId));
      expect(pending!.status).toBe("pendiente");
      expect(await auditOf(shopId)).toHaveLength(0);

      // Another admin decides it; its suspension and reactivation are theirs too.
      expect((await decide(api.app, admin, applicant.id, { approved: true })).statusCode).toBe(200);
      // The approval made the applicant's tokens stale: they sign in again.
      const owner = await signedInAs(applicant.id, "admin");
      const suspendOwn = await post(`/admin/shops/${shopId}/suspend`, owner, { reason: "Me suspendo." });
      expect(suspendOwn.statusCode).toBe(403);
      expect(suspendOwn.json()).toEqual({ message: OWN_SHOP_DECISION });
      expect(
        (await post(`/admin/shops/${shopId}/suspend`, admin, { reason: "Documentación caducada." })).statusCode,
      ).toBe(200);
      // The suspension made the owner's tokens stale too (once its second is over): a fresh sign-in.
      const reactivateOwn = await post(`/admin/shops/${shopId}/reactivate`, await signedInAs(applicant.id, "admin"));
      expect(reactivateOwn.statusCode).toBe(403);
      expect(reactivateOwn.json()).toEqual({ message: OWN_SHOP_DECISION });
      const [suspended] = await api.db.select({ status: shops.status }).from(shops).where(eq(shops.id, shopId));
      expect(suspended!.status).toBe("suspendida");
      expect((await auditOf(shopId)).map((entry) => [entry.action, entry.actorId])).toEqual([
        ["tienda.aprobar", admin.id],
        ["tienda.suspender", admin.id],
      ]);
    });

    it("una solicitud y sus documentos se muestran solo a su dueño y a los admins (404 a los demás)", async () => {
      const applicant = await signedInUser(api.db);
      const request = await appliedRequest(api.app, applicant);
      const stranger = await signedInUser(api.db);
      const seller = await signedInUser(api.db, "seller");
      expect((await get(`/shop/request/${applicant.id}`, applicant)).statusCode).toBe(200);
      expect((await get(`/shop/request/${applicant.id}`, admin)).json().request._id).toBe(request._id);
      expect((await get(`/shop/request/${applicant.id}`, stranger)).statusCode).toBe(404);
      expect((await get(`/shop/request/${applicant.id}`, seller)).statusCode).toBe(404);
      expect((await get(`/shop/request/${stranger.id}`, admin)).statusCode).toBe(404);
      expect((await get("/shop/my-request", stranger)).json()).toEqual({ request: null });

      const [pdf, png] = request.documents;
      for (const viewer of [applicant, admin]) {
        const file = await get(`/shop/document/${pdf!._id}`, viewer);
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(PDF)).toBe(true);
        expect(file.headers["content-type"]).toBe("application/pdf");
        expect(file.headers["content-disposition"]).toBe(`attachment; filename="rif.pdf"; filename*=UTF-8''rif.pdf`);
        expect(file.headers["x-content-type-options"]).toBe("nosniff");
        expect(file.headers["cache-control"]).toBe("private, no-store");
        expect(file.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none';sandbox");
      }
      const image = await get(`/shop/document/${png!._id}`, admin);
      expect(image.headers["content-type"]).toBe("image/png");
      expect(image.headers["content-disposition"]).toMatch(/^inline; filename="fachada.png"/);
      for (const viewer of [stranger, seller]) {
        const refused = await get(`/shop/document/${pdf!._id}`, viewer);
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toEqual({ message: "Documento no encontrado." });
      }
      expect((await get(`/shop/document/${pdf!._id}`)).statusCode).toBe(401);
      expect((await get(`/shop/document/${crypto.randomUUID()}`, admin)).statusCode).toBe(404);
    });

    it("la lista de tiendas filtra por estado y nombre, y pagina", async () => {
      const owner = await insertUser(api.db, { role: "seller" });
      const shop = await insertShop(api.db, {
        ownerId: owner.id,
        name: "Zeta 100% Pádel",
        slug: `zeta-${crypto.randomUUID()}`,
        status: "suspendida",
      });
      const found = await api.app.inject({
        method: "GET",
        url: "/admin/shops",
        query: { status: "suspendida", searchValue: "100%" },
        headers: admin.headers,
      });
      expect(found.statusCode).toBe(200);
      expect(found.json()).toMatchObject({
        totalShop: 1,
        page: 1,
        parPage: 20,
        shops: [{ _id: shop.id, shopName: "Zeta 100% Pádel", status: "suspendida", productCount: 0 }],
      });
      const none = await api.app.inject({
        method: "GET",
        url: "/admin/shops",
        query: { status: "aprobada", searchValue: "Zeta 100%" },
        headers: admin.headers,
      });
      expect(none.json().totalShop).toBe(0);
      const paged = await api.app.inject({
        method: "GET",
        url: "/admin/shops",
        query: { parPage: "1", page: "2" },
        headers: admin.headers,
      });
      expect(paged.json().shops).toHaveLength(1);
      expect(paged.json().totalShop).toBeGreaterThan(1);
      expect(
        (
          await api.app.inject({
            method: "GET",
            url: "/admin/shops",
            query: { status: "abierta" },
            headers: admin.headers,
          })
        ).statusCode,
      ).toBe(400);
    });
  });

  describe("de la solicitud a la tienda", () => {
    it("pide cambios en un documento, el solicitante lo reemplaza (el anterior queda en el historial) y el admin aprueba", async () => {
      const applicant = await signedInUser(api.db);
      const request = await appliedRequest(api.app, applicant, shopFields({ shopName: "Bandeja Norte" }));
      const [pdf, png] = request.documents;

      // Only documents of this request, in force, can be named.
      const foreign = await post(`/shop/request-changes/${applicant.id}`, admin, {
        documents: [{ documentId: crypto.randomUUID(), note: "x" }],
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors).toEqual([
        {
          field: "documents.0.documentId",
          message: "Ese documento no pertenece a esta solicitud o ya fue reemplazado.",
        },
      ]);

      const changes = await post(`/shop/request-changes/${applicant.id}`, admin, {
        documents: [{ documentId: png!._id, note: "La foto está borrosa." }],
      });
      expect(changes.statusCode, changes.body).toBe(200);
      expect(changes.json().message).toBe("Se pidieron cambios al solicitante.");
      expect(changes.json().request.status).toBe("requiere_cambios");
      expect(
        changes
          .json()
          .request.documents.map((document: { status: string; note: string | null }) => [
            document.status,
            document.note,
          ]),
      ).toEqual([
        ["aceptado", null],
        ["requiere_cambios", "La foto está borrosa."],
      ]);
      expect(await noticesOf(applicant.id)).toEqual([
        `Tu solicitud de tienda «Bandeja Norte» necesita cambios: reemplaza 1 documento («fachada.png»: La foto está borrosa.).`,
      ]);
      const [applicantRow] = await api.db.select({ email: users.email }).from(users).where(eq(users.id, applicant.id));
      const mail = await waitForMail(applicantRow!.email, "necesita cambios");
      expect(mail.text).toContain("- fachada.png: La foto está borrosa.");
      expect(mail.link).toBe("http://127.0.0.1:3000/dashboard/shop/confirmation");

      // Waiting for the applicant: nobody decides meanwhile.
      expect((await decide(api.app, admin, applicant.id, { approved: true })).statusCode).toBe(409);

      const replace = (user: Customer, parts: Parameters<typeof multipart>[0], userId = user.id) => {
        const body = multipart(parts);
        return api.app.inject({
          method: "POST",
          url: `/shop/replace-documents/${userId}`,
          headers: { ...user.headers, ...body.headers },
          payload: body.payload,
        });
      };
      expect(
        (await replace(admin, [{ name: `reemplazo:${png!._id}`, filename: "nueva.png", content: PNG }], applicant.id))
          .statusCode,
      ).toBe(403);
      const wrongDocument = await replace(applicant, [
        { name: `reemplazo:${pdf!._id}`, filename: "otra.pdf", content: PDF },
      ]);
      expect(wrongDocument.statusCode).toBe(400);
      expect(wrongDocument.json().errors).toEqual([
        { field: `reemplazo:${pdf!._id}`, message: "Ese documento no es uno de los que hay que reemplazar." },
        // Everything named goes in one submission: the one to replace is missing too.
        {
          field: `reemplazo:${png!._id}`,
          message: "Adjunta el documento nuevo de cada archivo que hay que reemplazar.",
        },
      ]);
      const executable = await replace(applicant, [
        { name: `reemplazo:${png!._id}`, filename: "nueva.png", content: EXE },
      ]);
      expect(executable.statusCode).toBe(400);
      expect(executable.json().errors).toEqual([{ field: `reemplazo:${png!._id}`, message: DOCUMENT_TYPE_REFUSED }]);
      const nothing = await replace(applicant, [{ name: "nota", value: "nada" }]);
      expect(nothing.statusCode).toBe(400);

      const replaced = await replace(applicant, [
        { name: `reemplazo:${png!._id}`, filename: "fachada-nitida.png", content: PNG },
      ]);
      expect(replaced.statusCode, replaced.body).toBe(200);
      const afterReplacement = replaced.json().request;
      expect(afterReplacement.status).toBe("pendiente");
      expect(
        afterReplacement.documents.map((document: { fileName: string; status: string; replacesId: string | null }) => [
          document.fileName,
          document.status,
          document.replacesId,
        ]),
      ).toEqual([
        ["rif.pdf", "aceptado", null],
        ["fachada-nitida.png", "enviado", png!._id],
      ]);
      expect(afterReplacement.history).toEqual([
        expect.objectContaining({ _id: png!._id, status: "reemplazado", note: "La foto está borrosa." }),
      ]);
      // The old file is still there for the admin to compare.
      expect((await get(`/shop/document/${png!._id}`, admin)).statusCode).toBe(200);
      expect(await noticesOf(admin.id)).toContain(
        "«Bandeja Norte» envió los cambios pedidos: la solicitud vuelve a estar pendiente de revisión.",
      );
      expect(
        (await replace(applicant, [{ name: `reemplazo:${png!._id}`, filename: "otra.png", content: PNG }])).statusCode,
      ).toBe(409);

      const approved = await decide(api.app, admin, applicant.id, { approved: true });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().message).toBe("Tienda aprobada.");
      expect(approved.json().request.status).toBe("aprobada");
      expect(
        approved.json().request.documents.every((document: { status: string }) => document.status === "aceptado"),
      ).toBe(true);
      const [user] = await api.db
        .select({ role: users.role, tokensValidAfter: users.tokensValidAfter })
        .from(users)
        .where(eq(users.id, applicant.id));
      expect(user!.role).toBe("seller");
      expect(user!.tokensValidAfter).not.toBeNull();
      const [shop] = await api.db.select().from(shops).where(eq(shops.id, request._id));
      expect(shop!.approvedAt).not.toBeNull();
      expect(await noticesOf(applicant.id)).toContain(
        "Tu tienda «Bandeja Norte» fue aprobada. Ya puedes vender en Mercado Pádel.",
      );
      expect((await waitForMail(applicantRow!.email, "fue aprobada")).text).toContain("Hola, Usuaria de Prueba:");

      const second = await decide(api.app, admin, applicant.id, { approved: false, reason: "Tarde." });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(SHOP_ALREADY_DECIDED);

      const entries = await auditOf(request._id);
      expect(entries.map((entry) => [entry.action, entry.actorId, entry.before, entry.after])).toEqual([
        [
          "tienda.pedir_cambios",
          admin.id,
          { status: "pendiente", statusReason: null },
          {
            status: "requiere_cambios",
            documents: [{ documentId: png!._id, fileName: "fachada.png", note: "La foto está borrosa." }],
          },
        ],
        [
          "tienda.reenviar",
          applicant.id,
          { status: "requiere_cambios" },
          { status: "pendiente", replaced: [{ documentId: png!._id, fileName: "fachada.png" }] },
        ],
        [
          "tienda.aprobar",
          admin.id,
          { status: "pendiente", statusReason: null },
          { status: "aprobada", statusReason: null },
        ],
      ]);
    });

    it("un rechazo sin motivo, como lo envía la sección 7, lleva un motivo neutro y el registro dice que no se dio", async () => {
      const applicant = await signedInUser(api.db);
      const request = await appliedRequest(api.app, applicant, shopFields({ shopName: "Pala Norte" }));
      const rejected = await decide(api.app, admin, applicant.id, { approved: false });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json()).toMatchObject({
        message: "Solicitud rechazada.",
        request: { status: "rechazada", statusReason: NEUTRAL_REJECTION_REASON },
      });
      expect(await noticesOf(applicant.id)).toEqual([
        `Tu solicitud de tienda «Pala Norte» fue rechazada. Motivo: ${NEUTRAL_REJECTION_REASON} Puedes corregirla y solicitar de nuevo.`,
      ]);
      const [rejection] = await auditOf(request._id);
      expect(rejection).toMatchObject({
        action: "tienda.rechazar",
        reason: NEUTRAL_REJECTION_REASON,
        after: { status: "rechazada", statusReason: NEUTRAL_REJECTION_REASON, reasonGiven: false },
      });
      // A reason that is there must still be a real one.
      const other = await signedInUser(api.db);
      await appliedRequest(api.app, other, shopFields({ shopName: "Pala Sur" }));
      const blank = await decide(api.app, admin, other.id, { approved: false, reason: "   " });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().errors).toEqual([{ field: "reason", message: "Escribe el motivo del rechazo." }]);
    });

    it("el correo de cada decisión se escribe en su transacción: una decisión perdida no deja correo", async () => {
      const applicant = await signedInUser(api.db);
      const request = await appliedRequest(api.app, applicant, shopFields({ shopName: "Cristal Bajo" }));
      const decisionMails = () =>
        api.db
          .select({ subject: mailOutbox.subject, link: mailOutbox.link })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.userId, applicant.id), eq(mailOutbox.kind, "shop-decision")))
          .orderBy(mailOutbox.createdAt, mailOutbox.id);

      // Lost just before its commit: the request still waits, and no one was told.
      await expect(
        decideRequest(
          failingBeforeCommit(api.db),
          { id: admin.id, role: "admin" },
          applicant.id,
          { approved: true },
          mailContextOf(api.config),
        ),
      ).rejects.toThrow(FAILED_BEFORE_COMMIT);
      expect(await decisionMails()).toEqual([]);
      expect(await noticesOf(applicant.id)).toEqual([]);
      const [waiting] = await api.db.select({ status: shops.status }).from(shops).where(eq(shops.id, request._id));
      expect(waiting!.status).toBe("pendiente");

      // Each committed decision has its one mail in the outbox as the answer comes back.
      expect((await decide(api.app, admin, applicant.id, { approved: true })).statusCode).toBe(200);
      expect(
        (await post(`/admin/shops/${request._id}/suspend`, admin, { reason: "Documentación caducada." })).statusCode,
      ).toBe(200);
      expect((await post(`/admin/shops/${request._id}/reactivate`, admin)).statusCode).toBe(200);
      const link = `${api.config.publicWebUrl.replace(/\/+$/, "")}/dashboard/shop/confirmation`;
      expect(await decisionMails()).toEqual([
        { subject: "Tu tienda en Mercado Pádel fue aprobada", link },
        { subject: "Tu tienda en Mercado Pádel fue suspendida", link },
        { subject: "Tu tienda en Mercado Pádel fue reactivada", link },
      ]);
    });

    it("rechazar con un motivo; quien fue rechazado solicita de nuevo en la misma fila con documentos nuevos", async () => {
      const applicant = await signedInUser(api.db);
      const request = await appliedRequest(api.app, applicant, shopFields({ shopName: "Vibora Sur" }));
      const rejected = await decide(api.app, admin, applicant.id, {
        approved: false,
        reason: "Los documentos no son legibles.",
      });
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json()).toMatchObject({
        message: "Solicitud rechazada.",
        request: { status: "rechazada", statusReason: "Los documentos no son legibles." },
      });
      expect(await noticesOf(applicant.id)).toEqual([
        "Tu solicitud de tienda «Vibora Sur» fue rechazada. Motivo: Los documentos no son legibles. Puedes corregirla y solicitar de nuevo.",
      ]);
      const [rejection] = await auditOf(request._id);
      expect(rejection).toMatchObject({
        action: "tienda.rechazar",
        reason: "Los documentos no son legibles.",
        after: { status: "rechazada", statusReason: "Los documentos no son legibles.", reasonGiven: true },
      });
      expect((await api.db.select({ role: users.role }).from(users).where(eq(users.id, applicant.id)))[0]!.role).toBe(
        "customer",
      );

      const again = await apply(api.app, applicant, [
        ...fieldParts(shopFields({ shopName: "Víbora Sur" })),
        { name: "documents", filename: "rif-legible.pdf", content: PDF },
      ]);
      expect(again.statusCode, again.body).toBe(201);
      const reapplied = again.json().request;
      expect(reapplied).toMatchObject({
        _id: request._id,
        status: "pendiente",
        statusReason: null,
        shopName: "Víbora Sur",
        slug: "vibora-sur",
      });
      expect(reapplied.documents.map((document: { fileName: string }) => document.fileName)).toEqual([
        "rif-legible.pdf",
      ]);
      expect(reapplied.history.map((document: { _id: string }) => document._id).sort()).toEqual(
        request.documents.map((document) => document._id).sort(),
      );
      expect(await shopCount(applicant.id)).toBe(1);
    });

    it("el token anterior a la aprobación se rechaza; el refresco da uno con el rol de vendedor", async () => {
      const email = `solicitante-${crypto.randomUUID()}@example.com`;
      // iat counts whole seconds: the token comes from an earlier second than the decision.
      const registered = await issuedEarlier(() =>
        api.app.inject({
          method: "POST",
          url: "/user/register",
          payload: { name: "Rosa Pérez", email, password: "Clave-segura-1" },
        }),
      );
      expect(registered.statusCode).toBe(201);
      const { token, refreshToken } = registered.json();
      const id = decodeJwt(token).id as string;
      const applicant = await signedInAs(id, "customer");
      await appliedRequest(api.app, { ...applicant, token, headers: { authorization: `Bearer ${token}` } });
      expect((await decide(api.app, admin, id, { approved: true })).statusCode).toBe(200);

      const stale = await get("/shop/my-request", { ...applicant, headers: { authorization: `Bearer ${token}` } });
      expect(stale.statusCode).toBe(401);
      const refreshed = await api.app.inject({ method: "POST", url: "/refresh-token", cookies: { refreshToken } });
      expect(refreshed.statusCode).toBe(200);
      const fresh = refreshed.json().accessToken as string;
      expect(decodeJwt(fresh)).toMatchObject({ id, role: "seller" });
      const mine = await get("/shop/my-request", { ...applicant, headers: { authorization: `Bearer ${fresh}` } });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().request.status).toBe("aprobada");
    });

    it("activate-seller da un token de vendedor con la tienda aprobada, y 409 sin ella", async () => {
      const customer = await signedInUser(api.db);
      const activate = (user: Customer, userId: string) =>
        api.app.inject({ method: "PUT", url: "/user/activate-seller", headers: user.headers, payload: { userId } });
      const refused = await activate(customer, customer.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: NO_APPROVED_SHOP });
      await appliedRequest(api.app, customer);
      expect((await activate(customer, customer.id)).statusCode).toBe(409);
      expect((await activate(await signedInUser(api.db), customer.id)).statusCode).toBe(403);

      await decide(api.app, admin, customer.id, { approved: true });
      // The role was set back by hand: activating makes them a seller again.
      await api.db.update(users).set({ role: "customer" }).where(eq(users.id, customer.id));
      // The approval made the customer's tokens stale (in whole seconds, so only sometimes here): the web's refreshed one asks.
      const activated = await activate(await signedInAs(customer.id, "customer"), customer.id);
      expect(activated.statusCode).toBe(200);
      expect(activated.json().message).toBe("Modo vendedor activado.");
      expect(decodeJwt(activated.json().token)).toMatchObject({ id: customer.id, role: "seller" });
      expect(
        (await get("/shop/my-request", { ...customer, headers: { authorization: `Bearer ${activated.json().token}` } }))
          .statusCode,
      ).toBe(200);
      expect((await api.db.select({ role: users.role }).from(users).where(eq(users.id, customer.id)))[0]!.role).toBe(
        "seller",
      );

      // An admin may switch someone; the token answered is the admin's own.
      const byAdmin = await activate(admin, customer.id);
      expect(byAdmin.statusCode).toBe(200);
      expect(decodeJwt(byAdmin.json().token)).toMatchObject({ id: admin.id, role: "admin" });
    });

    it("suspender y reactivar: solo una tienda aprobada se suspende, el vendedor conserva su rol, todo queda auditado", async () => {
      const applicant = await signedInUser(api.db);
      const request = await appliedRequest(api.app, applicant, shopFields({ shopName: "Globo Alto" }));
      const suspend = (reason?: string) =>
        post(`/admin/shops/${request._id}/suspend`, admin, reason === undefined ? {} : { reason });
      expect((await suspend("Documentación caducada.")).statusCode).toBe(409);
      await decide(api.app, admin, applicant.id, { approved: true });
      expect((await suspend()).statusCode).toBe(400);
      expect((await post(`/admin/shops/${request._id}/reactivate`, admin)).statusCode).toBe(409);

      const [before] = await api.db
        .select({ tokensValidAfter: users.tokensValidAfter })
        .from(users)
        .where(eq(users.id, applicant.id));
      const laterMillisecond = new Date(before!.tokensValidAfter!.getTime() + 1).toISOString();
      // Timestamps come back in whole milliseconds: the suspension's must fall in a later one.
      await expect
        .poll(
          async () =>
            (await api.db.execute<{ later: boolean }>(sql`select clock_timestamp() >= ${laterMillisecond} as later`))
              .rows[0]!.later,
          { interval: 1 },
        )
        .toBe(true);
      const suspended = await suspend("Documentación caducada.");
      expect(suspended.statusCode).toBe(200);
      expect(suspended.json()).toMatchObject({
        message: "Tienda suspendida.",
        request: { status: "suspendida", statusReason: "Documentación caducada." },
      });
      const [after] = await api.db
        .select({ role: users.role, tokensValidAfter: users.tokensValidAfter })
        .from(users)
        .where(eq(users.id, applicant.id));
      expect(after!.role).toBe("seller");
      expect(after!.tokensValidAfter!.getTime()).toBeGreaterThan(before!.tokensValidAfter!.getTime());
      expect((await suspend("Otra vez.")).statusCode).toBe(409);
      expect(await noticesOf(applicant.id)).toContain(
        "Tu tienda «Globo Alto» fue suspendida. Motivo: Documentación caducada.",
      );
      // The suspension made the applicant's tokens stale; the web refreshes, and the new token is refused seller mode.
      const refreshed = await signedInAs(applicant.id, "seller");
      const activate = await api.app.inject({
        method: "PUT",
        url: "/user/activate-seller",
        headers: refreshed.headers,
        payload: { userId: applicant.id },
      });
      expect(activate.statusCode).toBe(409);

      const reactivated = await post(`/admin/shops/${request._id}/reactivate`, admin);
      expect(reactivated.statusCode).toBe(200);
      expect(reactivated.json()).toMatchObject({
        message: "Tienda reactivada.",
        request: { status: "aprobada", statusReason: null },
      });
      expect((await post(`/admin/shops/${crypto.randomUUID()}/reactivate`, admin)).statusCode).toBe(404);
      expect(
        (await auditOf(request._id)).map((entry) => [
          entry.action,
          entry.reason,
          entry.before!.status,
          entry.after!.status,
        ]),
      ).toEqual([
        ["tienda.aprobar", null, "pendiente", "aprobada"],
        ["tienda.suspender", "Documentación caducada.", "aprobada", "suspendida"],
        ["tienda.reactivar", null, "suspendida", "aprobada"],
      ]);
    });
  });

  describe("registro de auditoría", () => {
    it("lista lo más reciente primero, filtra por acción, registro y admin, y nombra a los admins y la tienda", async () => {
      const otherAdmin = await signedInAs(
        (await insertUser(api.db, { role: "admin", name: "Admin Segunda" })).id,
        "admin",
      );
      const applicant = await signedInUser(api.db);
      const request = await appliedRequest(api.app, applicant, shopFields({ shopName: "Auditada" }));
      await decide(api.app, otherAdmin, applicant.id, { approved: true });
      await post(`/admin/shops/${request._id}/suspend`, admin, { reason: "Pedidos sin enviar." });

      const list = (query: Record<string, string> = {}) =>
        api.app.inject({ method: "GET", url: "/admin/audit", query, headers: admin.headers });
      const byShop = await list({ entityId: request._id });
      expect(byShop.statusCode).toBe(200);
      expect(
        byShop
          .json()
          .entries.map((entry: { action: string; actor: { name: string } }) => [entry.action, entry.actor.name]),
      ).toEqual([
        ["tienda.suspender", "Usuaria de Prueba"],
        ["tienda.aprobar", "Admin Segunda"],
      ]);
      expect(byShop.json().entries[0]).toMatchObject({
        entity: "tienda",
        entityId: request._id,
        record: { name: "Auditada", ownerId: applicant.id },
        reason: "Pedidos sin enviar.",
      });
      expect(byShop.json().totalEntry).toBe(2);
      expect(byShop.json().actors).toEqual(
        expect.arrayContaining([
          { _id: otherAdmin.id, name: "Admin Segunda", email: expect.stringContaining("@") },
          { _id: admin.id, name: "Usuaria de Prueba", email: expect.stringContaining("@") },
        ]),
      );

      const byActor = await list({ actorId: otherAdmin.id });
      expect(byActor.json().entries.map((entry: { entityId: string }) => entry.entityId)).toEqual([request._id]);
      const byAction = await list({ action: "tienda.suspender", entity: "tienda" });
      expect(byAction.json().entries.every((entry: { action: string }) => entry.action === "tienda.suspender")).toBe(
        true,
      );
      const paged = await list({ parPage: "1" });
      expect(paged.json().entries).toHaveLength(1);
      expect((await list({ action: "borrar" })).statusCode).toBe(400);
    });

    it("la base de datos no deja cambiar ni borrar una entrada", async () => {
      const [entry] = await api.db.select({ id: auditLog.id }).from(auditLog).limit(1);
      expect(entry).toBeDefined();
      await expect(
        api.db.execute(sql`update audit_log set reason = 'cambiado' where id = ${entry!.id}`),
      ).rejects.toThrow();
      await expect(api.db.execute(sql`delete from audit_log where id = ${entry!.id}`)).rejects.toThrow();
      await expect(api.db.execute(sql`truncate audit_log`)).rejects.toThrow();
      expect(await api.db.select().from(auditLog).where(eq(auditLog.id, entry!.id))).toHaveLength(1);
    });
  });

  describe("tiempo real", () => {
    let url: string;
    const sockets: Socket[] = [];
    afterEach(() => {
      for (const socket of sockets.splice(0)) socket.disconnect();
    });

    async function socketFor(user: Customer, keepsTokens = true): Promise<Socket> {
      if (!url) {
        await api.app.listen({ host: "127.0.0.1", port: 0 });
        url = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
      }
      const token = (await post("/user/socket-token", user)).json().token as string;
      const socket = connectSocket(url, {
        auth: keepsTokens ? { token } : { token, accessTokens: false },
        transports: ["websocket"],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      return socket;
    }

    const next = <T>(socket: Socket, event: string) =>
      new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no llegó ${event}`)), 5000);
        socket.once(event, (payload: T) => {
          clearTimeout(timer);
          resolve(payload);
        });
      });

    /** An event's token must be a working access token of `userId` with `role`. */
    async function expectAccessToken(token: unknown, userId: string, role: string) {
      expect(typeof token).toBe("string");
      const me = await api.app.inject({
        method: "GET",
        url: "/shop/my-request",
        headers: { authorization: `Bearer ${token as string}` },
      });
      expect(me.statusCode, me.body).toBe(200);
      expect(decodeJwt(token as string)).toMatchObject({ id: userId, role });
    }

    it("los admins reciben shopRequest con la cuenta de pendientes, y el solicitante shopApproval con su estado y un token nuevo", async () => {
      const applicant = await signedInUser(api.db);
      const adminSocket = await socketFor(admin);
      const applicantSocket = await socketFor(applicant);
      // The web's bell keeps no tokens: it gets the events without one.
      const bellSocket = await socketFor(applicant, false);
      const applicantRequests: unknown[] = [];
      applicantSocket.on(SHOP_REQUEST_EVENT, (payload) => applicantRequests.push(payload));

      const arrived = next<{ totalPending: number; token: string }>(adminSocket, SHOP_REQUEST_EVENT);
      await appliedRequest(api.app, applicant);
      const pendingNow = (await get("/shop/pending-auth", admin)).json().totalPending as number;
      const request = await arrived;
      expect(request).toEqual({ totalPending: pendingNow, token: expect.any(String) });
      await expectAccessToken(request.token, admin.id, "admin");

      const approval = next<{ status: string; token: string }>(applicantSocket, SHOP_APPROVAL_EVENT);
      const bellApproval = next<{ status: string }>(bellSocket, SHOP_APPROVAL_EVENT);
      const moved = next<{ totalPending: number }>(adminSocket, SHOP_REQUEST_EVENT);
      expect((await decide(api.app, admin, applicant.id, { approved: true })).statusCode).toBe(200);
      const approved = await approval;
      expect(approved).toEqual({ status: "aprobada", token: expect.any(String) });
      // Signed after the decision: the applicant is a seller now, and the old token is stale.
      await expectAccessToken(approved.token, applicant.id, "seller");
      expect(await bellApproval).toEqual({ status: "aprobada" });
      expect(await moved).toEqual({ totalPending: pendingNow - 1, token: expect.any(String) });
      // A refused decision announces nothing.
      const nothing = next(applicantSocket, SHOP_APPROVAL_EVENT).then(
        () => "llegó",
        () => "nada",
      );
      expect((await decide(api.app, admin, applicant.id, { approved: true })).statusCode).toBe(409);
      expect(await nothing).toBe("nada");
      expect(applicantRequests).toEqual([]);
    }, 15_000);
  });

  it("un token firmado antes de tokensValidAfter se rechaza con 401 aunque el usuario exista", async () => {
    const user = await insertUser(api.db, { tokensValidAfter: new Date() });
    const old = await new SignJWT({ id: user.id, role: "customer" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer("mercado-padel-api")
      .setAudience("mercado-padel")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 60)
      .setExpirationTime(Math.floor(Date.now() / 1000) + 600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect(
      (await get("/shop/my-request", { id: user.id, token: old, headers: { authorization: `Bearer ${old}` } }))
        .statusCode,
    ).toBe(401);
    const current = await signedInAs(user.id, "customer");
    expect((await get("/shop/my-request", current)).statusCode).toBe(200);
  });
});
