import { webLink, type MailOptions } from "../event-mail.js";
import { MailLayout, MailText } from "../layout.js";
import type { MailRecipient } from "../recipients.js";

/** Kind `out-of-stock` (optional), to the seller: a sale took the last units of a product (or one size). */
export function outOfStockMail(
  product: { productId: string; name: string; size: string; shopName: string },
  recipient: MailRecipient,
  publicWebUrl: string,
): MailOptions {
  const link = webLink(publicWebUrl, `/dashboard/seller/control/${product.productId}`);
  const what = product.size === "" ? `«${product.name}»` : `la talla ${product.size} de «${product.name}»`;
  const subject = `Agotado: ${product.size === "" ? `«${product.name}»` : `«${product.name}», talla ${product.size}`}`;
  return {
    kind: "out-of-stock",
    recipient,
    subject,
    link,
    element: (
      <MailLayout
        preview={subject}
        heading="Un producto se agotó"
        greeting={`Hola, ${recipient.name}:`}
        action={{ href: link, label: "Reponer el stock" }}
        reason={`Recibes este correo porque vendes en Mercado Pádel con ${product.shopName}.`}
      >
        <MailText>
          Una venta se llevó las últimas unidades de {what}. Mientras no repongas el stock, nadie puede comprarlo; los
          clientes pueden pedir que les avisemos cuando vuelva.
        </MailText>
      </MailLayout>
    ),
  };
}
