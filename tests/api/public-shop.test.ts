import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { CartAnswer, CompareAnswer, WishlistAnswer } from "#contract/cart";
import {
  type AdvancedSearchAnswer,
  type HomeProductsAnswer,
  type PriceRangeAnswer,
  type ProductAnswer,
  type ProductFiltersAnswer,
  type QueryProductsAnswer,
} from "#contract/catalog";
import { PRODUCT_UNAVAILABLE } from "#contract/messages";
import { SHOP_NOT_FOUND } from "#contract/shops";
import type { ShopStatus } from "#contract/shop-labels";
import type { z } from "zod";
import type { publicShopAnswer, publicShopsAnswer } from "#contract/shops";
import { cartItems, reviews, shops } from "../../api/src/db/schema";
import type { Db } from "../../api/src/db/client";
import { insertCategory, insertProduct, insertShop, insertUser, useTestApi } from "./support";
import { placeOrder, putInCart, signedInUser, type Customer } from "./orders-support";

type PublicShopAnswer = z.infer<typeof publicShopAnswer>;
type PublicShopsAnswer = z.infer<typeof publicShopsAnswer>;

const day = (isoDate: string) => new Date(`${isoDate}T12:00:00.000Z`);

/**
 * Two approved shops and two that never sold, with products chosen so each catalogue figure moves
 * when Tienda Smash stops selling: it has the newest, best-rated and most discounted racket, the
 * dearest and the cheapest product, the only green ones, the only tag "Smash" and the only size XS.
 *
 * | slug | shop | category | sale price | color | tag | sizes | created |
 * |---|---|---|---|---|---|---|---|
 * | pala-centro-alfa | centro | palas | 20000 | Negro | Potencia | - | 2025-01-10 |
 * | pala-centro-beta | centro | palas | 13500 (15000 -10%) | Azul | Control | - | 2025-02-10 |
 * | camiseta-centro | centro | ropa | 3000 | Blanco | Comodidad | M:2 | 2025-03-10 |
 * | camiseta-smash | smash | ropa | 500 | Verde | Smash | XS:3 | 2025-04-05 |
 * | pala-smash-verde | smash | palas | 30000 (40000 -25%) | Verde | Smash | - | 2025-04-10 |
 * | pala-pendiente | pending shop | palas | 50000 | Naranja | Pendiente | - | 2025-05-10 |
 * | pala-rechazada | rejected shop | palas | 100 | Morado | Rechazada | - | 2025-05-11 |
 */
async function insertShops(db: Db) {
  const owner = (name: string) => insertUser(db, { name, role: "seller" });
  const centro = await insertShop(db, {
    ownerId: (await owner("Dueña Centro")).id,
    name: "Centro Pádel",
    slug: "centro-padel",
    rif: "J-40123456-9",
    country: "ES",
    location: "Calle de Alcalá 214, Madrid, España",
    approvedAt: new Date("2025-03-01T10:00:00.000Z"),
    createdAt: day("2024-01-01"),
  });
  // Approved before approved_at existed: its page counts from when it opened.
  const smash = await insertShop(db, {
    ownerId: (await owner("Dueño Smash")).id,
    name: "Tienda Smash",
    slug: "tienda-smash",
    rif: "J-29876543-7",
    location: "Av. Bolívar Norte, Valencia, Venezuela",
    approvedAt: null,
    createdAt: day("2024-06-01"),
  });
  const pending = await insertShop(db, {
    ownerId: (await owner("Solicitante")).id,
    name: "Pádel Pendiente",
    slug: "padel-pendiente",
    rif: "J-31557820-4",
    status: "pendiente",
  });
  const rejected = await insertShop(db, {
    ownerId: (await owner("Rechazado")).id,
    name: "Pádel Rechazado",
    slug: "padel-rechazado",
    rif: "J-12345678-9",
    status: "rechazada",
  });
  const palas = await insertCategory(db, { name: "Palas", slug: "palas", position: 1 });
  const ropa = await insertCategory(db, { name: "Ropa", slug: "ropa", position: 2 });
  const product = (values: Parameters<typeof insertProduct>[1]) => insertProduct(db, { imageCount: 0, ...values });
  const alfa = await product({
    shopId: centro.id,
    categoryId: palas.id,
    name: "Pala Centro Alfa",
    slug: "pala-centro-alfa",
    brand: "Nox",
    price: 20000,
    color: "Negro",
    tag: "Potencia",
    stock: 4,
    createdAt: day("2025-01-10"),
  });
  const beta = await product({
    shopId: centro.id,
    categoryId: palas.id,
    name: "Pala Centro Beta",
    slug: "pala-centro-beta",
    brand: "Head",
    price: 15000,
    discount: 10,
    color: "Azul",
    tag: "Control",
    stock: 2,
    createdAt: day("2025-02-10"),
  });
  const shirt = await product({
    shopId: centro.id,
    categoryId: ropa.id,
    name: "Camiseta Centro",
    slug: "camiseta-centro",
    brand: "Joma",
    price: 3000,
    color: "Blanco",
    tag: "Comodidad",
    sizes: [{ size: "M", stock: 2 }],
    createdAt: day("2025-03-10"),
  });
  const smashShirt = await product({
    shopId: smash.id,
    categoryId: ropa.id,
    name: "Camiseta Smash",
    slug: "camiseta-smash",
    brand: "Siux",
    price: 500,
    color: "Verde",
    tag: "Smash",
    sizes: [{ size: "XS", stock: 3 }],
    createdAt: day("2025-04-05"),
  });
  const smashRacket = await product({
    shopId: smash.id,
    categoryId: palas.id,
    name: "Pala Smash Verde",
    slug: "pala-smash-verde",
    brand: "Siux",
    price: 40000,
    discount: 25,
    rating: 5,
    color: "Verde",
    tag: "Smash",
    stock: 6,
    createdAt: day("2025-04-10"),
  });
  await product({
    shopId: pending.id,
    categoryId: palas.id,
    name: "Pala Pendiente",
    slug: "pala-pendiente",
    brand: "Nox",
    price: 50000,
    color: "Naranja",
    tag: "Pendiente",
    stock: 5,
    createdAt: day("2025-05-10"),
  });
  await product({
    shopId: rejected.id,
    categoryId: palas.id,
    name: "Pala Rechazada",
    slug: "pala-rechazada",
    brand: "Nox",
    price: 100,
    color: "Morado",
    tag: "Rechazada",
    stock: 5,
    createdAt: day("2025-05-11"),
  });

  // Centro's reviews: 5 and 4 on Alfa, 4 on Beta (13 / 3 = 4.33); Smash's 1 does not count for Centro.
  const reviewers = await Promise.all([1, 2, 3].map((index) => insertUser(db, { name: `Cliente ${index}` })));
  await db.insert(reviews).values([
    { productId: alfa.id, userId: reviewers[0]!.id, rating: 5, text: "Muy buena." },
    { productId: alfa.id, userId: reviewers[1]!.id, rating: 4, text: "Buena." },
    { productId: beta.id, userId: reviewers[2]!.id, rating: 4, text: "Cumple." },
    { productId: smashRacket.id, userId: reviewers[0]!.id, rating: 1, text: "No me gustó." },
  ]);
  return { shops: { centro, smash, pending, rejected }, products: { alfa, beta, shirt, smashShirt, smashRacket } };
}

type Fixture = Awaited<ReturnType<typeof insertShops>>;

async function setStatus(db: Db, shopId: string, status: ShopStatus) {
  await db.update(shops).set({ status }).where(eq(shops.id, shopId));
}

const slugs = (products: { slug: string }[]) => products.map((product) => product.slug);

describe("la tienda en el catálogo", () => {
  const api = useTestApi();
  let fixture: Fixture;

  beforeAll(async () => {
    fixture = await insertShops(api.db);
  });

  async function get<T>(url: string): Promise<{ status: number; body: T }> {
    const response = await api.app.inject({ method: "GET", url });
    return { status: response.statusCode, body: response.json() as T };
  }

  describe("GET /home/shop/:slug", () => {
    it("da el nombre, la dirección, desde cuándo vende, su valoración y sus productos, lo más nuevo primero", async () => {
      const { status, body } = await get<PublicShopAnswer>("/home/shop/centro-padel");
      expect(status).toBe(200);
      expect(body.shop).toEqual({
        name: "Centro Pádel",
        slug: "centro-padel",
        location: "Calle de Alcalá 214, Madrid, España",
        country: "ES",
        since: "2025-03-01T10:00:00.000Z",
        rating: 4.3,
        reviewCount: 3,
        productCount: 3,
        // No profile filled in yet (issue 34), not on vacation.
        logo: null,
        banner: null,
        description: "",
        returnPolicy: "",
        shippingPolicy: "",
        contactEmail: null,
        contactPhone: null,
        vacation: null,
      });
      expect(slugs(body.products)).toEqual(["camiseta-centro", "pala-centro-beta", "pala-centro-alfa"]);
      expect(body.products[0]).toMatchObject({
        shopName: "Centro Pádel",
        shopSlug: "centro-padel",
        available: true,
        hasSizes: true,
      });
      expect(body).toMatchObject({ totalProduct: 3, parPage: 12 });
    });

    it("una tienda aprobada antes de existir approved_at cuenta desde su alta; sin reseñas propias no toma las de otras", async () => {
      await api.db.delete(reviews).where(eq(reviews.productId, fixture.products.smashRacket.id));
      try {
        const { body } = await get<PublicShopAnswer>("/home/shop/tienda-smash");
        expect(body.shop).toMatchObject({
          since: "2024-06-01T12:00:00.000Z",
          rating: 0,
          reviewCount: 0,
          productCount: 2,
          country: "VE",
        });
      } finally {
        const [reviewer] = await api.db
          .select({ id: shops.ownerId })
          .from(shops)
          .where(eq(shops.id, fixture.shops.centro.id));
        await api.db.insert(reviews).values({
          productId: fixture.products.smashRacket.id,
          userId: reviewer!.id,
          rating: 1,
          text: "No me gustó.",
        });
      }
      const { body } = await get<PublicShopAnswer>("/home/shop/tienda-smash");
      expect(body.shop).toMatchObject({ rating: 1, reviewCount: 1 });
    });

    it("ordena por precio y por fecha y pagina como /home/query-products", async () => {
      const byPrice = await get<PublicShopAnswer>("/home/shop/centro-padel?sortPrice=low-to-high");
      expect(slugs(byPrice.body.products)).toEqual(["camiseta-centro", "pala-centro-beta", "pala-centro-alfa"]);
      const dearest = await get<PublicShopAnswer>("/home/shop/centro-padel?sortPrice=high-to-low");
      expect(slugs(dearest.body.products)).toEqual(["pala-centro-alfa", "pala-centro-beta", "camiseta-centro"]);
      const oldest = await get<PublicShopAnswer>("/home/shop/centro-padel?sortByDate=oldest");
      expect(slugs(oldest.body.products)).toEqual(["pala-centro-alfa", "pala-centro-beta", "camiseta-centro"]);

      const first = await get<PublicShopAnswer>("/home/shop/centro-padel?parPage=2&sortPrice=high-to-low");
      const second = await get<PublicShopAnswer>(
        "/home/shop/centro-padel?parPage=2&pageNumber=2&sortPrice=high-to-low",
      );
      expect(slugs(first.body.products)).toEqual(["pala-centro-alfa", "pala-centro-beta"]);
      expect(second.body).toMatchObject({ totalProduct: 3, parPage: 2 });
      expect(slugs(second.body.products)).toEqual(["camiseta-centro"]);
      const past = await get<PublicShopAnswer>("/home/shop/centro-padel?pageNumber=9");
      expect(past.body).toMatchObject({ products: [], totalProduct: 3 });

      const refused = await get<{ message: string }>("/home/shop/centro-padel?sortPrice=barato");
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe("El orden por precio debe ser «low-to-high» o «high-to-low».");
    });

    it("404 con mensaje en español para una tienda desconocida, pendiente, rechazada o suspendida", async () => {
      for (const slug of ["no-existe", "padel-pendiente", "padel-rechazado"]) {
        expect(await get(`/home/shop/${slug}`), slug).toEqual({ status: 404, body: { message: SHOP_NOT_FOUND } });
      }
      await setStatus(api.db, fixture.shops.smash.id, "suspendida");
      try {
        expect(await get("/home/shop/tienda-smash")).toEqual({ status: 404, body: { message: SHOP_NOT_FOUND } });
        await setStatus(api.db, fixture.shops.smash.id, "requiere_cambios");
        expect((await get("/home/shop/tienda-smash")).status).toBe(404);
      } finally {
        await setStatus(api.db, fixture.shops.smash.id, "aprobada");
      }
      expect((await get("/home/shop/tienda-smash")).status).toBe(200);
    });

    it("GET /home/shops da solo las tiendas aprobadas, por nombre (el sitemap)", async () => {
      expect((await get<PublicShopsAnswer>("/home/shops")).body).toEqual({
        shops: [
          { name: "Centro Pádel", slug: "centro-padel" },
          { name: "Tienda Smash", slug: "tienda-smash" },
        ],
      });
    });
  });

  /** What every catalogue call shows, reduced to what a suspension can change. */
  async function catalogue() {
    const [
      home,
      latest,
      filters,
      all,
      palas,
      green,
      xs,
      searched,
      tagged,
      cheapest,
      suggestions,
      racket,
      related,
      shopList,
    ] = await Promise.all([
      get<HomeProductsAnswer>("/home/get-products"),
      get<PriceRangeAnswer>("/home/price-range-latest-product"),
      get<ProductFiltersAnswer>("/home/product-filters"),
      get<QueryProductsAnswer>("/home/query-products?parPage=48"),
      get<QueryProductsAnswer>("/home/query-products?category=palas&sortPrice=high-to-low"),
      get<QueryProductsAnswer>("/home/query-products?color=Verde"),
      get<QueryProductsAnswer>("/home/query-products?size=XS"),
      get<QueryProductsAnswer>("/home/query-products?searchValue=smash"),
      get<QueryProductsAnswer>("/home/query-products?tag=Smash&availability=in-stock"),
      get<QueryProductsAnswer>("/home/query-products?sortPrice=low-to-high&parPage=2"),
      get<AdvancedSearchAnswer>("/home/advanced-search?searchValue=pala"),
      get<ProductAnswer>("/home/get-product/pala-smash-verde"),
      get<ProductAnswer>("/home/get-product/pala-centro-alfa"),
      get<PublicShopsAnswer>("/home/shops"),
    ]);
    const listed = (answer: { body: QueryProductsAnswer }) => ({
      total: answer.body.totalProduct,
      slugs: slugs(answer.body.products),
    });
    return {
      home: {
        products: slugs(home.body.products),
        latest: slugs(home.body.latest_product),
        topRated: slugs(home.body.topRated_product),
        discounted: slugs(home.body.discount_product),
      },
      priceRangeLatest: {
        priceRange: latest.body.priceRange,
        filters: latest.body.filters,
        latest: slugs(latest.body.latest_product),
      },
      productFilters: filters.body,
      queries: {
        all: listed(all),
        palas: listed(palas),
        green: listed(green),
        xs: listed(xs),
        searched: listed(searched),
        tagged: listed(tagged),
        cheapest: listed(cheapest),
      },
      suggestions: slugs(suggestions.body.advanced_search_prd),
      racket: { status: racket.status, available: racket.body.product.available, shop: racket.body.product.shop },
      related: slugs(related.body.relatedProducts),
      shops: shopList.body.shops.map((shop) => shop.slug),
    };
  }

  describe("una tienda que no vende no tiene productos en la tienda", () => {
    it("los productos de tiendas pendientes o rechazadas no salen en ninguna llamada; los de una aprobada, en todas", async () => {
      const selling = await catalogue();
      expect(selling).toEqual({
        home: {
          products: ["pala-smash-verde", "camiseta-smash", "camiseta-centro", "pala-centro-beta", "pala-centro-alfa"],
          latest: ["pala-smash-verde", "camiseta-smash", "camiseta-centro", "pala-centro-beta", "pala-centro-alfa"],
          topRated: ["pala-smash-verde", "camiseta-smash", "camiseta-centro", "pala-centro-beta", "pala-centro-alfa"],
          discounted: ["pala-smash-verde", "pala-centro-beta"],
        },
        priceRangeLatest: {
          priceRange: { low: 500, high: 30000 },
          filters: {
            colors: ["Azul", "Blanco", "Negro", "Verde"],
            tags: ["Comodidad", "Control", "Potencia", "Smash"],
            sizes: ["XS", "M"],
          },
          latest: ["pala-smash-verde", "camiseta-smash", "camiseta-centro", "pala-centro-beta", "pala-centro-alfa"],
        },
        productFilters: {
          priceRange: { low: 500, high: 30000 },
          filters: {
            colors: ["Azul", "Blanco", "Negro", "Verde"],
            tags: ["Comodidad", "Control", "Potencia", "Smash"],
            sizes: ["XS", "M"],
          },
        },
        queries: {
          all: {
            total: 5,
            slugs: ["pala-smash-verde", "camiseta-smash", "camiseta-centro", "pala-centro-beta", "pala-centro-alfa"],
          },
          palas: { total: 3, slugs: ["pala-smash-verde", "pala-centro-alfa", "pala-centro-beta"] },
          green: { total: 2, slugs: ["pala-smash-verde", "camiseta-smash"] },
          xs: { total: 1, slugs: ["camiseta-smash"] },
          searched: { total: 2, slugs: ["pala-smash-verde", "camiseta-smash"] },
          tagged: { total: 2, slugs: ["pala-smash-verde", "camiseta-smash"] },
          cheapest: { total: 5, slugs: ["camiseta-smash", "camiseta-centro"] },
        },
        suggestions: ["pala-smash-verde", "pala-centro-beta", "pala-centro-alfa"],
        racket: {
          status: 200,
          available: true,
          shop: { name: "Tienda Smash", slug: "tienda-smash", status: "aprobada", vacationUntil: null },
        },
        related: ["pala-smash-verde", "pala-centro-beta"],
        shops: ["centro-padel", "tienda-smash"],
      });
    });

    it("suspenderla la saca de todo el catálogo; su ficha dice que no está disponible; reactivarla la devuelve", async () => {
      const before = await catalogue();
      await setStatus(api.db, fixture.shops.smash.id, "suspendida");
      try {
        expect(await catalogue()).toEqual({
          home: {
            products: ["camiseta-centro", "pala-centro-beta", "pala-centro-alfa"],
            latest: ["camiseta-centro", "pala-centro-beta", "pala-centro-alfa"],
            topRated: ["camiseta-centro", "pala-centro-beta", "pala-centro-alfa"],
            discounted: ["pala-centro-beta"],
          },
          priceRangeLatest: {
            priceRange: { low: 3000, high: 20000 },
            filters: { colors: ["Azul", "Blanco", "Negro"], tags: ["Comodidad", "Control", "Potencia"], sizes: ["M"] },
            latest: ["camiseta-centro", "pala-centro-beta", "pala-centro-alfa"],
          },
          productFilters: {
            priceRange: { low: 3000, high: 20000 },
            filters: { colors: ["Azul", "Blanco", "Negro"], tags: ["Comodidad", "Control", "Potencia"], sizes: ["M"] },
          },
          queries: {
            all: { total: 3, slugs: ["camiseta-centro", "pala-centro-beta", "pala-centro-alfa"] },
            palas: { total: 2, slugs: ["pala-centro-alfa", "pala-centro-beta"] },
            green: { total: 0, slugs: [] },
            xs: { total: 0, slugs: [] },
            searched: { total: 0, slugs: [] },
            tagged: { total: 0, slugs: [] },
            cheapest: { total: 3, slugs: ["camiseta-centro", "pala-centro-beta"] },
          },
          suggestions: ["pala-centro-beta", "pala-centro-alfa"],
          // Its own page still answers, to say it is not available (not a 404).
          racket: {
            status: 200,
            available: false,
            shop: { name: "Tienda Smash", slug: "tienda-smash", status: "suspendida", vacationUntil: null },
          },
          related: ["pala-centro-beta"],
          shops: ["centro-padel"],
        });
        // Its related products are only those in the store.
        const racket = await get<ProductAnswer>("/home/get-product/pala-smash-verde");
        expect(slugs(racket.body.relatedProducts)).toEqual(["pala-centro-beta", "pala-centro-alfa"]);
      } finally {
        await setStatus(api.db, fixture.shops.smash.id, "aprobada");
      }
      expect(await catalogue()).toEqual(before);
    });
  });

  describe("carrito, pedidos, favoritos y comparación", () => {
    let customer: Customer;

    const call = async (method: "GET" | "POST" | "PUT", url: string, payload?: object) => {
      const response = await api.app.inject({ method, url, payload, headers: customer.headers });
      return { status: response.statusCode, body: response.json() };
    };
    const cart = async () => (await call("GET", `/home/product/get-card-product/${customer.id}`)).body as CartAnswer;

    beforeAll(async () => {
      customer = await signedInUser(api.db);
    });

    it("no se agrega al carrito; sus líneas pasan a no disponibles y ningún pedido las toma; reactivada se puede comprar de nuevo", async () => {
      const { smashRacket, alfa } = fixture.products;
      expect((await call("POST", "/home/product/add-to-card", { productId: smashRacket.id, quantity: 1 })).status).toBe(
        201,
      );
      expect((await call("POST", "/home/product/add-to-card", { productId: alfa.id, quantity: 1 })).status).toBe(201);
      expect((await call("POST", "/home/product/add-to-wishlist", { productId: smashRacket.id })).status).toBe(201);
      expect((await call("POST", "/home/product/add-to-compare", { productId: smashRacket.id })).status).toBe(201);
      const both = await cart();
      expect(both).toMatchObject({ price: 50000, buy_product_item: 2, outOfStockProduct: [] });

      await setStatus(api.db, fixture.shops.smash.id, "suspendida");
      try {
        const refused = await call("POST", "/home/product/add-to-card", { productId: smashRacket.id, quantity: 1 });
        expect(refused).toEqual({ status: 400, body: { message: PRODUCT_UNAVAILABLE } });

        const suspended = await cart();
        expect(
          suspended.card_products.map((group) => [
            group.shopName,
            slugs(group.products.map((line) => line.productInfo)),
          ]),
        ).toEqual([["Centro Pádel", ["pala-centro-alfa"]]]);
        expect(
          suspended.outOfStockProduct.map((line) => [line.productInfo.slug, line.productInfo.available, line.stock]),
        ).toEqual([["pala-smash-verde", false, 6]]);
        expect(suspended).toMatchObject({ price: 20000, shipping_fee: 0, buy_product_item: 1, card_product_count: 2 });
        const smashLine = suspended.outOfStockProduct[0]!._id;
        expect(await call("PUT", `/home/product/quantity-inc/${smashLine}`)).toEqual({
          status: 400,
          body: { message: PRODUCT_UNAVAILABLE },
        });

        // Favourites and compare keep it, as not available.
        const wishlist = (await call("GET", `/home/product/get-wishlist-products/${customer.id}`))
          .body as WishlistAnswer;
        expect(wishlist.wishlists.map((item) => [item.productInfo.slug, item.productInfo.available])).toEqual([
          ["pala-smash-verde", false],
        ]);
        const compare = (await call("GET", `/home/product/get-compare-products/${customer.id}`)).body as CompareAnswer;
        expect(
          compare.comparelist.map((item) => [
            item.productInfo.slug,
            item.productInfo.available,
            item.productInfo.shop.status,
          ]),
        ).toEqual([["pala-smash-verde", false, "suspendida"]]);

        // Only that line: refused with a Spanish reason; nothing changes.
        const onlySmash = await placeOrder(api.app, customer, { items: [smashLine] });
        expect(onlySmash.statusCode).toBe(409);
        expect(onlySmash.json()).toEqual({
          message: "«Pala Smash Verde» no está disponible: la tienda no está vendiendo ahora.",
        });

        // The whole cart: the order takes Centro's line only, and the suspended one stays in the cart.
        const placed = await placeOrder(api.app, customer);
        expect(placed.statusCode, placed.body).toBe(201);
        const order = (await call("GET", `/home/order/${placed.json().orderId}`)).body as {
          order: { suborders: { shopName: string; products: { name: string }[] }[] };
        };
        expect(
          order.order.suborders.map((suborder) => [
            suborder.shopName,
            suborder.products.map((product) => product.name),
          ]),
        ).toEqual([["Centro Pádel", ["Pala Centro Alfa"]]]);
        const left = await api.db
          .select({ productId: cartItems.productId })
          .from(cartItems)
          .where(eq(cartItems.userId, customer.id));
        expect(left).toEqual([{ productId: smashRacket.id }]);
      } finally {
        await setStatus(api.db, fixture.shops.smash.id, "aprobada");
      }

      const back = await cart();
      expect(back.card_products.map((group) => group.shopName)).toEqual(["Tienda Smash"]);
      expect(back).toMatchObject({ price: 30000, buy_product_item: 1, outOfStockProduct: [] });
      expect((await call("PUT", `/home/product/quantity-inc/${back.card_products[0]!.products[0]!._id}`)).status).toBe(
        200,
      );
      const placed = await placeOrder(api.app, customer);
      expect(placed.statusCode, placed.body).toBe(201);
    });

    it("una tienda pendiente o rechazada tampoco vende: sus productos no se agregan ni se piden", async () => {
      const [pendingProduct] = (
        await api.db.execute<{ id: string }>(sql`select id from products where slug = 'pala-pendiente'`)
      ).rows;
      expect(await call("POST", "/home/product/add-to-card", { productId: pendingProduct!.id, quantity: 1 })).toEqual({
        status: 400,
        body: { message: PRODUCT_UNAVAILABLE },
      });
      const buyer = await signedInUser(api.db);
      await putInCart(api.db, buyer.id, pendingProduct!.id, 1);
      const refused = await placeOrder(api.app, buyer);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: "«Pala Pendiente» no está disponible: la tienda no está vendiendo ahora.",
      });
      const product = await get<ProductAnswer>("/home/get-product/pala-pendiente");
      expect(product.body.product).toMatchObject({
        available: false,
        shop: { slug: "padel-pendiente", status: "pendiente" },
      });
    });
  });
});

/**
 * On a real PostgreSQL: an order placed while an admin's suspension of the shop is being written
 * waits for it and then leaves the shop's lines out, instead of reading the shop as it was.
 */
describe("pedido durante una suspensión en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 6 });
  let fixture: Fixture;

  beforeAll(async () => {
    fixture = await insertShops(api.db);
  });

  it("el pedido espera a la suspensión en curso y no toma las líneas de la tienda suspendida", async () => {
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, fixture.products.smashRacket.id, 1);
    let order: ReturnType<typeof placeOrder> | undefined;
    await api.db.transaction(async (tx) => {
      await tx.update(shops).set({ status: "suspendida" }).where(eq(shops.id, fixture.shops.smash.id));
      order = placeOrder(api.app, customer);
      // The order is under way and waits on the shop's row until the suspension is committed.
      for (let attempt = 0; ; attempt++) {
        const waiting = await api.db.execute<{ count: number }>(
          sql`select count(*)::integer as count from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        if (waiting.rows[0]!.count > 0) break;
        if (attempt > 200) throw new Error("el pedido no llegó a esperar a la suspensión");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    const response = await order!;
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: "«Pala Smash Verde» no está disponible: la tienda no está vendiendo ahora.",
    });
    const [stock] = (
      await api.db.execute<{ stock: number }>(
        sql`select stock from products where id = ${fixture.products.smashRacket.id}`,
      )
    ).rows;
    expect(stock!.stock).toBe(6);
  });
});
