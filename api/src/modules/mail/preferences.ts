import { and, eq, inArray, sql } from "drizzle-orm";
import { MAIL_KINDS, type MailKind } from "#contract/mail-kinds";
import { mailAudiencesOf, type MailPreference } from "#contract/mail";
import type { Role } from "#contract/accounts";
import type { Db, Transaction } from "../../db/client.js";
import { mailOptOuts } from "../../db/schema.js";

/** Whether `kind` is optional and the user turned it off; receipts and security mails never are. */
export async function optedOut(tx: Db | Transaction, userId: string, kind: string): Promise<boolean> {
  if (!Object.hasOwn(MAIL_KINDS, kind) || !MAIL_KINDS[kind as MailKind].optional) return false;
  const [row] = await tx
    .select({ kind: mailOptOuts.kind })
    .from(mailOptOuts)
    .where(and(eq(mailOptOuts.userId, userId), eq(mailOptOuts.kind, kind)));
  return row !== undefined;
}

/** The kinds a role receives, optional or not, in MAIL_KINDS' order. */
function kindsOf(role: Role): MailKind[] {
  const audiences = mailAudiencesOf(role);
  return (Object.keys(MAIL_KINDS) as MailKind[]).filter((kind) => audiences.includes(MAIL_KINDS[kind].audience));
}

/** The page «Notificaciones por correo»: each kind the user's role receives, and whether it is on. */
export async function readMailPreferences(db: Db | Transaction, userId: string, role: Role): Promise<MailPreference[]> {
  const rows = await db.select({ kind: mailOptOuts.kind }).from(mailOptOuts).where(eq(mailOptOuts.userId, userId));
  const off = new Set(rows.map((row) => row.kind));
  return kindsOf(role).map((kind) => ({
    kind,
    label: MAIL_KINDS[kind].label,
    optional: MAIL_KINDS[kind].optional,
    enabled: !MAIL_KINDS[kind].optional || !off.has(kind),
  }));
}

/**
 * Saves the form: the optional kinds of the user's role not in `enabled` go off, those in it on.
 * Kinds of other roles keep what they were (a seller who becomes a customer again keeps them).
 */
export async function saveMailPreferences(
  db: Db,
  userId: string,
  role: Role,
  enabled: readonly MailKind[],
): Promise<MailPreference[]> {
  const own = kindsOf(role).filter((kind) => MAIL_KINDS[kind].optional);
  const off = own.filter((kind) => !enabled.includes(kind));
  const on = own.filter((kind) => enabled.includes(kind));
  await db.transaction(async (tx) => {
    if (on.length > 0)
      await tx.delete(mailOptOuts).where(and(eq(mailOptOuts.userId, userId), inArray(mailOptOuts.kind, on)));
    if (off.length > 0)
      await tx
        .insert(mailOptOuts)
        .values(off.map((kind) => ({ userId, kind })))
        .onConflictDoNothing();
  });
  return readMailPreferences(db, userId, role);
}

/**
 * The one-click unsubscribe: one kind off (nothing for a user deleted since the mail was sent);
 * answers whether it was on.
 */
export async function turnMailKindOff(db: Db, userId: string, kind: MailKind): Promise<boolean> {
  const inserted = await db.execute(sql`
    insert into mail_opt_outs (user_id, kind) select id, ${kind} from users where id = ${userId}
    on conflict do nothing returning kind`);
  return inserted.rows.length > 0;
}
