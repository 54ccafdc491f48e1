import { formatUsd } from "#contract/money-format";
import { orderNumber } from "#contract/order-labels";
import { formatDateForRegion } from "#contract/region-time";
import { webLink, type MailOptions } from "../event-mail.js";
import { MailFacts, MailLayout, MailText } from "../layout.js";
import type { MailRecipient } from "../recipients.js";

/**
 * Kind `offer-answered` (optional), to the customer: the shop accepted (the order's new total) or
 * rejected their offer, and until when the order can be paid.
 */
export function offerAnsweredMail(
  answer: {
    orderId: string;
    shopName: string;
    price: number;
    accepted: boolean;
    /** The order's total now (new when accepted). */
    total: number;
    /** Null when the order can no longer be paid (already paid or closed). */
    payBefore: Date | null;
  },
  recipient: MailRecipient,
  publicWebUrl: string,
): MailOptions {
  const number = orderNumber(answer.orderId);
  const link = webLink(publicWebUrl, `/dashboard/order/details/${answer.orderId}`);
  const verdict = answer.accepted ? "aceptó" : "rechazó";
  const subject = `${answer.shopName} ${verdict} tu oferta del pedido #${number}`;
  const facts: [string, string][] = [
    ["Tu oferta", formatUsd(answer.price)],
    [answer.accepted ? "Nuevo total del pedido" : "Total del pedido", formatUsd(answer.total)],
  ];
  if (answer.payBefore)
    facts.push(["Paga antes del", formatDateForRegion(answer.payBefore.toISOString(), recipient.region)]);
  return {
    kind: "offer-answered",
    recipient,
    subject,
    link,
    element: (
      <MailLayout
        preview={subject}
        heading={answer.accepted ? "Tu oferta fue aceptada" : "Tu oferta fue rechazada"}
        greeting={`Hola, ${recipient.name}:`}
        action={{ href: link, label: answer.payBefore ? "Pagar el pedido" : "Ver mi pedido" }}
        reason="Recibes este correo porque hiciste una oferta en Mercado Pádel."
      >
        <MailText>
          {answer.shopName} {verdict} tu oferta de {formatUsd(answer.price)} en el pedido #{number}.
          {answer.accepted ? " El pedido ya tiene el precio nuevo." : " El pedido mantiene su precio."}
        </MailText>
        <MailFacts facts={facts} />
      </MailLayout>
    ),
  };
}
