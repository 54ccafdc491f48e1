import { orderNumber } from "#contract/order-labels";
import { orderPageLink, webLink, type MailOptions } from "../event-mail.js";
import { MailLayout, MailText } from "../layout.js";
import type { MailRecipient } from "../recipients.js";

/** A step of a return, as the mail's heading names it. */
export type ReturnStep = "solicitada" | "aceptada" | "rechazada" | "reembolsada";

const HEADINGS: Record<ReturnStep, string> = {
  solicitada: "Te piden una devolución",
  aceptada: "Devolución aceptada",
  rechazada: "Devolución rechazada",
  reembolsada: "Devolución reembolsada",
};

/** Who a return's mail is for: the customer, the shop's seller, or an admin. */
export type ReturnMailReader = "cliente" | "tienda" | "admin";

const REASONS: Record<ReturnMailReader, string> = {
  cliente: "Recibes este correo porque compraste en Mercado Pádel.",
  tienda: "Recibes este correo porque vendes en Mercado Pádel.",
  admin: "Recibes este correo porque administras Mercado Pádel.",
};

/**
 * Kind `order-return` (always sent: it is about money and a legal right), to the other side of a
 * return's step: the shop's seller (and every admin) when it is asked for, the seller when an admin
 * answered, the customer when it is answered and refunded. `text` is the step's notification text,
 * so both say the same. Each reader's link opens their own page of the order.
 */
export function orderReturnMail(
  step: { orderId: string; shopOrderId: string; step: ReturnStep; text: string; reader: ReturnMailReader },
  recipient: MailRecipient,
  publicWebUrl: string,
): MailOptions {
  const number = orderNumber(step.orderId);
  const link =
    step.reader === "admin"
      ? webLink(publicWebUrl, `/dashboard/admin/orders/${step.orderId}`)
      : orderPageLink(publicWebUrl, step, step.reader === "tienda");
  const subject = `${HEADINGS[step.step]}: pedido #${number}`;
  return {
    kind: "order-return",
    recipient,
    subject,
    link,
    element: (
      <MailLayout
        preview={subject}
        heading={HEADINGS[step.step]}
        greeting={`Hola, ${recipient.name}:`}
        action={{ href: link, label: "Ver el pedido" }}
        reason={REASONS[step.reader]}
      >
        <MailText>{step.text}</MailText>
      </MailLayout>
    ),
  };
}
