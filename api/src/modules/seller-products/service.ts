import { OWN_TABLE_WRONG_KIND, ownTableKindFor } from "#contract/own-size-guide";
import { SIZE_GUIDE_OWN } from "#contract/size-guides";
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { slugify } from "#contract/catalog";
import { CATEGORY_HIDDEN_FOR_PRODUCTS } from "#contract/categories";
import { PUBLISH_REFUSED_ADMIN_HIDDEN } from "#contract/product-moderation";
import type { FieldError } from "#contract/http";
import { FORBIDDEN } from "#contract/messages";
import {
  CATEGORY_NOT_FOUND,
  IMAGE_ORDER_INVALID,
  IMAGES_MISSING,
  publishWithoutImages,
  IMAGES_TOO_MANY,
  NEW_IMAGE_PREFIX,
  OLD_IMAGE_NOT_FOUND,
  PRODUCT_IMAGES_PART,
  BULK_NOT_YOURS,
  bulkPriceOutOfRange,
  PRODUCT_PRICE_MAX_CENTS,
  PRODUCT_PRICE_MIN_CENTS,
  SELLER_PRODUCT_NOT_FOUND,
  SHOP_NOT_SELLING,
  specSheetIssues,
  STOCK_VERSION_STALE,
  type BulkProductsBody,
  type ProductForm,
  type ProductImageUpdateFields,
  type ProductUpdateForm,
  type SellerProduct,
  type SellerProductRow,
  type SellerProductsAnswer,
  type SellerProductsQuery,
} from "#contract/seller-products";
import {
  BULK_ACTION_LABELS,
  PRODUCT_IMAGES_MAX,
  PRODUCT_IMAGES_MIN,
  type SellerProductStatus,
} from "#contract/seller-product-labels";
import { formatUsd } from "#contract/money-format";
import type { ShopStatus } from "#contract/shop-labels";
import type { Db, Transaction } from "../../db/client.js";
import {
  banners,
  blogPosts,
  cartItems,
  categories,
  images,
  orderItems,
  productImages,
  productSizes,
  productSlugHistory,
  products,
  shops,
  users,
} from "../../db/schema.js";
import { FieldsError, HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/tokens.js";
import { recordAudit } from "../audit/service.js";
import { announceCatalogueChange, catalogueChangedHere } from "../catalog/changes.js";
import { productSizesList } from "../catalog/service.js";
import { saveStoredImage, type StoredImage } from "../media/service.js";
import { checkSellerShop, lockSellerShop, type SellerShop } from "../shops/seller-writes.js";
import { setStockContext } from "../stock/service.js";
import { lockProducts } from "../stock/locks.js";

/**
 * Seller products (issue 11; SPEC.md section 7 "Seller products"; README, "Seller products API").
 * Writes: a seller whose shop is approved, on its own shop's products, each in one transaction that
 * holds the shop (FOR SHARE, lockSellerShop: a suspension waits, or is waited for and refuses the
 * write) and the product row (FOR UPDATE), writes an audit entry and announces the catalogue change.
 * Reads: the seller (its own shop's) or an admin (any). Another shop's product is answered as one
 * that does not exist.
 */

type Runner = Db | Transaction;

/** Which products a reader sees: one shop's, or (an admin without a shop filter) every shop's. */
type Scope = { shopId: string } | { shopId: null };

/** A reader's shop, whatever its status. */
async function shopOwnedBy(db: Runner, ownerId: string): Promise<{ id: string } | undefined> {
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.ownerId, ownerId));
  return shop;
}

/**
 * The refusal of a writer: only a seller whose shop is approved may change products. A suspended
 * shop is refused by the check every seller write shares (shops/seller-writes.ts).
 */
function assertWriter(shop: SellerShop | undefined): asserts shop is SellerShop {
  if (!shop || shop.status !== "aprobada") throw new HttpError(403, SHOP_NOT_SELLING);
}

/** Checked before an upload is read (cheap), and again under the shop's lock in the transaction. */
export async function assertCanWrite(db: Db, user: AuthUser): Promise<void> {
  if (user.role !== "seller") throw new HttpError(403, FORBIDDEN);
  assertWriter(await checkSellerShop(db, user.id));
}

export async function writerShop(tx: Transaction, user: AuthUser): Promise<SellerShop> {
  if (user.role !== "seller") throw new HttpError(403, FORBIDDEN);
  const shop = await lockSellerShop(tx, user.id);
  assertWriter(shop);
  return shop;
}

async function readScope(db: Runner, user: AuthUser, shopId?: string): Promise<Scope> {
  if (user.role === "admin") return { shopId: shopId ?? null };
  if (user.role !== "seller") throw new HttpError(403, FORBIDDEN);
  const shop = await shopOwnedBy(db, user.id);
  if (!shop) throw new HttpError(403, SHOP_NOT_SELLING);
  return { shopId: shop.id };
}

const inScope = (scope: Scope): SQL | undefined =>
  scope.shopId === null ? undefined : eq(products.shopId, scope.shopId);

// ---- Reading ------------------------------------------------------------------------------------

const mainImage = sql<
  string | null
>`(select ${productImages.imageId}::text from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`;
const imageIds = sql<
  string[]
>`array(select ${productImages.imageId}::text from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position})`;

const rowColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  brand: products.brand,
  categoryId: categories.id,
  categoryName: categories.name,
  categorySlug: categories.slug,
  price: products.price,
  discount: products.discount,
  salePrice: products.salePrice,
  stock: products.stock,
  hasSizes: products.hasSizes,
  sizes: productSizesList,
  image: mainImage,
  shopStatus: shops.status,
  state: products.state,
  lowStockThreshold: products.lowStockThreshold,
  shopName: shops.name,
  adminHiddenAt: products.adminHiddenAt,
  adminHiddenReason: products.adminHiddenReason,
  reviewRequestedAt: products.reviewRequestedAt,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

const detailColumns = {
  ...rowColumns,
  color: products.color,
  tag: products.tag,
  description: products.description,
  stockVersion: products.stockVersion,
  specSheet: categories.specSheet,
  specs: products.specs,
  sizeGuide: products.sizeGuide,
  sizeGuideTable: products.sizeGuideTable,
  images: imageIds,
  rating: products.rating,
};

function selectRows(db: Runner) {
  return db
    .select(rowColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(shops, eq(shops.id, products.shopId));
}

function selectDetails(db: Runner) {
  return db
    .select(detailColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(shops, eq(shops.id, products.shopId));
}

type RowRecord = Awaited<ReturnType<typeof selectRows>>[number];
type DetailRecord = Awaited<ReturnType<typeof selectDetails>>[number];

function statusOf(row: { shopStatus: ShopStatus; stock: number }): SellerProductStatus {
  if (row.shopStatus !== "aprobada") return "oculto";
  return row.stock > 0 ? "en_venta" : "agotado";
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toRow(row: RowRecord): SellerProductRow {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    brand: row.brand,
    category: { _id: row.categoryId, name: row.categoryName, slug: row.categorySlug },
    price: row.price,
    discount: row.discount,
    salePrice: row.salePrice,
    stock: row.stock,
    hasSizes: row.hasSizes,
    sizes: row.sizes,
    image: row.image,
    status: statusOf(row),
    state: row.state,
    lowStockThreshold: row.lowStockThreshold,
    shopName: row.shopName,
    moderation: row.adminHiddenAt
      ? {
          reason: row.adminHiddenReason ?? "",
          hiddenAt: iso(row.adminHiddenAt),
          reviewRequestedAt: row.reviewRequestedAt ? iso(row.reviewRequestedAt) : null,
        }
      : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

function toProduct(row: DetailRecord): SellerProduct {
  return {
    ...toRow(row),
    categoryId: row.categoryId,
    color: row.color,
    tag: row.tag,
    description: row.description,
    stockVersion: row.stockVersion,
    specSheet: row.specSheet,
    specs: row.specs ?? {},
    sizeGuide: row.sizeGuide,
    sizeGuideTable: row.sizeGuideTable,
    images: row.images,
    rating: row.rating,
  };
}

const notArchived = isNull(products.archivedAt);
const newestFirst = [desc(products.createdAt), desc(products.id)];
/** The seller's list orders (contract SELLER_PRODUCT_SORTS); the id last, so pages never overlap. */
const listOrder: Record<SellerProductsQuery["sort"], SQL[]> = {
  recientes: newestFirst,
  nombre: [asc(sql`lower(${products.name})`), asc(products.id)],
  precio: [asc(products.salePrice), asc(products.id)],
  precio_desc: [desc(products.salePrice), asc(products.id)],
  stock: [asc(products.stock), asc(products.id)],
};

async function loadProduct(db: Runner, productId: string, scope: Scope): Promise<SellerProduct> {
  const [row] = await selectDetails(db)
    .where(and(eq(products.id, productId), notArchived, inScope(scope)))
    .limit(1);
  if (!row) throw new HttpError(404, SELLER_PRODUCT_NOT_FOUND);
  return toProduct(row);
}

/** `%term%` for LIKE, with LIKE's own characters taken literally. */
function likeContains(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The admin's moderation filter (issue 35): hidden by an admin, or those awaiting review. */
function moderationFilter(filter: SellerProductsQuery["moderation"]): SQL | undefined {
  if (filter === "oculto_admin") return isNotNull(products.adminHiddenAt);
  if (filter === "revision") return and(isNotNull(products.adminHiddenAt), isNotNull(products.reviewRequestedAt));
  return undefined;
}

export async function listSellerProducts(
  db: Db,
  user: AuthUser,
  query: SellerProductsQuery,
): Promise<SellerProductsAnswer> {
  const scope = await readScope(db, user, query.shopId);
  const search = query.searchValue
    ? sql`f_unaccent(lower(${products.name} || ' ' || ${products.brand})) like f_unaccent(${likeContains(query.searchValue)})`
    : undefined;
  const stock =
    query.stock === "agotado"
      ? eq(products.stock, 0)
      : query.stock === "bajo"
        ? and(gt(products.stock, 0), lte(products.stock, products.lowStockThreshold))
        : undefined;
  const where = and(
    notArchived,
    inScope(scope),
    search,
    query.categoryId ? eq(products.categoryId, query.categoryId) : undefined,
    query.state ? eq(products.state, query.state) : undefined,
    stock,
    ...(user.role === "admin" ? [moderationFilter(query.moderation)] : []),
  );
  const [rows, [total]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...listOrder[query.sort])
      .limit(query.parPage)
      .offset((query.page - 1) * query.parPage),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { products: rows.map(toRow), totalProduct: total?.total ?? 0, page: query.page, parPage: query.parPage };
}

export async function getSellerProduct(db: Db, user: AuthUser, productId: string): Promise<SellerProduct> {
  return loadProduct(db, productId, await readScope(db, user));
}

/** Most products the discount list answers: far more than a shop discounts at once. */
const DISCOUNT_LIST_LIMIT = 200;

/** A seller's discounted products (not archived), biggest discount first. `sellerId` is the shop's owner. */
export async function discountedProducts(db: Db, user: AuthUser, sellerId: string): Promise<SellerProductRow[]> {
  if (user.role !== "admin" && (user.role !== "seller" || user.id !== sellerId)) throw new HttpError(403, FORBIDDEN);
  const shop = await shopOwnedBy(db, sellerId);
  if (!shop) return [];
  const rows = await selectRows(db)
    .where(and(eq(products.shopId, shop.id), notArchived, gt(products.discount, 0)))
    .orderBy(desc(products.discount), ...newestFirst)
    .limit(DISCOUNT_LIST_LIMIT);
  return rows.map(toRow);
}

// ---- Checks before writing ----------------------------------------------------------------------

/**
 * The form's category: it exists, is not hidden (decision 0052: a product already in a hidden
 * category, named by `productId`, keeps it), and the spec sheet fits it (contract/seller-products.ts
 * specSheetIssues).
 */
export async function categoryIssues(
  db: Db,
  form: Pick<ProductForm, "categoryId" | "specs" | "sizeGuide" | "sizeGuideTable"> & { productId?: string },
): Promise<FieldError[]> {
  const [category] = await db
    .select({
      specSheet: categories.specSheet,
      hidden: categories.hidden,
      holdsProduct: form.productId
        ? sql<boolean>`exists (select 1 from ${products} where ${products.id} = ${form.productId} and ${products.categoryId} = ${categories.id})`
        : sql<boolean>`false`,
    })
    .from(categories)
    .where(eq(categories.id, form.categoryId));
  if (!category) return [{ field: "categoryId", message: CATEGORY_NOT_FOUND }];
  if (category.hidden && !category.holdsProduct)
    return [{ field: "categoryId", message: CATEGORY_HIDDEN_FOR_PRODUCTS }];
  const issues = specSheetIssues(category.specSheet, form.specs);
  // Shoes' own tables go by foot, any other category's by body (contract/own-size-guide.ts).
  if (
    form.sizeGuide === SIZE_GUIDE_OWN &&
    form.sizeGuideTable &&
    form.sizeGuideTable.kind !== ownTableKindFor(category.specSheet)
  )
    issues.push({ field: "sizeGuideTable", message: OWN_TABLE_WRONG_KIND });
  return issues;
}

/** Where each image of the product's final list comes from. */
export type ImageSlot = { kind: "existing"; imageId: string } | { kind: "new"; index: number };

/**
 * The final image list from `imageOrder` (existing ids of the product and `nueva:<n>`), the
 * product's images and how many files came; new files it does not name are appended in order.
 */
export function resolveImageOrder(
  order: string[] | undefined,
  existing: string[],
  newCount: number,
): { slots: ImageSlot[]; errors: FieldError[] } {
  const slots: ImageSlot[] = [];
  const errors: FieldError[] = [];
  const usedNew = new Set<number>();
  if (order === undefined) {
    for (const imageId of existing) slots.push({ kind: "existing", imageId });
  } else {
    const usedExisting = new Set<string>();
    for (const entry of order) {
      if (entry.startsWith(NEW_IMAGE_PREFIX)) {
        const text = entry.slice(NEW_IMAGE_PREFIX.length);
        const index = /^\d{1,2}$/.test(text) ? Number(text) : -1;
        if (index < 0 || index >= newCount || usedNew.has(index)) {
          errors.push({ field: "imageOrder", message: IMAGE_ORDER_INVALID });
          break;
        }
        usedNew.add(index);
        slots.push({ kind: "new", index });
      } else {
        if (!existing.includes(entry) || usedExisting.has(entry)) {
          errors.push({ field: "imageOrder", message: IMAGE_ORDER_INVALID });
          break;
        }
        usedExisting.add(entry);
        slots.push({ kind: "existing", imageId: entry });
      }
    }
  }
  for (let index = 0; index < newCount; index++) if (!usedNew.has(index)) slots.push({ kind: "new", index });
  if (errors.length === 0) {
    if (slots.length < PRODUCT_IMAGES_MIN) errors.push({ field: PRODUCT_IMAGES_PART, message: IMAGES_MISSING });
    if (slots.length > PRODUCT_IMAGES_MAX) errors.push({ field: PRODUCT_IMAGES_PART, message: IMAGES_TOO_MANY });
  }
  return { slots, errors };
}

// ---- Writing ------------------------------------------------------------------------------------

/**
 * A free slug for `name`: its slugify, or that with -2, -3... when another product has it now or
 * had it before a rename. An advisory lock on the base serialises two writers choosing the same one.
 */
async function freeSlug(tx: Transaction, name: string, productId: string | null): Promise<string> {
  const base = slugify(name) || "producto";
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`product-slug:${base}`}))`);
  const like = `${base}-%`;
  const [current, former] = await Promise.all([
    tx
      .select({ slug: products.slug })
      .from(products)
      .where(
        and(
          or(eq(products.slug, base), sql`${products.slug} like ${like}`),
          productId ? ne(products.id, productId) : undefined,
        ),
      ),
    tx
      .select({ slug: productSlugHistory.slug })
      .from(productSlugHistory)
      .where(
        and(
          or(eq(productSlugHistory.slug, base), sql`${productSlugHistory.slug} like ${like}`),
          productId ? ne(productSlugHistory.productId, productId) : undefined,
        ),
      ),
  ]);
  const taken = new Set([...current, ...former].map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

/** Stores the new files (already checked and encoded) and answers the final image ids in order. */
async function storeImages(
  tx: Transaction,
  slots: ImageSlot[],
  encoded: StoredImage[],
  alt: string,
): Promise<string[]> {
  const newIds = new Map<number, string>();
  for (const slot of slots) {
    if (slot.kind === "new") newIds.set(slot.index, await saveStoredImage(tx, encoded[slot.index]!, alt));
  }
  return slots.map((slot) => (slot.kind === "existing" ? slot.imageId : newIds.get(slot.index)!));
}

async function writeImageList(tx: Transaction, productId: string, ids: string[]): Promise<void> {
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  await tx.insert(productImages).values(ids.map((imageId, position) => ({ productId, imageId, position })));
}

/** Images no record uses any more (a product's removed ones): their bytes go too. */
async function dropUnusedImages(tx: Transaction, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .delete(images)
    .where(
      and(
        inArray(images.id, ids),
        sql`not exists (select 1 from ${productImages} where ${productImages.imageId} = ${images.id})`,
        sql`not exists (select 1 from ${categories} where ${categories.imageId} = ${images.id})`,
        sql`not exists (select 1 from ${banners} where ${banners.imageId} = ${images.id})`,
        sql`not exists (select 1 from ${blogPosts} where ${blogPosts.imageId} = ${images.id})`,
        sql`not exists (select 1 from ${users} where ${users.imageId} = ${images.id})`,
      ),
    );
}

/** What the audit log keeps of a product before and after a change. */
async function auditSnapshot(tx: Transaction, productId: string): Promise<Record<string, unknown> | null> {
  const [row] = await tx
    .select({
      name: products.name,
      slug: products.slug,
      brand: products.brand,
      categoryId: products.categoryId,
      price: products.price,
      discount: products.discount,
      color: products.color,
      tag: products.tag,
      stock: products.stock,
      lowStockThreshold: products.lowStockThreshold,
      specs: products.specs,
      sizeGuide: products.sizeGuide,
      sizeGuideTable: products.sizeGuideTable,
      sizes: productSizesList,
      images: imageIds,
      state: products.state,
      archivedAt: products.archivedAt,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) return null;
  return { ...row, archivedAt: row.archivedAt === null ? null : iso(row.archivedAt) };
}

/**
 * The product row of the seller's shop, locked with its sizes for the rest of the transaction in
 * the one order every writer of products uses (stock/locks.ts); 404 otherwise. `key` for a write
 * that may change its unique slug or delete it.
 */
async function lockProduct(tx: Transaction, shopId: string, productId: string, strength: "key" | "stock") {
  await lockProducts(tx, [productId], strength, shopId);
  const [row] = await tx
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      stockVersion: products.stockVersion,
      hasSizes: products.hasSizes,
      adminHiddenAt: products.adminHiddenAt,
    })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.shopId, shopId), notArchived));
  if (!row) throw new HttpError(404, SELLER_PRODUCT_NOT_FOUND);
  return row;
}

function productValues(form: ProductForm | ProductUpdateForm) {
  return {
    name: form.name,
    categoryId: form.categoryId,
    brand: form.brand,
    description: form.description,
    price: form.price,
    discount: form.discount,
    color: form.color,
    tag: form.tag,
    lowStockThreshold: form.lowStockThreshold,
    specs: Object.keys(form.specs).length > 0 ? form.specs : null,
    // Absent: add takes the column's default (the category's guide), update keeps the product's.
    // The seller's own table is kept only with «Tabla propia».
    ...(form.sizeGuide === undefined
      ? {}
      : {
          sizeGuide: form.sizeGuide,
          sizeGuideTable: form.sizeGuide === SIZE_GUIDE_OWN ? (form.sizeGuideTable ?? null) : null,
        }),
  };
}

/** Runs a product write and drops this instance's catalogue copies once it is committed. */
export async function catalogueWrite<T>(db: Db, write: (tx: Transaction) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const answer = await write(tx);
    await announceCatalogueChange(tx);
    return answer;
  });
  catalogueChangedHere();
  return result;
}

export async function createProduct(
  db: Db,
  user: AuthUser,
  form: ProductForm,
  slots: ImageSlot[],
  encoded: StoredImage[],
): Promise<SellerProduct> {
  return catalogueWrite(db, async (tx) => {
    const shop = await writerShop(tx, user);
    await setStockContext(tx, "ajuste", user.id);
    const slug = await freeSlug(tx, form.name, null);
    const [created] = await tx
      .insert(products)
      .values({
        ...productValues(form),
        state: form.state ?? "publicado",
        shopId: shop.id,
        slug,
        stock: form.sizes.length > 0 ? 0 : (form.stock ?? 0),
      })
      .returning({ id: products.id });
    const productId = created!.id;
    if (form.sizes.length > 0) {
      await tx
        .insert(productSizes)
        .values(
          form.sizes.map((entry, position) => ({ productId, size: entry.size, stock: entry.stock ?? 0, position })),
        );
    }
    await writeImageList(tx, productId, await storeImages(tx, slots, encoded, form.name));
    await recordAudit(tx, {
      actorId: user.id,
      action: "producto.crear",
      entity: "producto",
      entityId: productId,
      before: null,
      after: await auditSnapshot(tx, productId),
    });
    return loadProduct(tx, productId, { shopId: shop.id });
  });
}

/**
 * Edits a product (README, "Seller products API"): sizes may be added (with their stock) or
 * removed; the stock of sizes that stay, and a single stock, change only with the `stockVersion`
 * the form was read at (409 when it is stale); without it their stock is kept as it is.
 */
export async function updateProduct(
  db: Db,
  user: AuthUser,
  form: ProductUpdateForm,
  newFiles: StoredImage[],
): Promise<SellerProduct> {
  return catalogueWrite(db, async (tx) => {
    const shop = await writerShop(tx, user);
    // As a rename would: whether this one renames is known only once the name is read under the lock.
    const product = await lockProduct(tx, shop.id, form.productId, "key");
    if (form.stockVersion !== undefined && form.stockVersion !== product.stockVersion)
      throw new HttpError(409, STOCK_VERSION_STALE);
    // Hidden by an admin, it stays hidden until an admin publishes it (decision 0053).
    if (product.adminHiddenAt && form.state !== undefined && form.state !== "oculto")
      throw new FieldsError(409, [{ field: "state", message: PUBLISH_REFUSED_ADMIN_HIDDEN }]);
    const stockChanges = form.stockVersion !== undefined;
    const before = await auditSnapshot(tx, product.id);

    const existingImages = ((before?.images as string[] | undefined) ?? []).slice();
    const { slots, errors } = resolveImageOrder(form.imageOrder, existingImages, newFiles.length);
    const existingSizes = await tx
      .select({ size: productSizes.size, stock: productSizes.stock })
      .from(productSizes)
      .where(eq(productSizes.productId, product.id));
    const kept = new Map(existingSizes.map((entry) => [entry.size, entry.stock]));
    form.sizes.forEach((entry, index) => {
      if (!kept.has(entry.size) && entry.stock === undefined)
        errors.push({ field: `sizes[${index}].stock`, message: "Escribe el stock de la talla nueva." });
    });
    // A product left without sizes needs its single stock said: new when it had sizes, or a change.
    if (form.sizes.length === 0 && product.hasSizes && form.stock === undefined) {
      errors.push({ field: "stock", message: "Escribe el stock del producto o añade tallas con su stock." });
    }
    if (errors.length > 0) throw new FieldsError(400, errors);

    await setStockContext(tx, "ajuste", user.id);
    let slug = product.slug;
    if (slugify(form.name) !== slugify(product.name)) {
      slug = await freeSlug(tx, form.name, product.id);
      if (slug !== product.slug) {
        await tx
          .delete(productSlugHistory)
          .where(and(eq(productSlugHistory.slug, slug), eq(productSlugHistory.productId, product.id)));
        await tx.insert(productSlugHistory).values({ slug: product.slug, productId: product.id }).onConflictDoNothing();
      }
    }
    // The slug only when it changes (its history above follows it).
    await tx
      .update(products)
      .set({
        ...productValues(form),
        ...(form.state === undefined ? {} : { state: form.state }),
        ...(slug === product.slug ? {} : { slug }),
        updatedAt: sql`now()`,
      })
      .where(eq(products.id, product.id));

    // Sizes: removed ones go, new ones come with their stock, kept ones keep theirs unless stockChanges.
    const sent = new Set(form.sizes.map((entry) => entry.size));
    const removed = existingSizes.filter((entry) => !sent.has(entry.size)).map((entry) => entry.size);
    if (removed.length > 0)
      await tx
        .delete(productSizes)
        .where(and(eq(productSizes.productId, product.id), inArray(productSizes.size, removed)));
    for (const [position, entry] of form.sizes.entries()) {
      if (!kept.has(entry.size)) {
        await tx
          .insert(productSizes)
          .values({ productId: product.id, size: entry.size, stock: entry.stock!, position });
        continue;
      }
      const stock =
        stockChanges && entry.stock !== undefined && entry.stock !== kept.get(entry.size) ? { stock: entry.stock } : {};
      await tx
        .update(productSizes)
        .set({ position, ...stock })
        .where(and(eq(productSizes.productId, product.id), eq(productSizes.size, entry.size)));
    }
    if (form.sizes.length === 0 && form.stock !== undefined && (product.hasSizes || stockChanges)) {
      await tx.update(products).set({ stock: form.stock }).where(eq(products.id, product.id));
    }

    const finalImages = await storeImages(tx, slots, newFiles, form.name);
    await writeImageList(tx, product.id, finalImages);
    await dropUnusedImages(
      tx,
      existingImages.filter((imageId) => !finalImages.includes(imageId)),
    );
    await recordAudit(tx, {
      actorId: user.id,
      action: "producto.editar",
      entity: "producto",
      entityId: product.id,
      before,
      after: await auditSnapshot(tx, product.id),
    });
    return loadProduct(tx, product.id, { shopId: shop.id });
  });
}

/** Archives a product that appears in any order (kept for them, gone from the store); removes any other. */
export async function deleteProduct(db: Db, user: AuthUser, productId: string): Promise<{ archived: boolean }> {
  return catalogueWrite(db, async (tx) => {
    const shop = await writerShop(tx, user);
    // The shoppers' cart lines of it first: an order locks its cart lines before anything else, and
    // removing the product removes them (cascade); so an order under way finishes first (and the
    // product is archived), and one that starts later finds its line gone.
    await tx.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.productId, productId)).for("update");
    const product = await lockProduct(tx, shop.id, productId, "key");
    await setStockContext(tx, "ajuste", user.id);
    const before = await auditSnapshot(tx, product.id);
    const [ordered] = await tx
      .select({ one: sql`1` })
      .from(orderItems)
      .where(eq(orderItems.productId, product.id))
      .limit(1);
    if (ordered) {
      await tx
        .update(products)
        .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(products.id, product.id));
      await recordAudit(tx, {
        actorId: user.id,
        action: "producto.archivar",
        entity: "producto",
        entityId: product.id,
        before,
        after: await auditSnapshot(tx, product.id),
      });
      return { archived: true };
    }
    await tx.delete(products).where(eq(products.id, product.id));
    await dropUnusedImages(tx, (before?.images as string[] | undefined) ?? []);
    await recordAudit(tx, {
      actorId: user.id,
      action: "producto.eliminar",
      entity: "producto",
      entityId: product.id,
      before,
      after: null,
    });
    return { archived: false };
  });
}

/** POST /product-image-update: the new image takes the old one's place (the main one stays main). */
export async function replaceProductImage(
  db: Db,
  user: AuthUser,
  fields: ProductImageUpdateFields,
  encoded: StoredImage,
): Promise<SellerProduct> {
  return catalogueWrite(db, async (tx) => {
    const shop = await writerShop(tx, user);
    const product = await lockProduct(tx, shop.id, fields.productId, "stock");
    const [slot] = await tx
      .select({ position: productImages.position })
      .from(productImages)
      .where(and(eq(productImages.productId, product.id), eq(productImages.imageId, fields.oldImage)))
      .orderBy(asc(productImages.position))
      .limit(1);
    if (!slot) throw new FieldsError(400, [{ field: "oldImage", message: OLD_IMAGE_NOT_FOUND }]);
    const before = await auditSnapshot(tx, product.id);
    const newImageId = await saveStoredImage(tx, encoded, product.name);
    await tx
      .update(productImages)
      .set({ imageId: newImageId })
      .where(and(eq(productImages.productId, product.id), eq(productImages.position, slot.position)));
    await tx
      .update(products)
      .set({ updatedAt: sql`now()` })
      .where(eq(products.id, product.id));
    await dropUnusedImages(tx, [fields.oldImage]);
    await recordAudit(tx, {
      actorId: user.id,
      action: "producto.editar",
      entity: "producto",
      entityId: product.id,
      before,
      after: await auditSnapshot(tx, product.id),
    });
    return loadProduct(tx, product.id, { shopId: shop.id });
  });
}

// ---- Bulk actions (issue 34) --------------------------------------------------------------------

/** The batch's action as the audit log says it: «Cambiar el precio un porcentaje (-10 %)». */
function bulkActionWords(action: BulkProductsBody["action"]): string {
  const label = BULK_ACTION_LABELS[action.kind];
  if (action.kind === "precio_porcentaje") return `${label} (${action.percent} %)`;
  if (action.kind === "precio_fijo") return `${label} (${formatUsd(action.price)})`;
  if (action.kind === "descuento") return `${label} (${action.discount} %)`;
  return label;
}

/** The product's new price under a bulk price action, or null when the action leaves it alone. */
function bulkPrice(action: BulkProductsBody["action"], price: number): number | null {
  if (action.kind === "precio_porcentaje") return Math.round((price * (100 + action.percent)) / 100);
  if (action.kind === "precio_fijo") return action.price;
  return null;
}

/**
 * POST /seller/products/bulk: one action on the selected products of the seller's shop, all or
 * nothing, in one transaction. The shop is held FOR SHARE (lockSellerShop: a suspension waits or is
 * seen), then the products are locked in id order, the order sales take them (placeOrder sorts its
 * lines by product id), so a batch and an order never deadlock:
 *
 * - price, discount, publish, hide: FOR NO KEY UPDATE, which an order's items' key-share locks do not
 *   wait for; an order that read the old price before the batch committed charges it for the whole
 *   line (its prices come from one statement's snapshot), one that reads after charges the new one.
 * - delete: the products' cart lines first (each owner's in the order placeOrder takes them), then
 *   the rows FOR UPDATE, as deleteProduct does, so an order under way finishes first and a later one
 *   finds its lines gone.
 *
 * Any id that is not a live product of the shop refuses the whole batch (404), and so does any price
 * the action would leave out of range (400, naming the product). One audit entry keeps every
 * product's fields before and after.
 */
export async function bulkProducts(
  db: Db,
  user: AuthUser,
  body: BulkProductsBody,
): Promise<{ updated: number; archived: number }> {
  const ids = [...new Set(body.ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const { action } = body;
  return catalogueWrite(db, async (tx) => {
    const shop = await writerShop(tx, user);
    const deleting = action.kind === "eliminar";
    // Each owner's lines in the order placeOrder locks them (cart-lines.ts: created_at, id within
    // one shop): an order holds only its owner's lines, so neither can wait on the other in a cycle.
    if (deleting)
      await tx
        .select({ id: cartItems.id })
        .from(cartItems)
        .where(inArray(cartItems.productId, ids))
        .orderBy(asc(cartItems.userId), asc(cartItems.guestId), asc(cartItems.createdAt), asc(cartItems.id))
        .for("update");
    const locked = await tx
      .select({
        id: products.id,
        name: products.name,
        price: products.price,
        discount: products.discount,
        state: products.state,
        adminHiddenAt: products.adminHiddenAt,
      })
      .from(products)
      .where(and(inArray(products.id, ids), eq(products.shopId, shop.id), notArchived))
      .orderBy(asc(products.id))
      .for(deleting ? "update" : "no key update");
    if (locked.length !== ids.length) throw new HttpError(404, BULK_NOT_YOURS);

    const adminHidden = action.kind === "publicar" ? locked.find((product) => product.adminHiddenAt) : undefined;
    if (adminHidden) throw new HttpError(409, `«${adminHidden.name}»: ${PUBLISH_REFUSED_ADMIN_HIDDEN}`);
    if (action.kind === "publicar") {
      // A draft imported from a file has no picture yet: the store shows none without one.
      const pictured = new Set(
        (
          await tx
            .selectDistinct({ productId: productImages.productId })
            .from(productImages)
            .where(inArray(productImages.productId, ids))
        ).map((row) => row.productId),
      );
      const bare = locked.find((product) => !pictured.has(product.id));
      if (bare) throw new HttpError(409, publishWithoutImages(bare.name));
    }
    for (const product of locked) {
      const price = bulkPrice(action, product.price);
      if (price !== null && (price < PRODUCT_PRICE_MIN_CENTS || price > PRODUCT_PRICE_MAX_CENTS))
        throw new HttpError(400, bulkPriceOutOfRange(product.name, price));
    }

    await setStockContext(tx, "ajuste", user.id);
    const before = locked.map(({ id, name, price, discount, state }) => ({ id, name, price, discount, state }));
    let ordered = new Set<string>();
    switch (action.kind) {
      case "precio_porcentaje":
      case "precio_fijo":
        for (const product of locked)
          await tx
            .update(products)
            .set({ price: bulkPrice(action, product.price)!, updatedAt: sql`now()` })
            .where(eq(products.id, product.id));
        break;
      case "descuento":
        await tx
          .update(products)
          .set({ discount: action.discount, updatedAt: sql`now()` })
          .where(inArray(products.id, ids));
        break;
      case "publicar":
      case "ocultar":
        await tx
          .update(products)
          .set({ state: action.kind === "publicar" ? "publicado" : "oculto", updatedAt: sql`now()` })
          .where(inArray(products.id, ids));
        break;
      case "eliminar": {
        ordered = new Set(
          (
            await tx
              .selectDistinct({ productId: orderItems.productId })
              .from(orderItems)
              .where(inArray(orderItems.productId, ids))
          ).map((row) => row.productId),
        );
        if (ordered.size > 0)
          await tx
            .update(products)
            .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
            .where(inArray(products.id, [...ordered]));
        const removed = ids.filter((id) => !ordered.has(id));
        if (removed.length > 0) {
          const removedImages = await tx
            .select({ imageId: productImages.imageId })
            .from(productImages)
            .where(inArray(productImages.productId, removed));
          await tx.delete(products).where(inArray(products.id, removed));
          await dropUnusedImages(
            tx,
            removedImages.map((row) => row.imageId),
          );
        }
        break;
      }
    }

    const after = deleting
      ? before.map((product) => ({ id: product.id, name: product.name, archived: ordered.has(product.id) }))
      : await tx
          .select({
            id: products.id,
            name: products.name,
            price: products.price,
            discount: products.discount,
            state: products.state,
          })
          .from(products)
          .where(inArray(products.id, ids))
          .orderBy(asc(products.id));
    await recordAudit(tx, {
      actorId: user.id,
      action: "producto.lote",
      entity: "tienda",
      entityId: shop.id,
      before: { products: before },
      after: { products: after },
      reason: bulkActionWords(action),
    });
    return { updated: locked.length, archived: ordered.size };
  });
}
