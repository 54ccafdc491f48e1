import { orderNumber } from "#contract/order-labels";
import { orderPageLink, type MailOptions } from "../event-mail.js";
import { MailLayout, MailText } from "../layout.js";
import type { MailRecipient } from "../recipients.js";

/**
 * Kind `order-message` (optional), to the other side of an order's thread. The message itself is not
 * copied into the mail: it is untrusted text, read on the order's page where it is shown as text.
 */
export function orderMessageMail(
  message: { orderId: string; shopOrderId: string; shopName: string; fromCustomer: boolean; authorName: string },
  recipient: MailRecipient,
  publicWebUrl: string,
): MailOptions {
  const number = orderNumber(message.orderId);
  const link = orderPageLink(publicWebUrl, message, message.fromCustomer);
  const subject = message.fromCustomer
    ? `Nuevo mensaje del cliente en el pedido #${number}`
    : `Nuevo mensaje de ${message.shopName} sobre tu pedido #${number}`;
  return {
    kind: "order-message",
    recipient,
    subject,
    link,
    element: (
      <MailLayout
        preview={subject}
        heading="Tienes un mensaje nuevo"
        greeting={`Hola, ${recipient.name}:`}
        action={{ href: link, label: "Leer y contestar" }}
        reason={
          message.fromCustomer
            ? `Recibes este correo porque vendes en Mercado Pádel con ${message.shopName}.`
            : "Recibes este correo porque compraste en Mercado Pádel."
        }
      >
        <MailText>
          {message.authorName} te escribió sobre el pedido #{number}
          {message.fromCustomer ? "" : ` (${message.shopName})`}. Lee el mensaje y contesta en la página del pedido.
        </MailText>
      </MailLayout>
    ),
  };
}
