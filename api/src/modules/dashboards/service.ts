import { and, asc, count, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import {
  DASHBOARD_LIST_SIZE,
  type AdminDashboardAnswer,
  type BestSeller,
  type DailySales,
  type DashboardQuery,
  type SellerDashboardAnswer,
  type SellerFigures,
} from "#contract/dashboards";
import { FORBIDDEN } from "#contract/messages";
import { orderNumber } from "#contract/order-labels";
import { STORE_TIME_ZONE } from "#contract/store-time";
import type { Db } from "../../db/client.js";
import { products, productSizes, shops, withdrawals } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { listAdminOrders } from "../admin-orders/service.js";
import { expireUnpaidOrders } from "../orders/expiry.js";
import { sellerOrders } from "../seller-orders/service.js";
import { lowProduct } from "../stock/service.js";
import type { MailContext } from "../mail/render.js";

/**
 * The seller's and the admin's dashboards (issue 12; README "Dashboards API"). A sale is a paid
 * shop part (`payment_status = 'pagado'`, not cancelled) dated by its order's `paid_at` in the
 * store's time zone; every figure is one aggregate in SQL, so a shop with years of orders costs the
 * same few queries.
 */

interface Bounds {
  days: number;
  /** Midnight (store time) of the period's first day. */
  from: Date;
  to: Date;
  previousFrom: Date;
  /** The first and last calendar days of the period (YYYY-MM-DD, store time). */
  fromDay: string;
  toDay: string;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The period of `days` days ending `now`, and the one before it, in calendar days of the store's time zone. */
async function periodBounds(db: Db, days: number, now: Date): Promise<Bounds> {
  const result = await db.execute<{
    from: Date | string;
    previous_from: Date | string;
    from_day: string;
    to_day: string;
  }>(sql`
    with local as (select date_trunc('day', ${at(now)} at time zone ${STORE_TIME_ZONE}) as today)
    select (today - make_interval(days => ${days - 1}::int)) at time zone ${STORE_TIME_ZONE} as from,
           (today - make_interval(days => ${2 * days - 1}::int)) at time zone ${STORE_TIME_ZONE} as previous_from,
           to_char(today - make_interval(days => ${days - 1}::int), 'YYYY-MM-DD') as from_day,
           to_char(today, 'YYYY-MM-DD') as to_day
    from local`);
  const row = result.rows[0]!;
  return {
    days,
    from: new Date(row.from),
    to: now,
    previousFrom: new Date(row.previous_from),
    fromDay: row.from_day,
    toDay: row.to_day,
  };
}

/** The paid parts (of one shop, or of every shop) whose order was paid in [start, end]. */
function paidParts(shopId: string | null, start: Date, end: Date): SQL {
  return sql`so.payment_status = 'pagado' and so.delivery_status <> 'cancelado'
    and o.paid_at >= ${at(start)} and o.paid_at <= ${at(end)}
    ${shopId === null ? sql`` : sql`and so.shop_id = ${shopId}::uuid`}`;
}

interface Figures {
  totalSale: number;
  totalOrder: number;
  totalPendingOrder: number;
  commission: number;
}

/** The period's figures and the previous period's, in one pass over the parts paid in both. */
async function figures(
  db: Db,
  shopId: string | null,
  bounds: Bounds,
): Promise<{ current: Figures; previous: Figures }> {
  const current = sql`o.paid_at >= ${at(bounds.from)}`;
  const previous = sql`o.paid_at < ${at(bounds.from)}`;
  const result = await db.execute<Record<string, string | number>>(sql`
    select coalesce(sum(so.total) filter (where ${current}), 0)::bigint as sale,
           count(distinct o.id) filter (where ${current}) as orders,
           count(distinct o.id) filter (where ${current} and so.delivery_status = 'pendiente') as pending,
           coalesce(sum(so.commission) filter (where ${current}), 0)::bigint as commission,
           coalesce(sum(so.total) filter (where ${previous}), 0)::bigint as previous_sale,
           count(distinct o.id) filter (where ${previous}) as previous_orders,
           count(distinct o.id) filter (where ${previous} and so.delivery_status = 'pendiente') as previous_pending,
           coalesce(sum(so.commission) filter (where ${previous}), 0)::bigint as previous_commission
    from shop_orders so join orders o on o.id = so.order_id
    where ${paidParts(shopId, bounds.previousFrom, bounds.to)}`);
  const row = result.rows[0]!;
  const number = (key: string) => Number(row[key] ?? 0);
  return {
    current: {
      totalSale: number("sale"),
      totalOrder: number("orders"),
      totalPendingOrder: number("pending"),
      commission: number("commission"),
    },
    previous: {
      totalSale: number("previous_sale"),
      totalOrder: number("previous_orders"),
      totalPendingOrder: number("previous_pending"),
      commission: number("previous_commission"),
    },
  };
}

/** What coupons took off the period's orders and the previous period's (contract: adminFigures.couponDiscounts). */
async function couponDiscounts(db: Db, bounds: Bounds): Promise<{ current: number; previous: number }> {
  const result = await db.execute<{ current: string | number; previous: string | number }>(sql`
    select coalesce(sum(o.discount) filter (where o.paid_at >= ${at(bounds.from)}), 0)::bigint as current,
           coalesce(sum(o.discount) filter (where o.paid_at < ${at(bounds.from)}), 0)::bigint as previous
    from orders o
    where o.discount > 0 and o.paid_at >= ${at(bounds.previousFrom)} and o.paid_at <= ${at(bounds.to)}
      and exists (select 1 from shop_orders so where so.order_id = o.id and ${paidParts(null, bounds.previousFrom, bounds.to)})`);
  const row = result.rows[0]!;
  return { current: Number(row.current), previous: Number(row.previous) };
}

/** One row per calendar day of the period, oldest first, days without sales at 0. */
async function salesByDay(db: Db, shopId: string | null, bounds: Bounds): Promise<DailySales[]> {
  const result = await db.execute<{ day: string; sale: string | number; orders: string | number }>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(sum(p.total), 0)::bigint as sale, count(distinct p.order_id) as orders
    from generate_series(${bounds.fromDay}::date, ${bounds.toDay}::date, interval '1 day') as d(day)
    left join (
      select so.total, so.order_id, (o.paid_at at time zone ${STORE_TIME_ZONE})::date as paid_day
      from shop_orders so join orders o on o.id = so.order_id
      where ${paidParts(shopId, bounds.from, bounds.to)}
    ) p on p.paid_day = d.day::date
    group by d.day
    order by d.day`);
  return result.rows.map((row) => ({ day: row.day, sale: Number(row.sale), orders: Number(row.orders) }));
}

/** The period's products with the most units in paid parts (then the most money, then by name). */
async function bestSellers(db: Db, shopId: string | null, bounds: Bounds): Promise<BestSeller[]> {
  const result = await db.execute<{
    id: string;
    name: string;
    slug: string;
    archived: boolean;
    units: string | number;
    sale: string | number;
  }>(sql`
    select p.id, p.name, p.slug, p.archived_at is not null as archived,
           sum(oi.quantity)::bigint as units,
           -- What was charged: a line's share of its part's subtotal, lower than its list total after an accepted offer.
           coalesce(round(sum(oi.quantity * oi.unit_price * so.subtotal::numeric / nullif(lines.total, 0))), 0)::bigint as sale
    from order_items oi
      join shop_orders so on so.id = oi.shop_order_id
      cross join lateral (select sum(quantity * unit_price) as total from order_items where shop_order_id = so.id) lines
      join orders o on o.id = so.order_id
      join products p on p.id = oi.product_id
    where ${paidParts(shopId, bounds.from, bounds.to)}
    group by p.id, p.name, p.slug, p.archived_at
    order by units desc, sale desc, p.name asc
    limit ${DASHBOARD_LIST_SIZE}`);
  return result.rows.map((row) => ({
    productId: row.id,
    name: row.name,
    slug: row.slug,
    archived: Boolean(row.archived),
    units: Number(row.units),
    sale: Number(row.sale),
  }));
}

const periodOf = (bounds: Bounds) => ({
  days: bounds.days,
  from: bounds.from.toISOString(),
  to: bounds.to.toISOString(),
  previousFrom: bounds.previousFrom.toISOString(),
});

// ---- The seller ---------------------------------------------------------------------------------

/** The caller's shop, approved or suspended (a suspended shop still reads its figures); anyone else 403. */
async function dashboardShop(db: Db, user: AuthUser): Promise<string> {
  if (user.role !== "seller") throw new HttpError(403, FORBIDDEN);
  const [shop] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.ownerId, user.id), inArray(shops.status, ["aprobada", "suspendida"])));
  if (!shop) throw new HttpError(403, FORBIDDEN);
  return shop.id;
}

/** Paid parts of the shop still 'pendiente', whatever their date: the seller's work to do. */
async function partsToPrepare(db: Db, shopId: string): Promise<number> {
  const result = await db.execute<{ total: string | number }>(sql`
    select count(*) as total from shop_orders so
    where so.shop_id = ${shopId}::uuid and so.payment_status = 'pagado' and so.delivery_status = 'pendiente'`);
  return Number(result.rows[0]?.total ?? 0);
}

/** Offers waiting for the seller's answer, the oldest first (they have waited longest). */
async function pendingOffers(db: Db, shopId: string): Promise<SellerDashboardAnswer["todo"]["pendingOffers"]> {
  const [rows, totals] = await Promise.all([
    db.execute<{
      id: string;
      sub_order_id: string;
      order_id: string;
      customer_name: string;
      price: number;
      subtotal: number;
      created_at: Date | string;
    }>(sql`
      select f.id, so.id as sub_order_id, so.order_id, u.name as customer_name, f.price, so.subtotal, f.created_at
      from offers f join shop_orders so on so.id = f.shop_order_id join orders o on o.id = so.order_id join users u on u.id = o.user_id
      where so.shop_id = ${shopId}::uuid and f.status = 'pendiente'
      order by f.created_at asc, f.id asc
      limit ${DASHBOARD_LIST_SIZE}`),
    db.execute<{ total: string | number }>(sql`
      select count(*) as total from offers f join shop_orders so on so.id = f.shop_order_id
      where so.shop_id = ${shopId}::uuid and f.status = 'pendiente'`),
  ]);
  return {
    total: Number(totals.rows[0]?.total ?? 0),
    offers: rows.rows.map((row) => ({
      _id: row.id,
      subOrderId: row.sub_order_id,
      number: orderNumber(row.order_id),
      customerName: row.customer_name,
      price: Number(row.price),
      currentSubtotal: Number(row.subtotal),
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}

/** The shop's products with a size (or the single stock) at or below their threshold, by name. */
async function lowStock(db: Db, shopId: string): Promise<SellerDashboardAnswer["todo"]["lowStock"]> {
  const low = and(eq(products.shopId, shopId), isNull(products.archivedAt), lowProduct);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: products.id, name: products.name, stock: products.stock, threshold: products.lowStockThreshold })
      .from(products)
      .where(low)
      .orderBy(asc(products.name), asc(products.id))
      .limit(DASHBOARD_LIST_SIZE),
    db.select({ total: count() }).from(products).where(low),
  ]);
  const sizes =
    rows.length === 0
      ? []
      : await db
          .select({
            productId: productSizes.productId,
            size: productSizes.size,
            stock: productSizes.stock,
            position: productSizes.position,
          })
          .from(productSizes)
          .where(
            inArray(
              productSizes.productId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(productSizes.position));
  return {
    total: total!.total,
    products: rows.map((row) => ({
      productId: row.id,
      name: row.name,
      stock: row.stock,
      lowStockThreshold: row.threshold,
      lowSizes: sizes
        .filter((size) => size.productId === row.id && size.stock <= row.threshold)
        .map(({ size, stock }) => ({ size, stock })),
    })),
  };
}

/** The shop's first steps (contract: `onboarding`), read in one statement. */
async function onboarding(db: Db, shopId: string, sellerId: string): Promise<SellerDashboardAnswer["onboarding"]> {
  const result = await db.execute<SellerDashboardAnswer["onboarding"]>(sql`
    select
      (s.description <> '' and s.logo_image_id is not null) as profile,
      exists (select 1 from payout_methods p where p.user_id = ${sellerId}) as payout,
      exists (
        select 1 from products p where p.shop_id = s.id and p.archived_at is null and p.state = 'publicado'
      ) as product,
      (s.shipping_fee is not null or exists (
        select 1 from audit_log a where a.entity = 'tienda' and a.entity_id = s.id and a.action = 'tienda.envio'
      )) as shipping
    from shops s where s.id = ${shopId}`);
  return result.rows[0]!;
}

const withNet = (figures: Figures): SellerFigures => ({
  ...figures,
  netEarnings: figures.totalSale - figures.commission,
});

/** GET /seller/get-dashboard-index-data: the caller's shop over the period, against the previous one. */
export async function sellerDashboard(
  db: Db,
  user: AuthUser,
  query: DashboardQuery,
  now: Date,
  mail: MailContext,
): Promise<SellerDashboardAnswer> {
  const shopId = await dashboardShop(db, user);
  await expireUnpaidOrders(db, mail);
  const bounds = await periodBounds(db, Number(query.period), now);
  const [{ current, previous }, daily, best, recent, [productTotal], toPrepare, offers, low, steps] = await Promise.all(
    [
      figures(db, shopId, bounds),
      salesByDay(db, shopId, bounds),
      bestSellers(db, shopId, bounds),
      sellerOrders(
        db,
        user.id,
        { page: 1, parPage: DASHBOARD_LIST_SIZE, searchValue: undefined, status: undefined },
        mail,
      ),
      db
        .select({ total: count() })
        .from(products)
        .where(and(eq(products.shopId, shopId), isNull(products.archivedAt))),
      partsToPrepare(db, shopId),
      pendingOffers(db, shopId),
      lowStock(db, shopId),
      onboarding(db, shopId, user.id),
    ],
  );
  return {
    period: periodOf(bounds),
    ...withNet(current),
    totalProduct: productTotal!.total,
    previous: withNet(previous),
    salesByDay: daily,
    bestSellers: best,
    recentOrders: recent.orders,
    onboarding: steps,
    todo: { toPrepare, pendingOffers: offers, lowStock: low },
  };
}

// ---- The admin ----------------------------------------------------------------------------------

/** Paid parts nobody has started preparing `hours` after payment, the longest waiting first. */
async function unpreparedParts(db: Db, hours: number, now: Date): Promise<AdminDashboardAnswer["todo"]["unprepared"]> {
  const stale = sql`so.payment_status = 'pagado' and so.delivery_status = 'pendiente'
    and o.paid_at <= ${at(now)} - make_interval(hours => ${hours}::int)`;
  const [rows, totals] = await Promise.all([
    db.execute<{ id: string; order_id: string; shop_name: string; paid_at: Date | string }>(sql`
      select so.id, so.order_id, s.name as shop_name, o.paid_at
      from shop_orders so join orders o on o.id = so.order_id join shops s on s.id = so.shop_id
      where ${stale}
      order by o.paid_at asc, so.id asc
      limit ${DASHBOARD_LIST_SIZE}`),
    db.execute<{ total: string | number }>(
      sql`select count(*) as total from shop_orders so join orders o on o.id = so.order_id where ${stale}`,
    ),
  ]);
  return {
    hours,
    total: Number(totals.rows[0]?.total ?? 0),
    parts: rows.rows.map((row) => {
      const paidAt = new Date(row.paid_at);
      return {
        subOrderId: row.id,
        orderId: row.order_id,
        number: orderNumber(row.order_id),
        shopName: row.shop_name,
        paidAt: paidAt.toISOString(),
        hoursWaiting: Math.floor((now.getTime() - paidAt.getTime()) / 3_600_000),
      };
    }),
  };
}

/** GET /admin/get-dashboard-index-data: the whole store over the period, against the previous one. */
export async function adminDashboard(
  db: Db,
  query: DashboardQuery,
  now: Date,
  unpreparedAlertHours: number,
  mail: MailContext,
): Promise<AdminDashboardAnswer> {
  await expireUnpaidOrders(db, mail);
  const bounds = await periodBounds(db, Number(query.period), now);
  const [
    { current, previous },
    discounts,
    daily,
    best,
    recent,
    [productTotal],
    [sellerTotal],
    [requestTotal],
    [withdrawalTotal],
    unprepared,
  ] = await Promise.all([
    figures(db, null, bounds),
    couponDiscounts(db, bounds),
    salesByDay(db, null, bounds),
    bestSellers(db, null, bounds),
    listAdminOrders(db, { page: 1, parPage: DASHBOARD_LIST_SIZE, searchValue: undefined }, mail),
    db
      .select({ total: count() })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      // For sale: as the catalogue counts them (published, not archived, of an approved shop).
      .where(and(isNull(products.archivedAt), eq(products.state, "publicado"), eq(shops.status, "aprobada"))),
    db.select({ total: count() }).from(shops).where(eq(shops.status, "aprobada")),
    db.select({ total: count() }).from(shops).where(eq(shops.status, "pendiente")),
    db
      .select({ total: count(), amount: sql<number>`coalesce(sum(${withdrawals.amount}), 0)::bigint`.mapWith(Number) })
      .from(withdrawals)
      .where(eq(withdrawals.status, "pendiente")),
    unpreparedParts(db, unpreparedAlertHours, now),
  ]);
  return {
    period: periodOf(bounds),
    ...current,
    couponDiscounts: discounts.current,
    totalProduct: productTotal!.total,
    totalSeller: sellerTotal!.total,
    previous: { ...previous, couponDiscounts: discounts.previous },
    salesByDay: daily,
    bestSellers: best,
    recentOrders: recent.orders,
    todo: {
      shopRequests: requestTotal!.total,
      withdrawals: { total: withdrawalTotal!.total, amount: withdrawalTotal!.amount },
      unprepared,
    },
  };
}
