import { eq } from "drizzle-orm";
import type { ShopShippingAnswer, ShopShippingBody } from "#contract/shop-shipping";
import type { CartSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { shops } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import { changeOwnShop } from "../shops/seller-writes.js";

export const NO_SHOP = "No tienes una tienda.";

function shippingAnswer(
  shop: { shippingFee: number | null; freeShippingFrom: number | null },
  cart: CartSettings,
): ShopShippingAnswer {
  return {
    mode: shop.shippingFee === null ? "tienda" : "propia",
    shippingFee: shop.shippingFee,
    freeShippingFrom: shop.freeShippingFrom,
    store: { shippingFee: cart.shippingFeeCents, freeShippingThreshold: cart.freeShippingThresholdCents },
  };
}

/** The seller's shop's shipping, with the store's rule beside it. */
export async function shopShipping(db: Db, sellerId: string, cart: CartSettings): Promise<ShopShippingAnswer> {
  const [shop] = await db
    .select({ shippingFee: shops.shippingFee, freeShippingFrom: shops.freeShippingFrom })
    .from(shops)
    .where(eq(shops.ownerId, sellerId));
  if (!shop) throw new HttpError(404, NO_SHOP);
  return shippingAnswer(shop, cart);
}

/**
 * Saves the shop's shipping. The shop row is locked: an order being placed reads the shipping under
 * a share lock of the same row (placeOrder), so each order charges the rule before or after the
 * change, never half of it; the audit entry keeps both.
 */
export async function saveShopShipping(
  db: Db,
  sellerId: string,
  body: ShopShippingBody,
  cart: CartSettings,
): Promise<ShopShippingAnswer> {
  return db.transaction(async (tx) => {
    const [shop] = await tx
      .select({ id: shops.id, shippingFee: shops.shippingFee, freeShippingFrom: shops.freeShippingFrom })
      .from(shops)
      .where(eq(shops.ownerId, sellerId))
      .for("update");
    if (!shop) throw new HttpError(404, NO_SHOP);
    const next =
      body.mode === "propia"
        ? { shippingFee: body.shippingFee, freeShippingFrom: body.freeShippingFrom }
        : { shippingFee: null, freeShippingFrom: null };
    await changeOwnShop(tx, {
      sellerId,
      shopId: shop.id,
      action: "tienda.envio",
      columns: next,
      before: { shippingFee: shop.shippingFee, freeShippingFrom: shop.freeShippingFrom },
      after: next,
    });
    return shippingAnswer(next, cart);
  });
}
