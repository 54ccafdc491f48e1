import { backInStockNotice } from "#contract/notification-texts";
import { webLink, type MailOptions } from "../event-mail.js";
import { MailLayout, MailText } from "../layout.js";
import type { MailRecipient } from "../recipients.js";

/** Kind `back-in-stock` (optional): the size the reader waited for has units again. */
export function BackInStockMail(props: { name: string; productName: string; size: string; link: string }) {
  const what =
    props.size === ""
      ? `«${props.productName}» vuelve a tener unidades`
      : `la talla ${props.size} de «${props.productName}» vuelve a tener unidades`;
  return (
    <MailLayout
      preview={`Ya hay unidades de «${props.productName}»`}
      heading="Vuelve a haber unidades"
      greeting={`Hola, ${props.name}:`}
      action={{ href: props.link, label: "Ver el producto" }}
      reason="Recibes este correo porque pediste que te avisáramos cuando volviera a haber unidades."
    >
      <MailText>Te avisamos, como nos pediste: {what}.</MailText>
      <MailText>Las unidades se venden por orden de compra, así que no te demores.</MailText>
    </MailLayout>
  );
}

/** The shopper's mail when the size they waited for is back, with the product's page. */
export function backInStockMail(
  product: { name: string; slug: string },
  size: string,
  recipient: MailRecipient,
  publicWebUrl: string,
): MailOptions {
  const link = webLink(publicWebUrl, `/product/details/${encodeURIComponent(product.slug)}`);
  return {
    kind: "back-in-stock",
    recipient,
    subject: backInStockNotice(product.name, size),
    link,
    element: <BackInStockMail name={recipient.name} productName={product.name} size={size} link={link} />,
  };
}
