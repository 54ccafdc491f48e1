import { formatUsd } from "#contract/money-format";
import { orderNumber } from "#contract/order-labels";
import { formatDateForRegion } from "#contract/region-time";
import { MailFacts, MailLayout, MailText } from "../layout.js";
import { webLink } from "../event-mail.js";
import { type MailOrder } from "../order-data.js";
import type { MailRecipient } from "../recipients.js";
import { PartLines } from "./order-lines.js";

/** Customer: the order is placed; what to pay, until when, and the payment page. */
export function orderPlacedMail(order: MailOrder, recipient: MailRecipient, publicWebUrl: string) {
  const number = orderNumber(order.id);
  const payBy = formatDateForRegion(order.payBy, recipient.region);
  const link = webLink(publicWebUrl, `/payment?${new URLSearchParams({ orderId: order.id })}`);
  return {
    kind: "order-placed" as const,
    recipient,
    subject: `Pedido #${number}: paga ${formatUsd(order.total)} antes del ${payBy}`,
    link,
    element: (
      <MailLayout
        preview={`Paga ${formatUsd(order.total)} antes del ${payBy}.`}
        heading={`Tu pedido #${number} está hecho`}
        greeting={`Hola, ${recipient.name}:`}
        action={{ href: link, label: "Pagar el pedido" }}
        reason="Te escribimos porque hiciste este pedido en Mercado Pádel."
      >
        <MailText>
          Guardamos los productos para ti hasta la hora de pago. Si no lo pagas a tiempo, se cancela solo.
        </MailText>
        <MailFacts
          facts={[
            ["Total a pagar", formatUsd(order.total)],
            ["Paga antes del", payBy],
          ]}
        />
        {order.parts.map((part) => (
          <PartLines key={part.id} part={part} />
        ))}
      </MailLayout>
    ),
  };
}
