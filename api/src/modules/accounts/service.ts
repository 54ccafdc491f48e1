import { createElement } from "react";
import type { Region } from "#contract/region-time";
import { randomBytes } from "node:crypto";
import { eq, sql, type InferSelectModel } from "drizzle-orm";
import { z } from "zod";
import type { ProfileData, ProfileUpdateBody, RegisterBody } from "#contract/accounts";
import { accountBlocked } from "#contract/admin-users";
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH } from "#contract/limits";
import { IMAGE_TOO_MANY_PIXELS } from "#contract/media";
import type { AccountSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { images, users } from "../../db/schema.js";
import type { FileStore } from "../../files/store.js";
import { HttpError } from "../../http-error.js";
import type { ImageQueue } from "../media/queue.js";
import { storeImage } from "../media/service.js";
import type { MailMessage } from "../mail/outbox.js";
import { mailRecipient } from "../mail/recipients.js";
import { composeMail } from "../mail/render.js";
import { AccountVerificationMail } from "../mail/templates/account-verification.js";
import { PasswordResetMail } from "../mail/templates/password-reset.js";
import { hashPassword, verifyPassword, type PasswordHashing } from "./password.js";
import {
  consumeAccountToken,
  issueAccountToken,
  peekAccountToken,
  revokeUserSessions,
  type AuthUser,
} from "./tokens.js";

export const EMAIL_TAKEN = "Ya existe una cuenta con ese correo electrónico.";
export const GOOGLE_NOT_VERIFIED = "No se pudo verificar la cuenta de Google.";
export const INVALID_IMAGE = "La imagen no es válida. Usa JPG, PNG o WebP.";
export const BAD_VERIFY_LINK = "El enlace de verificación no es válido o ha caducado.";
export const BAD_RESET_LINK = "El enlace para restablecer la contraseña no es válido o ha caducado.";

type UserRow = InferSelectModel<typeof users>;

const byEmail = (email: string) => sql`lower(${users.email}) = ${email}`;

export function toProfileData(user: UserRow): ProfileData {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null,
    phone: user.phone,
    address: {
      line: user.addressLine,
      city: user.city,
      province: user.province,
      area: user.area,
      postCode: user.postCode,
    },
    image: user.imageId,
    hasPassword: user.passwordHash !== null,
    region: user.region,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(byEmail(email));
  return user ?? null;
}

/** New accounts are customers; the e-mail is verified later through the link. */
export async function createAccount(db: Db, input: RegisterBody, hashing: PasswordHashing): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password, hashing);
  // The unique index on lower(email) decides duplicates, also between concurrent registrations.
  const [user] = await db
    .insert(users)
    .values({ name: input.name, email: input.email, passwordHash })
    .onConflictDoNothing()
    .returning();
  if (!user) throw new HttpError(409, EMAIL_TAKEN);
  return user;
}

/**
 * Hashes of a random password nobody knows, one per work factor, computed once per process:
 * checking an unknown e-mail against it costs the same scrypt work as checking a real account
 * hashed with that work factor, so timing does not tell them apart.
 */
const dummyHashes = new Map<string, Promise<string>>();
function getDummyHash(hashing: PasswordHashing): Promise<string> {
  const key = `${hashing.cost}$${hashing.blockSize}$${hashing.parallelism}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword(randomBytes(16).toString("hex"), hashing);
    dummyHashes.set(key, hash);
  }
  return hash;
}

/** The account when e-mail and password match; null otherwise, after the same work either way. */
export async function checkCredentials(
  db: Db,
  email: string,
  password: string,
  hashing: PasswordHashing,
): Promise<AuthUser | null> {
  const user = await findUserByEmail(db, email);
  const matches = await verifyPassword(password, user?.passwordHash ?? (await getDummyHash(hashing)));
  return user?.passwordHash && matches ? { id: user.id, role: user.role } : null;
}

/**
 * Refuses a sign-in of a blocked account (decision 0051) with the admin's reason: asked only once
 * the password or Google vouched for the person, so the reason is never told to a stranger.
 */
export async function refuseBlocked(db: Db, userId: string): Promise<void> {
  const [user] = await db.select({ blockedReason: users.blockedReason }).from(users).where(eq(users.id, userId));
  if (user?.blockedReason != null) throw new HttpError(403, accountBlocked(user.blockedReason));
}

/** Starts computing the dummy hash at start-up, so the first unknown e-mail is not slower than the rest. */
export function prepareCredentialChecks(hashing: PasswordHashing): void {
  void getDummyHash(hashing);
}

/** The fields of Google's userinfo answer that matter here. */
const googleUserinfo = z.object({
  sub: z.string().min(1),
  email: z.string().trim().toLowerCase().email(),
  email_verified: z
    .union([z.boolean(), z.literal("true"), z.literal("false")])
    .transform((value) => value === true || value === "true"),
  name: z.string().optional(),
});

const GOOGLE_TIMEOUT_MS = 5000;

/**
 * True when Google says the access token was issued to our own OAuth client. Userinfo alone would
 * accept a token some other site obtained from its users and replayed here to sign in as them.
 */
async function issuedToOurClient(tokeninfoUrl: string, clientId: string, accessToken: string): Promise<boolean> {
  if (!clientId) return false;
  try {
    const url = new URL(tokeninfoUrl);
    url.searchParams.set("access_token", accessToken);
    const response = await fetch(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS),
    });
    if (!response.ok) return false;
    const info = (await response.json()) as { aud?: unknown; azp?: unknown };
    return info.aud === clientId || info.azp === clientId;
  } catch {
    return false;
  }
}

/** Asks the provider who the access token belongs to; null when it does not vouch for a verified e-mail. */
async function fetchGoogleUserinfo(userinfoUrl: string, accessToken: string) {
  try {
    const response = await fetch(userinfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const parsed = googleUserinfo.safeParse(await response.json());
    return parsed.success && parsed.data.email_verified ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A display name within the length registration allows. */
function nameFromGoogle(name: string | undefined, email: string): string {
  const candidate = (name ?? "").trim() || email.split("@")[0]!;
  return candidate.length >= NAME_MIN_LENGTH ? candidate.slice(0, NAME_MAX_LENGTH) : email.slice(0, NAME_MAX_LENGTH);
}

/**
 * Signs in with Google: the account already linked to this Google id, else the account with the
 * same (Google-verified) e-mail, which gets linked and verified, else a new customer without password.
 * Also gives the account's e-mail, which the browser's device token names.
 */
export async function signInWithGoogle(
  db: Db,
  settings: AccountSettings,
  accessToken: string,
): Promise<AuthUser & { email: string }> {
  if (!(await issuedToOurClient(settings.googleTokeninfoUrl, settings.googleClientId, accessToken)))
    throw new HttpError(401, GOOGLE_NOT_VERIFIED);
  const profile = await fetchGoogleUserinfo(settings.googleUserinfoUrl, accessToken);
  if (!profile) throw new HttpError(401, GOOGLE_NOT_VERIFIED);

  const [linked] = await db.select().from(users).where(eq(users.googleSub, profile.sub));
  if (linked) return { id: linked.id, role: linked.role, email: linked.email };

  const existing = await findUserByEmail(db, profile.email);
  if (existing) {
    // An account already tied to another Google id is not taken over by a second one.
    if (existing.googleSub !== null) throw new HttpError(401, GOOGLE_NOT_VERIFIED);
    await db
      .update(users)
      .set({ googleSub: profile.sub, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, existing.id));
    return { id: existing.id, role: existing.role, email: existing.email };
  }

  const [created] = await db
    .insert(users)
    .values({
      name: nameFromGoogle(profile.name, profile.email),
      email: profile.email,
      googleSub: profile.sub,
      emailVerifiedAt: sql`now()`,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return { id: created.id, role: created.role, email: created.email };
  // A concurrent sign-in of the same person created it first.
  const [raced] = await db.select().from(users).where(eq(users.googleSub, profile.sub));
  if (!raced) throw new HttpError(401, GOOGLE_NOT_VERIFIED);
  return { id: raced.id, role: raced.role, email: raced.email };
}

/** Applies a profile update: absent fields stay as they are, "" clears a field. */
export async function updateProfile(db: Db, userId: string, input: ProfileUpdateBody): Promise<UserRow | null> {
  const { address } = input;
  const [user] = await db
    .update(users)
    .set({
      name: input.name,
      ...(input.phone !== undefined && { phone: input.phone || null }),
      ...(address?.line !== undefined && { addressLine: address.line }),
      ...(address?.city !== undefined && { city: address.city }),
      ...(address?.province !== undefined && { province: address.province }),
      ...(address?.area !== undefined && { area: address.area }),
      ...(address?.postCode !== undefined && { postCode: address.postCode }),
    })
    .where(eq(users.id, userId))
    .returning();
  return user ?? null;
}

/** Keeps the region the user chose: the zone of the times in their mails (decision 0039). */
export async function updateRegion(db: Db, userId: string, region: Region): Promise<UserRow | null> {
  const [user] = await db.update(users).set({ region }).where(eq(users.id, userId)).returning();
  return user ?? null;
}

/**
 * Stores the picture (checked by content, decoded through the app's image queue) as the user's
 * image; the previous one is deleted. One with too many pixels keeps its own message.
 */
export async function replaceProfileImage(
  db: Db,
  files: FileStore,
  user: UserRow,
  picture: Buffer,
  queue: ImageQueue,
): Promise<UserRow> {
  const imageId = await storeImage(db, files, picture, user.name, queue).catch((error: unknown) => {
    const unreadable =
      error instanceof HttpError && error.statusCode === 400 && error.message !== IMAGE_TOO_MANY_PIXELS;
    throw unreadable ? new HttpError(400, INVALID_IMAGE) : error;
  });
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(users).set({ imageId }).where(eq(users.id, user.id)).returning();
    if (user.imageId) await tx.delete(images).where(eq(images.id, user.imageId));
    return updated!;
  });
}

/**
 * Sets a new password and ends every other session. `oldPassword` must match when the account has
 * a password; an account made through Google may set its first one without it.
 * Answers why nothing changed: the old password is wrong, or the new one is the same.
 */
export async function changePassword(
  db: Db,
  user: UserRow,
  input: { oldPassword?: string; newPassword: string },
  keepFamilyId: string | undefined,
  hashing: PasswordHashing,
): Promise<"changed" | "wrong-old-password" | "same-password"> {
  if (user.passwordHash !== null) {
    if (!(await verifyPassword(input.oldPassword ?? "", user.passwordHash))) return "wrong-old-password";
    if (input.newPassword === input.oldPassword) return "same-password";
  }
  const passwordHash = await hashPassword(input.newPassword, hashing);
  await db.transaction(async (tx) => {
    // Other sessions' access tokens stop at once too (auth.ts); this one's web refreshes through the kept family.
    await tx
      .update(users)
      .set({ passwordHash, tokensValidAfter: sql`now()` })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, keepFamilyId);
  });
  return "changed";
}

export async function verifyEmail(db: Db, token: string): Promise<void> {
  const userId = await consumeAccountToken(db, token, "verify_email");
  if (!userId) throw new HttpError(400, BAD_VERIFY_LINK);
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

export async function assertResetTokenUsable(db: Db, token: string): Promise<void> {
  if (!(await peekAccountToken(db, token, "reset_password"))) throw new HttpError(400, BAD_RESET_LINK);
}

/**
 * Uses up the reset token, sets the password, ends every session and marks the e-mail verified
 * (following the link proved control of it).
 */
export async function resetPassword(db: Db, token: string, password: string, hashing: PasswordHashing): Promise<void> {
  // Checked first so an invalid token costs no scrypt work; used up below, atomically, with the change.
  await assertResetTokenUsable(db, token);
  const passwordHash = await hashPassword(password, hashing);
  await db.transaction(async (tx) => {
    const userId = await consumeAccountToken(tx, token, "reset_password");
    if (!userId) throw new HttpError(400, BAD_RESET_LINK);
    await tx
      .update(users)
      // Every access token already issued stops at once too (auth.ts), not when it expires.
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        tokensValidAfter: sql`now()`,
      })
      .where(eq(users.id, userId));
    await revokeUserSessions(tx, userId);
  });
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, "");

/** Stores a verification token and composes the e-mail carrying its link (templates/account-verification.tsx). */
export async function verificationMail(
  db: Db,
  user: Pick<UserRow, "id" | "name" | "email">,
  settings: { publicWebUrl: string; verifyEmailTtlHours: number },
): Promise<MailMessage> {
  const token = await issueAccountToken(db, user.id, "verify_email", settings.verifyEmailTtlHours * 60 * 60 * 1000);
  const link = `${withoutTrailingSlash(settings.publicWebUrl)}/verify-email?token=${token}`;
  return composeMail({
    kind: "account",
    recipient: await mailRecipient(db, user.id),
    subject: "Verifica tu correo electrónico en Mercado Pádel",
    link,
    element: createElement(AccountVerificationMail, { name: user.name, link, ttlHours: settings.verifyEmailTtlHours }),
  });
}

/** Stores a password reset token and composes the e-mail carrying its link (templates/password-reset.tsx). */
export async function resetPasswordMail(
  db: Db,
  user: Pick<UserRow, "id" | "name" | "email">,
  settings: { publicWebUrl: string; resetPasswordTtlMinutes: number },
): Promise<MailMessage> {
  const token = await issueAccountToken(db, user.id, "reset_password", settings.resetPasswordTtlMinutes * 60 * 1000);
  const link = `${withoutTrailingSlash(settings.publicWebUrl)}/changepassword/${token}`;
  return composeMail({
    kind: "account",
    recipient: await mailRecipient(db, user.id),
    subject: "Restablecer tu contraseña de Mercado Pádel",
    link,
    element: createElement(PasswordResetMail, { name: user.name, link, ttlMinutes: settings.resetPasswordTtlMinutes }),
  });
}
