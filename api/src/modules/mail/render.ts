import { render } from "./render-html.js";
import { createElement, type ReactElement } from "react";
import type { MailKind } from "#contract/mail-kinds";
import { MailFrame } from "./layout.js";
import type { MailMessage } from "./outbox.js";
import type { MailRecipient } from "./recipients.js";

/**
 * A mail rendered from its template: the HTML part and the plain-text part come from the same React
 * Email element, so the two never say different things.
 */
export async function composeMail(options: {
  kind: MailKind;
  recipient: MailRecipient;
  subject: string;
  /** The page the mail is about (absolute URL); also the template's button. */
  link: string;
  element: ReactElement;
}): Promise<MailMessage> {
  const framed = createElement(MailFrame.Provider, { value: {} }, options.element);
  const [html, text] = await Promise.all([render(framed), render(framed, { plainText: true })]);
  return {
    to: options.recipient.email,
    userId: options.recipient.userId,
    kind: options.kind,
    subject: options.subject,
    html,
    text,
    link: options.link,
  };
}
