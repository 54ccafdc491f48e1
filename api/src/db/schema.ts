import { sql, type SQL } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CouponKind } from "#contract/coupons";
import type { OfferStatus } from "#contract/offers";
import { NOTIFICATION_TYPES } from "#contract/notification-events";
import type { DeliveryStatus, PaymentMethod, PaymentStatus } from "#contract/order-labels";
import type { ShippingInfo } from "#contract/orders";
import { SPEC_SHEET_KINDS, type ProductSpecs } from "#contract/spec-sheet-fields";
import type { OwnSizeTable } from "#contract/size-guides";

import { STOCK_MOVEMENT_KINDS } from "#contract/stock";
import { REGIONS } from "#contract/region-time";
import type { ShopRequestField } from "#contract/shop-labels";
import { SHOP_IDENTITY_CHANGE_STATUSES } from "#contract/shop-identity-labels";
import { PRODUCT_STATES } from "#contract/seller-product-labels";
import { RETURN_STATUSES } from "#contract/return-labels";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const userRole = pgEnum("user_role", ["customer", "seller", "admin"]);
export const shopStatus = pgEnum("shop_status", [
  "pendiente",
  "requiere_cambios",
  "aprobada",
  "rechazada",
  "suspendida",
]);
export const shopCountry = pgEnum("shop_country", ["ES", "US", "VE"]);
export const shopDocumentStatus = pgEnum("shop_document_status", [
  "enviado",
  "aceptado",
  "requiere_cambios",
  "reemplazado",
]);

export const images = pgTable("images", {
  id: uuid("id").primaryKey().defaultRandom(),
  alt: text("alt").notNull().default(""),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  createdAt: createdAt(),
});

/** The store's regions (contract/region-time.ts), whose time zones the times are shown in. */
export const region = pgEnum("region", REGIONS);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Stored lower-cased and trimmed; the unique index is on lower(email), so look it up that way. */
    email: text("email").notNull(),
    /** Null for an account created through Google sign-in that never set a password. */
    passwordHash: text("password_hash"),
    role: userRole("role").notNull().default("customer"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** Google's stable account id ("sub"), set when the account signs in with Google. */
    googleSub: text("google_sub"),
    phone: text("phone"),
    addressLine: text("address_line").notNull().default(""),
    city: text("city").notNull().default(""),
    province: text("province").notNull().default(""),
    area: text("area").notNull().default(""),
    postCode: text("post_code").notNull().default(""),
    imageId: uuid("image_id").references(() => images.id, { onDelete: "set null" }),
    /**
     * Access tokens issued before this moment are refused (401), so the web refreshes them and the
     * new one carries the role as it is now (a shop approved, a seller suspended).
     */
    tokensValidAfter: timestamp("tokens_valid_after", { withTimezone: true }),
    /** Whose clock the user's mails use (Spain, Venezuela, the USA): the header's flag they chose. */
    region: region("region").notNull().default("es"),
    /**
     * Blocked by an admin (issue 35): no sign-in, sessions ended, shop suspended; the reason is what
     * the user reads when they try to sign in. Null: not blocked.
     */
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    blockedReason: text("blocked_reason"),
    /** The block itself suspended the user's shop, so unblocking reactivates it (decision 0051). */
    blockSuspendedShop: boolean("block_suspended_shop").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_google_sub_unique").on(t.googleSub),
    check("users_blocked_with_reason", sql`(${t.blockedAt} is null) = (${t.blockedReason} is null)`),
    check("users_block_suspended_shop_blocked", sql`not ${t.blockSuspendedShop} or ${t.blockedAt} is not null`),
    index("users_created_idx").on(t.createdAt),
  ],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. Each use replaces the token with a new one of the same
 * family; a token that comes back after it was replaced or revoked revokes its whole family.
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: uuid("family_id").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    replacedBy: uuid("replaced_by"),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_user_idx").on(t.userId), index("refresh_tokens_family_idx").on(t.familyId)],
);

export const accountTokenPurpose = pgEnum("account_token_purpose", ["verify_email", "reset_password"]);

/** Single-use tokens sent by e-mail (address verification, password reset), stored as SHA-256 hashes. */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: accountTokenPurpose("purpose").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("account_tokens_user_idx").on(t.userId)],
);

/**
 * Fixed-window counters for rate limits (failed logins, e-mails sent), kept in the database so every
 * API instance on it shares them. `key` names what is counted, e.g. `login:ip:203.0.113.7`.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_counters_window_idx").on(t.windowStartedAt)],
);

/**
 * A file's key in the file store (api/src/files/store.ts): the SHA-256 of its bytes in hex. The
 * bytes are never in the database (decision 0036).
 */
const fileKey = () => text("file_key").notNull();
const fileKeyCheck = (table: string, column: AnyPgColumn) =>
  check(`${table}_file_key_sha256`, sql`${column} ~ '^[0-9a-f]{64}$'`);

/** Each image is stored once per served width, already encoded as WebP, as a file of the file store. */
export const imageVariants = pgTable(
  "image_variants",
  {
    imageId: uuid("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    fileKey: fileKey(),
    sizeBytes: integer("size_bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width] }), fileKeyCheck("image_variants", t.fileKey)],
);

export const shops = pgTable(
  "shops",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    /** The tax id in its written form for the country (RIF, NIF/CIF or EIN), unique among shops. */
    rif: text("rif").notNull(),
    country: shopCountry("country").notNull().default("VE"),
    province: text("province").notNull().default(""),
    city: text("city").notNull().default(""),
    address: text("address").notNull().default(""),
    /** The address written whole, as pages show it. */
    location: text("location").notNull(),
    phone: text("phone").notNull(),
    status: shopStatus("status").notNull().default("pendiente"),
    /** Why it was rejected or suspended; null otherwise. */
    statusReason: text("status_reason"),
    /** When it was last approved: "since when" on its page. */
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /**
     * The shop's own shipping (issue 34): its flat fee per order part, in cents; null follows the
     * store's rule (SHIPPING_FEE_CENTS, free from FREE_SHIPPING_THRESHOLD_CENTS of the whole order).
     */
    shippingFee: integer("shipping_fee"),
    /** With its own fee: free from this subtotal of the shop's part, in cents; null never free. */
    freeShippingFrom: integer("free_shipping_from"),
    /** The shop's profile (issue 34): logo and banner (images, served by id), plain texts, contact. */
    logoImageId: uuid("logo_image_id").references(() => images.id),
    bannerImageId: uuid("banner_image_id").references(() => images.id),
    description: text("description").notNull().default(""),
    returnPolicy: text("return_policy").notNull().default(""),
    shippingPolicy: text("shipping_policy").notNull().default(""),
    /** Null: none given (the shop's page shows no contact line for it). */
    contactEmail: text("contact_email"),
    contactPhone: text("contact_phone"),
    /**
     * Vacation (issue 34): the return date, a calendar day in store time. The shop is on vacation while
     * today (Europe/Madrid) is before it, so it ends on its own; null: not on vacation.
     */
    vacationUntil: date("vacation_until", { mode: "string" }),
    vacationNote: text("vacation_note"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check("shops_shipping_fee_range", sql`${t.shippingFee} is null or ${t.shippingFee} between 0 and 100000`),
    check(
      "shops_free_shipping_with_fee",
      sql`${t.freeShippingFrom} is null or (${t.shippingFee} is not null and ${t.freeShippingFrom} between 1 and 10000000)`,
    ),
    check(
      "shops_profile_lengths",
      sql`char_length(${t.description}) <= 2000 and char_length(${t.returnPolicy}) <= 2000 and char_length(${t.shippingPolicy}) <= 2000 and char_length(coalesce(${t.vacationNote}, '')) <= 300`,
    ),
    uniqueIndex("shops_owner_unique").on(t.ownerId),
    uniqueIndex("shops_rif_unique").on(t.rif),
    index("shops_status_idx").on(t.status),
  ],
);

/**
 * A shop request's documents (PDF or images, checked by content), readable only by the shop's owner
 * and admins. A document the admin asked to change is kept as 'reemplazado' when the owner sends
 * its replacement, which names it in `replacesId`: the request's history.
 */
export const shopDocuments = pgTable(
  "shop_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** The bytes as sent, in the file store. */
    fileKey: fileKey(),
    status: shopDocumentStatus("status").notNull().default("enviado"),
    note: text("note"),
    replacesId: uuid("replaces_id"),
    createdAt: createdAt(),
  },
  (t) => [index("shop_documents_shop_idx").on(t.shopId, t.createdAt), fileKeyCheck("shop_documents", t.fileKey)],
);

/**
 * Each «Pedir cambios» of a shop request (issue 34, decision 0047): the data the admin named, each
 * with its note, while the request waits for its applicant (`resubmitted_at` null: at most one such
 * row per shop); once the applicant sends the request again, the named inputs' values before and
 * after, so the request keeps every version of its data.
 */
export const shopRequestCorrections = pgTable(
  "shop_request_corrections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    requestedBy: uuid("requested_by")
      .notNull()
      .references(() => users.id),
    fields: jsonb("fields").$type<{ field: ShopRequestField; note: string | null }[]>().notNull(),
    createdAt: createdAt(),
    resubmittedAt: timestamp("resubmitted_at", { withTimezone: true }),
    before: jsonb("before").$type<Record<string, string>>(),
    after: jsonb("after").$type<Record<string, string>>(),
  },
  (t) => [
    index("shop_request_corrections_shop_idx").on(t.shopId, t.createdAt),
    uniqueIndex("shop_request_corrections_open_unique")
      .on(t.shopId)
      .where(sql`${t.resubmittedAt} is null`),
  ],
);

export const shopIdentityChangeStatus = pgEnum("shop_identity_change_status", SHOP_IDENTITY_CHANGE_STATUSES);

/**
 * An approved shop's request to change its name and/or tax id (issue 34, decision 0055): an admin
 * approves or rejects it, like the application. The values asked for (null: unchanged) and the ones
 * in force when it was asked; at most one pending per shop, and a tax id asked for by one pending
 * request only (partial unique indexes). Kept once decided or withdrawn: the shop's history.
 */
export const shopIdentityChanges = pgTable(
  "shop_identity_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    requestedBy: uuid("requested_by")
      .notNull()
      .references(() => users.id),
    name: text("name"),
    rif: text("rif"),
    previousName: text("previous_name").notNull(),
    previousRif: text("previous_rif").notNull(),
    /** The seller's reason, if they gave one. */
    reason: text("reason"),
    status: shopIdentityChangeStatus("status").notNull().default("pendiente"),
    decidedBy: uuid("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** Why an admin rejected it. */
    rejectionReason: text("rejection_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    check("shop_identity_changes_something", sql`${t.name} is not null or ${t.rif} is not null`),
    index("shop_identity_changes_shop_idx").on(t.shopId, t.createdAt),
    uniqueIndex("shop_identity_changes_pending_unique")
      .on(t.shopId)
      .where(sql`${t.status} = 'pendiente'`),
    uniqueIndex("shop_identity_changes_pending_rif_unique")
      .on(t.rif)
      .where(sql`${t.status} = 'pendiente' and ${t.rif} is not null`),
  ],
);

/**
 * Who did what to which record, with its state before and after: every admin decision (and, from
 * the next issues, every money and stock action). Append only: a trigger refuses UPDATE, DELETE and
 * TRUNCATE, as on wallet entries (migration 0013).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id")
      .notNull()
      .references(() => users.id),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: uuid("entity_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    index("audit_log_actor_idx").on(t.actorId),
    index("audit_log_action_idx").on(t.action),
  ],
);

export const specSheetKind = pgEnum("spec_sheet_kind", SPEC_SHEET_KINDS);
/** A product's own state (issue 34): only `publicado` ones reach shoppers (catalog/service.ts, inStore). */
export const productState = pgEnum("product_state", PRODUCT_STATES);

export const categories = pgTable("categories", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  imageId: uuid("image_id").references(() => images.id),
  position: smallint("position").notNull().default(0),
  /** Which padel spec sheet its products fill in (contract/spec-sheet-fields.ts); null: none. */
  specSheet: specSheetKind("spec_sheet"),
  /** Hidden by an admin: shoppers are not offered it and sellers cannot put products in it (decision 0052). */
  hidden: boolean("hidden").notNull().default(false),
  createdAt: createdAt(),
});

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    brand: text("brand").notNull(),
    description: text("description").notNull(),
    /** Integer cents (USD). */
    price: integer("price").notNull(),
    /** Percentage 0-100. */
    discount: smallint("discount").notNull().default(0),
    /** Total stock; for products with sizes it is kept equal to the sum of their sizes by a trigger. */
    stock: integer("stock").notNull().default(0),
    /** Whether the product is sold by size; kept by the same trigger as the stock. */
    hasSizes: boolean("has_sizes").notNull().default(false),
    rating: real("rating").notNull().default(0),
    color: text("color").notNull(),
    tag: text("tag").notNull(),
    /** The category's spec sheet as the seller filled it in (contract/spec-sheet-fields.ts). */
    specs: jsonb("specs").$type<ProductSpecs>(),
    /**
     * Bumped by a trigger (migration 0014) whenever the total stock changes, sizes included: a
     * seller's stock form carries the version it was read at, and a stale one is refused.
     */
    stockVersion: integer("stock_version").notNull().default(0),
    /** A size (or the single stock) at or below it notifies the seller once; 0: no alert. */
    lowStockThreshold: smallint("low_stock_threshold").notNull().default(0),
    /** The seller's size guide (contract/size-guides.ts SIZE_GUIDE_CHOICES): 'categoria' is the category's default. */
    sizeGuide: text("size_guide").notNull().default("categoria"),
    /** With size_guide 'propia': the seller's own table (contract/own-size-guide.ts), else null. */
    sizeGuideTable: jsonb("size_guide_table").$type<OwnSizeTable>(),
    /** For a product without sizes: the seller was told its stock is low (see product_sizes). */
    lowStockNotified: boolean("low_stock_notified").notNull().default(false),
    /** Set when a product that was ever ordered is deleted: out of the store, kept for its orders. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** Draft, published or hidden by the seller; existing products and the seed are published. */
    state: productState("state").notNull().default("publicado"),
    /**
     * Hidden by an admin, with the reason the seller is told (decision 0053): its state is then
     * 'oculto' and only an admin publishes it again; the seller may ask for a review once fixed.
     */
    adminHiddenAt: timestamp("admin_hidden_at", { withTimezone: true }),
    adminHiddenReason: text("admin_hidden_reason"),
    reviewRequestedAt: timestamp("review_requested_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    /** Price after discount, in cents: what filters and sorting use. */
    salePrice: integer("sale_price")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`round(${products.price} * (100 - ${products.discount}) / 100.0)::integer`),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('spanish'::regconfig, f_unaccent(lower(${products.name} || ' ' || ${products.brand}))), 'A') || setweight(to_tsvector('spanish'::regconfig, f_unaccent(lower(${products.tag} || ' ' || ${products.color} || ' ' || ${products.description}))), 'B')`,
      ),
  },
  (t) => [
    check("products_price_positive", sql`${t.price} > 0`),
    check("products_discount_range", sql`${t.discount} between 0 and 100`),
    check("products_stock_non_negative", sql`${t.stock} >= 0`),
    check("products_rating_range", sql`${t.rating} between 0 and 5`),
    check("products_low_stock_threshold_non_negative", sql`${t.lowStockThreshold} >= 0`),
    index("products_category_sale_price_idx").on(t.categoryId, t.salePrice),
    index("products_sale_price_idx").on(t.salePrice),
    index("products_created_at_idx").on(t.createdAt),
    index("products_category_created_at_idx").on(t.categoryId, t.createdAt.desc(), t.id.desc()),
    index("products_rating_idx").on(t.rating),
    index("products_discount_idx").on(t.discount),
    index("products_shop_created_at_idx").on(t.shopId, t.createdAt.desc(), t.id.desc()),
    index("products_color_idx").on(t.color),
    index("products_tag_idx").on(t.tag),
    index("products_search_idx").using("gin", t.searchVector),
  ],
);

/**
 * Every word the catalogue's search vectors hold (Spanish lexemes, accent-free). A mistyped search
 * word is corrected against this small table by trigram similarity, then searched in full text:
 * the pg_trgm documentation's way to tolerate typos without scanning every product name.
 * Filled by a trigger on products (migration 0004); words are never removed, a stale one only
 * finds nothing.
 */
export const searchTerms = pgTable("search_terms", { term: text("term").primaryKey() }, (t) => [
  index("search_terms_trgm_idx").using("gin", t.term.op("gin_trgm_ops")),
]);

export const productSizes = pgTable(
  "product_sizes",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    stock: integer("stock").notNull().default(0),
    position: smallint("position").notNull().default(0),
    /** The seller was told this size is low; cleared when it rises above the threshold again. */
    lowStockNotified: boolean("low_stock_notified").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size] }),
    check("product_sizes_stock_non_negative", sql`${t.stock} >= 0`),
    index("product_sizes_size_idx").on(t.size, t.productId),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    imageId: uuid("image_id")
      .notNull()
      .references(() => images.id),
    position: smallint("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] })],
);

/** A product's earlier slugs: an old address redirects to the current one after a rename. */
export const productSlugHistory = pgTable(
  "product_slug_history",
  {
    slug: text("slug").primaryKey(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("product_slug_history_product_idx").on(t.productId)],
);

export const stockMovementKind = pgEnum("stock_movement_kind", STOCK_MOVEMENT_KINDS);

/**
 * Every change of a size's stock (or of the single stock, size ''), written by a trigger
 * (migration 0014) whatever changed it: the kind and the actor come from the transaction's
 * settings `mercado.stock_kind` and `mercado.stock_actor` (setStockContext in
 * api/src/modules/stock), 'ajuste' with no actor when unset; `mercado.stock_without_version` marks a
 * seller's save sent without the stock version it was read at (SPEC.md section 7's payload).
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** '' for a product without sizes, as in cart_items. */
    size: text("size").notNull(),
    kind: stockMovementKind("kind").notNull(),
    /** Units added (positive) or taken (negative). */
    change: integer("change").notNull(),
    stockAfter: integer("stock_after").notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** A seller's save without `stockVersion`: applied to the stock as it was, not checked against what they read. */
    withoutVersion: boolean("without_version").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("stock_movements_product_created_idx").on(t.productId, t.createdAt.desc())],
);

/** 'Avísame cuando vuelva': a signed-in shopper waiting for a sold-out size ('' without sizes). */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** Set once the shopper was told; a notified alert is history, a new one may be asked. */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("stock_alerts_one_waiting")
      .on(t.productId, t.size, t.userId)
      .where(sql`${t.notifiedAt} is null`),
    index("stock_alerts_waiting_idx")
      .on(t.productId, t.size)
      .where(sql`${t.notifiedAt} is null`),
  ],
);

export const banners = pgTable("banners", {
  id: uuid("id").primaryKey().defaultRandom(),
  title: text("title").notNull(),
  subtitle: text("subtitle").notNull().default(""),
  link: text("link").notNull(),
  imageId: uuid("image_id")
    .notNull()
    .references(() => images.id),
  position: smallint("position").notNull().default(0),
  createdAt: createdAt(),
});

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    body: text("body").notNull(),
    author: text("author").notNull(),
    imageId: uuid("image_id").references(() => images.id),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("blog_posts_published_idx").on(t.publishedAt)],
);

export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

/**
 * A shopper's lists (cart, favourites, compare) belong either to a user or, for a visitor, to a
 * random guest id the web keeps in its session cookie; at sign-in the guest's rows join the user's.
 */
const shopperColumns = () => ({
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  guestId: uuid("guest_id"),
  productId: uuid("product_id")
    .notNull()
    .references(() => products.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

export const cartItems = pgTable(
  "cart_items",
  {
    ...shopperColumns(),
    /** '' for a product without sizes, so the (owner, product, size) key needs no NULL handling. */
    size: text("size").notNull().default(""),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    check("cart_items_one_owner", sql`(${t.userId} is null) <> (${t.guestId} is null)`),
    check("cart_items_quantity_positive", sql`${t.quantity} >= 1`),
    uniqueIndex("cart_items_user_line_unique")
      .on(t.userId, t.productId, t.size)
      .where(sql`${t.userId} is not null`),
    uniqueIndex("cart_items_guest_line_unique")
      .on(t.guestId, t.productId, t.size)
      .where(sql`${t.guestId} is not null`),
    index("cart_items_created_at_idx").on(t.createdAt),
  ],
);

export const wishlistItems = pgTable("wishlist_items", shopperColumns(), (t) => [
  check("wishlist_items_one_owner", sql`(${t.userId} is null) <> (${t.guestId} is null)`),
  uniqueIndex("wishlist_items_user_product_unique")
    .on(t.userId, t.productId)
    .where(sql`${t.userId} is not null`),
  uniqueIndex("wishlist_items_guest_product_unique")
    .on(t.guestId, t.productId)
    .where(sql`${t.guestId} is not null`),
  index("wishlist_items_created_at_idx").on(t.createdAt),
]);

export const compareItems = pgTable("compare_items", shopperColumns(), (t) => [
  check("compare_items_one_owner", sql`(${t.userId} is null) <> (${t.guestId} is null)`),
  uniqueIndex("compare_items_user_product_unique")
    .on(t.userId, t.productId)
    .where(sql`${t.userId} is not null`),
  uniqueIndex("compare_items_guest_product_unique")
    .on(t.guestId, t.productId)
    .where(sql`${t.guestId} is not null`),
  index("compare_items_created_at_idx").on(t.createdAt),
]);

export const deliveryStatus = pgEnum("delivery_status", [
  "pendiente",
  "procesando",
  "enviado",
  "entregado",
  "cancelado",
]);
export const paymentStatus = pgEnum("payment_status", ["sin_pagar", "pagado", "reembolsado"]);
export const paymentMethod = pgEnum("payment_method", ["cartera", "tarjeta_prueba", "paypal"]);
export const couponKind = pgEnum("coupon_kind", ["porcentaje", "importe"]);

/** True when a database enum lists exactly the values of the contract's enum. */
type SameValues<Database extends string, Contract extends string> = [Database] extends [Contract]
  ? [Contract] extends [Database]
    ? true
    : false
  : false;
type InStep<Check extends true> = Check;
/**
 * The contract's enums (contract/orders.ts, coupons.ts, offers.ts) are the source of these values:
 * the compiler refuses a database enum that drifts from them (a change needs a migration too).
 */
export type OrderEnumsInStep = [
  InStep<SameValues<(typeof deliveryStatus.enumValues)[number], DeliveryStatus>>,
  InStep<SameValues<(typeof paymentStatus.enumValues)[number], PaymentStatus>>,
  InStep<SameValues<(typeof paymentMethod.enumValues)[number], PaymentMethod>>,
  InStep<SameValues<(typeof couponKind.enumValues)[number], CouponKind>>,
  InStep<SameValues<(typeof offerStatus.enumValues)[number], OfferStatus>>,
];

/**
 * A customer's order: one per checkout, with one shop order per shop whose products it holds.
 * Amounts are integer cents: total = max(0, subtotal - discount) + shipping_fee. Unpaid past
 * expires_at, expire_unpaid_orders() (migration 0008) cancels it, sets expired_at and gives its
 * stock back.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    shippingInfo: jsonb("shipping_info").$type<ShippingInfo>().notNull(),
    subtotal: integer("subtotal").notNull(),
    /** The store coupon's discount (the store bears it). */
    discount: integer("discount").notNull().default(0),
    /** The shop coupons' discounts, the sum of its parts' `discount` (each shop bears its own; issue 34). */
    shopDiscount: integer("shop_discount").notNull().default(0),
    shippingFee: integer("shipping_fee").notNull(),
    total: integer("total").notNull(),
    couponCode: text("coupon_code"),
    deliveryStatus: deliveryStatus("delivery_status").notNull().default("pendiente"),
    paymentStatus: paymentStatus("payment_status").notNull().default("sin_pagar"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "orders_amounts_non_negative",
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.shopDiscount} >= 0 and ${t.shippingFee} >= 0`,
    ),
    check(
      "orders_total_consistent",
      sql`${t.total} = greatest(${t.subtotal} - ${t.shopDiscount} - ${t.discount}, 0) + ${t.shippingFee}`,
    ),
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc()),
    // What expire_unpaid_orders() scans: only orders still waiting for their payment.
    index("orders_unpaid_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.paymentStatus} = 'sin_pagar' and ${t.expiredAt} is null`),
    // The admin's dashboard reads the store's sales by payment date.
    index("orders_paid_at_idx")
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
  ],
);

/**
 * The part of an order one shop fulfils. A store coupon is the store's promotion: its discount is
 * on the order, and the shop is credited its full total minus the commission. A shop coupon (issue
 * 34) is the shop's: its discount is on this part (`total` = subtotal - discount + shipping), and the
 * commission is a percentage of the discounted subtotal, fixed when the order is placed.
 */
export const shopOrders = pgTable(
  "shop_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id),
    subtotal: integer("subtotal").notNull(),
    /** The shop coupon used on this part, and what it took off the part's subtotal. */
    couponCode: text("coupon_code"),
    discount: integer("discount").notNull().default(0),
    shippingFee: integer("shipping_fee").notNull(),
    total: integer("total").notNull(),
    commission: integer("commission").notNull(),
    deliveryStatus: deliveryStatus("delivery_status").notNull().default("pendiente"),
    paymentStatus: paymentStatus("payment_status").notNull().default("sin_pagar"),
    /** The carrier's tracking number, given by the seller when the part is shipped. */
    trackingNumber: text("tracking_number"),
    /** When the part was shipped ('enviado'): its sale is available SALE_AVAILABLE_AFTER_SHIPMENT_DAYS later at the latest. */
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    /** When the part reached 'entregado' (the seller's word or the customer's confirmation). */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /**
     * When the customer confirmed receipt («Lo he recibido»): the sale is available
     * SALE_AVAILABLE_AFTER_DAYS later, if that comes before the wait after shipping. Migration 0023
     * set it to the delivery date of parts delivered before the rule (their delivery was final).
     */
    receivedAt: timestamp("received_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "shop_orders_amounts_non_negative",
      sql`${t.subtotal} >= 0 and ${t.shippingFee} >= 0 and ${t.commission} >= 0`,
    ),
    check("shop_orders_discount_range", sql`${t.discount} between 0 and ${t.subtotal}`),
    check("shop_orders_total_consistent", sql`${t.total} = ${t.subtotal} - ${t.discount} + ${t.shippingFee}`),
    uniqueIndex("shop_orders_order_shop_unique").on(t.orderId, t.shopId),
    index("shop_orders_shop_created_idx").on(t.shopId, t.createdAt.desc()),
  ],
);

/**
 * Messages on one shop's part of an order (issue 33): its customer and the shop's seller write to
 * each other; plain text, shown as text. `authorRole` says which side wrote, since a seller may
 * also be a customer of another shop.
 */
export const orderMessageAuthorRole = pgEnum("order_message_author_role", ["cliente", "tienda"]);

export const orderMessages = pgTable(
  "order_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopOrderId: uuid("shop_order_id")
      .notNull()
      .references(() => shopOrders.id, { onDelete: "cascade" }),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorRole: orderMessageAuthorRole("author_role").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("order_messages_body_length", sql`char_length(${t.body}) between 1 and 2000`),
    index("order_messages_shop_order_created_idx").on(t.shopOrderId, t.createdAt),
  ],
);

/** What was bought, as it was when the order was placed (name and price do not follow the product). */
export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopOrderId: uuid("shop_order_id")
      .notNull()
      .references(() => shopOrders.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    name: text("name").notNull(),
    /** '' for a product without sizes, as in cart_items. */
    size: text("size").notNull(),
    quantity: integer("quantity").notNull(),
    /** Sale price per unit, in cents, when the order was placed. */
    unitPrice: integer("unit_price").notNull(),
    /**
     * The commission rate on this line, in basis points (500 = 5 %), fixed when the order was placed
     * (commission_rates; decision 0059). Migration 0040 derived it for older lines from their part.
     */
    commissionBp: integer("commission_bp").notNull(),
  },
  (t) => [
    check("order_items_quantity_positive", sql`${t.quantity} >= 1`),
    check("order_items_unit_price_non_negative", sql`${t.unitPrice} >= 0`),
    check("order_items_commission_bp_range", sql`${t.commissionBp} between 0 and 10000`),
    index("order_items_shop_order_idx").on(t.shopOrderId),
  ],
);

/**
 * The commission the store takes (issue 35), in basis points: one row for the whole store (neither
 * shop nor category; without it the COMMISSION_PERCENT setting), and overrides per shop and per
 * category. A shop's rate wins over its product's category's, which wins over the store's. An order
 * copies each line's rate when placed (order_items.commission_bp): a change applies to later orders.
 */
export const commissionRates = pgTable(
  "commission_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id").references(() => shops.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "cascade" }),
    rateBp: integer("rate_bp").notNull(),
    updatedBy: uuid("updated_by")
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("commission_rates_one_scope", sql`${t.shopId} is null or ${t.categoryId} is null`),
    check("commission_rates_rate_range", sql`${t.rateBp} between 0 and 10000`),
    uniqueIndex("commission_rates_shop_unique")
      .on(t.shopId)
      .where(sql`${t.shopId} is not null`),
    uniqueIndex("commission_rates_category_unique")
      .on(t.categoryId)
      .where(sql`${t.categoryId} is not null`),
    // At most one store-wide row.
    uniqueIndex("commission_rates_store_unique")
      .on(sql`(true)`)
      .where(sql`${t.shopId} is null and ${t.categoryId} is null`),
  ],
);

export const returnStatus = pgEnum("return_status", RETURN_STATUSES);

/**
 * A customer's return of lines of one delivered shop part (issue 35, decision 0056): asked within
 * RETURN_WINDOW_DAYS of the delivery, answered by the shop (an admin after RETURN_SELLER_ANSWER_DAYS),
 * refunded when the shop (or an admin, as long after the acceptance) marks the goods received. At most one open (solicitada or aceptada) per part.
 * The refund's figures are kept as they were made: the books compare them with the ledger.
 */
export const orderReturns = pgTable(
  "order_returns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopOrderId: uuid("shop_order_id")
      .notNull()
      .references(() => shopOrders.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => users.id),
    status: returnStatus("status").notNull().default("solicitada"),
    reason: text("reason").notNull(),
    instructions: text("instructions"),
    refusal: text("refusal"),
    /** Who answered (the shop's seller or an admin in its place), and when. */
    answeredBy: uuid("answered_by").references(() => users.id, { onDelete: "set null" }),
    answeredByAdmin: boolean("answered_by_admin").notNull().default(false),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** Who marked the goods received (the shop's seller or an admin in its place), and when. */
    receivedBy: uuid("received_by").references(() => users.id, { onDelete: "set null" }),
    receivedByAdmin: boolean("received_by_admin").notNull().default(false),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    /** What the customer got back, in cents, the part's shipping (`refundShipping`) included. */
    refund: integer("refund"),
    refundShipping: integer("refund_shipping"),
    refundMethod: paymentMethod("refund_method"),
    /** The wallet entry's reference or PayPal's refund id; null in the test-card mode. */
    refundReference: text("refund_reference"),
    /** What the seller's wallet gave back (the lines' credit less their commission), and that commission. */
    sellerReversal: integer("seller_reversal"),
    commissionReversal: integer("commission_reversal"),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "order_returns_refund_non_negative",
      sql`coalesce(${t.refund}, 0) >= 0 and coalesce(${t.refundShipping}, 0) >= 0 and coalesce(${t.sellerReversal}, 0) >= 0 and coalesce(${t.commissionReversal}, 0) >= 0`,
    ),
    check(
      "order_returns_refunded_complete",
      sql`(${t.status} = 'reembolsada') = (${t.refund} is not null and ${t.refundMethod} is not null and ${t.sellerReversal} is not null and ${t.receivedAt} is not null)`,
    ),
    uniqueIndex("order_returns_one_open_per_part")
      .on(t.shopOrderId)
      .where(sql`${t.status} in ('solicitada', 'aceptada')`),
    index("order_returns_shop_order_idx").on(t.shopOrderId, t.createdAt),
  ],
);

/** The lines a return takes back, and how many units of each. */
export const orderReturnLines = pgTable(
  "order_return_lines",
  {
    returnId: uuid("return_id")
      .notNull()
      .references(() => orderReturns.id, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.orderItemId] }),
    check("order_return_lines_quantity_positive", sql`${t.quantity} >= 1`),
    index("order_return_lines_item_idx").on(t.orderItemId),
  ],
);

/** How an order was paid: one row per order, so no path can charge it twice. */
export const orderPayments = pgTable("order_payments", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id),
  method: paymentMethod("method").notNull(),
  amount: integer("amount").notNull(),
  /** PayPal's capture id, the test card's last digits, or the wallet debit's ledger reference. */
  reference: text("reference").notNull(),
  createdAt: createdAt(),
});

/**
 * Wallets are ledgers: balance = sum(amount) of a user's entries. Entries are never changed or
 * deleted (a trigger of migration 0008 rejects it); `reference` names the event an entry records
 * (`pago:<orderId>`, `venta:<shopOrderId>`, `voucher:<code>:<userId>`), so no event is booked twice.
 * Every insert also moves the user's row of `wallets` (trigger of migration 0022), whose CHECK keeps
 * the balance at or above zero.
 */
export const walletEntries = pgTable(
  "wallet_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    reference: text("reference").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check("wallet_entries_amount_non_zero", sql`${t.amount} <> 0`),
    index("wallet_entries_user_created_idx").on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * Each wallet's balance as the database keeps it beside the ledger (decision 0033): written only by
 * the trigger `wallet_entries_keep_balance` (function keep_wallet_balance), in the statement that
 * inserts the entries, so it always equals their sum; its CHECK makes the database refuse any
 * movement that would take a wallet below zero. The ledger stays the record: the books compare the two.
 */
export const wallets = pgTable(
  "wallets",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id),
    balance: integer("balance").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("wallets_balance_non_negative", sql`${t.balance} >= 0`)],
);

/**
 * Coupons: the store's (the /gift page, seeded by migration 0008; `shop_id` null) and a shop's own
 * (issue 34: its seller creates them, they discount only that shop's part of an order, and the shop
 * bears the discount). One code across the whole store. `value` is a percentage or cents by kind.
 */
export const coupons = pgTable(
  "coupons",
  {
    code: text("code").primaryKey(),
    kind: couponKind("kind").notNull(),
    value: integer("value").notNull(),
    /** Orders that may use the coupon in all. */
    maxUses: integer("max_uses").notNull(),
    usedCount: integer("used_count").notNull().default(0),
    /** Orders each customer may use it in (coupon_redemptions); the store's are once per customer. */
    maxUsesPerCustomer: integer("max_uses_per_customer").notNull().default(1),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull(),
    validUntil: timestamp("valid_until", { withTimezone: true }).notNull(),
    /** The shop whose coupon it is; null for the store's. */
    shopId: uuid("shop_id").references(() => shops.id),
    /** A shop coupon applies only from this subtotal of the shop's part, in cents. */
    minSubtotal: integer("min_subtotal").notNull().default(0),
    /** When its seller ended it: no new order uses it from then on. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("coupons_value_range", sql`${t.value} > 0 and (${t.kind} <> 'porcentaje' or ${t.value} <= 100)`),
    check("coupons_uses_within_limit", sql`${t.usedCount} between 0 and ${t.maxUses}`),
    check("coupons_per_customer_positive", sql`${t.maxUsesPerCustomer} >= 1`),
    check("coupons_min_subtotal_non_negative", sql`${t.minSubtotal} >= 0`),
    index("coupons_shop_idx").on(t.shopId),
  ],
);

/**
 * One use of a coupon by a user, made with the order that used it (one a coupon and order); an
 * expired order gives it back. The uses per customer are counted under the coupon's row lock.
 */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    couponCode: text("coupon_code")
      .notNull()
      .references(() => coupons.code),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.couponCode, t.orderId] }),
    index("coupon_redemptions_user_idx").on(t.couponCode, t.userId),
    index("coupon_redemptions_order_idx").on(t.orderId),
  ],
);

/**
 * The coupons on a cart, a user's or a visitor's (like the cart lines): one of the store's at most
 * (`shop_id` null, so store coupons never stack) and one per shop (issue 34). A visitor's join the
 * user's cart at sign-in unless the user already has one of the same kind.
 */
export const cartCoupons = pgTable(
  "cart_coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    guestId: uuid("guest_id"),
    couponCode: text("coupon_code")
      .notNull()
      .references(() => coupons.code),
    /** The coupon's shop (coupons.shop_id), null for the store's: what makes one a shop. */
    shopId: uuid("shop_id").references(() => shops.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("cart_coupons_one_owner", sql`(${t.userId} is null) <> (${t.guestId} is null)`),
    uniqueIndex("cart_coupons_user_unique")
      .on(t.userId)
      .where(sql`${t.userId} is not null and ${t.shopId} is null`),
    uniqueIndex("cart_coupons_guest_unique")
      .on(t.guestId)
      .where(sql`${t.guestId} is not null and ${t.shopId} is null`),
    uniqueIndex("cart_coupons_user_shop_unique")
      .on(t.userId, t.shopId)
      .where(sql`${t.userId} is not null and ${t.shopId} is not null`),
    uniqueIndex("cart_coupons_guest_shop_unique")
      .on(t.guestId, t.shopId)
      .where(sql`${t.guestId} is not null and ${t.shopId} is not null`),
    index("cart_coupons_created_at_idx").on(t.createdAt),
  ],
);

/** Gift vouchers (the /gift page), seeded by migration 0008; redeemed once per user into the wallet. */
export const vouchers = pgTable(
  "vouchers",
  {
    code: text("code").primaryKey(),
    /** Cents credited to the wallet. */
    amount: integer("amount").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("vouchers_amount_positive", sql`${t.amount} > 0`)],
);

export const notificationType = pgEnum("notification_type", NOTIFICATION_TYPES);

/**
 * What a user is told (DESIGN.md section 4). Rows are written in the transaction of the event they
 * report; a trigger of migration 0010 announces each committed row with pg_notify('notifications'),
 * and every API instance pushes it to the user's socket.io room.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: notificationType("type").notNull(),
    message: text("message").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The product a 'stock' notice is about (low stock for its seller, back in stock for a shopper). */
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    read: boolean("read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_created_idx").on(t.userId, t.createdAt.desc())],
);

export const offerStatus = pgEnum("offer_status", ["pendiente", "aceptada", "rechazada", "caducada", "cerrada"]);

/**
 * A customer's proposal of a lower subtotal for an unpaid sub-order (DESIGN.md section 3). At most
 * one is pending per sub-order; an accepted one becomes the sub-order's subtotal.
 */
export const offers = pgTable(
  "offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopOrderId: uuid("shop_order_id")
      .notNull()
      .references(() => shopOrders.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The proposed subtotal of the sub-order, in cents. */
    price: integer("price").notNull(),
    status: offerStatus("status").notNull().default("pendiente"),
    createdAt: createdAt(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** Until when the seller can answer; a pending offer keeps its order's stock until then (decision 0038). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("offers_price_positive", sql`${t.price} > 0`),
    uniqueIndex("offers_one_pending_per_shop_order")
      .on(t.shopOrderId)
      .where(sql`${t.status} = 'pendiente'`),
    index("offers_customer_created_idx").on(t.customerId, t.createdAt.desc()),
  ],
);

/** One review per customer and product; writing again edits it. Only paid buyers may write one. */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The shop's one public reply (issue 34), plain text; a rewrite replaces it. */
    replyText: text("reply_text"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
  },
  (t) => [
    check("reviews_reply_complete", sql`(${t.replyText} is null) = (${t.repliedAt} is null)`),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    uniqueIndex("reviews_product_user_unique").on(t.productId, t.userId),
    index("reviews_product_created_idx").on(t.productId, t.createdAt.desc()),
  ],
);

/**
 * A trial class (Saturday 10:00-11:30, DESIGN.md section 3). `booked` counts its bookings and the
 * check keeps it within `capacity`, so concurrent bookings for the last place give exactly one.
 */
export const trialClasses = pgTable(
  "trial_classes",
  {
    classDate: date("class_date", { mode: "string" }).primaryKey(),
    capacity: integer("capacity").notNull(),
    booked: integer("booked").notNull().default(0),
  },
  (t) => [check("trial_classes_booked_within_capacity", sql`${t.booked} between 0 and ${t.capacity}`)],
);

export const trialClassBookings = pgTable(
  "trial_class_bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    classDate: date("class_date", { mode: "string" })
      .notNull()
      .references(() => trialClasses.classDate),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("trial_class_bookings_date_user_unique").on(t.classDate, t.userId),
    index("trial_class_bookings_user_idx").on(t.userId),
  ],
);

export const withdrawalStatus = pgEnum("withdrawal_status", ["pendiente", "confirmado", "rechazado"]);
export const payoutKind = pgEnum("payout_kind", ["transferencia", "pago_movil"]);

/** Where a seller's withdrawals are paid: a bank transfer or Pago Móvil (bank, phone, ID). One per seller. */
export const payoutMethods = pgTable("payout_methods", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  kind: payoutKind("kind").notNull(),
  details: jsonb("details").$type<Record<string, string>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A seller's request to be paid part of their available sales (DESIGN.md section 3). The request
 * holds its amount at once; an admin confirms it with the transfer's reference or rejects it with
 * a reason. `payout` is the method as it was when the request was made.
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id),
    amount: integer("amount").notNull(),
    status: withdrawalStatus("status").notNull().default("pendiente"),
    payout: jsonb("payout").$type<{ kind: string; details: Record<string, string> }>().notNull(),
    /** The transfer's reference, on confirmation. */
    reference: text("reference"),
    /** Why it was rejected. */
    reason: text("reason"),
    decidedBy: uuid("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("withdrawals_amount_positive", sql`${t.amount} > 0`),
    index("withdrawals_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("withdrawals_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pendiente'`),
  ],
);

/**
 * Durable e-mail (decision 0037): a message is written here in the same transaction as the event it
 * reports, and a worker in every API instance sends it, claiming rows with FOR UPDATE SKIP LOCKED so
 * two instances never send one row. `id` is also the Message-ID, so a resend is recognisable.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    html: text("html"),
    text: text("text").notNull(),
    link: text("link").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * The optional mail kinds (contract/mail-kinds.ts OPTIONAL_MAIL_KINDS) each user turned off: a row
 * means «don't send me this kind». No row, the default, means the kind is sent; receipts and
 * security mails are never stored here (queueMail sends them whatever the table says).
 */
export const mailOptOuts = pgTable(
  "mail_opt_outs",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
