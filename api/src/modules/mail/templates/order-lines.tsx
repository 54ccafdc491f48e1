import { formatUsd } from "#contract/money-format";
import type { ShippingInfo } from "#contract/orders";
import { MailFacts, MailText } from "../layout.js";
import type { MailShopPart } from "../order-data.js";

/** «2 × Paleta Vertex (talla M): 240,00 US$»: one line of a part, the same in HTML and plain text. */
export function lineText(line: MailShopPart["lines"][number]): string {
  const size = line.size ? ` (talla ${line.size})` : "";
  return `${line.quantity} × ${line.name}${size}: ${formatUsd(line.unitPrice * line.quantity)}`;
}

/** One shop's lines, under the shop's name. */
export function PartLines({ part }: { part: MailShopPart }) {
  return (
    <>
      <MailText>
        <strong>{part.shopName}</strong>
      </MailText>
      {part.lines.map((line, index) => (
        <MailText key={index}>{lineText(line)}</MailText>
      ))}
      {part.discount > 0 ? (
        <MailText>
          Cupón {part.couponCode} de la tienda: -{formatUsd(part.discount)}
        </MailText>
      ) : null}
    </>
  );
}

/** Where the order goes, in one line. */
export function addressText(info: ShippingInfo): string {
  return `${info.name}, ${info.address}, ${info.area}, ${info.city}, ${info.province} ${info.postCode} (tel. ${info.phone})`;
}

export function AddressFacts({ info }: { info: ShippingInfo }) {
  return <MailFacts facts={[["Dirección de envío", addressText(info)]]} />;
}
