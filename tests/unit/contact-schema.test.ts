import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { contactSchema, type ContactMessage } from "~/routes/contact.schema";

const goodMessage: ContactMessage = {
  name: "Lucía Pérez",
  email: "lucia@example.com",
  subject: "Talla de zapatillas",
  message: "¿Tienen las zapatillas de la foto en la talla 39?",
};

/** Parses as the action does: from form data, where an empty field arrives as an empty string. */
function errorsFor(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries({ ...goodMessage, ...fields })) formData.set(name, value);
  const submission = parseWithZod(formData, { schema: contactSchema });
  return submission.status === "success" ? {} : submission.error;
}

describe("contactSchema", () => {
  it("acepta un mensaje correcto y lo recorta", () => {
    const result = contactSchema.safeParse({ ...goodMessage, name: "  Lucía Pérez " });
    expect(result.success).toBe(true);
    expect(result.data?.name).toBe("Lucía Pérez");
    expect(errorsFor({})).toEqual({});
  });

  it.each([
    ["name", "", "Escribe tu nombre."],
    ["name", "L", "El nombre debe tener al menos 2 caracteres."],
    ["name", "x".repeat(81), "El nombre no puede superar los 80 caracteres."],
    ["email", "", "Escribe tu correo electrónico."],
    ["email", "lucia@", "Escribe un correo electrónico válido, por ejemplo nombre@dominio.com."],
    ["subject", "", "Escribe el asunto."],
    ["subject", "Sí", "El asunto debe tener al menos 3 caracteres."],
    ["subject", "x".repeat(121), "El asunto no puede superar los 120 caracteres."],
    ["message", "", "Escribe tu mensaje."],
    ["message", "   Hola   ", "El mensaje debe tener al menos 10 caracteres."],
    ["message", "x".repeat(2001), "El mensaje no puede superar los 2000 caracteres."],
  ])("rechaza %s = %j con su mensaje en español", (field, value, message) => {
    expect(errorsFor({ [field]: value })).toEqual({ [field]: [message] });
  });
});
