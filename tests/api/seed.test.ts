import { asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../api/src/db/client";
import sharp from "sharp";
import { normalizeTaxId, shopLocation } from "#contract/shops";
import {
  banners,
  blogPosts,
  categories,
  productImages,
  products,
  productSizes,
  shopDocuments,
  shops,
  users,
} from "../../api/src/db/schema";
import { verifyPassword } from "../../api/src/modules/accounts/password";
import { generateProducts } from "../../api/src/seed/catalogue";
import { DEMO_ACCOUNTS, demoAccountLines, seedIfEmpty } from "../../api/src/seed/seed";
import { balancesOf } from "../../api/src/modules/withdrawals/service";
import { shopBooks } from "../../api/src/modules/books/service";
import { readStoredFile, temporaryFileStore, testConfig } from "./support";

const CATEGORY_SLUGS = ["palas", "zapatillas", "pelotas", "paleteros", "ropa", "accesorios"];
const SHOE_SIZES = ["36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46"];
const SLUG_SHAPE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe("catálogo de demostración", () => {
  let database: Database;
  let seeded: Awaited<ReturnType<typeof seedIfEmpty>>;
  const store = temporaryFileStore();

  beforeAll(async () => {
    // A new PGlite, not the run's migrated copy: this file also migrates one from scratch.
    database = await openDatabase({ dataDir: ":memory:" });
    await database.migrate(store.files);
    seeded = await seedIfEmpty(database.db, store.files, testConfig());
  });

  afterAll(async () => {
    await database?.close();
    await store.remove();
  });

  const productsOf = (categorySlug: string) =>
    database.db
      .select({ id: products.id, stock: products.stock, specs: products.specs })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(categories.slug, categorySlug));

  it("crea al menos 60 productos de al menos 3 tiendas aprobadas, y solo una vez", async () => {
    expect(seeded).not.toBeNull();
    expect(seeded!.products).toBeGreaterThanOrEqual(60);
    expect(seeded!.shops).toBeGreaterThanOrEqual(3);
    const [{ count }] = await database.db.select({ count: sql<number>`count(*)::int` }).from(products);
    expect(count).toBe(seeded!.products);
    const shopRows = await database.db.select().from(shops).where(eq(shops.status, "aprobada"));
    expect(shopRows.length).toBe(seeded!.shops);
    for (const shop of shopRows) {
      // Each tax id is valid for its country, in its written form (the Madrid shop's a CIF).
      expect(normalizeTaxId(shop.country, shop.rif), shop.name).toBe(shop.rif);
      expect(shop.location).toBe(shopLocation(shop));
      expect(shop.approvedAt).not.toBeNull();
    }
    expect(shopRows.find((shop) => shop.slug === "padel-pro-madrid")).toMatchObject({
      country: "ES",
      rif: "B40123457",
    });
    expect(await seedIfEmpty(database.db, store.files, testConfig())).toBeNull();
  });

  it("deja una solicitud de tienda pendiente con un PDF y un PNG, de una cuenta de demostración", async () => {
    const pending = await database.db
      .select({ shop: shops, email: users.email, role: users.role })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.ownerId))
      .where(eq(shops.status, "pendiente"));
    expect(pending).toHaveLength(1);
    const [{ shop, email, role }] = pending;
    expect(role).toBe("customer");
    expect(DEMO_ACCOUNTS.find((account) => account.email === email)?.note).toBe("solicitud de tienda pendiente");
    expect(normalizeTaxId(shop.country, shop.rif)).toBe(shop.rif);
    const documents = await database.db
      .select()
      .from(shopDocuments)
      .where(eq(shopDocuments.shopId, shop.id))
      .orderBy(asc(shopDocuments.contentType));
    expect(documents.map((document) => [document.contentType, document.status])).toEqual([
      ["application/pdf", "enviado"],
      ["image/png", "enviado"],
    ]);
    // Their bytes are in the file store, under the keys the rows name.
    const [pdf, png] = await Promise.all(documents.map((document) => readStoredFile(store.files, document.fileKey)));
    expect(pdf!.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf!.toString("latin1")).toMatch(/startxref\n\d+\n%%EOF\n$/);
    expect(await sharp(png!).metadata()).toMatchObject({ format: "png", width: 480, height: 320 });
    expect(documents.map((document) => document.sizeBytes)).toEqual([pdf!.length, png!.length]);
    expect(
      demoAccountLines().some((line) => line.includes(email) && line.includes("solicitud de tienda pendiente")),
    ).toBe(true);
  });

  it("tiene las seis categorías, cada una con imagen", async () => {
    const rows = await database.db.select().from(categories).orderBy(asc(categories.position));
    expect(rows.map((row) => row.slug)).toEqual(CATEGORY_SLUGS);
    expect(rows.map((row) => row.name)).toEqual(["Palas", "Zapatillas", "Pelotas", "Paleteros", "Ropa", "Accesorios"]);
    for (const row of rows) expect(row.imageId).not.toBeNull();
    for (const slug of CATEGORY_SLUGS) expect((await productsOf(slug)).length, slug).toBeGreaterThan(0);
  });

  it("da a las zapatillas las tallas 36 a 46 y a la ropa de S a XXL", async () => {
    for (const [categorySlug, expected] of [
      ["zapatillas", SHOE_SIZES],
      ["ropa", ["S", "M", "L", "XL", "XXL"]],
    ] as const) {
      for (const product of await productsOf(categorySlug)) {
        const sizes = await database.db
          .select({ size: productSizes.size })
          .from(productSizes)
          .where(eq(productSizes.productId, product.id))
          .orderBy(asc(productSizes.position));
        expect(sizes.map((row) => row.size)).toEqual(expected);
      }
    }
  });

  it("mantiene el stock de los productos con tallas igual a la suma de sus tallas", async () => {
    const result = await database.db.execute<{ stock: number; sizes_total: number }>(sql`
      select p.stock, sum(s.stock)::int as sizes_total
      from products p join product_sizes s on s.product_id = p.id
      group by p.id, p.stock`);
    expect(result.rows.length).toBeGreaterThan(0);
    for (const row of result.rows) expect(row.stock).toBe(row.sizes_total);
    const soldOut = await database.db.select({ id: products.id }).from(products).where(eq(products.stock, 0));
    expect(soldOut.length, "algún producto agotado para el filtro de stock").toBeGreaterThan(0);
  });

  it("describe cada pala con sus seis especificaciones", async () => {
    const rackets = await productsOf("palas");
    expect(rackets.length).toBeGreaterThan(0);
    for (const racket of rackets) {
      expect(Object.keys(racket.specs ?? {}).sort()).toEqual(["balance", "cara", "forma", "nivel", "nucleo", "peso"]);
      for (const value of Object.values(racket.specs!)) expect(value).toMatch(/\S/);
      expect(["Redonda", "Lágrima", "Diamante"]).toContain(racket.specs!.forma);
    }
  });

  it("da a cada producto entre una y tres imágenes y datos de tienda realista", async () => {
    const rows = await database.db
      .select({
        slug: products.slug,
        price: products.price,
        discount: products.discount,
        rating: products.rating,
        images: sql<number>`count(${productImages.imageId})::int`,
      })
      .from(products)
      .leftJoin(productImages, eq(productImages.productId, products.id))
      .groupBy(products.id);
    for (const row of rows) {
      expect(row.images, row.slug).toBeGreaterThanOrEqual(1);
      expect(row.images, row.slug).toBeLessThanOrEqual(3);
      expect(row.slug).toMatch(SLUG_SHAPE);
      expect(Number.isInteger(row.price)).toBe(true);
      expect(row.discount).toBeGreaterThanOrEqual(0);
      expect(row.discount).toBeLessThanOrEqual(40);
      expect(Math.round(row.rating * 10) / 10).toBeCloseTo(row.rating, 5);
    }
    expect(rows.some((row) => row.discount === 0) && rows.some((row) => row.discount > 0)).toBe(true);
  });

  it("crea las cuentas de demostración con la contraseña que se muestra", async () => {
    const rows = await database.db.select().from(users).where(isNotNull(users.passwordHash));
    expect(rows.map((row) => row.email).sort()).toEqual(DEMO_ACCOUNTS.map((account) => account.email).sort());
    expect(DEMO_ACCOUNTS.filter((account) => account.role === "seller")).toHaveLength(3);
    const admin = rows.find((row) => row.role === "admin")!;
    const password = DEMO_ACCOUNTS.find((account) => account.role === "admin")!.password;
    expect(await verifyPassword(password, admin.passwordHash!)).toBe(true);
    expect(await verifyPassword(`${password}x`, admin.passwordHash!)).toBe(false);
    const owners = await database.db
      .select({ role: users.role })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.ownerId))
      .where(eq(shops.status, "aprobada"));
    expect(owners.length).toBeGreaterThan(0);
    expect(owners.every((owner) => owner.role === "seller")).toBe(true);
  });

  it("los vendedores de demostración tienen ventas entregadas, retiros pagados y saldo disponible; uno tiene un retiro pendiente", async () => {
    const undelivered = await database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from shop_orders where delivery_status = 'entregado' and (delivered_at is null or shipped_at is null)`,
    );
    expect(undelivered.rows[0]!.count).toBe(0);
    const sellers = await database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .innerJoin(shops, eq(shops.ownerId, users.id))
      .where(eq(shops.status, "aprobada"));
    const settings = testConfig().withdrawals;
    for (const seller of sellers) {
      const balances = await balancesOf(database.db, seller.id, settings);
      expect(balances.totalAmount).toBeGreaterThan(0);
      expect(balances.withdrowAmount).toBeGreaterThan(0);
      // The end-to-end tests ask for withdrawals as vendedor1 and vendedor3, with none pending before.
      if (seller.email === "vendedor2@mercadopadel.test") expect(balances.requestedAmount).toBeGreaterThan(0);
      else expect(balances.requestedAmount).toBe(0);
      expect(balances.availableAmount).toBeGreaterThan(0);
      expect(balances.pendingAmount).toBe(0);
      expect(balances.availableAmount).toBe(balances.totalAmount - balances.amountWithdrawn);
    }
    const books = await shopBooks(database.db, settings);
    expect(books.shops.length).toBe(sellers.length);
    expect(books.wallets).toEqual([]);
    expect(books.withdrawals).toEqual([]);
    expect(books.unbalanced).toBe(0);
    // A bank transfer is paid to its own seller, never to another demo seller's name.
    const transfers = await database.db.execute<{ holder: string; name: string }>(sql`
      select p.details->>'holder' as holder, u.name from payout_methods p join users u on u.id = p.user_id where p.kind = 'transferencia'`);
    expect(transfers.rows.length).toBeGreaterThan(0);
    for (const transfer of transfers.rows) expect(transfer.holder).toBe(transfer.name);
  });

  it("la valoración de cada producto es la media de sus reseñas, y cada reseña viene de un pedido pagado y entregado de su autor", async () => {
    const rated = await database.db.execute<{ rating: number; average: number | null; reviews: number }>(sql`
      select p.rating, round(avg(r.rating)::numeric, 1)::real as average, count(r.id)::int as reviews
      from products p left join reviews r on r.product_id = p.id group by p.id`);
    for (const row of rated.rows) expect(row.rating).toBe(row.average ?? 0);
    const reviewed = rated.rows.filter((row) => row.reviews > 0).length;
    // Most products have reviews, and a fair share has none yet.
    expect(reviewed).toBeGreaterThan(rated.rows.length / 2);
    expect(reviewed).toBeLessThan(rated.rows.length);

    const unverified = await database.db.execute<{ count: number }>(sql`
      select count(*)::int as count from reviews r where not exists (
        select 1 from order_items i
        join shop_orders so on so.id = i.shop_order_id
        join orders o on o.id = so.order_id
        where i.product_id = r.product_id and o.user_id = r.user_id
          and o.payment_status = 'pagado' and so.delivery_status = 'entregado')`);
    expect(unverified.rows[0]!.count).toBe(0);
    // The past buyers cannot sign in, and each sale credited its seller.
    const buyers = await database.db.select().from(users).where(isNull(users.passwordHash));
    expect(buyers.length).toBeGreaterThan(0);
    const uncredited = await database.db.execute<{ count: number }>(sql`
      select count(*)::int as count from shop_orders so
      where not exists (select 1 from wallet_entries w where w.reference = 'venta:' || so.id)`);
    expect(uncredited.rows[0]!.count).toBe(0);
    // Priced by the store's own rules: the free-shipping threshold counts the whole order.
    const { cart } = testConfig();
    const fees = await database.db.execute<{ subtotal: number; shipping_fee: number }>(sql`
      select o.subtotal, so.shipping_fee from shop_orders so join orders o on o.id = so.order_id`);
    for (const row of fees.rows)
      expect(row.shipping_fee).toBe(row.subtotal >= cart.freeShippingThresholdCents ? 0 : cart.shippingFeeCents);
  });

  it("publica banners que enlazan a productos o listados, y artículos del blog", async () => {
    const bannerRows = await database.db.select().from(banners);
    expect(bannerRows.length).toBeGreaterThanOrEqual(3);
    for (const banner of bannerRows) {
      expect(banner.link).toMatch(/^\/(product\/details\/[a-z0-9-]+|products\?category=[a-z]+)$/);
      const detail = banner.link.match(/^\/product\/details\/(.+)$/);
      if (detail) expect(await database.db.select().from(products).where(eq(products.slug, detail[1]))).toHaveLength(1);
    }
    const posts = await database.db.select().from(blogPosts);
    expect(posts.length).toBeGreaterThanOrEqual(4);
    for (const post of posts) expect(post.body.split("\n\n").length).toBeGreaterThanOrEqual(2);
  });
});

describe("generador del catálogo", () => {
  it("es determinista y mantiene los slugs únicos en catálogos grandes", () => {
    const now = new Date("2026-02-14T12:00:00Z");
    const big = generateProducts(5000, now);
    expect(big).toHaveLength(5000);
    expect(new Set(big.map((product) => product.slug)).size).toBe(5000);
    for (const product of big) expect(product.slug).toMatch(SLUG_SHAPE);
    expect(generateProducts(72, now)).toEqual(generateProducts(72, now));
  });
});
