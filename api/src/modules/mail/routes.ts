import type { FastifyInstance } from "fastify";
import {
  BAD_UNSUBSCRIBE_LINK,
  MAIL_RETRY_SCHEDULED,
  mailEndpoints as endpoints,
  unsubscribedMessage,
} from "#contract/mail";
import { MAIL_KINDS } from "#contract/mail-kinds";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { adminOnly, currentUser } from "../accounts/auth.js";
import { MAIL_STUCK_AFTER_ATTEMPTS, type Mailer } from "./outbox.js";
import { optedOut, readMailPreferences, saveMailPreferences, turnMailKindOff } from "./preferences.js";
import { listStuckMail, retryMailNow } from "./stuck.js";
import { readUnsubscribeToken } from "./unsubscribe-token.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "mail",
  description:
    "The store's e-mail (issue 33, decision 0041). Kinds, their audiences and which a reader may turn off: " +
    "`contract/mail-kinds.ts`; shapes: `contract/mail.ts`. A mail of an optional kind is not queued for a " +
    "reader who turned it off (queueMail checks `mail_opt_outs` in the event's transaction); receipts and " +
    "security mails always go. Every optional mail carries `List-Unsubscribe: <{PUBLIC_API_URL}/mail/unsubscribe?token=…>` " +
    "and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), and its footer links to the web's " +
    "page `/mail/unsubscribe?token=…`, which asks to confirm. The token names the user and the kind, signed " +
    "with HMAC-SHA256 (a key derived from JWT_SECRET); it needs no session and does not expire.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  preferences: {
    summary: "The caller's mail preferences",
    description:
      "Any signed-in user: `{kinds: [{kind, label, optional, enabled}]}`, the kinds their role receives " +
      "(everyone: `todos` and `cliente`; sellers also `vendedor`, admins also `admin`). `optional: false` " +
      "kinds (receipts, security) are always `enabled`.",
  },
  savePreferences: {
    summary: "Save the caller's mail preferences",
    description:
      "Any signed-in user: `{enabled: [kind…]}`, the optional kinds still wanted; the other optional kinds " +
      "of their role are turned off. Answers the saved list as GET does; 400 `Ese tipo de correo no existe o " +
      "no se puede desactivar.` for a kind that is not optional.",
  },
  describeUnsubscribe: {
    summary: "What an unsubscribe link turns off",
    description:
      "No session, the token is the credential: `{kind, label, email, alreadyOff}` for the web's confirmation " +
      "page; 400 `El enlace para dejar de recibir correos no es válido.` for a token not signed by this store.",
  },
  unsubscribe: {
    summary: "One-click unsubscribe (RFC 8058)",
    description:
      "No session: the mail client's POST (`List-Unsubscribe=One-Click`, form-encoded) or the web's " +
      "confirmation turns the token's kind off for its user: 200 `{message}` (also when it was off already); " +
      "400 for a forged or damaged token.",
  },
  stuck: {
    summary: "Mail that could not be sent",
    description:
      "Admins only (403): the mails still unsent after `stuckAfterAttempts` attempts (outbox.ts " +
      "MAIL_STUCK_AFTER_ATTEMPTS), oldest first, at most 200; they are still retried every six hours.",
  },
  retry: {
    summary: "Retry a stuck mail now",
    description:
      "Admins only (403): the mail is due at once and the worker is woken; audited (`correo.reintentar`). " +
      "404 for an unknown mail, 409 `Ese correo ya se envió.` for one already sent.",
  },
} satisfies Record<string, RouteWords>;

export interface MailRoutesOptions {
  db: Db;
  mailer: Mailer;
  jwtSecret: string;
}

/** Preferences, one-click unsubscribe and the admin's stuck mail (issue 33). */
export async function mailRoutes(app: FastifyInstance, opts: MailRoutesOptions) {
  documentModule(app, section);
  const { db, mailer } = opts;

  // RFC 8058's POST is form-encoded; only this module's routes read such a body.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  route(app, endpoints.preferences, { ...words.preferences, onRequest: app.authenticate }, async (request) => {
    const user = currentUser(request);
    return { kinds: await readMailPreferences(db, user.id, user.role) };
  });

  route(app, endpoints.savePreferences, { ...words.savePreferences, onRequest: app.authenticate }, async (request) => {
    const user = currentUser(request);
    return { kinds: await saveMailPreferences(db, user.id, user.role, request.body.enabled) };
  });

  function tokenOf(token: string) {
    const named = readUnsubscribeToken(opts.jwtSecret, token);
    if (!named) throw new HttpError(400, BAD_UNSUBSCRIBE_LINK);
    return named;
  }

  route(app, endpoints.describeUnsubscribe, words.describeUnsubscribe, async (request) => {
    const { userId, kind } = tokenOf(request.query.token);
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) throw new HttpError(400, BAD_UNSUBSCRIBE_LINK);
    return { kind, label: MAIL_KINDS[kind].label, email: user.email, alreadyOff: await optedOut(db, userId, kind) };
  });

  route(app, endpoints.unsubscribe, words.unsubscribe, async (request) => {
    const { userId, kind } = tokenOf(request.query.token);
    await turnMailKindOff(db, userId, kind);
    return { message: unsubscribedMessage(kind) };
  });

  const admin = { onRequest: [app.authenticate, adminOnly] };
  route(app, endpoints.stuck, { ...words.stuck, ...admin }, async () => ({
    mails: await listStuckMail(db),
    stuckAfterAttempts: MAIL_STUCK_AFTER_ATTEMPTS,
  }));

  route(app, endpoints.retry, { ...words.retry, ...admin }, async (request) => {
    await retryMailNow(db, currentUser(request).id, request.params.mailId);
    mailer.wake();
    return { message: MAIL_RETRY_SCHEDULED };
  });
}
