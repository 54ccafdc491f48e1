import { formatUsd } from "#contract/money-format";
import { orderNumber } from "#contract/order-labels";
import { MailFacts, MailLayout, MailText } from "../layout.js";
import { webLink } from "../event-mail.js";
import { type MailOrder, type MailShopPart } from "../order-data.js";
import type { MailRecipient } from "../recipients.js";
import { PartLines } from "./order-lines.js";

/** Who cancelled, as the customer reads it. */
export type CancelledBy = "vendedor" | "admin";

const WHO: Record<CancelledBy, string> = {
  vendedor: "La tienda canceló",
  admin: "Mercado Pádel canceló",
};

/**
 * Customer: parts of the order (or all of it) are cancelled; when money went back, how much and to
 * where (refunds go to the customer's wallet).
 */
export function orderCancelledMail(
  order: MailOrder,
  cancelled: MailShopPart[],
  by: CancelledBy,
  refund: number,
  recipient: MailRecipient,
  publicWebUrl: string,
) {
  const number = orderNumber(order.id);
  const link = webLink(publicWebUrl, `/dashboard/order/details/${order.id}`);
  const whole = order.parts.every((part) => part.deliveryStatus === "cancelado");
  const what = whole ? `tu pedido #${number}` : `la parte de ${cancelled.map((p) => p.shopName).join(", ")}`;
  const subject =
    refund > 0
      ? `Pedido #${number} cancelado: te devolvimos ${formatUsd(refund)}`
      : `Pedido #${number} cancelado${whole ? "" : " en parte"}`;
  return {
    kind: "order-cancelled" as const,
    recipient,
    subject,
    link,
    element: (
      <MailLayout
        preview={subject}
        heading={whole ? `Pedido #${number} cancelado` : `Parte del pedido #${number} cancelada`}
        greeting={`Hola, ${recipient.name}:`}
        action={{ href: link, label: "Ver mi pedido" }}
        reason="Te escribimos porque cambió un pedido tuyo en Mercado Pádel."
      >
        <MailText>
          {WHO[by]} {what}
          {whole ? "" : ` del pedido #${number}`}. Estos productos ya no se envían:
        </MailText>
        {cancelled.map((part) => (
          <PartLines key={part.id} part={part} />
        ))}
        {refund > 0 ? (
          <MailFacts
            facts={[
              ["Reembolso", formatUsd(refund)],
              ["Devuelto a", "tu cartera de Mercado Pádel"],
            ]}
          />
        ) : (
          <MailText>No se cobró nada por estos productos, así que no hay dinero que devolver.</MailText>
        )}
      </MailLayout>
    ),
  };
}
