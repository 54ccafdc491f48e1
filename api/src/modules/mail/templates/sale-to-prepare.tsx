import { formatUsd } from "#contract/money-format";
import { orderNumber } from "#contract/order-labels";
import { MailFacts, MailLayout, MailText } from "../layout.js";
import { webLink } from "../event-mail.js";
import { type MailOrder, type MailShopPart } from "../order-data.js";
import type { MailRecipient } from "../recipients.js";
import { addressText, PartLines } from "./order-lines.js";

/** Seller: a paid order to prepare, their own lines only, who for and where to. */
export function saleToPrepareMail(
  order: MailOrder,
  part: MailShopPart,
  recipient: MailRecipient,
  publicWebUrl: string,
) {
  const number = orderNumber(order.id);
  const link = webLink(publicWebUrl, `/dashboard/seller/orders/details/${part.id}`);
  return {
    kind: "sale-to-prepare" as const,
    recipient,
    subject: `Pedido #${number} pagado en ${part.shopName}: prepáralo`,
    link,
    element: (
      <MailLayout
        preview={`${order.shippingInfo.name} pagó el pedido #${number}.`}
        heading={`Pedido #${number} por preparar`}
        greeting={`Hola, ${recipient.name}:`}
        action={{ href: link, label: "Ver el pedido" }}
        reason={`Te escribimos porque vendiste en tu tienda ${part.shopName} de Mercado Pádel.`}
      >
        <MailText>El pedido está pagado. Prepara estos productos y márcalo como enviado:</MailText>
        <PartLines part={part} />
        <MailFacts
          facts={[
            ["Total de tu parte", formatUsd(part.total)],
            ["Cliente", order.shippingInfo.name],
            ["Enviar a", addressText(order.shippingInfo)],
          ]}
        />
      </MailLayout>
    ),
  };
}
