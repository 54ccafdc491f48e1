import { formatUsd } from "#contract/money-format";
import { webLink, type MailOptions } from "../event-mail.js";
import { MailFacts, MailLayout, MailText } from "../layout.js";
import type { MailRecipient } from "../recipients.js";

/** Kind `withdrawal-decided` (always sent: it is about the seller's money): paid with its reference, or rejected. */
export function withdrawalDecidedMail(
  decision: { amount: number } & ({ paid: true; reference: string | null } | { paid: false; reason: string }),
  recipient: MailRecipient,
  publicWebUrl: string,
): MailOptions {
  const link = webLink(publicWebUrl, "/dashboard/seller/payments");
  const subject = decision.paid
    ? `Te pagamos tu retiro de ${formatUsd(decision.amount)}`
    : `Tu retiro de ${formatUsd(decision.amount)} fue rechazado`;
  return {
    kind: "withdrawal-decided",
    recipient,
    subject,
    link,
    element: (
      <MailLayout
        preview={subject}
        heading={decision.paid ? "Retiro pagado" : "Retiro rechazado"}
        greeting={`Hola, ${recipient.name}:`}
        action={{ href: link, label: "Ver mis pagos" }}
        reason="Recibes este correo porque pediste un retiro de tu tienda en Mercado Pádel."
      >
        {decision.paid ? (
          <>
            <MailText>Ya te pagamos el retiro que pediste.</MailText>
            <MailFacts
              facts={[
                ["Importe", formatUsd(decision.amount)],
                ["Referencia", decision.reference ?? "sin referencia"],
              ]}
            />
          </>
        ) : (
          <>
            <MailText>No pudimos pagar tu retiro. El importe vuelve a tu saldo disponible.</MailText>
            <MailFacts
              facts={[
                ["Importe", formatUsd(decision.amount)],
                ["Motivo", decision.reason],
              ]}
            />
          </>
        )}
      </MailLayout>
    ),
  };
}
