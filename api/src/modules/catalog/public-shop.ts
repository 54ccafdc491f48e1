import { and, asc, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { publicShopAnswer, publicShopQuery, publicShopsAnswer } from "#contract/shops";
import type { Db } from "../../db/client.js";
import { products, reviews, shops } from "../../db/schema.js";
import { vacationInForce } from "../shop-profile/vacation.js";
import { productCards } from "./service.js";

type PublicShopAnswer = z.infer<typeof publicShopAnswer>;
type PublicShopQuery = z.infer<typeof publicShopQuery>;

/**
 * An approved shop's page (GET /home/shop/{slug}): its name and address, since when it sells, the
 * average of its products' reviews, and a page of its products as the catalogue's cards, sorted
 * like /home/query-products (newest first by default). Null for an unknown slug or a shop that is
 * not approved: pending, rejected and suspended shops have no page.
 */
export async function publicShopPage(db: Db, slug: string, query: PublicShopQuery): Promise<PublicShopAnswer | null> {
  const [shop] = await db
    .select({
      id: shops.id,
      name: shops.name,
      slug: shops.slug,
      location: shops.location,
      country: shops.country,
      approvedAt: shops.approvedAt,
      createdAt: shops.createdAt,
      logo: shops.logoImageId,
      banner: shops.bannerImageId,
      description: shops.description,
      returnPolicy: shops.returnPolicy,
      shippingPolicy: shops.shippingPolicy,
      contactEmail: shops.contactEmail,
      contactPhone: shops.contactPhone,
      vacationUntil: vacationInForce,
      vacationNote: shops.vacationNote,
    })
    .from(shops)
    .where(and(eq(shops.slug, slug), eq(shops.status, "aprobada")))
    .limit(1);
  if (!shop) return null;

  const orderBy: SQL[] = [];
  if (query.sortPrice)
    orderBy.push(query.sortPrice === "low-to-high" ? asc(products.salePrice) : desc(products.salePrice));
  if (query.sortByDate)
    orderBy.push(query.sortByDate === "newest" ? desc(products.createdAt) : asc(products.createdAt));
  orderBy.push(desc(products.createdAt), desc(products.id));
  const [cards, [figures], [listed]] = await Promise.all([
    productCards(db, {
      where: eq(products.shopId, shop.id),
      orderBy,
      limit: query.parPage,
      offset: (query.pageNumber - 1) * query.parPage,
    }),
    // Its products' reviews, as each product's own rating is computed (one decimal).
    db
      .select({
        rating: sql<number>`coalesce(round(avg(${reviews.rating})::numeric, 1), 0)::real`,
        reviewCount: sql<number>`count(*)::integer`,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(products.shopId, shop.id)),
    // Archived products (deleted, kept for their orders), drafts and hidden ones are not shown as the shop's.
    db
      .select({ productCount: count() })
      .from(products)
      .where(and(eq(products.shopId, shop.id), isNull(products.archivedAt), eq(products.state, "publicado"))),
  ]);
  const productCount = listed?.productCount ?? 0;

  return {
    shop: {
      name: shop.name,
      slug: shop.slug,
      location: shop.location,
      country: shop.country,
      // Shops approved before approved_at existed (the demo shops) count from when they opened.
      since: (shop.approvedAt ?? shop.createdAt).toISOString(),
      rating: Number(figures?.rating ?? 0),
      reviewCount: Number(figures?.reviewCount ?? 0),
      productCount,
      logo: shop.logo,
      banner: shop.banner,
      description: shop.description,
      returnPolicy: shop.returnPolicy,
      shippingPolicy: shop.shippingPolicy,
      contactEmail: shop.contactEmail,
      contactPhone: shop.contactPhone,
      vacation: shop.vacationUntil ? { until: shop.vacationUntil, note: shop.vacationNote } : null,
    },
    products: cards,
    totalProduct: productCount,
    parPage: query.parPage,
  };
}

/** Every approved shop's name and slug, by name (the sitemap). */
export async function publicShops(db: Db): Promise<z.infer<typeof publicShopsAnswer>> {
  const rows = await db
    .select({ name: shops.name, slug: shops.slug })
    .from(shops)
    .where(eq(shops.status, "aprobada"))
    .orderBy(asc(shops.name), asc(shops.slug));
  return { shops: rows };
}
