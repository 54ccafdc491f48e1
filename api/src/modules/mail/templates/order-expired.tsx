import { formatUsd } from "#contract/money-format";
import { orderNumber } from "#contract/order-labels";
import { webLink, type MailOptions } from "../event-mail.js";
import { MailFacts, MailLayout, MailText } from "../layout.js";
import type { MailRecipient } from "../recipients.js";

/**
 * Kind `order-expired` (optional), to the customer: their unpaid order passed its time and the sweep
 * cancelled it; nothing was charged and its units went back to the shops.
 */
export function orderExpiredMail(
  order: { id: string; total: number },
  recipient: MailRecipient,
  publicWebUrl: string,
): MailOptions {
  const number = orderNumber(order.id);
  const link = webLink(publicWebUrl, `/dashboard/order/details/${order.id}`);
  const subject = `Tu pedido #${number} caducó`;
  return {
    kind: "order-expired",
    recipient,
    subject,
    link,
    element: (
      <MailLayout
        preview={subject}
        heading={subject}
        greeting={`Hola, ${recipient.name}:`}
        action={{ href: link, label: "Ver mi pedido" }}
        reason="Te escribimos porque cambió un pedido tuyo en Mercado Pádel."
      >
        <MailText>
          Tu pedido #{number} no se pagó a tiempo, así que lo cancelamos y sus unidades volvieron a las tiendas. No te
          cobramos nada.
        </MailText>
        <MailFacts facts={[["Total sin pagar", formatUsd(order.total)]]} />
        <MailText>Si todavía lo quieres, añade los productos al carrito y haz un pedido nuevo.</MailText>
      </MailLayout>
    ),
  };
}
