import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  accountEndpoints as endpoints,
  BAD_CREDENTIALS,
  PASSWORD_CHANGED,
  PROFILE_IMAGE_TOO_LARGE,
  PROFILE_UPDATED,
  REGISTERED,
  SAME_PASSWORD,
  TOO_MANY_ATTEMPTS,
  type SessionAnswer,
} from "#contract/accounts";
import { PROFILE_IMAGE_UPLOAD } from "#contract/uploads";
import type { AccountSettings, Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import type { FileStore } from "../../files/store.js";
import { HttpError } from "../../http-error.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser, requireSelfOrAdmin } from "./auth.js";
import { DEVICE_COOKIE, DEVICE_TOKEN_TTL_SECONDS, issueDeviceToken, verifiedDevice } from "./device.js";
import type { Mailer } from "../mail/outbox.js";
import {
  ACTION_WINDOW_SECONDS,
  addressOf,
  clearCounter,
  firstRefusal,
  hit,
  isKnownAddress,
  knownAddressKey,
  LOGIN_WINDOW_SECONDS,
  rememberAddress,
  tooMany,
  unhit,
  type RateLimit,
  type RateLimitResult,
} from "../../rate-limit.js";
import {
  assertResetTokenUsable,
  changePassword,
  checkCredentials,
  createAccount,
  findUserByEmail,
  findUserById,
  GOOGLE_NOT_VERIFIED,
  prepareCredentialChecks,
  replaceProfileImage,
  resetPassword,
  resetPasswordMail,
  refuseBlocked,
  signInWithGoogle,
  toProfileData,
  updateProfile,
  updateRegion,
  verificationMail,
  verifyEmail,
} from "./service.js";
import {
  deleteExpiredTokens,
  findActiveRefreshToken,
  findRefreshFamily,
  issueRefreshToken,
  revokeFamily,
  rotateRefreshToken,
  signAccessToken,
  type AuthUser,
} from "./tokens.js";
import { sweepPeriodically } from "../../periodic.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "accounts",
  description:
    "Registration, sign-in (password or Google), sessions, the profile and the account e-mails. Shapes " +
    "(inputs, answers, field rules and messages): `contract/accounts.ts`.\n\n" +
    "**Tokens.** An access JWT (HS256, `{id, role}`, issuer `mercado-padel-api`, audience " +
    "`mercado-padel`, lifetime `ACCESS_TOKEN_TTL_SECONDS`) sent as `Authorization: Bearer <token>`, and " +
    "a refresh token (random, stored as a SHA-256 hash, lifetime `REFRESH_TOKEN_TTL_DAYS`, rotated on " +
    "every use; a used token that comes back revokes its whole family, unless it was replaced less than " +
    "20 seconds ago while its family is live: then it is a page's concurrent refresh and gets a token of " +
    "its own in the family). The refresh token is set as the httpOnly cookie `refreshToken` " +
    "(SameSite=Strict, Path=/; `Secure` when `NODE_ENV=production` and `PUBLIC_API_URL` is https) and " +
    "also returned in the body, for the web, which calls the API server-to-server. Every sign-in also " +
    "gives the browser a device token, in the body and as the httpOnly cookie `deviceToken` " +
    "(SameSite=Lax, a year): `<device id>.<expiry>.<HMAC>`, keyed from `JWT_SECRET` and bound to the " +
    'e-mail signed in as (docs/api/limits.md, "Login limits").\n\n' +
    "**Who may call.** Authenticated calls answer 401 `No autorizado.` without a valid token (or when " +
    "its user no longer exists) and 403 `No tienes permiso para esta acción.` for another user's `{id}` " +
    "unless the caller is an admin; the role is read from the database on each call. An access token " +
    "issued before the user's `tokens_valid_after` is refused with 401 (section *shops*: a decision that " +
    "changes a role). Other modules guard their routes with `{ onRequest: app.authenticate }` and read " +
    "`request.user` (`currentUser(request)`, `requireSelfOrAdmin(request, id)` in " +
    "`api/src/modules/accounts/auth.ts`).\n\n" +
    "**Profile.** `profileData` is `{_id, name, email, role, emailVerified, phone, address: {line, city, " +
    "province, area, postCode}, image, hasPassword, createdAt}`; `image` is an image id " +
    "(`/images/{id}/{200|400|800}.webp`). Passwords: 8 to 128 characters with a letter and a digit.\n\n" +
    '**Limits.** Sign-in, registration and uploads are rate limited (docs/api/limits.md, "Login limits" ' +
    'and "Rate limits"). Each e-mail address receives at most 5 account e-mails an hour (further ' +
    "requests to forgot-password still answer 200; resend-verification answers 429).\n\n" +
    "**E-mail.** Every message is first written to the `mail_outbox` table; a worker in each API " +
    "instance sends what is due (claimed with `FOR UPDATE SKIP LOCKED`, retried with backoff, one " +
    "stable Message-ID per message). With `SMTP_URL` set, messages go out through nodemailer, from " +
    "`MAIL_FROM`. Without it, each message is written to `DATA_DIR/outbox/` as one JSON file named " +
    "`<ISO time with ':' as '-'>-<random>.json` (names sort by sending time), holding " +
    "`{to, subject, text, link, html, headers, messageId, createdAt}`, " +
    "and `Correo para <to>: <link>` is printed on the API's console. Links are " +
    "`PUBLIC_WEB_URL/verify-email?token=…` (valid `VERIFY_EMAIL_TTL_HOURS`) and " +
    "`PUBLIC_WEB_URL/changepassword/<token>` (valid `RESET_PASSWORD_TTL_MINUTES`). Mail is sent just " +
    "after the answer, so a test reading the outbox should wait for the file.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  register: {
    summary: "Create an account and sign in",
    description:
      "Body `{name, email, password}` (other fields ignored). 201 `{token, refreshToken, deviceToken, " +
      "message}` and the `refreshToken` and `deviceToken` cookies: the new user is signed in as a " +
      "`customer`. 409 if the e-mail exists. Sends " +
      "the verification e-mail. Counts against the `register` rate limit (per address, whether or not the " +
      "account is created).",
  },
  login: {
    summary: "Sign in with e-mail and password",
    description:
      "`{email, password}`: `{token, refreshToken, deviceToken, message}` and the `refreshToken` and " +
      "`deviceToken` cookies. 400 `Email o " +
      "contraseña incorrecto.` for a wrong password and for an unknown e-mail alike (decision 0005). " +
      'Failed sign-ins are limited per address, per account and per both (docs/api/limits.md, "Login ' +
      'limits"): past a limit, 429 `Has superado el límite de intentos. Intenta de nuevo más tarde.` with ' +
      "`Retry-After` (seconds until that window ends), even for the right password. Attempts are counted " +
      "before the password is checked, so guesses sent in parallel cannot slip through; a successful " +
      "sign-in takes its own hits back. A `deviceToken` cookie this e-mail was given at a sign-in (the " +
      "web forwards its own copy) replaces the per-address limits by the device's own " +
      "(`RATE_LIMIT_LOGIN_PER_DEVICE`) and lets it through the account's.",
  },
  google: {
    summary: "Sign in with a Google access token",
    description:
      "`Authorization: Bearer <Google access token>` (the web's Google sign-in gets it): `{token, " +
      "refreshToken, deviceToken, message}` and both cookies; an account is created for a new e-mail. " +
      "The API checks at " +
      "`GOOGLE_TOKENINFO_URL` that the token was issued to `GOOGLE_CLIENT_ID` and reads the profile at " +
      "`GOOGLE_USERINFO_URL`: 401 if Google does not vouch for a verified e-mail. Without " +
      "`GOOGLE_CLIENT_ID` every Google token is refused.",
  },
  refreshToken: {
    summary: "Rotate the refresh token for a new access token",
    description:
      "Cookie `refreshToken`: `{accessToken, refreshToken}` and the rotated cookie. 401 (and the cookie " +
      "cleared) when the token is unknown, expired or revoked, or its user is gone. A used token presented " +
      "again revokes its whole family, unless it was replaced less than 20 seconds ago while the family is " +
      "live (a page's concurrent refresh: it gets a token of its own in the family).",
  },
  logout: {
    summary: "Sign out",
    description:
      "Cookie `refreshToken` (optional): `{message}`; revokes that session (its refresh family) and clears " +
      "the cookie. The session's access tokens are refused from then on (401), even before they expire.",
  },
  profile: {
    summary: "A user's profile",
    description:
      "Bearer; the user themself or an admin (403 otherwise): `{profileData}`; 404 when the user no longer " +
      "exists.",
  },
  updateProfile: {
    summary: "Update the caller's profile",
    description:
      "Bearer; always the caller's own. `{name, phone?, address?: {line, city, province, area, " +
      'postCode}}`: an absent key keeps its value, `""` clears it. `{message, profileData}`.',
  },
  updateRegion: {
    summary: "Keep the caller's region",
    description:
      "Bearer; always the caller's own. `{region}`: `es`, `ve` or `us`, the region whose time zone the " +
      "caller's mails write times in (the web sends it when a flag is chosen, when the browser's zone " +
      "picks one, and at sign-in). `{region}`; 400 for any other value.",
  },
  uploadProfileImage: {
    summary: "Replace the caller's profile picture",
    description:
      "Bearer; multipart field `image`: at most 5 MB (413 while it arrives), judged by its content, at " +
      "most 25 megapixels, decoded through the image queue (503 before the body is read when the queue is " +
      'full): docs/api/limits.md, "Images". `{profileData}` with the new image id. Counts against the ' +
      "`upload` rate limit.",
  },
  changePassword: {
    summary: "Change the caller's password",
    description:
      "Bearer, with the `refreshToken` cookie: `{oldPassword, newPassword}` (`oldPassword` not needed for " +
      "an account without a password, such as one made by Google sign-in). `{message}`; ends every other " +
      "session (the one whose cookie came along survives). 400 with `errors[oldPassword]` for a wrong " +
      "current password; 400 `La nueva contraseña debe ser distinta de la actual.` with " +
      "`errors[newPassword]`.",
  },
  verifyEmail: {
    summary: "Verify the e-mail address from its link",
    description: "`{token}` from the e-mailed link: `{message}`; 400 if the token is invalid, used or expired.",
  },
  resendVerification: {
    summary: "Send the verification e-mail again",
    description:
      "Bearer: `{message}`. A new link is mailed unless the address is already verified (the answer is the " +
      "same). 429 with `Retry-After` past 5 account e-mails to the address in an hour.",
  },
  forgotPassword: {
    summary: "Ask for a password reset link",
    description:
      "`{email}`: always the same `{message}`, after the same database work, whether or not the account " +
      "exists (the token and the e-mail are made after the answer). E-mails a reset link when the account " +
      "exists and the address has had fewer than 5 account e-mails this hour (past that, still 200 and no " +
      "e-mail).",
  },
  checkResetToken: {
    summary: "Check a reset link before showing its form",
    description: "`{valid: true}`, or 400 when the token is unknown, used or expired.",
  },
  resetPassword: {
    summary: "Set a new password from a reset link",
    description:
      "`{token, password}`: `{message}`. Single use; ends every session and marks the e-mail verified. 400 " +
      "for an invalid, used or expired token.",
  },
} satisfies Record<string, RouteWords>;

const SIGNED_IN = "Sesión iniciada.";
const SESSION_EXPIRED = "La sesión ha caducado. Inicia sesión de nuevo.";
const SIGNED_OUT = "Sesión cerrada.";
const USER_NOT_FOUND = "Usuario no encontrado.";
const IMAGE_EXPECTED = "Envía la imagen en el campo «image» de un formulario multipart/form-data.";
const WRONG_OLD_PASSWORD = "La contraseña actual no es correcta.";
const EMAIL_VERIFIED = "Correo verificado. ¡Gracias!";
const VERIFICATION_SENT = "Te enviamos un nuevo enlace de verificación.";
const RESET_REQUESTED = "Si el correo está registrado, recibirás un enlace para restablecer la contraseña.";
const PASSWORD_RESET = "Contraseña restablecida. Ya puedes iniciar sesión.";

const REFRESH_COOKIE = "refreshToken";

/** E-mails (verification, reset) one address may receive: the forms cannot be used to flood an inbox. */
const MAIL_LIMIT: RateLimit = { limit: 5, windowSeconds: ACTION_WINDOW_SECONDS };
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

export interface AccountRoutesOptions {
  db: Db;
  files: FileStore;
  config: Pick<Config, "publicWebUrl" | "accounts" | "rateLimits"> & { secrets: { jwtSecret: string } };
  mailer: Mailer;
}

/** SPEC.md section 7 "Account", plus e-mail verification and password reset (DESIGN.md section 2). */
export async function accountRoutes(app: FastifyInstance, opts: AccountRoutesOptions) {
  documentModule(app, section);
  const { db, files, mailer } = opts;
  const settings: AccountSettings = opts.config.accounts;
  const mailSettings = { publicWebUrl: opts.config.publicWebUrl, ...settings };
  const loginLimits = opts.config.rateLimits.login;
  const loginLimit = (limit: number): RateLimit => ({ limit, windowSeconds: LOGIN_WINDOW_SECONDS });
  const hashing = settings.passwordHashing;
  prepareCredentialChecks(hashing);

  // Expired tokens only take room (rate-limit.ts sweeps the ended counters).
  sweepPeriodically(app, CLEANUP_INTERVAL_MS, () => deleteExpiredTokens(db));
  app.addHook("onClose", async () => {
    await mailer.flush();
    await mailer.close();
  });

  const setRefreshCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: "strict",
      path: "/",
      secure: settings.secureCookies,
      maxAge: Math.round((expiresAt.getTime() - Date.now()) / 1000),
    });
  /** OWASP's device cookie (device.ts), SameSite=Lax as the web's own copy of it. */
  const setDeviceCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(DEVICE_COOKIE, token, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: settings.secureCookies,
      maxAge: DEVICE_TOKEN_TTL_SECONDS,
    });
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, {
      httpOnly: true,
      sameSite: "strict",
      path: "/",
      secure: settings.secureCookies,
    });

  const accessToken = (user: AuthUser) =>
    signAccessToken(user, { secret: opts.config.secrets.jwtSecret, ttlSeconds: settings.accessTokenTtlSeconds });

  /**
   * A new session (refresh family) for the user, and a new device token for the browser, signed in as
   * `email`: each goes in its cookie and in the body.
   */
  async function startSession(
    reply: FastifyReply,
    user: AuthUser,
    email: string,
    message: string,
  ): Promise<SessionAnswer> {
    const refresh = await issueRefreshToken(db, user.id, settings.refreshTokenTtlDays);
    setRefreshCookie(reply, refresh.token, refresh.expiresAt);
    const deviceToken = issueDeviceToken(opts.config.secrets.jwtSecret, email);
    setDeviceCookie(reply, deviceToken);
    return {
      token: await accessToken({ ...user, session: refresh.familyId }),
      refreshToken: refresh.token,
      deviceToken,
      message,
    };
  }

  const presentedRefreshToken = (request: FastifyRequest) => request.cookies[REFRESH_COOKIE] || undefined;

  /** Sends a mail unless this address already received MAIL_LIMIT of them in the window. */
  async function mailWithinLimit(email: string, compose: Parameters<Mailer["sendLater"]>[0]): Promise<RateLimitResult> {
    const limit = await hit(db, `mail:${email}`, MAIL_LIMIT);
    if (limit.allowed) mailer.sendLater(compose);
    return limit;
  }

  route(app, endpoints.register, { ...words.register, rateLimit: "register" }, async (request, reply) => {
    const user = await createAccount(db, request.body, hashing);
    await mailWithinLimit(user.email, () => verificationMail(db, user, mailSettings));
    reply.status(201);
    return startSession(reply, { id: user.id, role: user.role }, user.email, REGISTERED);
  });

  route(app, endpoints.login, words.login, async (request, reply) => {
    const { email, password } = request.body;
    // request.ip honours X-Forwarded-For only from TRUSTED_PROXIES, so a client cannot pick its own address.
    const address = addressOf(request.ip);
    const addressAccountKey = `login:address-account:${address}:${email}`;
    const addressKey = `login:address:${address}`;
    const accountKey = `login:account:${email}`;
    const knownKey = knownAddressKey(request.ip, email);
    const deviceId = verifiedDevice(opts.config.secrets.jwtSecret, request.cookies[DEVICE_COOKIE], email);
    const deviceKey = `login:device:${deviceId}`;
    // Attempts are counted before the check so parallel guesses cannot slip past; a success takes its hits back.
    // A browser that signed in as this e-mail before (its device cookie) has its own few tries instead
    // of its address's, which others sharing the address may have used up; past them it is any client.
    const trustedDevice = deviceId !== null && (await hit(db, deviceKey, loginLimit(loginLimits.perDevice))).allowed;
    if (!trustedDevice) {
      // Narrowest first: guesses this address may no longer make do not count against the account, so
      // one client alone cannot lock an account for everyone.
      const byAddress = await firstRefusal(db, [
        [addressAccountKey, loginLimit(loginLimits.perAddressAndAccount)],
        [addressKey, loginLimit(loginLimits.perAddress)],
      ]);
      if (byAddress) return tooMany(reply, byAddress.retryAfterSeconds, TOO_MANY_ATTEMPTS);
    }
    // Many addresses guessing one account: past its limit, only a trusted device or an address the
    // account signed in from lately still gets its own few tries (docs/api/limits.md, "Login limits"),
    // so the owner is not locked out.
    const byAccount = await hit(db, accountKey, loginLimit(loginLimits.perAccount));
    if (!byAccount.allowed && !trustedDevice && !(await isKnownAddress(db, knownKey)))
      return tooMany(reply, byAccount.retryAfterSeconds, TOO_MANY_ATTEMPTS);
    const user = await checkCredentials(db, email, password, hashing);
    if (!user) throw new HttpError(400, BAD_CREDENTIALS);
    const ownHitsBack = trustedDevice
      ? [clearCounter(db, deviceKey)]
      : [clearCounter(db, addressAccountKey), unhit(db, addressKey)];
    await Promise.all([...ownHitsBack, unhit(db, accountKey), rememberAddress(db, knownKey)]);
    await refuseBlocked(db, user.id);
    return startSession(reply, user, email, SIGNED_IN);
  });

  route(app, endpoints.google, words.google, async (request, reply) => {
    const match = /^Bearer ([^\s]+)$/i.exec(request.headers.authorization ?? "");
    if (!match) throw new HttpError(401, GOOGLE_NOT_VERIFIED);
    const user = await signInWithGoogle(db, settings, match[1]!);
    await refuseBlocked(db, user.id);
    return startSession(reply, user, user.email, SIGNED_IN);
  });

  route(app, endpoints.refreshToken, words.refreshToken, async (request, reply) => {
    const presented = presentedRefreshToken(request);
    const rotated = presented ? await rotateRefreshToken(db, presented, settings.refreshTokenTtlDays) : null;
    const user = rotated ? await findUserById(db, rotated.userId) : null;
    // A blocked user's sessions were revoked; one rotated in the block's instant still ends here.
    if (!rotated || !user || user.blockedAt)
      return clearRefreshCookie(reply).status(401).send({ message: SESSION_EXPIRED });
    setRefreshCookie(reply, rotated.token, rotated.expiresAt);
    return {
      accessToken: await accessToken({ id: user.id, role: user.role, session: rotated.familyId }),
      refreshToken: rotated.token,
    };
  });

  route(app, endpoints.logout, words.logout, async (request, reply) => {
    const presented = presentedRefreshToken(request);
    const familyId = presented ? await findRefreshFamily(db, presented) : null;
    if (familyId) await revokeFamily(db, familyId);
    clearRefreshCookie(reply);
    return { message: SIGNED_OUT };
  });

  route(app, endpoints.profile, { ...words.profile, onRequest: app.authenticate }, async (request) => {
    requireSelfOrAdmin(request, request.params.id);
    const user = await findUserById(db, request.params.id);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    return { profileData: toProfileData(user) };
  });

  route(app, endpoints.updateProfile, { ...words.updateProfile, onRequest: app.authenticate }, async (request) => {
    const user = await updateProfile(db, currentUser(request).id, request.body);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    return { message: PROFILE_UPDATED, profileData: toProfileData(user) };
  });

  route(app, endpoints.updateRegion, { ...words.updateRegion, onRequest: app.authenticate }, async (request) => {
    const user = await updateRegion(db, currentUser(request).id, request.body.region);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    return { region: user.region };
  });

  route(
    app,
    endpoints.uploadProfileImage,
    { ...words.uploadProfileImage, onRequest: app.authenticate, rateLimit: "upload" },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(400, IMAGE_EXPECTED);
      // With every place in the image queue taken, refuse before reading the upload.
      app.imageQueue.assertRoom();
      const file = await request.file({
        limits: { fileSize: PROFILE_IMAGE_UPLOAD.fileBytes, files: PROFILE_IMAGE_UPLOAD.files },
      });
      if (!file || file.fieldname !== "image") throw new HttpError(400, IMAGE_EXPECTED);
      const picture = await file.toBuffer().catch((error: { code?: string }) => {
        throw error.code === "FST_REQ_FILE_TOO_LARGE" ? new HttpError(413, PROFILE_IMAGE_TOO_LARGE) : error;
      });
      const user = await findUserById(db, currentUser(request).id);
      if (!user) throw new HttpError(404, USER_NOT_FOUND);
      return { profileData: toProfileData(await replaceProfileImage(db, files, user, picture, app.imageQueue)) };
    },
  );

  route(
    app,
    endpoints.changePassword,
    { ...words.changePassword, onRequest: app.authenticate },
    async (request, reply) => {
      const user = await findUserById(db, currentUser(request).id);
      if (!user) throw new HttpError(404, USER_NOT_FOUND);
      // The session making the change survives when its refresh cookie comes along; every other one ends.
      const presented = presentedRefreshToken(request);
      const currentSession = presented ? await findActiveRefreshToken(db, presented) : null;
      const keepFamilyId = currentSession?.userId === user.id ? currentSession.familyId : undefined;
      const outcome = await changePassword(db, user, request.body, keepFamilyId, hashing);
      if (outcome === "wrong-old-password") {
        return reply
          .status(400)
          .send({ message: WRONG_OLD_PASSWORD, errors: [{ field: "oldPassword", message: WRONG_OLD_PASSWORD }] });
      }
      if (outcome === "same-password")
        return reply
          .status(400)
          .send({ message: SAME_PASSWORD, errors: [{ field: "newPassword", message: SAME_PASSWORD }] });
      return { message: PASSWORD_CHANGED };
    },
  );

  route(app, endpoints.verifyEmail, words.verifyEmail, async (request) => {
    await verifyEmail(db, request.body.token);
    return { message: EMAIL_VERIFIED };
  });

  route(
    app,
    endpoints.resendVerification,
    { ...words.resendVerification, onRequest: app.authenticate },
    async (request, reply) => {
      const user = await findUserById(db, currentUser(request).id);
      if (!user) throw new HttpError(404, USER_NOT_FOUND);
      // An address already verified needs no link; the answer is the same so the form stays simple.
      if (user.emailVerifiedAt === null) {
        const limit = await mailWithinLimit(user.email, () => verificationMail(db, user, mailSettings));
        if (!limit.allowed) return tooMany(reply, limit.retryAfterSeconds, TOO_MANY_ATTEMPTS);
      }
      return { message: VERIFICATION_SENT };
    },
  );

  route(app, endpoints.forgotPassword, words.forgotPassword, async (request) => {
    const { email } = request.body;
    // Same answer, and the same database work before it, whether or not the address is registered;
    // the token and the e-mail are made after the answer is sent.
    const [user, limit] = await Promise.all([findUserByEmail(db, email), hit(db, `mail:${email}`, MAIL_LIMIT)]);
    if (user && limit.allowed) mailer.sendLater(() => resetPasswordMail(db, user, mailSettings));
    return { message: RESET_REQUESTED };
  });

  route(app, endpoints.checkResetToken, words.checkResetToken, async (request) => {
    await assertResetTokenUsable(db, request.params.token);
    return { valid: true as const };
  });

  route(app, endpoints.resetPassword, words.resetPassword, async (request) => {
    await resetPassword(db, request.body.token, request.body.password, hashing);
    return { message: PASSWORD_RESET };
  });
}
