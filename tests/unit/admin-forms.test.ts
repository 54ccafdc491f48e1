import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { formatDateForRegion } from "#contract/region-time";

const longDateTime = (iso: string) => formatDateForRegion(iso, "es");
import { REJECTION_REASONS, SUSPENSION_REASONS } from "#contract/shop-labels";
import { OTHER_REASON } from "~/forms/admin-shop.forms";
import {
  rejectFormSchema,
  requestChangesFormSchema,
  suspendFormSchema,
  suspendShopSchema,
} from "~/forms/admin-shop.schema";
import { shopsListQuery } from "~/services/admin-shops.server";
import { auditListQuery } from "~/services/audit.server";
import { formatUsd } from "#contract/money-format";
import { couponUpdateForm, VALID_UNTIL_BEFORE_FROM } from "#contract/promotions";
import { auditChanges } from "~/services/audit-format";

const DOCUMENT_A = "0b7c1f3e-5d2a-4c8e-9f10-2a3b4c5d6e7f";
const DOCUMENT_B = "1c8d2a4f-6e3b-4d9f-8a21-3b4c5d6e7f80";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

describe("los formularios de la administración", () => {
  it("un rechazo lleva el motivo elegido, o el escrito tras «Otro motivo», como el cuerpo del contrato", () => {
    const ready = parseWithZod(form({ reasonChoice: REJECTION_REASONS[1], otherReason: "ignorado" }), {
      schema: rejectFormSchema,
    });
    expect(ready.status === "success" && ready.value).toEqual({ approved: false, reason: REJECTION_REASONS[1] });

    const written = parseWithZod(form({ reasonChoice: OTHER_REASON, otherReason: "  Vende solo ropa de tenis.  " }), {
      schema: rejectFormSchema,
    });
    expect(written.status === "success" && written.value).toEqual({
      approved: false,
      reason: "Vende solo ropa de tenis.",
    });
  });

  it("sin motivo, cada mensaje va junto al control que el administrador usó", () => {
    const none = parseWithZod(form({}), { schema: rejectFormSchema });
    expect(none.status === "error" && none.error).toEqual({ reasonChoice: ["Elige el motivo del rechazo."] });

    const empty = parseWithZod(form({ reasonChoice: OTHER_REASON, otherReason: "   " }), { schema: rejectFormSchema });
    expect(empty.status === "error" && empty.error).toEqual({ otherReason: ["Escribe el motivo del rechazo."] });

    const invented = parseWithZod(form({ reasonChoice: "Un motivo que no está en la lista" }), {
      schema: rejectFormSchema,
    });
    expect(invented.status).toBe("error");

    const tooLong = parseWithZod(form({ reasonChoice: OTHER_REASON, otherReason: "x".repeat(501) }), {
      schema: suspendFormSchema,
    });
    expect(tooLong.status === "error" && tooLong.error).toEqual({
      otherReason: ["El motivo no puede superar los 500 caracteres."],
    });
  });

  it("una suspensión lleva su motivo como `{reason}`", () => {
    const ready = parseWithZod(form({ reasonChoice: SUSPENSION_REASONS[0], shopId: DOCUMENT_A }), {
      schema: suspendFormSchema,
    });
    expect(ready.status === "success" && ready.value).toEqual({ reason: SUSPENSION_REASONS[0] });
    const empty = parseWithZod(form({ reasonChoice: OTHER_REASON }), { schema: suspendFormSchema });
    expect(empty.status === "error" && empty.error).toEqual({ otherReason: ["Escribe el motivo de la suspensión."] });
  });

  it("la suspensión de una fila de la lista lleva también su tienda, que debe ser un identificador", () => {
    const row = parseWithZod(form({ reasonChoice: SUSPENSION_REASONS[0], shopId: DOCUMENT_A }), {
      schema: suspendShopSchema,
    });
    expect(row.status === "success" && row.value).toEqual({ shopId: DOCUMENT_A, reason: SUSPENSION_REASONS[0] });
    const noShop = parseWithZod(form({ reasonChoice: SUSPENSION_REASONS[0], shopId: "abc" }), {
      schema: suspendShopSchema,
    });
    expect(noShop.status === "error" && noShop.error).toEqual({ shopId: ["La tienda no es válida."] });
  });

  it("pedir cambios envía solo los documentos marcados, cada uno con su nota", () => {
    const submission = parseWithZod(
      form({
        "documents[0].documentId": DOCUMENT_A,
        "documents[0].note": "no marcado: no viaja",
        "documents[1].documentId": DOCUMENT_B,
        "documents[1].selected": "on",
        "documents[1].note": " Falta la segunda página. ",
      }),
      { schema: requestChangesFormSchema },
    );
    expect(submission.status === "success" && submission.value).toEqual({
      fields: [],
      documents: [{ documentId: DOCUMENT_B, note: "Falta la segunda página." }],
    });
  });

  it("pedir cambios sin marcar nada, o sin la nota de uno marcado, se dice donde corresponde", () => {
    const none = parseWithZod(form({ "documents[0].documentId": DOCUMENT_A, "documents[1].documentId": DOCUMENT_B }), {
      schema: requestChangesFormSchema,
    });
    expect(none.status === "error" && none.error).toEqual({
      "": ["Elige al menos un dato o un documento que haya que cambiar."],
    });

    const noNote = parseWithZod(
      form({
        "documents[0].documentId": DOCUMENT_A,
        "documents[1].documentId": DOCUMENT_B,
        "documents[1].selected": "on",
        "documents[1].note": " ",
      }),
      { schema: requestChangesFormSchema },
    );
    expect(noNote.status === "error" && noNote.error).toEqual({
      "documents[1].note": ["Di qué hay que cambiar en el documento."],
    });

    // A datum's note is optional; an unknown datum is refused on its row.
    const data = parseWithZod(
      form({
        "fields[0].field": "shopName",
        "fields[1].field": "phone",
        "fields[1].selected": "on",
        "fields[2].field": "rif",
        "fields[2].selected": "on",
        "fields[2].note": " No coincide con el documento. ",
        "documents[0].documentId": DOCUMENT_A,
      }),
      { schema: requestChangesFormSchema },
    );
    expect(data.status === "success" && data.value).toEqual({
      fields: [
        { field: "phone", note: null },
        { field: "rif", note: "No coincide con el documento." },
      ],
      documents: [],
    });
    const unknown = parseWithZod(form({ "fields[0].field": "country", "fields[0].selected": "on" }), {
      schema: requestChangesFormSchema,
    });
    expect(unknown.status === "error" && unknown.error).toEqual({
      "fields[0].selected": ["Ese dato de la solicitud no existe."],
    });
  });
});

describe("las direcciones de las listas", () => {
  it("la lista de tiendas lee estado, nombre y página, y deja fuera lo que no entiende", () => {
    expect(shopsListQuery(new URLSearchParams("status=suspendida&searchValue=%20Norte%20&pageNumber=3"))).toEqual({
      status: "suspendida",
      searchValue: "Norte",
      page: 3,
    });
    expect(shopsListQuery(new URLSearchParams("status=abierta&pageNumber=-1"))).toEqual({
      status: undefined,
      searchValue: undefined,
      page: 1,
    });
  });

  it("el registro de auditoría se filtra con el esquema de la API, y un identificador mal escrito se señala", () => {
    const good = auditListQuery(new URLSearchParams(`action=tienda.suspender&entityId=${DOCUMENT_A}&pageNumber=2`));
    expect(good.errors).toBeNull();
    expect(good.query).toMatchObject({ action: "tienda.suspender", entityId: DOCUMENT_A, page: 2, parPage: 25 });

    const bad = auditListQuery(new URLSearchParams("entityId=abc"));
    expect(bad.query).toBeNull();
    expect(bad.errors).toEqual({ entityId: "El registro no es válido." });
    expect(bad.typed.entityId).toBe("abc");

    // A page number nobody could mean is the first page, not a refusal.
    expect(auditListQuery(new URLSearchParams("pageNumber=cero")).query).toMatchObject({ page: 1 });
  });
});

describe("antes y después en el registro", () => {
  it("muestra solo lo que cambió, con nombres y valores en español", () => {
    const changes = auditChanges(
      { status: "aprobada", statusReason: null },
      { status: "suspendida", statusReason: "Documentación caducada." },
      longDateTime,
      {
        entity: "tienda",
        action: "tienda.suspender",
      },
    );
    expect(changes).toEqual([
      { field: "Estado", before: "Aprobada", after: "Suspendida" },
      { field: "Motivo", before: "—", after: "Documentación caducada." },
    ]);
  });

  it("los documentos de una petición de cambios se leen por su nombre y su nota; un campo ausente no es un cambio", () => {
    const changes = auditChanges(
      { status: "pendiente", statusReason: null },
      {
        status: "requiere_cambios",
        documents: [{ documentId: DOCUMENT_A, fileName: "registro.pdf", note: "Ilegible." }],
      },
      longDateTime,
      { entity: "tienda", action: "tienda.pedir_cambios" },
    );
    expect(changes).toEqual([
      { field: "Estado", before: "Pendiente de revisión", after: "Requiere cambios" },
      { field: "Documentos", before: "—", after: "registro.pdf, Nota: Ilegible." },
    ]);
  });

  it("un retiro se lee con su importe en US$, sus estados de retiro y su cuenta de cobro", () => {
    expect(
      auditChanges(
        null,
        { amount: 2000, status: "pendiente", shop: "Pádel Centro", payout: "CaixaBank · ES91 …4321" },
        longDateTime,
        { entity: "retiro", action: "retiro.solicitar" },
      ),
    ).toEqual([
      { field: "Importe", before: "—", after: formatUsd(2000) },
      { field: "Estado", before: "—", after: "Pendiente" },
      { field: "Tienda", before: "—", after: "Pádel Centro" },
      { field: "Cuenta de cobro", before: "—", after: "CaixaBank · ES91 …4321" },
    ]);
    expect(
      auditChanges({ status: "pendiente", amount: 2000 }, { status: "confirmado", reference: "TRF-1" }, longDateTime, {
        entity: "retiro",
        action: "retiro.confirmar",
      }),
    ).toEqual([
      { field: "Estado", before: "Pendiente", after: "Pagado" },
      { field: "Importe", before: formatUsd(2000), after: "—" },
      { field: "Referencia de la transferencia", before: "—", after: "TRF-1" },
    ]);
  });

  it("una oferta respondida y un cambio de estado de pedido se leen en español, con el dinero en US$", () => {
    expect(
      auditChanges(
        { shop: "Pádel Centro", subtotal: 7617, offer: 7000, status: "pendiente" },
        { shop: "Pádel Centro", subtotal: 7000, status: "aceptada", orderTotal: 7500 },
        longDateTime,
        { entity: "pedido", action: "pedido.oferta" },
      ),
    ).toEqual([
      { field: "Subtotal", before: formatUsd(7617), after: formatUsd(7000) },
      { field: "Oferta", before: formatUsd(7000), after: "—" },
      { field: "Estado", before: "Pendiente", after: "Aceptada" },
      { field: "Total del pedido", before: "—", after: formatUsd(7500) },
    ]);
    expect(
      auditChanges(
        { deliveryStatus: "Pádel Centro: procesando, Pádel Sur: pendiente" },
        { deliveryStatus: "Pádel Centro: enviado, Pádel Sur: enviado", trackingNumber: "ES 1234" },
        longDateTime,
        { entity: "pedido", action: "pedido.estado" },
      ),
    ).toEqual([
      {
        field: "Estado de entrega",
        before: "Pádel Centro: En preparación, Pádel Sur: Pendiente",
        after: "Pádel Centro: Enviado, Pádel Sur: Enviado",
      },
      { field: "Número de seguimiento", before: "—", after: "ES 1234" },
    ]);
  });

  it("muestra los días de un cupón como DD/MM/AAAA y su límite de usos", () => {
    const changes = auditChanges(
      { name: "Cupón VALE100", validFrom: "2024-01-01", validUntil: "2032-01-01", maxUses: 200 },
      { name: "Cupón VALE100", validFrom: "2024-01-01", validUntil: "2026-12-31", maxUses: 50 },
      longDateTime,
      { entity: "cupon", action: "cupon.editar" },
    );
    expect(changes).toEqual([
      { field: "Válido hasta", before: "01/01/2032", after: "31/12/2026" },
      { field: "Límite de usos", before: "200", after: "50" },
    ]);
  });
});

describe("el cupón de la administración", () => {
  it("un límite mal escrito y unas fechas al revés se dicen en el mismo envío", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      code: "AHORRA20",
      validFrom: "2026-12-10",
      validUntil: "2026-12-01",
      maxUses: "muchos",
      version: "v1",
    }))
      form.set(name, value);
    const submission = parseWithZod(form, { schema: couponUpdateForm });
    const errors = submission.status === "error" ? submission.error : undefined;
    expect(errors?.maxUses?.[0]).toMatch(/^El límite de usos debe ser un número entero/);
    expect(errors?.validUntil).toEqual([VALID_UNTIL_BEFORE_FROM]);
    form.set("validUntil", "2026-12-31");
    form.set("maxUses", "50");
    expect(parseWithZod(form, { schema: couponUpdateForm }).status).toBe("success");
  });
});
