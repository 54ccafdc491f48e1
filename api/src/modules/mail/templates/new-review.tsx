import { starsText } from "#contract/stars";
import { webLink, type MailOptions } from "../event-mail.js";
import { MailFacts, MailLayout, MailText } from "../layout.js";
import type { MailRecipient } from "../recipients.js";

/** Kind `new-review` (optional), to the seller: a review of one of their products, new or rewritten. */
export function newReviewMail(
  review: { productName: string; shopName: string; rating: number; text: string; changed: boolean },
  recipient: MailRecipient,
  publicWebUrl: string,
): MailOptions {
  const link = webLink(publicWebUrl, "/dashboard/seller/reviews?filtro=sin_responder");
  const subject = review.changed
    ? `Una reseña de «${review.productName}» ha cambiado`
    : `Nueva reseña de ${starsText(review.rating)} en «${review.productName}»`;
  return {
    kind: "new-review",
    recipient,
    subject,
    link,
    element: (
      <MailLayout
        preview={subject}
        heading={review.changed ? "Una reseña ha cambiado" : "Tienes una reseña nueva"}
        greeting={`Hola, ${recipient.name}:`}
        action={{ href: link, label: "Leer y responder" }}
        reason={`Recibes este correo porque vendes en Mercado Pádel con ${review.shopName}.`}
      >
        <MailFacts
          facts={[
            ["Producto", review.productName],
            ["Valoración", starsText(review.rating)],
          ]}
        />
        {/* React writes it as text: whatever markup the review holds is shown, never run. */}
        <MailText>«{review.text}»</MailText>
        <MailText>Puedes responder una vez en público: tu respuesta se verá bajo la reseña.</MailText>
      </MailLayout>
    ),
  };
}
