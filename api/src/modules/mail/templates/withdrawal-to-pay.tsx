import { formatUsd } from "#contract/money-format";
import { webLink, type MailOptions } from "../event-mail.js";
import { MailFacts, MailLayout, MailText } from "../layout.js";
import type { MailRecipient } from "../recipients.js";

/** Kind `withdrawal-to-pay` (optional), to each admin: a seller asks for their money. */
export function withdrawalToPayMail(
  request: { shopName: string; amount: number; payout: string },
  recipient: MailRecipient,
  publicWebUrl: string,
): MailOptions {
  const link = webLink(publicWebUrl, "/dashboard/admin/withdrawals");
  const subject = `Retiro por pagar: ${formatUsd(request.amount)} de ${request.shopName}`;
  return {
    kind: "withdrawal-to-pay",
    recipient,
    subject,
    link,
    element: (
      <MailLayout
        preview={subject}
        heading="Un vendedor pide un retiro"
        greeting={`Hola, ${recipient.name}:`}
        action={{ href: link, label: "Ver los retiros pendientes" }}
        reason="Recibes este correo porque administras Mercado Pádel."
      >
        <MailText>{request.shopName} pide que le paguemos lo que tiene disponible.</MailText>
        <MailFacts
          facts={[
            ["Importe", formatUsd(request.amount)],
            ["Pagar a", request.payout],
          ]}
        />
        <MailText>
          Cuando lo pagues, confírmalo con la referencia de la transferencia; si no, recházalo con el motivo.
        </MailText>
      </MailLayout>
    ),
  };
}
