import { describe, expect, it } from "vitest";
import { MailFacts, MailLayout, MailText } from "../../api/src/modules/mail/layout";
import { composeMail } from "../../api/src/modules/mail/render";

const recipient = { userId: "u1", email: "ana@example.com", name: "Ana", region: "ve" as const };

describe("correo con plantilla", () => {
  it("da la misma información en HTML y en texto plano, con el enlace a su página", async () => {
    const link = "http://127.0.0.1:3000/dashboard/order-details/abc";
    const mail = await composeMail({
      kind: "order-paid",
      recipient,
      subject: "Recibo de tu pedido #ABC",
      link,
      element: (
        <MailLayout
          preview="Pagaste 120,00 $"
          heading="Recibimos tu pago"
          greeting="Hola, Ana:"
          action={{ href: link, label: "Ver el pedido" }}
          reason="Recibes este correo porque compraste en Mercado Pádel."
        >
          <MailText>Gracias por tu compra.</MailText>
          <MailFacts facts={[["Total", "120,00 $"]]} />
        </MailLayout>
      ),
    });
    expect(mail).toMatchObject({ to: "ana@example.com", userId: "u1", kind: "order-paid", link });
    expect(mail.html).toContain('lang="es"');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain("Recibimos tu pago");
    expect(mail.html).not.toContain("Dejar de recibirlos");
    expect(mail.text).toContain("RECIBIMOS TU PAGO");
    expect(mail.text).toContain("Gracias por tu compra.");
    expect(mail.text).toContain("Total: 120,00 $");
    expect(mail.text).toContain(link);
  });
});
