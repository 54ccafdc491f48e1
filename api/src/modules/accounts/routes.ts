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
import { PROFILE_IMAGE_MAX_BYTES } from "#contract/limits";
import type { AccountSettings, Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { route } from "../../route.js";
import { currentUser, requireSelfOrAdmin } from "./auth.js";
import type { Mailer } from "./mail.js";
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
  signInWithGoogle,
  toProfileData,
  updateProfile,
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
  config: Pick<Config, "publicWebUrl" | "accounts" | "rateLimits"> & { secrets: { jwtSecret: string } };
  mailer: Mailer;
}

/** SPEC.md section 7 "Account", plus e-mail verification and password reset (DESIGN.md section 2). */
export async function accountRoutes(app: FastifyInstance, opts: AccountRoutesOptions) {
  const { db, mailer } = opts;
  const settings: AccountSettings = opts.config.accounts;
  const mailSettings = { publicWebUrl: opts.config.publicWebUrl, ...settings };
  const loginLimits = opts.config.rateLimits.login;
  const loginLimit = (limit: number): RateLimit => ({ limit, windowSeconds: LOGIN_WINDOW_SECONDS });
  prepareCredentialChecks();

  // Expired tokens only take room (rate-limit.ts sweeps the ended counters).
  sweepPeriodically(app, CLEANUP_INTERVAL_MS, () => deleteExpiredTokens(db));
  app.addHook("onClose", async () => mailer.flush());

  const setRefreshCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: "strict",
      path: "/",
      secure: settings.secureCookies,
      maxAge: Math.round((expiresAt.getTime() - Date.now()) / 1000),
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

  /** A new session (refresh family) for the user: the refresh token goes in the cookie and in the body. */
  async function startSession(reply: FastifyReply, user: AuthUser, message: string): Promise<SessionAnswer> {
    const refresh = await issueRefreshToken(db, user.id, settings.refreshTokenTtlDays);
    setRefreshCookie(reply, refresh.token, refresh.expiresAt);
    return { token: await accessToken(user), refreshToken: refresh.token, message };
  }

  const presentedRefreshToken = (request: FastifyRequest) => request.cookies[REFRESH_COOKIE] || undefined;

  /** Sends a mail unless this address already received MAIL_LIMIT of them in the window. */
  async function mailWithinLimit(email: string, compose: Parameters<Mailer["sendLater"]>[0]): Promise<RateLimitResult> {
    const limit = await hit(db, `mail:${email}`, MAIL_LIMIT);
    if (limit.allowed) mailer.sendLater(compose);
    return limit;
  }

  route(app, endpoints.register, { rateLimit: "register" }, async (request, reply) => {
    const user = await createAccount(db, request.body);
    await mailWithinLimit(user.email, () => verificationMail(db, user, mailSettings));
    reply.status(201);
    return startSession(reply, { id: user.id, role: user.role }, REGISTERED);
  });

  route(app, endpoints.login, async (request, reply) => {
    const { email, password } = request.body;
    // request.ip honours X-Forwarded-For only from TRUSTED_PROXIES, so a client cannot pick its own address.
    const address = addressOf(request.ip);
    const addressAccountKey = `login:address-account:${address}:${email}`;
    const addressKey = `login:address:${address}`;
    const accountKey = `login:account:${email}`;
    const knownKey = knownAddressKey(request.ip, email);
    // Attempts are counted before the check so parallel guesses cannot slip past; a success takes its hits back.
    // Narrowest first: guesses this address may no longer make do not count against the account, so
    // one client alone cannot lock an account for everyone.
    const byAddress = await firstRefusal(db, [
      [addressAccountKey, loginLimit(loginLimits.perAddressAndAccount)],
      [addressKey, loginLimit(loginLimits.perAddress)],
    ]);
    if (byAddress) return tooMany(reply, byAddress.retryAfterSeconds, TOO_MANY_ATTEMPTS);
    // Many addresses guessing one account: past its limit, only an address the account signed in from
    // lately still gets its own few tries (README, "Login limits"), so the owner is not locked out.
    const byAccount = await hit(db, accountKey, loginLimit(loginLimits.perAccount));
    if (!byAccount.allowed && !(await isKnownAddress(db, knownKey)))
      return tooMany(reply, byAccount.retryAfterSeconds, TOO_MANY_ATTEMPTS);
    const user = await checkCredentials(db, email, password);
    if (!user) throw new HttpError(400, BAD_CREDENTIALS);
    await Promise.all([
      clearCounter(db, addressAccountKey),
      unhit(db, addressKey),
      unhit(db, accountKey),
      rememberAddress(db, knownKey),
    ]);
    return startSession(reply, user, SIGNED_IN);
  });

  route(app, endpoints.google, async (request, reply) => {
    const match = /^Bearer ([^\s]+)$/i.exec(request.headers.authorization ?? "");
    if (!match) throw new HttpError(401, GOOGLE_NOT_VERIFIED);
    const user = await signInWithGoogle(db, settings, match[1]!);
    return startSession(reply, user, SIGNED_IN);
  });

  route(app, endpoints.refreshToken, async (request, reply) => {
    const presented = presentedRefreshToken(request);
    const rotated = presented ? await rotateRefreshToken(db, presented, settings.refreshTokenTtlDays) : null;
    const user = rotated ? await findUserById(db, rotated.userId) : null;
    if (!rotated || !user) return clearRefreshCookie(reply).status(401).send({ message: SESSION_EXPIRED });
    setRefreshCookie(reply, rotated.token, rotated.expiresAt);
    return { accessToken: await accessToken({ id: user.id, role: user.role }), refreshToken: rotated.token };
  });

  route(app, endpoints.logout, async (request, reply) => {
    const presented = presentedRefreshToken(request);
    const familyId = presented ? await findRefreshFamily(db, presented) : null;
    if (familyId) await revokeFamily(db, familyId);
    clearRefreshCookie(reply);
    return { message: SIGNED_OUT };
  });

  route(app, endpoints.profile, { onRequest: app.authenticate }, async (request) => {
    requireSelfOrAdmin(request, request.params.id);
    const user = await findUserById(db, request.params.id);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    return { profileData: toProfileData(user) };
  });

  route(app, endpoints.updateProfile, { onRequest: app.authenticate }, async (request) => {
    const user = await updateProfile(db, currentUser(request).id, request.body);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    return { message: PROFILE_UPDATED, profileData: toProfileData(user) };
  });

  route(app, endpoints.uploadProfileImage, { onRequest: app.authenticate, rateLimit: "upload" }, async (request) => {
    if (!request.isMultipart()) throw new HttpError(400, IMAGE_EXPECTED);
    // With every place in the image queue taken, refuse before reading the upload.
    app.imageQueue.assertRoom();
    const file = await request.file({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1 } });
    if (!file || file.fieldname !== "image") throw new HttpError(400, IMAGE_EXPECTED);
    const picture = await file.toBuffer().catch((error: { code?: string }) => {
      throw error.code === "FST_REQ_FILE_TOO_LARGE" ? new HttpError(413, PROFILE_IMAGE_TOO_LARGE) : error;
    });
    const user = await findUserById(db, currentUser(request).id);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    return { profileData: toProfileData(await replaceProfileImage(db, user, picture, app.imageQueue)) };
  });

  route(app, endpoints.changePassword, { onRequest: app.authenticate }, async (request, reply) => {
    const user = await findUserById(db, currentUser(request).id);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    // The session making the change survives when its refresh cookie comes along; every other one ends.
    const presented = presentedRefreshToken(request);
    const currentSession = presented ? await findActiveRefreshToken(db, presented) : null;
    const keepFamilyId = currentSession?.userId === user.id ? currentSession.familyId : undefined;
    const outcome = await changePassword(db, user, request.body, keepFamilyId);
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
  });

  route(app, endpoints.verifyEmail, async (request) => {
    await verifyEmail(db, request.body.token);
    return { message: EMAIL_VERIFIED };
  });

  route(app, endpoints.resendVerification, { onRequest: app.authenticate }, async (request, reply) => {
    const user = await findUserById(db, currentUser(request).id);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    // An address already verified needs no link; the answer is the same so the form stays simple.
    if (user.emailVerifiedAt === null) {
      const limit = await mailWithinLimit(user.email, () => verificationMail(db, user, mailSettings));
      if (!limit.allowed) return tooMany(reply, limit.retryAfterSeconds, TOO_MANY_ATTEMPTS);
    }
    return { message: VERIFICATION_SENT };
  });

  route(app, endpoints.forgotPassword, async (request) => {
    const { email } = request.body;
    // Same answer, and the same database work before it, whether or not the address is registered;
    // the token and the e-mail are made after the answer is sent.
    const [user, limit] = await Promise.all([findUserByEmail(db, email), hit(db, `mail:${email}`, MAIL_LIMIT)]);
    if (user && limit.allowed) mailer.sendLater(() => resetPasswordMail(db, user, mailSettings));
    return { message: RESET_REQUESTED };
  });

  route(app, endpoints.checkResetToken, async (request) => {
    await assertResetTokenUsable(db, request.params.token);
    return { valid: true as const };
  });

  route(app, endpoints.resetPassword, async (request) => {
    await resetPassword(db, request.body.token, request.body.password);
    return { message: PASSWORD_RESET };
  });
}
