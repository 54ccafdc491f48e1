import { formatUsd } from "#contract/money-format";
import { orderNumber } from "#contract/order-labels";
import { formatDateForRegion, timeFromNow } from "#contract/region-time";
import { webLink, type MailOptions } from "../event-mail.js";
import { MailFacts, MailLayout, MailText } from "../layout.js";
import type { MailRecipient } from "../recipients.js";

/** Kind `offer-received` (optional), to the seller: a customer offers a lower price for the shop's part. */
export function offerReceivedMail(
  offer: { orderId: string; shopOrderId: string; shopName: string; price: number; subtotal: number; expiresAt: Date },
  recipient: MailRecipient,
  publicWebUrl: string,
): MailOptions {
  const number = orderNumber(offer.orderId);
  const link = webLink(publicWebUrl, `/dashboard/seller/orders/details/${offer.shopOrderId}`);
  const deadline = formatDateForRegion(offer.expiresAt.toISOString(), recipient.region);
  const subject = `Nueva oferta de ${formatUsd(offer.price)} en el pedido #${number}`;
  return {
    kind: "offer-received",
    recipient,
    subject,
    link,
    element: (
      <MailLayout
        preview={`Responde antes del ${deadline}`}
        heading="Un cliente te hace una oferta"
        greeting={`Hola, ${recipient.name}:`}
        action={{ href: link, label: "Responder a la oferta" }}
        reason={`Recibes este correo porque vendes en Mercado Pádel con ${offer.shopName}.`}
      >
        <MailText>
          En el pedido #{number}, el cliente propone pagar {formatUsd(offer.price)} por los productos de{" "}
          {offer.shopName}, que cuestan {formatUsd(offer.subtotal)}.
        </MailText>
        <MailFacts
          facts={[
            ["Oferta", formatUsd(offer.price)],
            ["Precio de ahora", formatUsd(offer.subtotal)],
            ["Responde antes del", `${deadline} (${timeFromNow(offer.expiresAt.toISOString(), Date.now())})`],
          ]}
        />
        <MailText>
          Mientras tanto el pedido conserva el stock. Si no respondes a tiempo, la oferta caduca y el cliente paga el
          precio de ahora o deja caducar el pedido.
        </MailText>
      </MailLayout>
    ),
  };
}
