import { z } from "zod";
import { MAX_PAGE, queryInteger } from "../catalog/schemas.js";

/** A post as GET /blog-posts answers it; `image` is a stored image id. */
export interface BlogPost {
  _id: string;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  author: string;
  image: string | null;
  publishedAt: string;
}

export interface BlogPostsAnswer {
  posts: BlogPost[];
  totalPost: number;
}

export interface ContactAnswer {
  message: string;
}

export const blogPostsQuery = z.object({
  page: queryInteger({ min: 1, max: MAX_PAGE, message: "La página debe ser un número entero mayor o igual que 1." }).transform(
    (page) => page ?? 1,
  ),
  parPage: queryInteger({ min: 1, max: 50, message: "La cantidad por página debe ser un número entero entre 1 y 50." }).transform(
    (parPage) => parPage ?? 6,
  ),
});
export type BlogPostsQuery = z.infer<typeof blogPostsQuery>;

/** An empty body arrives as null, not undefined: one text serves both cases. */
const CONTACT_FIELDS_EXPECTED = "Envíe nombre, correo electrónico, asunto y mensaje.";

/** Same rules and texts as the web's contact form, so both sides say the same thing. */
export const contactBody = z.object(
  {
    name: z
      .string({ required_error: "Escriba su nombre.", invalid_type_error: "El nombre debe ser un texto." })
      .trim()
      .min(2, "El nombre debe tener al menos 2 caracteres.")
      .max(80, "El nombre no puede superar los 80 caracteres."),
    email: z
      .string({ required_error: "Escriba su correo electrónico.", invalid_type_error: "El correo electrónico debe ser un texto." })
      .trim()
      .max(254, "El correo electrónico es demasiado largo.")
      .email("Escriba un correo electrónico válido, por ejemplo nombre@dominio.com."),
    subject: z
      .string({ required_error: "Escriba el asunto.", invalid_type_error: "El asunto debe ser un texto." })
      .trim()
      .min(3, "El asunto debe tener al menos 3 caracteres.")
      .max(120, "El asunto no puede superar los 120 caracteres."),
    message: z
      .string({ required_error: "Escriba su mensaje.", invalid_type_error: "El mensaje debe ser un texto." })
      .trim()
      .min(10, "El mensaje debe tener al menos 10 caracteres.")
      .max(2000, "El mensaje no puede superar los 2000 caracteres."),
  },
  { required_error: CONTACT_FIELDS_EXPECTED, invalid_type_error: CONTACT_FIELDS_EXPECTED },
);
export type ContactBody = z.infer<typeof contactBody>;
