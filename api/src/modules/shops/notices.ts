import type { ShopRequest } from "#contract/shops";
import type { MailMessage } from "../accounts/mail.js";

/**
 * What the applicant and the admins are told about a request (type `tienda`): the notification's
 * one line, and the applicant's e-mail with the link to the request's page.
 */

/** What happened to the applicant's request or shop. */
export type ShopOutcome =
  | { kind: "aprobada" }
  | { kind: "rechazada"; reason: string }
  | { kind: "requiere_cambios"; documents: { fileName: string; note: string }[] }
  | { kind: "suspendida"; reason: string }
  | { kind: "reactivada" };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The applicant's notification. */
export function outcomeNotice(shopName: string, outcome: ShopOutcome): string {
  switch (outcome.kind) {
    case "aprobada":
      return `Tu tienda «${shopName}» fue aprobada. Ya puedes vender en Mercado Pádel.`;
    case "rechazada":
      return `Tu solicitud de tienda «${shopName}» fue rechazada. Motivo: ${outcome.reason} Puedes corregirla y solicitar de nuevo.`;
    case "requiere_cambios":
      return `Tu solicitud de tienda «${shopName}» necesita cambios: reemplaza ${plural(outcome.documents.length, "documento", "documentos")} (${outcome.documents
        .map((document) => `«${document.fileName}»: ${document.note}`)
        .join("; ")}).`;
    case "suspendida":
      return `Tu tienda «${shopName}» fue suspendida. Motivo: ${outcome.reason}`;
    case "reactivada":
      return `Tu tienda «${shopName}» fue reactivada. Tus productos vuelven a estar a la venta.`;
  }
}

const SUBJECTS: Record<ShopOutcome["kind"], string> = {
  aprobada: "Tu tienda en Mercado Pádel fue aprobada",
  rechazada: "Tu solicitud de tienda en Mercado Pádel fue rechazada",
  requiere_cambios: "Tu solicitud de tienda en Mercado Pádel necesita cambios",
  suspendida: "Tu tienda en Mercado Pádel fue suspendida",
  reactivada: "Tu tienda en Mercado Pádel fue reactivada",
};

function mailBody(request: ShopRequest, outcome: ShopOutcome): string[] {
  const shop = `«${request.shopName}»`;
  switch (outcome.kind) {
    case "aprobada":
      return [`Tu tienda ${shop} fue aprobada: ya eres vendedor en Mercado Pádel y puedes publicar tus productos.`];
    case "rechazada":
      return [
        `Revisamos tu solicitud de tienda ${shop} y no pudimos aprobarla.`,
        "",
        `Motivo: ${outcome.reason}`,
        "",
        "Puedes corregir los datos o los documentos y solicitar de nuevo.",
      ];
    case "requiere_cambios":
      return [
        `Revisamos tu solicitud de tienda ${shop}. Para seguir, reemplaza estos documentos:`,
        "",
        ...outcome.documents.map((document) => `- ${document.fileName}: ${document.note}`),
        "",
        "Los demás documentos quedaron aceptados.",
      ];
    case "suspendida":
      return [
        `Tu tienda ${shop} fue suspendida y tus productos ya no se muestran en la tienda.`,
        "",
        `Motivo: ${outcome.reason}`,
      ];
    case "reactivada":
      return [`Tu tienda ${shop} fue reactivada: tus productos vuelven a estar a la venta.`];
  }
}

/** The applicant's e-mail, with the link to the page that shows the request's state. */
export function outcomeMail(request: ShopRequest, outcome: ShopOutcome, publicWebUrl: string): MailMessage {
  const link = `${publicWebUrl.replace(/\/+$/, "")}/dashboard/shop/confirmation`;
  return {
    to: request.applicant.email,
    subject: SUBJECTS[outcome.kind],
    text: [
      `Hola, ${request.applicant.name}:`,
      "",
      ...mailBody(request, outcome),
      "",
      "Mira el estado de tu solicitud aquí:",
      "",
      link,
      "",
      "Mercado Pádel",
    ].join("\n"),
    link,
  };
}

/** The admins' notification of a request that arrived or came back with the documents asked for. */
export function newRequestNotice(shopName: string, applicantName: string, kind: "nueva" | "reenviada"): string {
  return kind === "nueva"
    ? `Nueva solicitud de tienda: «${shopName}», de ${applicantName}.`
    : `«${shopName}» reemplazó los documentos pedidos: la solicitud vuelve a estar pendiente de revisión.`;
}
