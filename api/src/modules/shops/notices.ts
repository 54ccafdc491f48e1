import type { ShopRequest } from "#contract/shops";
import type { ShopOutcome } from "#contract/notification-texts";
import type { MailMessage } from "../mail/outbox.js";

/**
 * The applicant's e-mail about their request, with the link to the request's page. The
 * notifications' one line is in contract/notification-texts.ts.
 */

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
