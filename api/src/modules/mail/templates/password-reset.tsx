import { MailLayout, MailText } from "../layout.js";

/** Kind `account`: the one-use link that sets a new password (always sent). */
export function PasswordResetMail(props: { name: string; link: string; ttlMinutes: number }) {
  return (
    <MailLayout
      preview="Elige una contraseña nueva para tu cuenta de Mercado Pádel"
      heading="Restablecer tu contraseña"
      greeting={`Hola, ${props.name}:`}
      action={{ href: props.link, label: "Elegir una contraseña nueva" }}
      reason="Recibes este correo porque se pidió restablecer la contraseña de tu cuenta en Mercado Pádel."
    >
      <MailText>
        Recibimos una solicitud para restablecer la contraseña de tu cuenta. Para elegir una nueva, abre este enlace:
      </MailText>
      <MailText>{props.link}</MailText>
      <MailText>
        El enlace caduca en {props.ttlMinutes} minutos y solo puede usarse una vez. Si no lo pediste, ignora este
        mensaje: tu contraseña no cambia.
      </MailText>
    </MailLayout>
  );
}
