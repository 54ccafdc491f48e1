import { webLink, type MailOptions } from "../event-mail.js";
import { MailLayout, MailText } from "../layout.js";
import type { MailRecipient } from "../recipients.js";

export const ACCOUNT_BLOCKED_SUBJECT = "Tu cuenta de Mercado Pádel fue bloqueada";

/** Kind `account-blocked`: an admin blocked the reader's account (decision 0051), with the reason. */
export function AccountBlockedMail(props: { name: string; reason: string; link: string }) {
  return (
    <MailLayout
      preview={ACCOUNT_BLOCKED_SUBJECT}
      heading={ACCOUNT_BLOCKED_SUBJECT}
      greeting={`Hola, ${props.name}:`}
      action={{ href: props.link, label: "Escribir a Mercado Pádel" }}
      reason="Recibes este correo porque tienes una cuenta en Mercado Pádel."
    >
      <MailText>
        La administración bloqueó tu cuenta: ya no puedes entrar y tus sesiones abiertas se cerraron. Si tienes una
        tienda, deja de vender mientras dure el bloqueo.
      </MailText>
      <MailText>Motivo: {props.reason}</MailText>
      <MailText>Si crees que es un error, escríbenos desde la página de contacto.</MailText>
    </MailLayout>
  );
}

export function accountBlockedMail(reason: string, recipient: MailRecipient, publicWebUrl: string): MailOptions {
  const link = webLink(publicWebUrl, "/contact");
  return {
    kind: "account-blocked",
    recipient,
    subject: ACCOUNT_BLOCKED_SUBJECT,
    link,
    element: <AccountBlockedMail name={recipient.name} reason={reason} link={link} />,
  };
}
