import { toPlainText } from "@react-email/components";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MAIL_KINDS, type MailKind } from "#contract/mail-kinds";
import { MailFrame } from "./layout.js";
import type { MailMessage } from "./outbox.js";
import type { MailRecipient } from "./recipients.js";
import { signUnsubscribeToken } from "./unsubscribe-token.js";

/**
 * What composeMail needs beyond the message to add an optional kind's one-click unsubscribe: the
 * secret its token is signed with and the addresses of the API (RFC 8058 POST) and of the web (the
 * page a reader opens). Build it with mailContextOf(config).
 */
export interface MailContext {
  secret: string;
  publicApiUrl: string;
  publicWebUrl: string;
}

export function mailContextOf(config: {
  publicApiUrl: string;
  publicWebUrl: string;
  secrets: { jwtSecret: string };
}): MailContext {
  return { secret: config.secrets.jwtSecret, publicApiUrl: config.publicApiUrl, publicWebUrl: config.publicWebUrl };
}

const XHTML_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, "");

/** The web page (GET, asks to confirm) and the API's one-click address (RFC 8058 POST) of one unsubscribe. */
export function unsubscribeLinks(context: MailContext, userId: string, kind: MailKind) {
  const query = `token=${encodeURIComponent(signUnsubscribeToken(context.secret, userId, kind))}`;
  return {
    page: `${withoutTrailingSlash(context.publicWebUrl)}/mail/unsubscribe?${query}`,
    oneClick: `${withoutTrailingSlash(context.publicApiUrl)}/mail/unsubscribe?${query}`,
  };
}

/**
 * A mail rendered from its template: the HTML part and the plain-text part come from the same React
 * Email element, so the two never say different things. An optional kind (MAIL_KINDS) rendered with
 * a context carries the one-click unsubscribe: the `List-Unsubscribe` and `List-Unsubscribe-Post`
 * headers (RFC 8058) and the footer's «Dejar de recibirlos» link (MailFrame). Whether the reader
 * turned the kind off is queueMail's to check, in the event's transaction (decision 0041).
 */
export async function composeMail(
  options: {
    kind: MailKind;
    recipient: MailRecipient;
    subject: string;
    /** The page the mail is about (absolute URL); also the template's button. */
    link: string;
    element: ReactElement;
  },
  context?: MailContext,
): Promise<MailMessage> {
  const links =
    context && MAIL_KINDS[options.kind].optional
      ? unsubscribeLinks(context, options.recipient.userId, options.kind)
      : null;
  const framed = createElement(MailFrame.Provider, { value: { unsubscribeUrl: links?.page } }, options.element);
  // React Email's render() streams through renderToPipeableStream, whose React 18 byte buffer puts NUL
  // bytes where a multi-byte character (Preview's padding) spans its 2 KiB chunks: PostgreSQL refuses
  // them. The string renderer has no bytes to split; toPlainText is React Email's own plain text.
  const markup = renderToStaticMarkup(framed);
  const html = `${XHTML_DOCTYPE}${markup}`;
  const text = toPlainText(markup);
  return {
    to: options.recipient.email,
    userId: options.recipient.userId,
    kind: options.kind,
    subject: options.subject,
    html,
    text,
    link: options.link,
    ...(links
      ? {
          headers: { "List-Unsubscribe": `<${links.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        }
      : {}),
  };
}
