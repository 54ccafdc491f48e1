import { z } from "zod";
import { emailAddress, name } from "./accounts";
import { endpoint, messageAnswer } from "./http";
import { isoDateTime, objectExpected, queryPage, queryPageSize } from "./fields";
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_MIN_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
  CONTACT_SUBJECT_MIN_LENGTH,
  DEFAULT_BLOG_POSTS_PER_PAGE,
  MAX_BLOG_POSTS_PER_PAGE,
} from "./limits";
import { imageUrlField } from "./media";

/** The blog and the contact form of the informational pages. */

export const CONTACT_RECEIVED = "Mensaje enviado. Te responderemos pronto.";

// ---- Blog ---------------------------------------------------------------------------------------
export const blogPostsQuery = z.object({
  page: queryPage(),
  parPage: queryPageSize(MAX_BLOG_POSTS_PER_PAGE, DEFAULT_BLOG_POSTS_PER_PAGE),
});
export type BlogPostsQuery = z.infer<typeof blogPostsQuery>;

/** A post as GET /blog-posts answers it; `image` is a stored image id. */
export const blogPost = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** Plain text; paragraphs are separated by a blank line. */
  body: z.string(),
  author: z.string(),
  image: z.string().nullable(),
  imageUrl: imageUrlField,
  publishedAt: isoDateTime,
});
export type BlogPost = z.infer<typeof blogPost>;

/** Published posts, newest first, and how many there are in all. */
export const blogPostsAnswer = z.object({ posts: z.array(blogPost), totalPost: z.number().int() });
export type BlogPostsAnswer = z.infer<typeof blogPostsAnswer>;

// ---- Contact ------------------------------------------------------------------------------------
export const contactSubject = z
  .string({ required_error: "Escribe el asunto.", invalid_type_error: "El asunto debe ser un texto." })
  .trim()
  .min(CONTACT_SUBJECT_MIN_LENGTH, `El asunto debe tener al menos ${CONTACT_SUBJECT_MIN_LENGTH} caracteres.`)
  .max(CONTACT_SUBJECT_MAX_LENGTH, `El asunto no puede superar los ${CONTACT_SUBJECT_MAX_LENGTH} caracteres.`);

export const contactMessage = z
  .string({ required_error: "Escribe tu mensaje.", invalid_type_error: "El mensaje debe ser un texto." })
  .trim()
  .min(CONTACT_MESSAGE_MIN_LENGTH, `El mensaje debe tener al menos ${CONTACT_MESSAGE_MIN_LENGTH} caracteres.`)
  .max(CONTACT_MESSAGE_MAX_LENGTH, `El mensaje no puede superar los ${CONTACT_MESSAGE_MAX_LENGTH} caracteres.`);

/** The contact form as the API and the web's form check it. */
export const contactBody = z.object(
  { name, email: emailAddress, subject: contactSubject, message: contactMessage },
  objectExpected("Envía nombre, correo electrónico, asunto y mensaje."),
);
export type ContactBody = z.infer<typeof contactBody>;

export const contactAnswer = messageAnswer;
export type ContactAnswer = z.infer<typeof contactAnswer>;

// ---- Calls --------------------------------------------------------------------------------------
export const contentEndpoints = {
  blogPosts: endpoint({ method: "GET", path: "/blog-posts", query: blogPostsQuery, answer: blogPostsAnswer }),
  contact: endpoint({ method: "POST", path: "/contact", body: contactBody, answer: contactAnswer, statuses: [201] }),
};
