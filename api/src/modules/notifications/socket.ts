import { eq } from "drizzle-orm";
import { NEW_NOTIFICATION_EVENT, RELOAD_NOTIFICATIONS_EVENT } from "#contract/notification-events";
import type { Server as SocketServer } from "socket.io";
import type { Db, Listen, Unlisten } from "../../db/client.js";
import { users } from "../../db/schema.js";
import { UNAUTHORIZED } from "../accounts/auth.js";
import { signApiJwt, verifyApiJwt } from "../accounts/tokens.js";
import { notificationForDelivery } from "./service.js";

/** The channel migration 0010's trigger announces every committed notification on. */
export const NOTIFICATIONS_CHANNEL = "notifications";

/** Long enough to open a connection, too short to be worth stealing. */
export const SOCKET_TOKEN_TTL_SECONDS = 60;

// An audience of its own: a socket token is no access token, and an access token opens no socket.
const SOCKET_AUDIENCE = "mercado-padel-socket";

export const userRoom = (userId: string) => `usuario:${userId}`;

/** A token that lets its holder open one real-time connection as `userId` within the next minute. */
export function signSocketToken(userId: string, secret: string): Promise<string> {
  return signApiJwt({ sub: userId }, SOCKET_AUDIENCE, { secret, ttlSeconds: SOCKET_TOKEN_TTL_SECONDS });
}

/** The user a socket token names, or null for anything else (algorithm pinned, audience checked). */
export async function verifySocketToken(token: unknown, secret: string): Promise<string | null> {
  if (typeof token !== "string" || token.length === 0) return null;
  const payload = await verifyApiJwt(token, SOCKET_AUDIENCE, secret);
  return typeof payload?.sub === "string" ? payload.sub : null;
}

/**
 * Real-time notifications (DESIGN.md section 4). A connection must present a socket token in its
 * handshake (`auth: { token }`) and joins its user's room. Every committed notification reaches
 * every API instance through LISTEN, and each pushes it to the room on its own sockets, so several
 * instances need no socket.io adapter; after a lost LISTEN connection every client is asked to
 * reload what it may have missed. Answers the function that stops listening.
 */
export async function attachNotificationSocket(
  io: SocketServer,
  opts: { db: Db; jwtSecret: string; listen?: Listen },
): Promise<Unlisten> {
  io.use((socket, next) => {
    verifySocketToken(socket.handshake.auth?.token, opts.jwtSecret)
      .then(async (userId) => {
        const [user] = userId ? await opts.db.select({ id: users.id }).from(users).where(eq(users.id, userId)) : [];
        if (!user) return next(new Error(UNAUTHORIZED));
        // A client that keeps no access tokens (the web's bell) says so: its shop events carry none.
        socket.data.accessTokens = socket.handshake.auth?.accessTokens !== false;
        await socket.join(userRoom(user.id));
        next();
      })
      .catch(() => next(new Error(UNAUTHORIZED)));
  });

  if (!opts.listen) return async () => undefined;
  return opts.listen(
    NOTIFICATIONS_CHANNEL,
    (notificationId) => {
      notificationForDelivery(opts.db, notificationId)
        .then((delivery) => {
          if (delivery) io.to(userRoom(delivery.userId)).emit(NEW_NOTIFICATION_EVENT, delivery.item);
        })
        .catch((error: unknown) => console.error("No se pudo entregar la notificación", notificationId, error));
    },
    () => io.emit(RELOAD_NOTIFICATIONS_EVENT),
  );
}
