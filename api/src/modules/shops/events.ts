import { count, eq, sql } from "drizzle-orm";
import type { Server as SocketServer } from "socket.io";
import { SHOP_APPROVAL_EVENT, SHOP_REQUEST_EVENT } from "#contract/notification-events";
import { shopStatus } from "#contract/shop-status";
import type { ShopStatus } from "#contract/shop-labels";
import type { Db, Listen, Transaction, Unlisten } from "../../db/client.js";
import type { AuthUser } from "../accounts/auth.js";
import { shops, users } from "../../db/schema.js";
import { userRoom } from "../notifications/socket.js";

/**
 * The shop events of SPEC.md section 4 on every API instance (DESIGN.md section 4): a decision
 * announces its event with pg_notify inside its own transaction, so PostgreSQL delivers it to every
 * instance's LISTEN only once the decision is committed (never for one rolled back), and each
 * instance emits it to its own sockets, as notifications do (migration 0010).
 */
export const SHOP_EVENTS_CHANNEL = "shop_events";

/** What travels on the channel (JSON): the queue moved, or one applicant's request was decided. */
export type ShopEvent = { kind: "request" } | { kind: "approval"; userId: string; status: ShopStatus };

/** Announces `event` once the caller's transaction commits. */
export async function announceShopEvent(tx: Transaction, event: ShopEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${SHOP_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/** Requests waiting for an admin: the admin menu's badge. */
export async function countPendingRequests(db: Db | Transaction): Promise<number> {
  const [row] = await db.select({ total: count() }).from(shops).where(eq(shops.status, "pendiente"));
  return row!.total;
}

function parseEvent(payload: string): ShopEvent | null {
  try {
    const event = JSON.parse(payload) as Partial<{ kind: string; userId: unknown; status: unknown }>;
    if (event.kind === "request") return { kind: "request" };
    const status = shopStatus.safeParse(event.status);
    if (event.kind === "approval" && typeof event.userId === "string" && status.success)
      return { kind: "approval", userId: event.userId, status: status.data };
  } catch {
    // Not ours: ignored below.
  }
  return null;
}

/**
 * Emits `event` to each of the user's sockets on this instance, with a fresh access token for that
 * user (SPEC.md section 4: the event carries a token) unless the socket said at its handshake that
 * it keeps no tokens (`auth.accessTokens: false`: the web's bell, whose tokens stay on its server).
 * The token is signed after the decision committed, so it carries the role as it is now.
 */
async function emitWithToken(
  io: SocketServer,
  db: Db,
  userId: string,
  event: string,
  payload: Record<string, unknown>,
  signToken: (user: AuthUser) => Promise<string>,
): Promise<void> {
  const sockets = await io.in(userRoom(userId)).fetchSockets();
  if (sockets.length === 0) return;
  let token: string | undefined;
  if (sockets.some((socket) => socket.data.accessTokens !== false)) {
    const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
    if (user) token = await signToken(user);
  }
  for (const socket of sockets)
    socket.emit(event, socket.data.accessTokens === false || !token ? payload : { ...payload, token });
}

/**
 * Delivers shop events to this instance's sockets: `shopRequest` `{ totalPending, token }` to every
 * admin (the count read when it is delivered, so two decisions at once never leave an older count
 * last), and `shopApproval` `{ status, token }` to the applicant. Answers the function that stops
 * listening.
 */
export async function attachShopEvents(
  io: SocketServer,
  opts: { db: Db; listen?: Listen; signAccessToken: (user: AuthUser) => Promise<string> },
): Promise<Unlisten> {
  if (!opts.listen) return async () => undefined;
  const deliver = async (event: ShopEvent) => {
    if (event.kind === "approval") {
      await emitWithToken(
        io,
        opts.db,
        event.userId,
        SHOP_APPROVAL_EVENT,
        { status: event.status },
        opts.signAccessToken,
      );
      return;
    }
    const [admins, totalPending] = await Promise.all([
      opts.db.select({ id: users.id }).from(users).where(eq(users.role, "admin")),
      countPendingRequests(opts.db),
    ]);
    await Promise.all(
      admins.map((admin) =>
        emitWithToken(io, opts.db, admin.id, SHOP_REQUEST_EVENT, { totalPending }, opts.signAccessToken),
      ),
    );
  };
  return opts.listen(SHOP_EVENTS_CHANNEL, (payload) => {
    const event = parseEvent(payload);
    if (!event) return;
    deliver(event).catch((error: unknown) => console.error("No se pudo entregar el aviso de tienda", payload, error));
  });
}
