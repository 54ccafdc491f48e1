import { eq } from "drizzle-orm";
import type { Region } from "#contract/region-time";
import type { Db, Transaction } from "../../db/client.js";
import { users } from "../../db/schema.js";

/** Who a mail goes to: the address, the name to greet and the region whose clock its times use. */
export interface MailRecipient {
  userId: string;
  email: string;
  name: string;
  region: Region;
}

/** The recipient of a mail about an event, read in the event's transaction. */
export async function mailRecipient(tx: Db | Transaction, userId: string): Promise<MailRecipient> {
  const [user] = await tx
    .select({ userId: users.id, email: users.email, name: users.name, region: users.region })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`No existe el usuario ${userId} al que va el correo.`);
  return user;
}
