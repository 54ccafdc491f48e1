/** The socket.io events the API pushes and the web's bell listens to (SPEC.md section 4). */

/** One new notification, to its user's room. */
export const NEW_NOTIFICATION_EVENT = "nuevaNotificacion";

/**
 * To every socket: notifications may have been committed while this instance was not listening
 * (its database connection dropped), so clients reload their list over REST.
 */
export const RELOAD_NOTIFICATIONS_EVENT = "recargarNotificaciones";
