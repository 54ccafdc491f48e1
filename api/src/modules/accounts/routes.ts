import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AccountSettings, Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { currentUser, requireSelfOrAdmin } from "./auth.js";
import type { Mailer } from "./mail.js";
import { clearCounter, deleteEndedCounters, hit, unhit, type RateLimit, type RateLimitResult } from "./rate-limit.js";
import {
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  profileParams,
  profileUpdateBody,
  registerBody,
  resetPasswordBody,
  resetTokenParams,
  verifyEmailBody,
  type MessageAnswer,
  type ProfileData,
  type SessionAnswer,
} from "./schemas.js";
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

const REGISTERED = "Cuenta creada. Le enviamos un correo para verificar su dirección.";
const SIGNED_IN = "Sesión iniciada.";
const BAD_CREDENTIALS = "Email o contraseña incorrecto.";
const TOO_MANY_ATTEMPTS = "Has superado el límite de intentos. Intenta de nuevo más tarde.";
const SESSION_EXPIRED = "La sesión ha caducado. Inicie sesión de nuevo.";
const SIGNED_OUT = "Sesión cerrada.";
const USER_NOT_FOUND = "Usuario no encontrado.";
const PROFILE_UPDATED = "Perfil actualizado.";
const IMAGE_EXPECTED = "Envíe la imagen en el campo «image» de un formulario multipart/form-data.";
const IMAGE_TOO_LARGE = "La imagen no puede superar los 5 MB.";
const PASSWORD_CHANGED = "Contraseña actualizada.";
const WRONG_OLD_PASSWORD = "La contraseña actual no es correcta.";
const EMAIL_VERIFIED = "Correo verificado. ¡Gracias!";
const VERIFICATION_SENT = "Le enviamos un nuevo enlace de verificación.";
const RESET_REQUESTED = "Si el correo está registrado, recibirá un enlace para restablecer la contraseña.";
const PASSWORD_RESET = "Contraseña restablecida. Ya puede iniciar sesión.";

const REFRESH_COOKIE = "refreshToken";
const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Failed logins for one e-mail from one address. */
const ACCOUNT_LOGIN_LIMIT: RateLimit = { limit: 5, windowSeconds: LOGIN_WINDOW_SECONDS };
/** Failed logins from one address, whatever the e-mail: stops one client trying many accounts. */
const ADDRESS_LOGIN_LIMIT: RateLimit = { limit: 20, windowSeconds: LOGIN_WINDOW_SECONDS };
/** E-mails (verification, reset) one address may receive: the forms cannot be used to flood an inbox. */
const MAIL_LIMIT: RateLimit = { limit: 5, windowSeconds: 60 * 60 };
const LONGEST_WINDOW_SECONDS = MAIL_LIMIT.windowSeconds;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

export interface AccountRoutesOptions {
  db: Db;
  config: Pick<Config, "publicWebUrl" | "accounts"> & { secrets: { jwtSecret: string } };
  mailer: Mailer;
}

/** SPEC.md section 7 "Account", plus e-mail verification and password reset (DESIGN.md section 2). */
export async function accountRoutes(app: FastifyInstance, opts: AccountRoutesOptions) {
  const { db, mailer } = opts;
  const settings: AccountSettings = opts.config.accounts;
  const mailSettings = { publicWebUrl: opts.config.publicWebUrl, ...settings };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  prepareCredentialChecks();

  // Expired tokens and ended counters only take room.
  sweepPeriodically(app, CLEANUP_INTERVAL_MS, () =>
    Promise.all([deleteExpiredTokens(db), deleteEndedCounters(db, LONGEST_WINDOW_SECONDS)]),
  );
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
    reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: "strict", path: "/", secure: settings.secureCookies });

  const accessToken = (user: AuthUser) => signAccessToken(user, { secret: opts.config.secrets.jwtSecret, ttlSeconds: settings.accessTokenTtlSeconds });

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

  routes.post("/user/register", { schema: { body: registerBody } }, async (request, reply): Promise<SessionAnswer> => {
    const user = await createAccount(db, request.body);
    await mailWithinLimit(user.email, () => verificationMail(db, user, mailSettings));
    reply.status(201);
    return startSession(reply, { id: user.id, role: user.role }, REGISTERED);
  });

  routes.post("/user/login", { schema: { body: loginBody } }, async (request, reply) => {
    const { email, password } = request.body;
    // request.ip honours X-Forwarded-For only from TRUSTED_PROXIES, so a client cannot pick its own address.
    const addressKey = `login:address:${request.ip}`;
    const accountKey = `login:account:${request.ip}:${email}`;
    const [byAddress, byAccount] = await Promise.all([hit(db, addressKey, ADDRESS_LOGIN_LIMIT), hit(db, accountKey, ACCOUNT_LOGIN_LIMIT)]);
    if (!byAddress.allowed || !byAccount.allowed) {
      const retryAfter = Math.max(byAddress.retryAfterSeconds, byAccount.retryAfterSeconds);
      return reply.status(429).header("retry-after", String(retryAfter)).send({ message: TOO_MANY_ATTEMPTS });
    }
    const user = await checkCredentials(db, email, password);
    if (!user) throw new HttpError(400, BAD_CREDENTIALS);
    // Attempts are counted before the check so parallel guesses cannot slip past; a success is taken back.
    await Promise.all([clearCounter(db, accountKey), unhit(db, addressKey)]);
    return startSession(reply, user, SIGNED_IN);
  });

  routes.get("/user/google", async (request, reply): Promise<SessionAnswer> => {
    const match = /^Bearer ([^\s]+)$/i.exec(request.headers.authorization ?? "");
    if (!match) throw new HttpError(401, GOOGLE_NOT_VERIFIED);
    const user = await signInWithGoogle(db, settings, match[1]!);
    return startSession(reply, user, SIGNED_IN);
  });

  routes.post("/refresh-token", async (request, reply) => {
    const presented = presentedRefreshToken(request);
    const rotated = presented ? await rotateRefreshToken(db, presented, settings.refreshTokenTtlDays) : null;
    const user = rotated ? await findUserById(db, rotated.userId) : null;
    if (!rotated || !user) return clearRefreshCookie(reply).status(401).send({ message: SESSION_EXPIRED });
    setRefreshCookie(reply, rotated.token, rotated.expiresAt);
    return { accessToken: await accessToken({ id: user.id, role: user.role }), refreshToken: rotated.token };
  });

  routes.post("/logout", async (request, reply): Promise<MessageAnswer> => {
    const presented = presentedRefreshToken(request);
    const familyId = presented ? await findRefreshFamily(db, presented) : null;
    if (familyId) await revokeFamily(db, familyId);
    clearRefreshCookie(reply);
    return { message: SIGNED_OUT };
  });

  routes.get(
    "/user/profile/:id",
    { onRequest: app.authenticate, schema: { params: profileParams } },
    async (request): Promise<{ profileData: ProfileData }> => {
      requireSelfOrAdmin(request, request.params.id);
      const user = await findUserById(db, request.params.id);
      if (!user) throw new HttpError(404, USER_NOT_FOUND);
      return { profileData: toProfileData(user) };
    },
  );

  routes.put(
    "/user/profile/update",
    { onRequest: app.authenticate, schema: { body: profileUpdateBody } },
    async (request): Promise<MessageAnswer & { profileData: ProfileData }> => {
      const user = await updateProfile(db, currentUser(request).id, request.body);
      if (!user) throw new HttpError(404, USER_NOT_FOUND);
      return { message: PROFILE_UPDATED, profileData: toProfileData(user) };
    },
  );

  routes.post("/user/profile/image/upload", { onRequest: app.authenticate }, async (request): Promise<{ profileData: ProfileData }> => {
    if (!request.isMultipart()) throw new HttpError(400, IMAGE_EXPECTED);
    const file = await request.file({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1 } });
    if (!file || file.fieldname !== "image") throw new HttpError(400, IMAGE_EXPECTED);
    const picture = await file.toBuffer().catch((error: { code?: string }) => {
      throw error.code === "FST_REQ_FILE_TOO_LARGE" ? new HttpError(413, IMAGE_TOO_LARGE) : error;
    });
    const user = await findUserById(db, currentUser(request).id);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    return { profileData: toProfileData(await replaceProfileImage(db, user, picture)) };
  });

  routes.put("/user/change-password", { onRequest: app.authenticate, schema: { body: changePasswordBody } }, async (request, reply) => {
    const user = await findUserById(db, currentUser(request).id);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    // The session making the change survives when its refresh cookie comes along; every other one ends.
    const presented = presentedRefreshToken(request);
    const currentSession = presented ? await findActiveRefreshToken(db, presented) : null;
    const keepFamilyId = currentSession?.userId === user.id ? currentSession.familyId : undefined;
    if (!(await changePassword(db, user, request.body, keepFamilyId))) {
      return reply.status(400).send({ message: WRONG_OLD_PASSWORD, errors: [{ field: "oldPassword", message: WRONG_OLD_PASSWORD }] });
    }
    return { message: PASSWORD_CHANGED };
  });

  routes.post("/user/verify-email", { schema: { body: verifyEmailBody } }, async (request): Promise<MessageAnswer> => {
    await verifyEmail(db, request.body.token);
    return { message: EMAIL_VERIFIED };
  });

  routes.post("/user/resend-verification", { onRequest: app.authenticate }, async (request, reply) => {
    const user = await findUserById(db, currentUser(request).id);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    // An address already verified needs no link; the answer is the same so the form stays simple.
    if (user.emailVerifiedAt === null) {
      const limit = await mailWithinLimit(user.email, () => verificationMail(db, user, mailSettings));
      if (!limit.allowed) return reply.status(429).header("retry-after", String(limit.retryAfterSeconds)).send({ message: TOO_MANY_ATTEMPTS });
    }
    return { message: VERIFICATION_SENT };
  });

  routes.post("/user/forgot-password", { schema: { body: forgotPasswordBody } }, async (request): Promise<MessageAnswer> => {
    const { email } = request.body;
    // Same answer, and the same database work before it, whether or not the address is registered;
    // the token and the e-mail are made after the answer is sent.
    const [user, limit] = await Promise.all([findUserByEmail(db, email), hit(db, `mail:${email}`, MAIL_LIMIT)]);
    if (user && limit.allowed) mailer.sendLater(() => resetPasswordMail(db, user, mailSettings));
    return { message: RESET_REQUESTED };
  });

  routes.get("/user/reset-password/:token", { schema: { params: resetTokenParams } }, async (request) => {
    await assertResetTokenUsable(db, request.params.token);
    return { valid: true };
  });

  routes.post("/user/reset-password", { schema: { body: resetPasswordBody } }, async (request): Promise<MessageAnswer> => {
    await resetPassword(db, request.body.token, request.body.password);
    return { message: PASSWORD_RESET };
  });
}
