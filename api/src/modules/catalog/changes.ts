import { sql } from "drizzle-orm";
import type { Listen, Transaction, Unlisten } from "../../db/client.js";

/**
 * Catalogue freshness on every API instance (README, "Seller products API"): each instance keeps
 * categories and facets for CATALOGUE_CACHE_SECONDS (catalog/routes.ts). A write that changes them
 * (a product added, edited, archived or removed; a category) announces it with pg_notify inside its
 * own transaction, so PostgreSQL delivers it to every instance's LISTEN once it is committed (never
 * for one rolled back), and each instance drops its copies; the next read loads them anew.
 */
export const CATALOGUE_CHANGES_CHANNEL = "catalogue_changes";
/**
 * Announced by the database itself (migration 0019's triggers) on every committed write to a row a
 * public catalogue page shows, a sale's stock included: finer than a catalogue change, it drops
 * only the listing and product answers an instance keeps and moves its catalogue generation on (routes.ts).
 */
export const CATALOGUE_ROWS_CHANNEL = "catalogue_rows";

/** Announces a catalogue change once the caller's transaction commits. */
export async function announceCatalogueChange(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_notify(${CATALOGUE_CHANGES_CHANNEL}, '')`);
}

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Drops this process's copies at once. The writer calls it after its transaction commits, so its
 * own instance never answers the next request from a copy the notification has not reached yet;
 * other instances learn it from the notification.
 */
export function catalogueChangedHere(): void {
  for (const listener of listeners) listener();
}

/** Runs `onChange` on every change, announced by any instance or made here; answers how to stop. */
export async function watchCatalogueChanges(onChange: Listener, listen: Listen | undefined): Promise<Unlisten> {
  listeners.add(onChange);
  // On a resumed connection notifications may have been missed: drop the copies then too.
  const unlisten = listen ? await listen(CATALOGUE_CHANGES_CHANNEL, onChange, onChange) : async () => undefined;
  return async () => {
    listeners.delete(onChange);
    await unlisten();
  };
}

/**
 * Runs `onChange` on every committed write to those rows, on any instance (never without `listen`); answers how to stop.
 * PGlite delivers the notice before the writer's commit returns; PostgreSQL, on the listening
 * connection moments after it.
 */
export async function watchCatalogueRows(onChange: Listener, listen: Listen | undefined): Promise<Unlisten> {
  return listen ? listen(CATALOGUE_ROWS_CHANNEL, onChange, onChange) : async () => undefined;
}
