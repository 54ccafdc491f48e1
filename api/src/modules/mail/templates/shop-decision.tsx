import type { ShopOutcome } from "#contract/notification-texts";
import { webLink, type MailOptions } from "../event-mail.js";
import { MailLayout, MailText } from "../layout.js";
import type { MailRecipient } from "../recipients.js";

/** The subject of each decision on a shop (kind `shop-decision`, always sent). */
export const SHOP_DECISION_SUBJECTS: Record<ShopOutcome["kind"], string> = {
  aprobada: "Tu tienda en Mercado Pádel fue aprobada",
  rechazada: "Tu solicitud de tienda en Mercado Pádel fue rechazada",
  requiere_cambios: "Tu solicitud de tienda en Mercado Pádel necesita cambios",
  suspendida: "Tu tienda en Mercado Pádel fue suspendida",
  reactivada: "Tu tienda en Mercado Pádel fue reactivada",
};

function DecisionBody({ shopName, outcome }: { shopName: string; outcome: ShopOutcome }) {
  const shop = `«${shopName}»`;
  switch (outcome.kind) {
    case "aprobada":
      return (
        <MailText>
          Tu tienda {shop} fue aprobada: ya eres vendedor en Mercado Pádel y puedes publicar tus productos.
        </MailText>
      );
    case "rechazada":
      return (
        <>
          <MailText>Revisamos tu solicitud de tienda {shop} y no pudimos aprobarla.</MailText>
          <MailText>Motivo: {outcome.reason}</MailText>
          <MailText>Puedes corregir los datos o los documentos y solicitar de nuevo.</MailText>
        </>
      );
    case "requiere_cambios":
      return (
        <>
          <MailText>Revisamos tu solicitud de tienda {shop}. Para seguir, envíala de nuevo con estos cambios.</MailText>
          {outcome.fields.length > 0 ? <MailText>Corrige estos datos:</MailText> : null}
          {outcome.fields.map((field) => (
            <MailText key={field.label}>
              - {field.label}
              {field.note ? `: ${field.note}` : ""}
            </MailText>
          ))}
          {outcome.documents.length > 0 ? <MailText>Reemplaza estos documentos:</MailText> : null}
          {outcome.documents.map((document) => (
            <MailText key={document.fileName}>
              - {document.fileName}: {document.note}
            </MailText>
          ))}
          <MailText>Los demás datos y documentos quedaron aceptados.</MailText>
        </>
      );
    case "suspendida":
      return (
        <>
          <MailText>Tu tienda {shop} fue suspendida y tus productos ya no se muestran en la tienda.</MailText>
          <MailText>Motivo: {outcome.reason}</MailText>
        </>
      );
    case "reactivada":
      return <MailText>Tu tienda {shop} fue reactivada: tus productos vuelven a estar a la venta.</MailText>;
  }
}

/** Kind `shop-decision`: an admin's decision on the reader's shop request or shop. */
export function ShopDecisionMail(props: { name: string; shopName: string; outcome: ShopOutcome; link: string }) {
  return (
    <MailLayout
      preview={SHOP_DECISION_SUBJECTS[props.outcome.kind]}
      heading={SHOP_DECISION_SUBJECTS[props.outcome.kind]}
      greeting={`Hola, ${props.name}:`}
      action={{ href: props.link, label: "Ver el estado de mi solicitud" }}
      reason="Recibes este correo porque solicitaste abrir una tienda en Mercado Pádel."
    >
      <DecisionBody shopName={props.shopName} outcome={props.outcome} />
    </MailLayout>
  );
}

/**
 * The applicant's mail about their request or shop, with the page that shows the request's state.
 * The notification's one line is in contract/notification-texts.ts.
 */
export function shopDecisionMail(
  shopName: string,
  outcome: ShopOutcome,
  recipient: MailRecipient,
  publicWebUrl: string,
): MailOptions {
  const link = webLink(publicWebUrl, "/dashboard/shop/confirmation");
  return {
    kind: "shop-decision",
    recipient,
    subject: SHOP_DECISION_SUBJECTS[outcome.kind],
    link,
    element: <ShopDecisionMail name={recipient.name} shopName={shopName} outcome={outcome} link={link} />,
  };
}
