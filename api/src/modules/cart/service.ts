import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, notExists, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn, type PgColumn } from "drizzle-orm/pg-core";
import {
  MINIMUM_QUANTITY,
  SIZE_UNKNOWN,
  type AddToCartBody,
  type CartAnswer,
  type CartLine,
  type CartShopGroup,
  type CompareAnswer,
  type ShopperCountsAnswer,
  type WishlistAnswer,
} from "#contract/cart";
import { PRODUCT_NOT_FOUND } from "#contract/catalog";
import { OWN_PRODUCT, PRODUCT_NOT_PUBLISHED, PRODUCT_UNAVAILABLE } from "#contract/messages";
import { COMPARE_LIMIT } from "#contract/limits";
import type { CartSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import {
  cartCoupons,
  cartItems,
  compareItems,
  couponRedemptions,
  coupons,
  productSizes,
  products,
  shops,
  wishlistItems,
} from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import { unreadCountOf } from "../notifications/service.js";
import {
  inStore,
  productDetailColumns,
  productSizesList,
  selectProductCards,
  toProductCard,
  toProductDetail,
} from "../catalog/service.js";
import { shopPartShippingFee, type ShopShipping } from "../orders/pricing.js";
import { vacationInForce } from "../shop-profile/vacation.js";
import { shopOnVacationNoCart } from "#contract/shop-profile-labels";
import { ownedBy, ownerColumn, ownerValues, type Shopper, type ShopperList } from "./shopper.js";

const LINE_NOT_FOUND = "Producto no encontrado en tu lista.";
const NO_MORE_UNITS = "No hay más unidades disponibles.";
const SIZE_REQUIRED = "Elige una talla.";
const SOLD_OUT = "Producto agotado.";
const ALREADY_IN_WISHLIST = "El producto ya está en favoritos.";
const ALREADY_IN_COMPARE = "El producto ya está en la comparación.";
const COMPARE_FULL = `Puedes comparar hasta ${COMPARE_LIMIT} productos.`;

/** Guest lists nobody has touched for this long are deleted (the visitor's cookie is long gone). */
const GUEST_LIST_MAX_AGE_DAYS = 30;

/** A 400 about one field of the request, answered with `errors` like a validation error. */
export class FieldError extends HttpError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(400, message);
  }
}

/** A conflict target must repeat the predicate of the partial unique index it names. */
function ownerConflictTarget(list: ShopperList, shopper: Shopper): SQL {
  return isNotNull(ownerColumn(list, shopper));
}

/**
 * Units available for a cart line's product and size right now: the size's stock, or the product's
 * for a line without size (''). A size the product no longer has counts as sold out.
 */
function lineStock(line: { productId: AnyPgColumn | SQL; size: AnyPgColumn | SQL }): SQL<number> {
  return sql<number>`(case when ${line.size} = '' then (select ${products.stock} from ${products} where ${products.id} = ${line.productId})
    else coalesce((select ${productSizes.stock} from ${productSizes} where ${productSizes.productId} = ${line.productId} and ${productSizes.size} = ${line.size}), 0) end)`;
}

const cartLineStock = lineStock(cartItems);

/** Whether a cart line's product is in the store (its shop selling): only then may it be added or raised. */
const cartLineInStore = sql<boolean>`(${cartItems.productId} in (select ${products.id} from ${products} where ${inStore}))`;

/** A cart line's shop's return date while it is on vacation (issue 34), or null: raising the line waits for it. */
const cartLineShopAway = sql<
  string | null
>`(select ${vacationInForce} from ${products} inner join ${shops} on ${shops.id} = ${products.shopId} where ${products.id} = ${cartItems.productId})`;

async function requireProduct(db: Db, productId: string) {
  const [product] = await db
    .select({
      stock: products.stock,
      sizes: productSizesList,
      inStore: sql<boolean>`${inStore}`,
      published: sql<boolean>`(${products.state} = 'publicado' and ${products.archivedAt} is null)`,
      ownerId: shops.ownerId,
      shopName: shops.name,
      vacationUntil: vacationInForce,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(eq(products.id, productId));
  if (!product) throw new HttpError(404, PRODUCT_NOT_FOUND);
  return product;
}

/** The size a line is kept under ('' for none) once the product's sizes are checked. */
function chosenSize(
  product: Awaited<ReturnType<typeof requireProduct>>,
  size: string | undefined,
): { size: string; stock: number } {
  // A size sent for a product without sizes means nothing: the line has no size.
  if (product.sizes.length === 0) return { size: "", stock: product.stock };
  if (size === undefined) throw new FieldError("size", SIZE_REQUIRED);
  const match = product.sizes.find((candidate) => candidate.size === size);
  if (!match) throw new FieldError("size", SIZE_UNKNOWN);
  return match;
}

/**
 * Adds units of a product (and size) to the shopper's cart, never beyond its stock. One statement
 * inserts the line or raises the existing one, so concurrent adds cannot pass the stock either.
 * Answers the line's units after it and whether fewer than asked for were added (the shopper is
 * told how many the cart holds; `previous` is read from the statement's snapshot, so under the same
 * shopper's concurrent adds of one line only that message can be off, never the units).
 */
export async function addToCart(
  db: Db,
  shopper: Shopper,
  body: AddToCartBody,
): Promise<{ quantity: number; capped: boolean }> {
  const product = await requireProduct(db, body.productId);
  // A seller does not buy from their own shop (their sale would credit themself).
  if (shopper.kind === "user" && product.ownerId === shopper.id) throw new HttpError(400, OWN_PRODUCT);
  // Its shop is not selling (pending, rejected, suspended): the product's page says so too.
  if (!product.published) throw new HttpError(400, PRODUCT_NOT_PUBLISHED);
  if (!product.inStore) throw new HttpError(400, PRODUCT_UNAVAILABLE);
  // Its shop is on vacation (issue 34): listed, not sold until its return date.
  if (product.vacationUntil) throw new HttpError(400, shopOnVacationNoCart(product.shopName, product.vacationUntil));
  const { size, stock } = chosenSize(product, body.size);
  if (stock < 1) throw new HttpError(400, SOLD_OUT);

  const owner = sql.identifier(ownerColumn(cartItems, shopper).name);
  const available = lineStock({ productId: sql`${body.productId}::uuid`, size: sql`${size}::text` });
  const quantity = sql.identifier(cartItems.quantity.name);
  const result = await db.execute<{ quantity: number; previous: number }>(sql`
    with available as (select ${available} as stock),
      previous as (
        select coalesce(sum(${quantity}), 0)::integer as quantity from ${cartItems}
        where ${owner} = ${shopper.id}::uuid and ${sql.identifier(cartItems.productId.name)} = ${body.productId}::uuid and ${sql.identifier(cartItems.size.name)} = ${size}::text
      )
    insert into ${cartItems} (${owner}, ${sql.identifier(cartItems.productId.name)}, ${sql.identifier(cartItems.size.name)}, ${sql.identifier(cartItems.quantity.name)})
    select ${shopper.id}::uuid, ${body.productId}::uuid, ${size}::text, least(${body.quantity}::integer, available.stock) from available where available.stock >= 1
    on conflict (${owner}, ${sql.identifier(cartItems.productId.name)}, ${sql.identifier(cartItems.size.name)}) where ${owner} is not null
    do update set ${sql.identifier(cartItems.quantity.name)} = least(${cartItems.quantity} + ${body.quantity}::integer, (select stock from available))
      where ${cartItems.quantity} < (select stock from available)
    returning ${quantity} as quantity, (select quantity from previous) as previous`);
  // Nothing written: the line already holds every unit there is (or the last ones just sold).
  const [line] = result.rows;
  if (!line) throw new HttpError(400, NO_MORE_UNITS);
  return { quantity: line.quantity, capped: line.quantity < line.previous + body.quantity };
}

/** Units in the shopper's cart, available or not (the header's badge). */
function cartUnits(shopper: Shopper): SQL<number> {
  return sql<number>`(select coalesce(sum(${cartItems.quantity}), 0)::integer from ${cartItems} where ${ownedBy(cartItems, shopper)})`;
}

function listCount(list: typeof wishlistItems | typeof compareItems, shopper: Shopper): SQL<number> {
  return sql<number>`(select count(*)::integer from ${list} where ${ownedBy(list, shopper)})`;
}

export async function cartProductCount(db: Db, shopper: Shopper): Promise<number> {
  const result = await db.execute<{ units: number }>(sql`select ${cartUnits(shopper)} as units`);
  return result.rows[0]!.units;
}

/** The header's badges in one query. */
export async function shopperCounts(db: Db, shopper: Shopper): Promise<ShopperCountsAnswer> {
  const result = await db.execute<ShopperCountsAnswer & Record<string, unknown>>(sql`
    select ${cartUnits(shopper)} as card_product_count, ${listCount(wishlistItems, shopper)} as wishlist_count,
      ${listCount(compareItems, shopper)} as comparelist_count,
      ${shopper.kind === "user" ? unreadCountOf(shopper.id) : sql`0`} as notification_count`);
  return result.rows[0]!;
}

/**
 * The shopper's cart grouped by shop. A line holding more units than are left is lowered to the
 * stock first, so what the shopper sees can be bought; lines that cannot be bought (sold out, or
 * their shop not selling: `productInfo.available` false) are listed apart.
 */
export async function cartOf(db: Db, shopper: Shopper, settings: CartSettings): Promise<CartAnswer> {
  await db
    .update(cartItems)
    .set({ quantity: cartLineStock })
    .where(and(ownedBy(cartItems, shopper), gt(cartItems.quantity, cartLineStock), gte(cartLineStock, 1)));

  const rows = await selectProductCards(db, {
    lineId: cartItems.id,
    quantity: cartItems.quantity,
    size: cartItems.size,
    shopId: products.shopId,
    lineStock: cartLineStock,
    shopShippingFee: shops.shippingFee,
    shopFreeShippingFrom: shops.freeShippingFrom,
    shopVacationUntil: vacationInForce,
  })
    .innerJoin(cartItems, eq(cartItems.productId, products.id))
    .where(ownedBy(cartItems, shopper))
    .orderBy(asc(shops.name), asc(shops.id), asc(cartItems.createdAt), asc(cartItems.id));

  const groups: CartShopGroup[] = [];
  const shippingOf = new Map<string, ShopShipping>();
  const outOfStockProduct: CartLine[] = [];
  let units = 0;
  for (const row of rows) {
    const line: CartLine = {
      _id: row.lineId,
      productId: row.id,
      quantity: row.quantity,
      size: row.size === "" ? null : row.size,
      stock: row.lineStock,
      unitPrice: row.salePrice,
      lineTotal: row.salePrice * row.quantity,
      productInfo: toProductCard(row),
    };
    units += line.quantity;
    if (line.stock < 1 || !line.productInfo.available) {
      outOfStockProduct.push(line);
      continue;
    }
    let group = groups.at(-1);
    if (group?.shopId !== row.shopId) {
      group = {
        shopId: row.shopId,
        shopName: row.shopName,
        price: 0,
        shipping_fee: 0,
        vacationUntil: row.shopVacationUntil,
        products: [],
      };
      groups.push(group);
      shippingOf.set(row.shopId, { shippingFee: row.shopShippingFee, freeShippingFrom: row.shopFreeShippingFrom });
    }
    group.products.push(line);
    group.price += line.lineTotal;
  }
  const price = groups.reduce((sum, group) => sum + group.price, 0);
  for (const group of groups)
    group.shipping_fee = shopPartShippingFee(shippingOf.get(group.shopId)!, group.price, price, settings);
  const buyable = groups.reduce(
    (sum, group) => sum + group.products.reduce((lines, line) => lines + line.quantity, 0),
    0,
  );
  return {
    card_products: groups,
    price,
    shipping_fee: groups.reduce((sum, group) => sum + group.shipping_fee, 0),
    card_product_count: units,
    buy_product_item: buyable,
    outOfStockProduct,
  };
}

/** Deletes one of the shopper's lines; someone else's line is "not found", never "forbidden". */
export async function deleteLine(
  db: Db,
  list: typeof cartItems | typeof wishlistItems | typeof compareItems,
  shopper: Shopper,
  lineId: string,
) {
  const deleted = await db
    .delete(list)
    .where(and(eq(list.id, lineId), ownedBy(list, shopper)))
    .returning({ id: list.id });
  if (deleted.length === 0) throw new HttpError(404, LINE_NOT_FOUND);
}

/**
 * Moves a cart line's quantity one unit up (to its stock at most) or down (to 1 at least). The bound
 * is in the UPDATE's WHERE, so concurrent calls cannot pass it.
 */
export async function stepQuantity(db: Db, shopper: Shopper, lineId: string, step: 1 | -1): Promise<void> {
  const withinBound =
    step === 1
      ? and(lt(cartItems.quantity, cartLineStock), cartLineInStore, isNull(cartLineShopAway))
      : gt(cartItems.quantity, 1);
  const updated = await db
    .update(cartItems)
    .set({ quantity: sql`${cartItems.quantity} + ${step}::integer` })
    .where(and(eq(cartItems.id, lineId), ownedBy(cartItems, shopper), withinBound))
    .returning({ id: cartItems.id });
  if (updated.length > 0) return;
  const [line] = await db
    .select({ id: cartItems.id, inStore: cartLineInStore, shopName: shops.name, away: cartLineShopAway })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(eq(cartItems.id, lineId), ownedBy(cartItems, shopper)));
  if (!line) throw new HttpError(404, LINE_NOT_FOUND);
  if (step === 1 && !line.inStore) throw new HttpError(400, PRODUCT_UNAVAILABLE);
  if (step === 1 && line.away) throw new HttpError(400, shopOnVacationNoCart(line.shopName, line.away));
  throw new HttpError(400, step === 1 ? NO_MORE_UNITS : MINIMUM_QUANTITY);
}

export async function addToWishlist(db: Db, shopper: Shopper, productId: string): Promise<void> {
  await requireProduct(db, productId);
  const inserted = await db
    .insert(wishlistItems)
    .values({ ...ownerValues(shopper), productId })
    .onConflictDoNothing({
      target: [ownerColumn(wishlistItems, shopper), wishlistItems.productId],
      where: ownerConflictTarget(wishlistItems, shopper),
    })
    .returning({ id: wishlistItems.id });
  if (inserted.length === 0) throw new HttpError(409, ALREADY_IN_WISHLIST);
}

export async function wishlistOf(db: Db, shopper: Shopper): Promise<WishlistAnswer> {
  const rows = await selectProductCards(db, { lineId: wishlistItems.id })
    .innerJoin(wishlistItems, eq(wishlistItems.productId, products.id))
    .where(ownedBy(wishlistItems, shopper))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
  return {
    wishlists: rows.map((row) => ({ _id: row.lineId, productId: row.id, productInfo: toProductCard(row) })),
    wishlistCount: rows.length,
  };
}

type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Serialises changes to one shopper's compare list until the transaction ends, so concurrent adds
 * cannot count the same free places. An advisory lock works for a guest too, who has no row to lock.
 */
async function lockCompareList(tx: Transaction, shopper: Shopper): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`compare:${shopper.id}`}::text, 0))`);
}

export async function addToCompare(db: Db, shopper: Shopper, productId: string): Promise<void> {
  await requireProduct(db, productId);
  await db.transaction(async (tx) => {
    await lockCompareList(tx, shopper);
    const listed = await tx
      .select({ productId: compareItems.productId })
      .from(compareItems)
      .where(ownedBy(compareItems, shopper));
    if (listed.some((row) => row.productId === productId)) throw new HttpError(409, ALREADY_IN_COMPARE);
    if (listed.length >= COMPARE_LIMIT) throw new HttpError(400, COMPARE_FULL);
    await tx.insert(compareItems).values({ ...ownerValues(shopper), productId });
  });
}

export async function compareListOf(db: Db, shopper: Shopper): Promise<CompareAnswer> {
  const rows = await selectProductCards(db, { ...productDetailColumns, lineId: compareItems.id })
    .innerJoin(compareItems, eq(compareItems.productId, products.id))
    .where(ownedBy(compareItems, shopper))
    .orderBy(asc(compareItems.createdAt), asc(compareItems.id));
  return {
    comparelist: rows.map((row) => ({ _id: row.lineId, productId: row.id, productInfo: toProductDetail(row) })),
    compareCount: rows.length,
  };
}

/**
 * Moves a visitor's lists into the user's at sign-in, in one transaction: cart quantities of the
 * same product and size are summed (up to the stock), duplicates are dropped, the compare list keeps
 * the user's own products and fills the places left with the guest's oldest. Moved rows keep the
 * time they were added, so the lists stay in the order the shopper built them. The guest's coupon
 * joins too, unless the user already has one on their cart or has used that coupon before. The
 * guest's rows are then deleted, so a repeated call changes nothing.
 */
export async function mergeGuestLists(
  db: Db,
  userId: string,
  guestId: string,
): Promise<{ ownProductsLeftOut: number }> {
  const user: Shopper = { kind: "user", id: userId };
  const guestLine = alias(cartItems, "guest_line");
  // A sold-out line keeps one unit (the least a line holds) and stays listed apart.
  const cappedAtStock = (quantity: SQL, line: { productId: AnyPgColumn; size: AnyPgColumn }) =>
    sql`least(${quantity}, greatest(${lineStock(line)}, 1))`;
  const column = (target: PgColumn) => sql.identifier(target.name);

  // The visitor's lines of the user's own shop stay out of the cart: a seller does not buy from themself.
  const ownProduct = sql`${guestLine.productId} in (select ${products.id} from ${products} join ${shops} on ${shops.id} = ${products.shopId} where ${shops.ownerId} = ${userId}::uuid)`;

  return db.transaction(async (tx) => {
    const leftOut = await tx.execute<{ lines: number }>(
      sql`select count(*)::integer as lines from ${cartItems} as ${guestLine} where ${guestLine.guestId} = ${guestId}::uuid and ${ownProduct}`,
    );
    await tx.execute(sql`
      insert into ${cartItems} (${column(cartItems.userId)}, ${column(cartItems.productId)}, ${column(cartItems.size)}, ${column(cartItems.quantity)}, ${column(cartItems.createdAt)})
      select ${userId}::uuid, ${guestLine.productId}, ${guestLine.size}, ${cappedAtStock(sql`${guestLine.quantity}`, guestLine)}, ${guestLine.createdAt}
      from ${cartItems} as ${guestLine} where ${guestLine.guestId} = ${guestId}::uuid and not ${ownProduct}
      on conflict (${column(cartItems.userId)}, ${column(cartItems.productId)}, ${column(cartItems.size)}) where ${column(cartItems.userId)} is not null
      do update set ${column(cartItems.quantity)} = ${cappedAtStock(sql`${cartItems.quantity} + excluded.${column(cartItems.quantity)}`, cartItems)}`);

    const guestWish = alias(wishlistItems, "guest_wish");
    await tx.execute(sql`
      insert into ${wishlistItems} (${column(wishlistItems.userId)}, ${column(wishlistItems.productId)}, ${column(wishlistItems.createdAt)})
      select ${userId}::uuid, ${guestWish.productId}, ${guestWish.createdAt} from ${wishlistItems} as ${guestWish} where ${guestWish.guestId} = ${guestId}::uuid
      on conflict (${column(wishlistItems.userId)}, ${column(wishlistItems.productId)}) where ${column(wishlistItems.userId)} is not null
      do nothing`);

    await lockCompareList(tx, user);
    const guestCompare = alias(compareItems, "guest_compare");
    const userCompare = alias(compareItems, "user_compare");
    await tx.execute(sql`
      insert into ${compareItems} (${column(compareItems.userId)}, ${column(compareItems.productId)}, ${column(compareItems.createdAt)})
      select ${userId}::uuid, ${guestCompare.productId}, ${guestCompare.createdAt} from ${compareItems} as ${guestCompare}
      where ${guestCompare.guestId} = ${guestId}::uuid
        and ${notExists(
          tx
            .select({ one: sql`1` })
            .from(userCompare)
            .where(and(eq(userCompare.userId, userId), eq(userCompare.productId, guestCompare.productId))),
        )}
      order by ${guestCompare.createdAt}, ${guestCompare.id}
      limit greatest(${COMPARE_LIMIT}::integer - ${listCount(compareItems, user)}, 0)`);

    const guestCoupon = alias(cartCoupons, "guest_coupon");
    await tx.execute(sql`
      insert into ${cartCoupons} (${column(cartCoupons.userId)}, ${column(cartCoupons.couponCode)}, ${column(cartCoupons.shopId)})
      select ${userId}::uuid, ${guestCoupon.couponCode}, ${guestCoupon.shopId} from ${cartCoupons} as ${guestCoupon}
      join ${coupons} on ${coupons.code} = ${guestCoupon.couponCode}
      where ${guestCoupon.guestId} = ${guestId}::uuid
        and (select count(*) from ${couponRedemptions} where ${couponRedemptions.couponCode} = ${guestCoupon.couponCode} and ${couponRedemptions.userId} = ${userId}::uuid) < ${coupons.maxUsesPerCustomer}
      on conflict do nothing`);

    for (const list of [cartItems, wishlistItems, compareItems, cartCoupons])
      await tx.delete(list).where(eq(list.guestId, guestId));
    return { ownProductsLeftOut: leftOut.rows[0]!.lines };
  });
}

/** Deletes guest rows older than GUEST_LIST_MAX_AGE_DAYS from every shopper list. */
export async function deleteStaleGuestLists(db: Db): Promise<void> {
  const cutoff = sql`now() - make_interval(days => ${GUEST_LIST_MAX_AGE_DAYS}::integer)`;
  for (const list of [cartItems, wishlistItems, compareItems, cartCoupons]) {
    await db.delete(list).where(and(isNotNull(list.guestId), lt(list.createdAt, cutoff)));
  }
}
