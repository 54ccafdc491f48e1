import { orderNumber } from "#contract/order-labels";
import { MailFacts, MailLayout, MailText } from "../layout.js";
import { webLink } from "../event-mail.js";
import { type MailOrder, type MailShopPart } from "../order-data.js";
import type { MailRecipient } from "../recipients.js";
import { PartLines } from "./order-lines.js";

/** Customer: one shop sent its part, with the tracking number when the seller gave one. */
export function partShippedMail(order: MailOrder, part: MailShopPart, recipient: MailRecipient, publicWebUrl: string) {
  const number = orderNumber(order.id);
  const link = webLink(publicWebUrl, `/dashboard/order/details/${order.id}`);
  return {
    kind: "part-shipped" as const,
    recipient,
    subject: `${part.shopName} envió tu pedido #${number}`,
    link,
    element: (
      <MailLayout
        preview={`${part.shopName} ya envió su parte del pedido #${number}.`}
        heading={`Tu pedido #${number} va en camino`}
        greeting={`Hola, ${recipient.name}:`}
        action={{ href: link, label: "Ver mi pedido" }}
        reason="Te escribimos porque una tienda envió parte de tu pedido en Mercado Pádel."
      >
        <MailText>{part.shopName} envió estos productos:</MailText>
        <PartLines part={part} />
        <MailFacts
          facts={[["Número de seguimiento", part.trackingNumber || "la tienda no indicó número de seguimiento"]]}
        />
      </MailLayout>
    ),
  };
}
