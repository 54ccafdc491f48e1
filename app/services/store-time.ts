/**
 * The store's one time zone: every time of day a page shows (order dates, the payment deadline,
 * notifications) is in it, whether the server or the browser formats it.
 */
export const STORE_TIME_ZONE = "Europe/Madrid";
