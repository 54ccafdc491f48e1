import {
  CONTACT_RECEIVED,
  contentEndpoints,
  type BlogPost as BlogPostRecord,
  type BlogPostsAnswer,
} from "#contract/content";
import { longDate } from "#contract/store-time";
import { answer, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { contactIntents } from "~/routes/contact.forms";
import { CONTACT_FORMS, contactSchema, type ContactMessage } from "~/routes/contact.schema";
import { ApiError, imageUrl, type ApiClient } from "./api.server";
import type { RequestArgs } from "./auth.server";
import { honeypotInputProps, isSpam } from "./honeypot.server";
import { logError } from "./log.server";
import { redirectWithFlash } from "./session.server";

/** A post ready to render: image address resolved, date already written in Spanish. */
export interface BlogPost {
  id: string;
  slug: string;
  title: string;
  author: string;
  imageSrc: string | null;
  publishedAt: string;
  publishedOn: string;
  paragraphs: string[];
}

export interface BlogPage {
  posts: BlogPost[];
  page: number;
  totalPages: number;
}

const BLOG_POSTS_PER_PAGE = 5;

function toBlogPost(record: BlogPostRecord): BlogPost {
  return {
    id: record._id,
    slug: record.slug,
    title: record.title,
    author: record.author,
    imageSrc: record.image ? imageUrl(record.image, 800) : null,
    publishedAt: record.publishedAt,
    publishedOn: longDate(record.publishedAt),
    paragraphs: record.body
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
  };
}

/**
 * One page of the blog, newest first (the API orders by publication date), or null when there is
 * no such page: past the last one, or a number the API refuses. Page 1 exists even with no posts.
 */
export async function getBlogPage(api: ApiClient, page: number): Promise<BlogPage | null> {
  let answer: BlogPostsAnswer;
  try {
    answer = await api.call(contentEndpoints.blogPosts, { query: { page, parPage: BLOG_POSTS_PER_PAGE } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return null;
    throw error;
  }
  const totalPages = Math.max(1, Math.ceil(answer.totalPost / BLOG_POSTS_PER_PAGE));
  if (page > totalPages) return null;
  return { posts: answer.posts.map(toBlogPost), page, totalPages };
}

export type ContactSendResult =
  | { sent: true; message: string }
  | { sent: false; status: number; formErrors: string[]; fieldErrors: Record<string, string[]> };

const contactFields = new Set<string>(["name", "email", "subject", "message"] satisfies (keyof ContactMessage)[]);

/**
 * Sends the contact form to the store. A refusal comes back with the API's messages placed on the
 * fields they name; an API that cannot be reached becomes one message for the whole form.
 */
export async function sendContactMessage(api: ApiClient, message: ContactMessage): Promise<ContactSendResult> {
  try {
    const answer = await api.call(contentEndpoints.contact, { body: message });
    return { sent: true, message: answer.message || CONTACT_RECEIVED };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) {
      logError("POST /contact falló", error);
      return {
        sent: false,
        status: 503,
        formErrors: [
          "No pudimos enviar tu mensaje porque el servicio no responde. Inténtalo de nuevo en unos minutos.",
        ],
        fieldErrors: {},
      };
    }
    const fieldErrors: Record<string, string[]> = {};
    const formErrors: string[] = [];
    for (const { field, message: text } of error.errors) {
      if (contactFields.has(field)) (fieldErrors[field] ??= []).push(text);
      else formErrors.push(text);
    }
    if (Object.keys(fieldErrors).length === 0 && formErrors.length === 0) formErrors.push(error.message);
    return { sent: false, status: error.status, formErrors, fieldErrors };
  }
}

/** The contact page's form: its honeypot and constraints. */
export function loadContact() {
  return { honeypot: honeypotInputProps(), constraints: formConstraints({ contact: contactSchema }) };
}

/** The contact form: sent to the store, then back to /contact with a flash; a refusal keeps what was typed. */
export async function contactAction(args: RequestArgs) {
  const form = await parseIntentForm(args.request, CONTACT_FORMS);
  if (!form.ok) return form.answer;
  if (isSpam(form.formData)) {
    const formErrors = ["No pudimos enviar tu mensaje. Recarga la página e inténtalo de nuevo."];
    return answer({ intent: form.intent, result: form.reply({ formErrors }) }, 400);
  }
  switch (form.intent) {
    case contactIntents.send: {
      const outcome = await sendContactMessage(args.context.api, form.value);
      if (outcome.sent)
        return redirectWithFlash(args.context, "/contact", { kind: "success", message: outcome.message });
      const { formErrors, fieldErrors } = outcome;
      return answer({ intent: form.intent, result: form.reply({ formErrors, fieldErrors }) }, outcome.status);
    }
  }
}
