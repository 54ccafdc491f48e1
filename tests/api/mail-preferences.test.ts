import { createElement } from "react";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BAD_UNSUBSCRIBE_LINK, INVALID_MAIL_KIND, MAIL_ALREADY_SENT, type MailPreference } from "#contract/mail";
import { auditLog, mailOptOuts, mailOutbox } from "../../api/src/db/schema";
import { MailLayout, MailText } from "../../api/src/modules/mail/layout";
import { MAIL_STUCK_AFTER_ATTEMPTS, queueMail } from "../../api/src/modules/mail/outbox";
import { mailRecipient } from "../../api/src/modules/mail/recipients";
import { composeMail, mailContextOf } from "../../api/src/modules/mail/render";
import { signUnsubscribeToken } from "../../api/src/modules/mail/unsubscribe-token";
import { signedInAs, signedInUser } from "./orders-support";
import { insertUser, TEST_JWT_SECRET, useTestApi } from "./support";

/** One plain mail of `kind`, as a template would render it. */
function element() {
  return createElement(MailLayout, {
    preview: "Prueba",
    heading: "Prueba",
    greeting: "Hola:",
    action: { href: "http://127.0.0.1:3000/dashboard", label: "Ver" },
    reason: "Recibes este correo por una prueba.",
    children: createElement(MailText, null, "Texto de la prueba."),
  });
}

describe("preferencias de correo y baja en un clic (PGlite)", () => {
  const api = useTestApi();
  const context = () => mailContextOf(api.config);

  const preferences = async (headers: Record<string, string>) => {
    const response = await api.app.inject({ method: "GET", url: "/user/mail-preferences", headers });
    expect(response.statusCode).toBe(200);
    return response.json().kinds as MailPreference[];
  };
  const enabledOf = (kinds: MailPreference[], kind: string) => kinds.find((item) => item.kind === kind)?.enabled;
  const outboxKinds = async (userId: string) =>
    (await api.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.userId, userId))).map(
      (row) => row.kind,
    );

  it("lee y guarda las preferencias; cada rol ve sus tipos y los recibos no se apagan", async () => {
    const customer = await signedInUser(api.db, "customer");
    const initial = await preferences(customer.headers);
    const kinds = initial.map((item) => item.kind);
    expect(kinds).toContain("back-in-stock");
    expect(kinds).toContain("order-paid");
    expect(kinds).not.toContain("sale-to-prepare");
    expect(kinds).not.toContain("shop-request");
    expect(initial.every((item) => item.enabled)).toBe(true);

    const saved = await api.app.inject({
      method: "PUT",
      url: "/user/mail-preferences",
      headers: customer.headers,
      payload: { enabled: ["part-shipped"] },
    });
    expect(saved.statusCode).toBe(200);
    const after = await preferences(customer.headers);
    expect(enabledOf(after, "part-shipped")).toBe(true);
    expect(enabledOf(after, "back-in-stock")).toBe(false);
    expect(enabledOf(after, "offer-answered")).toBe(false);
    expect(enabledOf(after, "order-paid")).toBe(true);

    // A receipt cannot be turned off, nor can it be named as a kind to keep.
    const refused = await api.app.inject({
      method: "PUT",
      url: "/user/mail-preferences",
      headers: customer.headers,
      payload: { enabled: ["order-paid"] },
    });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(INVALID_MAIL_KIND);

    const seller = await signedInUser(api.db, "seller");
    const sellerKinds = (await preferences(seller.headers)).map((item) => item.kind);
    expect(sellerKinds).toContain("sale-to-prepare");
    expect(sellerKinds).not.toContain("shop-request");
    const admin = await signedInUser(api.db, "admin");
    expect((await preferences(admin.headers)).map((item) => item.kind)).toContain("shop-request");

    const guest = await api.app.inject({ method: "GET", url: "/user/mail-preferences" });
    expect(guest.statusCode).toBe(401);
  });

  it("no encola un tipo opcional desactivado; los recibos sí", async () => {
    const user = await insertUser(api.db);
    await api.db.insert(mailOptOuts).values({ userId: user.id, kind: "part-shipped" });
    const recipient = await mailRecipient(api.db, user.id);
    const compose = (kind: "part-shipped" | "order-paid" | "part-delivered") =>
      composeMail({ kind, recipient, subject: kind, link: "http://127.0.0.1:3000/", element: element() }, context());

    expect(await queueMail(api.db, await compose("part-shipped"))).toBe(false);
    expect(await queueMail(api.db, await compose("order-paid"))).toBe(true);
    expect(await queueMail(api.db, await compose("part-delivered"))).toBe(true);
    expect((await outboxKinds(user.id)).sort()).toEqual(["order-paid", "part-delivered"]);
  });

  it("solo los tipos opcionales llevan List-Unsubscribe y el enlace del pie", async () => {
    const user = await insertUser(api.db);
    const recipient = await mailRecipient(api.db, user.id);
    const optional = await composeMail(
      { kind: "back-in-stock", recipient, subject: "Opcional", link: "http://127.0.0.1:3000/", element: element() },
      context(),
    );
    const token = encodeURIComponent(signUnsubscribeToken(TEST_JWT_SECRET, user.id, "back-in-stock"));
    expect(optional.headers).toEqual({
      "List-Unsubscribe": `<${api.config.publicApiUrl}/mail/unsubscribe?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(optional.html).toContain("Dejar de recibirlos");
    expect(optional.html).toContain(`${api.config.publicWebUrl}/mail/unsubscribe?token=${token}`);
    expect(optional.text).toContain("Dejar de recibirlos");
    expect(optional.html).not.toContain("\u0000");

    const receipt = await composeMail(
      { kind: "order-paid", recipient, subject: "Recibo", link: "http://127.0.0.1:3000/", element: element() },
      context(),
    );
    expect(receipt.headers).toBeUndefined();
    expect(receipt.html).not.toContain("Dejar de recibirlos");
  });

  it("la baja en un clic (RFC 8058) con un token válido apaga el tipo; uno falso se rechaza", async () => {
    const customer = await signedInUser(api.db, "customer");
    const token = signUnsubscribeToken(TEST_JWT_SECRET, customer.id, "offer-answered");
    const url = `/mail/unsubscribe?token=${encodeURIComponent(token)}`;

    const described = await api.app.inject({ method: "GET", url });
    expect(described.statusCode).toBe(200);
    expect(described.json()).toMatchObject({ kind: "offer-answered", alreadyOff: false });

    const oneClick = await api.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json().message).toContain("Respuesta a tus ofertas");
    expect(enabledOf(await preferences(customer.headers), "offer-answered")).toBe(false);
    expect((await api.app.inject({ method: "GET", url })).json().alreadyOff).toBe(true);
    // Again (a second click, the web's confirmation without a body): still 200.
    expect((await api.app.inject({ method: "POST", url })).statusCode).toBe(200);

    const forgedTokens = [
      signUnsubscribeToken("otro-secreto", customer.id, "offer-answered"),
      token.replace("offer-answered", "back-in-stock"),
      signUnsubscribeToken(TEST_JWT_SECRET, customer.id, "order-paid" as "back-in-stock"),
      "basura",
    ];
    for (const forged of forgedTokens) {
      const refused = await api.app.inject({
        method: "POST",
        url: `/mail/unsubscribe?token=${encodeURIComponent(forged)}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(BAD_UNSUBSCRIBE_LINK);
    }
    const rows = await api.db.select().from(mailOptOuts).where(eq(mailOptOuts.userId, customer.id));
    expect(rows.map((row) => row.kind)).toEqual(["offer-answered"]);
  });

  it("el admin ve los correos atascados y los reintenta (auditado); nadie más", async () => {
    const user = await insertUser(api.db);
    const [stuck] = await api.db
      .insert(mailOutbox)
      .values({
        userId: user.id,
        toAddress: user.email,
        kind: "part-shipped",
        subject: "Tu pedido va en camino",
        text: "Texto",
        link: "http://127.0.0.1:3000/",
        attempts: MAIL_STUCK_AFTER_ATTEMPTS,
        lastError: "connect ECONNREFUSED 127.0.0.1:2525",
        nextAttemptAt: sql`now() + interval '6 hours'`,
      })
      .returning();
    await api.db.insert(mailOutbox).values({
      toAddress: user.email,
      kind: "account",
      subject: "Aún no atascado",
      text: "Texto",
      link: "http://127.0.0.1:3000/",
      attempts: MAIL_STUCK_AFTER_ATTEMPTS - 1,
      nextAttemptAt: sql`now() + interval '1 hour'`,
    });

    const customer = await signedInUser(api.db, "customer");
    expect(
      (await api.app.inject({ method: "GET", url: "/admin/mail/stuck", headers: customer.headers })).statusCode,
    ).toBe(403);
    expect(
      (await api.app.inject({ method: "POST", url: `/admin/mail/${stuck!.id}/retry`, headers: customer.headers }))
        .statusCode,
    ).toBe(403);

    const adminUser = await insertUser(api.db, { role: "admin" });
    const admin = await signedInAs(adminUser.id, "admin");
    const listed = await api.app.inject({ method: "GET", url: "/admin/mail/stuck", headers: admin.headers });
    expect(listed.statusCode).toBe(200);
    const mails = listed.json().mails as { id: string; kindLabel: string; lastError: string; subject: string }[];
    expect(mails.map((mail) => mail.subject)).toEqual(["Tu pedido va en camino"]);
    expect(mails[0]).toMatchObject({
      kindLabel: "Envío de tu pedido",
      lastError: "connect ECONNREFUSED 127.0.0.1:2525",
    });

    // Due at once: the woken worker may already have sent it (the file outbox), which also counts.
    const retried = await api.app.inject({
      method: "POST",
      url: `/admin/mail/${stuck!.id}/retry`,
      headers: admin.headers,
    });
    expect(retried.statusCode).toBe(200);
    const [row] = await api.db
      .select({ due: sql<boolean>`${mailOutbox.nextAttemptAt} <= now() or ${mailOutbox.sentAt} is not null` })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, stuck!.id));
    expect(row!.due).toBe(true);
    const audited = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, stuck!.id), eq(auditLog.action, "correo.reintentar")));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.actorId).toBe(adminUser.id);

    await api.db
      .update(mailOutbox)
      .set({ sentAt: sql`now()` })
      .where(eq(mailOutbox.id, stuck!.id));
    const again = await api.app.inject({
      method: "POST",
      url: `/admin/mail/${stuck!.id}/retry`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MAIL_ALREADY_SENT);
    const unknown = await api.app.inject({
      method: "POST",
      url: `/admin/mail/${crypto.randomUUID()}/retry`,
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
