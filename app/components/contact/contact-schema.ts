import { z } from "zod";

/** The value of the contact form's hidden `intent` field; the action accepts no other. */
export const SEND_CONTACT_MESSAGE = "send-contact-message";

/**
 * One schema for the contact form: the action validates with it on the server and Conform with it
 * in the browser, so both show the same Spanish messages.
 */
export const contactSchema = z.object({
  name: z
    .string({ required_error: "Escriba su nombre." })
    .trim()
    .min(2, "El nombre debe tener al menos 2 caracteres.")
    .max(80, "El nombre no puede superar los 80 caracteres."),
  email: z
    .string({ required_error: "Escriba su correo electrónico." })
    .trim()
    .max(254, "El correo electrónico es demasiado largo.")
    .email("Escriba un correo electrónico válido, por ejemplo nombre@dominio.com."),
  subject: z
    .string({ required_error: "Escriba el asunto." })
    .trim()
    .min(3, "El asunto debe tener al menos 3 caracteres.")
    .max(120, "El asunto no puede superar los 120 caracteres."),
  message: z
    .string({ required_error: "Escriba su mensaje." })
    .trim()
    .min(10, "El mensaje debe tener al menos 10 caracteres.")
    .max(2000, "El mensaje no puede superar los 2000 caracteres."),
});

export type ContactMessage = z.infer<typeof contactSchema>;
