import { webLink, type MailOptions } from "../event-mail.js";
import { MailLayout, MailText } from "../layout.js";
import type { MailRecipient } from "../recipients.js";

/** Kind `shop-request` (optional), to each admin: a shop application to review, new or sent again. */
export function shopRequestMail(
  request: { ownerId: string; shopName: string; applicantName: string; resent: boolean },
  recipient: MailRecipient,
  publicWebUrl: string,
): MailOptions {
  const link = webLink(publicWebUrl, `/dashboard/admin/shop-requests/${request.ownerId}`);
  const subject = request.resent
    ? `Solicitud de tienda reenviada: «${request.shopName}»`
    : `Nueva solicitud de tienda: «${request.shopName}»`;
  return {
    kind: "shop-request",
    recipient,
    subject,
    link,
    element: (
      <MailLayout
        preview={subject}
        heading={request.resent ? "Una solicitud vuelve a revisión" : "Una solicitud de tienda espera revisión"}
        greeting={`Hola, ${recipient.name}:`}
        action={{ href: link, label: "Revisar la solicitud" }}
        reason="Recibes este correo porque administras Mercado Pádel."
      >
        <MailText>
          {request.applicantName}{" "}
          {request.resent
            ? `envió los cambios que pediste en la solicitud de la tienda «${request.shopName}».`
            : `solicita abrir la tienda «${request.shopName}».`}{" "}
          Revisa sus datos y documentos, y apruébala, recházala o pide cambios.
        </MailText>
      </MailLayout>
    ),
  };
}
