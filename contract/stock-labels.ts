/** What the seller's stock pages say, without zod: a page that only shows movements does not load the schema library. */

/** Beside a movement saved without a stock version (another client's save, not the web's form). */
export const STOCK_MOVEMENT_WITHOUT_VERSION = "sin comprobar la versión: aplicado sobre el stock de ese momento";
