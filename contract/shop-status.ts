import { z } from "zod";
import { SHOP_STATUSES } from "./shop-labels";

/**
 * A shop's status as the schemas check it (its values and names: shop-labels.ts), apart from
 * contract/shops.ts so the catalogue (contract/catalog.ts) can use it without an import cycle
 * (contract/shops.ts imports the product card from the catalogue).
 */
export const shopStatus = z.enum(SHOP_STATUSES);
