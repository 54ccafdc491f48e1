import { orderNumber } from "#contract/order-labels";
import { orderPageLink, type MailOptions } from "../event-mail.js";
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

/**
 * Kind `order-return` (always sent: it is about money and a legal right), to the other side of a
 * return's step: the shop's seller when it is asked for (or answered by an admin), the customer when
 * it is answered and refunded. `text` is the step's notification text, so both say the same.
 */
export function orderReturnMail(
  step: { orderId: string; shopOrderId: string; step: ReturnStep; text: string; toSeller: boolean },
  recipient: MailRecipient,
  publicWebUrl: string,
): MailOptions {
  const number = orderNumber(step.orderId);
  const link = orderPageLink(publicWebUrl, step, step.toSeller);
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
        reason={
          step.toSeller
            ? "Recibes este correo porque vendes en Mercado Pádel."
            : "Recibes este correo porque compraste en Mercado Pádel."
        }
      >
        <MailText>{step.text}</MailText>
      </MailLayout>
    ),
  };
}
