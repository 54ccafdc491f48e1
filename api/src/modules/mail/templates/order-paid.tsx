import { formatUsd } from "#contract/money-format";
import { orderNumber, PAYMENT_METHOD_LABELS } from "#contract/order-labels";
import { MailFacts, MailLayout, MailText } from "../layout.js";
import { webLink } from "../event-mail.js";
import { type MailOrder } from "../order-data.js";
import type { MailRecipient } from "../recipients.js";
import { addressText, PartLines } from "./order-lines.js";

/** Customer: the receipt of a paid order, lines per shop, and the order's page. */
export function orderPaidMail(order: MailOrder, recipient: MailRecipient, publicWebUrl: string) {
  const number = orderNumber(order.id);
  const link = webLink(publicWebUrl, `/dashboard/order/details/${order.id}`);
  const parts = order.parts.filter((part) => part.deliveryStatus !== "cancelado");
  const facts: [string, string][] = [["Subtotal", formatUsd(order.subtotal)]];
  facts.push(["Envío", formatUsd(order.shippingFee)]);
  if (order.shopDiscount > 0) facts.push(["Cupones de las tiendas", `-${formatUsd(order.shopDiscount)}`]);
  if (order.discount > 0)
    facts.push([`Cupón${order.couponCode ? ` ${order.couponCode}` : ""}`, `-${formatUsd(order.discount)}`]);
  facts.push(["Total pagado", formatUsd(order.total)]);
  if (order.method) facts.push(["Forma de pago", PAYMENT_METHOD_LABELS[order.method]]);
  facts.push(["Dirección de envío", addressText(order.shippingInfo)]);
  return {
    kind: "order-paid" as const,
    recipient,
    subject: `Recibo del pedido #${number}: ${formatUsd(order.total)} pagados`,
    link,
    element: (
      <MailLayout
        preview={`Pagaste ${formatUsd(order.total)} por el pedido #${number}.`}
        heading={`Recibo del pedido #${number}`}
        greeting={`Hola, ${recipient.name}:`}
        action={{ href: link, label: "Ver mi pedido" }}
        reason="Te escribimos porque pagaste este pedido en Mercado Pádel; guarda este correo como recibo."
      >
        <MailText>Recibimos tu pago. Cada tienda prepara su parte y te avisaremos cuando la envíe.</MailText>
        {parts.map((part) => (
          <PartLines key={part.id} part={part} />
        ))}
        <MailFacts facts={facts} />
      </MailLayout>
    ),
  };
}
