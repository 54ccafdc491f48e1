/**
 * What the bell needs of notifications, without zod: the real-time events and the types' labels.
 * notifications.ts builds its schemas on these; a signed-in page does not load the schema library
 * for its bell.
 */

// ---- Types and their labels ---------------------------------------------------------------------

/** What a notification is about; the database's enum `notification_type` holds the same values. */
export const NOTIFICATION_TYPES = [
  "pedido",
  "pago",
  "oferta",
  "tienda",
  "retiro",
  "resena",
  "stock",
  "sistema",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What a notification's type is called on screen. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  pedido: "Pedido",
  pago: "Pago",
  oferta: "Oferta",
  tienda: "Tienda",
  retiro: "Retiro",
  resena: "Reseña",
  stock: "Stock",
  sistema: "Sistema",
};

// ---- Real time ----------------------------------------------------------------------------------

/** The socket.io event of one new notification, to its user's room. */
export const NEW_NOTIFICATION_EVENT = "nuevaNotificacion";

/**
 * To every socket: notifications may have been committed while this instance was not listening
 * (its database connection dropped), so clients reload their list over REST.
 */
export const RELOAD_NOTIFICATIONS_EVENT = "recargarNotificaciones";

/**
 * SPEC.md section 4, to every admin: a shop request arrived or was decided; `{ totalPending }` moves
 * the menu's badge (with `token`, a fresh access token, for clients that keep one).
 */
export const SHOP_REQUEST_EVENT = "shopRequest";

/**
 * SPEC.md section 4, to the applicant: their request was decided (`{ status, token }`, the token a
 * fresh access token with the new role). The web's bell connects with `accessTokens: false`, since
 * its tokens never reach the browser (the web keeps them in its session): it gets `{ status }` and
 * just reloads into the new state, the API having made the old access token stale.
 */
export const SHOP_APPROVAL_EVENT = "shopApproval";
