import { orderNumber } from "#contract/order-labels";
import { MailLayout, MailText } from "../layout.js";
import { webLink } from "../event-mail.js";
import { type MailOrder, type MailShopPart } from "../order-data.js";
import type { MailRecipient } from "../recipients.js";
import { PartLines } from "./order-lines.js";

/** Customer: one shop's part is delivered. */
export function partDeliveredMail(
  order: MailOrder,
  part: MailShopPart,
  recipient: MailRecipient,
  publicWebUrl: string,
) {
  const number = orderNumber(order.id);
  const link = webLink(publicWebUrl, `/dashboard/order/details/${order.id}`);
  return {
    kind: "part-delivered" as const,
    recipient,
    subject: `${part.shopName} entregó tu pedido #${number}`,
    link,
    element: (
      <MailLayout
        preview={`Tu parte de ${part.shopName} del pedido #${number} está entregada.`}
        heading={`Pedido #${number} entregado`}
        greeting={`Hola, ${recipient.name}:`}
        action={{ href: link, label: "Ver mi pedido" }}
        reason="Te escribimos porque una tienda entregó parte de tu pedido en Mercado Pádel."
      >
        <MailText>{part.shopName} marcó como entregados estos productos:</MailText>
        <PartLines part={part} />
        <MailText>Si algo no llegó bien, escríbele a la tienda desde la página del pedido.</MailText>
      </MailLayout>
    ),
  };
}
