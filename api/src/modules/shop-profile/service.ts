import { eq, sql } from "drizzle-orm";
import {
  VACATION_DATE_PAST,
  VACATION_DATE_TOO_FAR,
  type ShopProfile,
  type ShopProfileFields,
  type VacationBody,
} from "#contract/shop-profile";
import { VACATION_MAX_DAYS } from "#contract/shop-profile-labels";
import { SHOP_NOT_SELLING } from "#contract/seller-products";
import { shopSuspendedNoWrites } from "#contract/shops";
import type { Db, Transaction } from "../../db/client.js";
import { shops } from "../../db/schema.js";
import { FieldsError, HttpError } from "../../http-error.js";
import { changeOwnShop } from "../shops/seller-writes.js";
import { saveStoredImage, type StoredImage } from "../media/service.js";
import { storeToday, vacationInForce } from "./vacation.js";

export const NO_SHOP = "No tienes una tienda.";

const profileColumns = {
  id: shops.id,
  name: shops.name,
  slug: shops.slug,
  country: shops.country,
  status: shops.status,
  statusReason: shops.statusReason,
  logo: shops.logoImageId,
  banner: shops.bannerImageId,
  description: shops.description,
  returnPolicy: shops.returnPolicy,
  shippingPolicy: shops.shippingPolicy,
  contactEmail: shops.contactEmail,
  contactPhone: shops.contactPhone,
  vacationUntil: shops.vacationUntil,
  vacationNote: shops.vacationNote,
  vacationInForce,
  today: sql<string>`to_char(${storeToday}, 'YYYY-MM-DD')`,
  latestReturn: sql<string>`to_char(${storeToday} + ${VACATION_MAX_DAYS}::integer, 'YYYY-MM-DD')`,
};

function profileAnswer(row: ProfileRow): ShopProfile {
  return {
    name: row.name,
    slug: row.slug,
    country: row.country,
    logo: row.logo,
    banner: row.banner,
    description: row.description,
    returnPolicy: row.returnPolicy,
    shippingPolicy: row.shippingPolicy,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    vacation: row.vacationInForce ? { until: row.vacationInForce, note: row.vacationNote } : null,
    today: row.today,
    latestReturn: row.latestReturn,
  };
}

function selectProfile(db: Db | Transaction, sellerId: string) {
  return db.select(profileColumns).from(shops).where(eq(shops.ownerId, sellerId));
}
type ProfileRow = Awaited<ReturnType<typeof selectProfile>>[number];

/** The seller's shop's profile. */
export async function shopProfile(db: Db, sellerId: string): Promise<ShopProfile> {
  const [row] = await selectProfile(db, sellerId);
  if (!row) throw new HttpError(404, NO_SHOP);
  return profileAnswer(row);
}

/**
 * The seller's shop, locked FOR UPDATE for a change of its profile or vacation: orders being placed
 * read the vacation under a share lock of the same row (placeOrder), so each one sees the shop
 * before or after the change. A shop that does not sell is refused (suspended: with the reason).
 */
async function lockOwnShop(tx: Transaction, sellerId: string): Promise<ProfileRow> {
  const [row] = await selectProfile(tx, sellerId).for("update");
  if (!row) throw new HttpError(404, NO_SHOP);
  if (row.status === "suspendida") throw new HttpError(403, shopSuspendedNoWrites(row.statusReason));
  if (row.status !== "aprobada") throw new HttpError(403, SHOP_NOT_SELLING);
  return row;
}

/** What the audit keeps of a profile. */
const auditedProfile = (profile: {
  logo: string | null;
  banner: string | null;
  description: string;
  returnPolicy: string;
  shippingPolicy: string;
  contactEmail: string | null;
  contactPhone: string | null;
}) => ({
  logo: profile.logo,
  banner: profile.banner,
  description: profile.description,
  returnPolicy: profile.returnPolicy,
  shippingPolicy: profile.shippingPolicy,
  contactEmail: profile.contactEmail,
  contactPhone: profile.contactPhone,
});

/**
 * Saves the profile at once: texts, contact, and a new logo or banner (already checked, encoded and
 * written to the file store: only their rows are inserted here) or their removal. Audited with both
 * versions; a replaced image stays stored, named by the audit entry.
 */
export async function saveShopProfile(
  db: Db,
  sellerId: string,
  fields: ShopProfileFields,
  images: { logo: StoredImage | null; banner: StoredImage | null },
): Promise<ShopProfile> {
  return db.transaction(async (tx) => {
    const shop = await lockOwnShop(tx, sellerId);
    const imageOf = async (stored: StoredImage | null, remove: boolean, current: string | null, alt: string) =>
      stored ? await saveStoredImage(tx, stored, alt) : remove ? null : current;
    const next = {
      logo: await imageOf(images.logo, fields.removeLogo === "on", shop.logo, `Logo de ${shop.name}`),
      banner: await imageOf(images.banner, fields.removeBanner === "on", shop.banner, `Portada de ${shop.name}`),
      description: fields.description,
      returnPolicy: fields.returnPolicy,
      shippingPolicy: fields.shippingPolicy,
      contactEmail: fields.contactEmail === "" ? null : fields.contactEmail,
      contactPhone: fields.contactPhone === "" ? null : fields.contactPhone,
    };
    await changeOwnShop(tx, {
      sellerId,
      shopId: shop.id,
      action: "tienda.perfil",
      columns: {
        logoImageId: next.logo,
        bannerImageId: next.banner,
        description: next.description,
        returnPolicy: next.returnPolicy,
        shippingPolicy: next.shippingPolicy,
        contactEmail: next.contactEmail,
        contactPhone: next.contactPhone,
      },
      before: auditedProfile(shop),
      after: next,
    });
    return profileAnswer({ ...shop, ...next });
  });
}

/**
 * Turns the vacation on (a return date after today and at most VACATION_MAX_DAYS ahead, store time)
 * or off. The shop row is locked FOR UPDATE, so an order being placed (which reads it FOR SHARE)
 * either commits before the change or sees it and is refused.
 */
export async function saveVacation(db: Db, sellerId: string, body: VacationBody): Promise<ShopProfile> {
  return db.transaction(async (tx) => {
    const shop = await lockOwnShop(tx, sellerId);
    if (body.on) {
      if (body.until <= shop.today) throw new FieldsError(400, [{ field: "until", message: VACATION_DATE_PAST }]);
      if (body.until > shop.latestReturn)
        throw new FieldsError(400, [{ field: "until", message: VACATION_DATE_TOO_FAR }]);
    }
    const next = body.on
      ? { vacationUntil: body.until, vacationNote: body.note === "" ? null : body.note }
      : { vacationUntil: null, vacationNote: null };
    await changeOwnShop(tx, {
      sellerId,
      shopId: shop.id,
      action: "tienda.vacaciones",
      columns: next,
      before: { vacationUntil: shop.vacationUntil, vacationNote: shop.vacationNote },
      after: next,
    });
    return profileAnswer({ ...shop, ...next, vacationInForce: next.vacationUntil });
  });
}
