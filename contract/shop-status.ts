import { z } from "zod";

/**
 * A shop's statuses, apart from contract/shops.ts so the catalogue (contract/catalog.ts) can name
 * them without an import cycle (contract/shops.ts imports the product card from the catalogue).
 * Only an 'aprobada' shop sells: the products of any other are out of the catalogue.
 */
export const SHOP_STATUSES = ["pendiente", "requiere_cambios", "aprobada", "rechazada", "suspendida"] as const;
export const shopStatus = z.enum(SHOP_STATUSES);
export type ShopStatus = z.infer<typeof shopStatus>;
