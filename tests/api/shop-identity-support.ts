import { randomUUID } from "node:crypto";
import type { App } from "../../api/src/app";
import type { Db } from "../../api/src/db/client";
import { signedInUser, type Customer } from "./orders-support";
import { insertShop } from "./support";

/** A seller with an approved shop of their own (Venezuela, a RIF of its own), and its row. */
export async function sellerWithShop(db: Db, name = `Tienda ${randomUUID().slice(0, 8)}`) {
  const seller = await signedInUser(db, "seller");
  const shop = await insertShop(db, { ownerId: seller.id, name, slug: `tienda-${randomUUID()}` });
  return { seller, shop };
}

/** POST /seller/shop-identity. */
export function askIdentityChange(app: App, seller: Customer, body: Record<string, unknown>) {
  return app.inject({ method: "POST", url: "/seller/shop-identity", headers: seller.headers, payload: body });
}

/** POST /admin/shop-changes/:changeId/approve or reject. */
export function decideIdentityChange(
  app: App,
  admin: Customer,
  changeId: string,
  decision: { approve: true } | { reject: string },
) {
  return "approve" in decision
    ? app.inject({ method: "POST", url: `/admin/shop-changes/${changeId}/approve`, headers: admin.headers })
    : app.inject({
        method: "POST",
        url: `/admin/shop-changes/${changeId}/reject`,
        headers: admin.headers,
        payload: { reason: decision.reject },
      });
}
