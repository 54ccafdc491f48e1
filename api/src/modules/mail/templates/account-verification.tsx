import { MailLayout, MailText } from "../layout.js";

/** Kind `account`: the link that confirms the address is the reader's (always sent). */
export function AccountVerificationMail(props: { name: string; link: string; ttlHours: number }) {
  return (
    <MailLayout
      preview="Confirma tu correo electrónico en Mercado Pádel"
      heading="Verifica tu correo electrónico"
      greeting={`Hola, ${props.name}:`}
      action={{ href: props.link, label: "Verificar mi correo" }}
      reason="Recibes este correo porque alguien creó una cuenta en Mercado Pádel con esta dirección."
    >
      <MailText>Para confirmar que este correo electrónico es tuyo, abre este enlace:</MailText>
      <MailText>{props.link}</MailText>
      <MailText>
        El enlace caduca en {props.ttlHours} horas. Si no creaste una cuenta en Mercado Pádel, ignora este mensaje.
      </MailText>
    </MailLayout>
  );
}
