import { identityChangeDecidedNotice } from "#contract/notification-texts";
import { webLink, type MailOptions } from "../event-mail.js";
import { MailLayout, MailText } from "../layout.js";
import type { MailRecipient } from "../recipients.js";

/**
 * Kind `shop-decision` (always sent, like every decision on the reader's shop): an admin approved
 * or rejected the shop's change of name or tax id (decision 0055), with the reason of a rejection.
 */
export function shopIdentityDecisionMail(
  change: { shopName: string; asked: string; decision: { approved: true } | { approved: false; reason: string } },
  recipient: MailRecipient,
  publicWebUrl: string,
): MailOptions {
  const link = webLink(publicWebUrl, "/dashboard/seller/profile");
  const subject = change.decision.approved
    ? "Aprobamos el cambio de datos de tu tienda"
    : "Rechazamos el cambio de datos de tu tienda";
  return {
    kind: "shop-decision",
    recipient,
    subject,
    link,
    element: (
      <MailLayout
        preview={subject}
        heading={subject}
        greeting={`Hola, ${recipient.name}:`}
        action={{ href: link, label: "Ver el perfil de mi tienda" }}
        reason="Recibes este correo porque pediste cambiar el nombre o el identificador fiscal de tu tienda en Mercado Pádel."
      >
        <MailText>{identityChangeDecidedNotice(change.shopName, change.asked, change.decision)}</MailText>
        {change.decision.approved ? null : (
          <MailText>Tu tienda conserva sus datos actuales. Puedes pedir otro cambio cuando quieras.</MailText>
        )}
      </MailLayout>
    ),
  };
}
