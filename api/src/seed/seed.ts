import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import type { FileStore } from "../files/store.js";
import { banners, blogPosts, categories, productImages, products, productSizes, shops, users } from "../db/schema.js";
import { shopLocation } from "#contract/shops";
import { hashPassword } from "../modules/accounts/password.js";
import { BANNERS, BLOG_POSTS, CATEGORIES, DEMO_PRODUCT_COUNT, SHOPS, generateProducts } from "./catalogue.js";
import { insertPurchaseHistory, type HistorySettings } from "./history.js";
import { insertWithdrawalHistory } from "./withdrawals.js";
import { insertPendingShopRequest } from "./shop-request.js";
import { productImageKey, storeSeedImages } from "./images.js";

export interface DemoAccount {
  role: "admin" | "seller" | "customer";
  name: string;
  email: string;
  password: string;
  /** What the account has to try, printed beside it. */
  note?: string;
}

/** Printed at every start so anyone can sign in to try the store; never use them for real data. */
const DEMO_PASSWORD = "Demo-Padel-2026";

/** The sellers own SHOPS in the same order. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: "admin", name: "Administración Mercado Pádel", email: "admin@mercadopadel.test", password: DEMO_PASSWORD },
  { role: "seller", name: "Lucía Fernández", email: "vendedor1@mercadopadel.test", password: DEMO_PASSWORD },
  { role: "seller", name: "Andrés Rivas", email: "vendedor2@mercadopadel.test", password: DEMO_PASSWORD },
  { role: "seller", name: "Valentina Pérez", email: "vendedor3@mercadopadel.test", password: DEMO_PASSWORD },
  { role: "customer", name: "Carlos Gómez", email: "cliente@mercadopadel.test", password: DEMO_PASSWORD },
  {
    role: "customer",
    name: "Mariana Salazar",
    email: "solicitante@mercadopadel.test",
    password: DEMO_PASSWORD,
    note: "solicitud de tienda pendiente",
  },
];

/** The customer whose shop request waits in the admins' queue. */
const APPLICANT_EMAIL = "solicitante@mercadopadel.test";

const ROLE_LABELS: Record<DemoAccount["role"], string> = {
  admin: "administrador",
  seller: "vendedor",
  customer: "cliente",
};

/** The demo accounts as lines for the console, in Spanish. */
export function demoAccountLines(): string[] {
  return DEMO_ACCOUNTS.map(
    (account) =>
      `  ${ROLE_LABELS[account.role].padEnd(14)} ${account.email}  contraseña: ${account.password}${account.note ? `  (${account.note})` : ""}`,
  );
}

/** How long ago the demo shops opened and were approved ("since" on their pages): before the oldest seeded order (330 days). */
const SHOPS_OPENED_DAYS_AGO = 400;

/** Rows per INSERT: large enough to be quick, far below PostgreSQL's 65,535 parameters per statement. */
const BATCH_SIZE = 500;

/** Any fixed number: the key of the advisory lock that keeps two starting API instances from both seeding. */
const SEED_LOCK_KEY = 4_120_260;

type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function insertInBatches<Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) await insert(rows.slice(start, start + BATCH_SIZE));
}

async function insertCatalogue(
  tx: Transaction,
  files: FileStore,
  productCount: number,
  settings: HistorySettings,
): Promise<{ products: number; shops: number }> {
  const now = new Date();
  const catalogue = generateProducts(productCount, now);

  // One scrypt hash shared by every demo account: they share the password, and scrypt is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const accountRows = await tx
    .insert(users)
    .values(DEMO_ACCOUNTS.map(({ role, name, email }) => ({ role, name, email, passwordHash, emailVerifiedAt: now })))
    .returning({ id: users.id, role: users.role, email: users.email, name: users.name });
  const sellerIds = accountRows.filter((account) => account.role === "seller").map((account) => account.id);

  const openedAt = new Date(now.getTime() - SHOPS_OPENED_DAYS_AGO * 24 * 60 * 60 * 1000);
  const shopRows = await tx
    .insert(shops)
    .values(
      SHOPS.map((shop, index) => ({
        ...shop,
        location: shopLocation(shop),
        ownerId: sellerIds[index],
        status: "aprobada" as const,
        approvedAt: openedAt,
        createdAt: openedAt,
        updatedAt: openedAt,
      })),
    )
    .returning({ id: shops.id });

  const imageIds = await storeSeedImages(tx, files, {
    categories: CATEGORIES,
    products: catalogue.flatMap((product) => product.images),
    banners: BANNERS,
    blogPosts: BLOG_POSTS,
  });

  const categoryRows = await tx
    .insert(categories)
    .values(
      CATEGORIES.map((category, position) => ({
        name: category.name,
        slug: category.slug,
        position,
        specSheet: category.specSheet,
        imageId: imageIds.categories[position],
      })),
    )
    .returning({ id: categories.id, slug: categories.slug });
  const categoryIdBySlug = new Map(categoryRows.map((row) => [row.slug, row.id]));

  const productIdBySlug = new Map<string, string>();
  await insertInBatches(catalogue, async (batch) => {
    const inserted = await tx
      .insert(products)
      .values(
        batch.map((product) => ({
          shopId: shopRows[product.shopIndex].id,
          categoryId: categoryIdBySlug.get(product.categorySlug)!,
          name: product.name,
          slug: product.slug,
          brand: product.brand,
          description: product.description,
          price: product.price,
          discount: product.discount,
          // Sized products start at 0; the product_sizes trigger sets their total.
          stock: product.stock ?? 0,
          color: product.color,
          tag: product.tag,
          specs: product.specs,
          createdAt: product.createdAt,
        })),
      )
      .returning({ id: products.id, slug: products.slug });
    for (const row of inserted) productIdBySlug.set(row.slug, row.id);
  });

  const sizeRows = catalogue.flatMap((product) =>
    product.sizes.map((size, position) => ({
      productId: productIdBySlug.get(product.slug)!,
      size: size.size,
      stock: size.stock,
      position,
    })),
  );
  await insertInBatches(sizeRows, (batch) => tx.insert(productSizes).values(batch));

  const imageRows = catalogue.flatMap((product) =>
    product.images.map((image, position) => ({
      productId: productIdBySlug.get(product.slug)!,
      imageId: imageIds.products.get(productImageKey(image))!,
      position,
    })),
  );
  await insertInBatches(imageRows, (batch) => tx.insert(productImages).values(batch));
  // Past customers' delivered orders and their reviews: the only source of the products' ratings.
  await insertPurchaseHistory(tx, { catalogue, productIdBySlug, settings, now });
  // The sellers' payouts of those sales.
  await insertWithdrawalHistory(tx, now);

  // The offer banner leads to the most discounted racket, the one it advertises.
  const [featuredRacket] = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(eq(products.categoryId, categoryIdBySlug.get("palas")!))
    .orderBy(desc(products.discount), desc(products.price))
    .limit(1);
  await tx.insert(banners).values(
    BANNERS.map((banner, position) => ({
      title: banner.title,
      subtitle: banner.subtitle,
      link: banner.link ?? (featuredRacket ? `/product/details/${featuredRacket.slug}` : "/products?category=palas"),
      imageId: imageIds.banners[position],
      position,
    })),
  );

  await tx.insert(blogPosts).values(
    BLOG_POSTS.map((post, index) => ({
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      body: post.body,
      author: post.author,
      imageId: imageIds.blogPosts[index],
      publishedAt: new Date(now.getTime() - post.daysAgo * 24 * 60 * 60 * 1000),
    })),
  );

  // Last, so the store's past only ever involves the approved shops.
  const applicant = accountRows.find((account) => account.email === APPLICANT_EMAIL)!;
  await insertPendingShopRequest(tx, files, applicant.id, applicant.name);

  return { products: catalogue.length, shops: shopRows.length };
}

/**
 * Fills an empty database with the demo accounts, shops, categories, `products` products, banners,
 * blog posts and past orders with their reviews, all in one transaction: a failed seed leaves
 * nothing behind in the database (its pictures' files in `files` go at the next housekeeping). The
 * settings price the past orders as the store would have.
 */
export function seedCatalogue(
  db: Db,
  files: FileStore,
  options: { products: number; settings: HistorySettings },
): Promise<{ products: number; shops: number }> {
  return db.transaction((tx) => insertCatalogue(tx, files, options.products, options.settings));
}

/** Seeds the demo store when there are no categories yet; returns null when the data already exists. */
export function seedIfEmpty(
  db: Db,
  files: FileStore,
  settings: HistorySettings,
): Promise<{ products: number; shops: number } | null> {
  return db.transaction(async (tx) => {
    // Several API instances may start together on one PostgreSQL; only the first one seeds, and the
    // others wait for it: seeding is a bulk load, longer than the pool's limits allow any request.
    await tx.execute(sql`set local lock_timeout = 0`);
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ id: categories.id }).from(categories).limit(1);
    if (existing) return null;
    return insertCatalogue(tx, files, DEMO_PRODUCT_COUNT, settings);
  });
}
