import { eq, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { FORBIDDEN, UNAUTHORIZED } from "#contract/messages";
import { HttpError } from "../../http-error.js";
import { currentUser } from "../accounts/auth.js";

/** Whose lists a call reads or changes: a signed-in user, or a visitor by the guest id the web keeps. */
export interface Shopper {
  kind: "user" | "guest";
  id: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the shopper hook of the cart routes; null elsewhere. */
    shopper: Shopper | null;
  }
}

/** The columns every row a shopper owns shares (cart lines, favourites, compare, the cart's coupon). */
export interface ShopperList {
  id: PgColumn;
  userId: PgColumn;
  guestId: PgColumn;
}

export function ownerColumn(list: ShopperList, shopper: Shopper): PgColumn {
  return shopper.kind === "user" ? list.userId : list.guestId;
}

export function ownedBy(list: ShopperList, shopper: Shopper): SQL {
  return eq(ownerColumn(list, shopper), shopper.id);
}

export function ownerValues(shopper: Shopper): { userId: string } | { guestId: string } {
  return shopper.kind === "user" ? { userId: shopper.id } : { guestId: shopper.id };
}

const guestHeader = /^Guest\s+(\S+)$/i;
const uuid = z.string().uuid();

/**
 * Decorates the cart plugin's requests with `shopper` and answers 401 unless the call names one:
 * `Authorization: Bearer <access token>` (checked by the accounts module's `app.authenticate`) or
 * `Authorization: Guest <uuid>`.
 */
export function registerShopperIdentity(app: FastifyInstance) {
  app.decorateRequest("shopper", null);
  // app.authenticate is an async hook (accounts/auth.ts): awaiting it lets its 401 propagate.
  const authenticate = app.authenticate as (
    this: FastifyInstance,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<void>;
  app.addHook("onRequest", async function identifyShopper(request, reply) {
    const guest = guestHeader.exec(request.headers.authorization ?? "");
    if (guest) {
      if (!uuid.safeParse(guest[1]).success) throw new HttpError(401, UNAUTHORIZED);
      request.shopper = { kind: "guest", id: guest[1]!.toLowerCase() };
      return;
    }
    await authenticate.call(this, request, reply);
    request.shopper = { kind: "user", id: currentUser(request).id };
  });
}

/** The caller of a cart route; `claimedId` (a path `{userId}` or a body `userId`) must be the caller. */
export function currentShopper(request: FastifyRequest, claimedId?: string): Shopper {
  const shopper = request.shopper;
  if (!shopper) throw new HttpError(401, UNAUTHORIZED);
  if (claimedId !== undefined && claimedId.toLowerCase() !== shopper.id) throw new HttpError(403, FORBIDDEN);
  return shopper;
}
