import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, compareItems, productSizes, products, wishlistItems } from "../../api/src/db/schema";
import { signAccessToken } from "../../api/src/modules/accounts/tokens";
import {
  addedUpToStock,
  type CartAnswer,
  type CompareAnswer,
  type ShopperCountsAnswer,
  type WishlistAnswer,
} from "#contract/cart";
import { deleteStaleGuestLists } from "../../api/src/modules/cart/service";
import {
  insertCatalogue,
  insertOwnBalls,
  insertUser,
  TEST_JWT_SECRET,
  useTestApi,
  type Catalogue,
  type FileApi,
} from "./support";

const UNAUTHORIZED = { message: "No autorizado." };
const FORBIDDEN = { message: "No tienes permiso para esta acción." };
const LINE_NOT_FOUND = { message: "Producto no encontrado en tu lista." };
const NO_MORE_UNITS = { message: "No hay más unidades disponibles." };

/** Who calls: the id a path carries and the Authorization header that proves it. */
interface Caller {
  id: string;
  authorization: string;
}

async function signedInUser(api: FileApi): Promise<Caller> {
  const user = await insertUser(api.db);
  const token = await signAccessToken({ id: user.id, role: user.role }, { secret: TEST_JWT_SECRET, ttlSeconds: 900 });
  return { id: user.id, authorization: `Bearer ${token}` };
}

function guest(): Caller {
  const id = randomUUID();
  return { id, authorization: `Guest ${id}` };
}

/** Shopper calls of one caller, answering status and parsed body. */
function shopperClient(api: FileApi, caller: Caller) {
  const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) => {
    const response = await api.app.inject({ method, url, payload, headers: { authorization: caller.authorization } });
    return { status: response.statusCode, body: response.json() };
  };
  return {
    addToCart: (payload: object) => call("POST", "/home/product/add-to-card", payload),
    cart: async () => (await call("GET", `/home/product/get-card-product/${caller.id}`)).body as CartAnswer,
    deleteLine: (id: string) => call("DELETE", `/home/product/delete-card-product/${id}`),
    increment: (id: string) => call("PUT", `/home/product/quantity-inc/${id}`),
    decrement: (id: string) => call("PUT", `/home/product/quantity-dec/${id}`),
    addToWishlist: (payload: object) => call("POST", "/home/product/add-to-wishlist", payload),
    wishlist: async () =>
      (await call("GET", `/home/product/get-wishlist-products/${caller.id}`)).body as WishlistAnswer,
    deleteWish: (id: string) => call("DELETE", `/home/product/delete-wishlist-product/${id}`),
    addToCompare: (payload: object) => call("POST", "/home/product/add-to-compare", payload),
    compareList: async () =>
      (await call("GET", `/home/product/get-compare-products/${caller.id}`)).body as CompareAnswer,
    deleteCompared: (id: string) => call("DELETE", `/home/product/delete-compare-product/${id}`),
    counts: async () => (await call("GET", `/home/product/get-counts/${caller.id}`)).body as ShopperCountsAnswer,
    merge: (guestId: string) => call("POST", "/home/product/merge-guest-lists", { guestId }),
    call,
  };
}

/** Every line of a cart, available first, as [slug, size, quantity]. */
function cartLines(cart: CartAnswer) {
  return [...cart.card_products.flatMap((group) => group.products), ...cart.outOfStockProduct].map((line) => [
    line.productInfo.slug,
    line.size,
    line.quantity,
  ]);
}

describe("carrito, favoritos y comparación (PGlite)", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  const product = (slug: string) => catalogue.bySlug[slug]!.id;
  let productCount = 0;

  /** A product of its own, so a test may change its stock without touching the shared catalogue. */
  async function ownProduct(options: {
    stock?: number;
    price?: number;
    shop?: "centro" | "smash";
    sizes?: { size: string; stock: number }[];
  }) {
    productCount++;
    return insertOwnBalls(api.db, catalogue, `producto-propio-${productCount}`, {
      shopId: catalogue.shops[options.shop ?? "centro"].id,
      price: options.price ?? 1000,
      stock: options.stock,
      sizes: options.sizes,
    });
  }

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
  });

  describe("identidad", () => {
    it("responde 401 sin cabecera, con un token no válido o con un invitado que no es un uuid", async () => {
      const paths = [
        ["GET", `/home/product/get-card-product/${randomUUID()}`],
        ["POST", "/home/product/add-to-card"],
        ["GET", `/home/product/get-counts/${randomUUID()}`],
      ] as const;
      for (const authorization of [undefined, "Bearer no-es-un-token", "Guest no-es-un-uuid", "Basic abc"]) {
        for (const [method, url] of paths) {
          const response = await api.app.inject({
            method,
            url,
            headers: authorization ? { authorization } : {},
            payload: method === "POST" ? {} : undefined,
          });
          expect(response.statusCode, `${authorization} ${url}`).toBe(401);
          expect(response.json()).toEqual(UNAUTHORIZED);
        }
      }
    });

    it("responde 403 al {userId} o al userId del cuerpo de otra persona", async () => {
      const user = shopperClient(api, await signedInUser(api));
      const visitor = shopperClient(api, guest());
      const stranger = randomUUID();
      for (const client of [user, visitor]) {
        for (const path of ["get-card-product", "get-wishlist-products", "get-compare-products", "get-counts"]) {
          const response = await client.call("GET", `/home/product/${path}/${stranger}`);
          expect(response, path).toEqual({ status: 403, body: FORBIDDEN });
        }
        const productId = product("pelotas-head-padel-pro");
        expect(await client.addToCart({ userId: stranger, productId })).toEqual({ status: 403, body: FORBIDDEN });
        expect(await client.addToWishlist({ userId: stranger, productId })).toEqual({ status: 403, body: FORBIDDEN });
        expect(await client.addToCompare({ userId: stranger, productId })).toEqual({ status: 403, body: FORBIDDEN });
      }
    });

    it("responde 404 a la línea de otra persona y no la toca", async () => {
      const owner = shopperClient(api, await signedInUser(api));
      const productId = product("pelotas-head-padel-pro");
      await owner.addToCart({ productId, quantity: 2 });
      await owner.addToWishlist({ productId });
      await owner.addToCompare({ productId });
      const cartLine = (await owner.cart()).card_products[0]!.products[0]!._id;
      const wish = (await owner.wishlist()).wishlists[0]!._id;
      const compared = (await owner.compareList()).comparelist[0]!._id;

      for (const intruder of [shopperClient(api, await signedInUser(api)), shopperClient(api, guest())]) {
        expect(await intruder.deleteLine(cartLine)).toEqual({ status: 404, body: LINE_NOT_FOUND });
        expect(await intruder.increment(cartLine)).toEqual({ status: 404, body: LINE_NOT_FOUND });
        expect(await intruder.decrement(cartLine)).toEqual({ status: 404, body: LINE_NOT_FOUND });
        expect(await intruder.deleteWish(wish)).toEqual({ status: 404, body: LINE_NOT_FOUND });
        expect(await intruder.deleteCompared(compared)).toEqual({ status: 404, body: LINE_NOT_FOUND });
      }
      expect(await owner.counts()).toEqual({
        card_product_count: 2,
        wishlist_count: 1,
        comparelist_count: 1,
        notification_count: 0,
      });
    });

    it("responde 400 a identificadores mal formados y 404 a un producto desconocido", async () => {
      const client = shopperClient(api, guest());
      expect((await client.deleteLine("no-es-un-uuid")).status).toBe(400);
      expect((await client.call("GET", "/home/product/get-card-product/no-es-un-uuid")).status).toBe(400);
      const badProduct = await client.addToCart({ productId: "123" });
      expect(badProduct.status).toBe(400);
      expect(badProduct.body.errors[0].field).toBe("productId");
      const unknown = { status: 404, body: { message: "Producto no encontrado" } };
      expect(await client.addToCart({ productId: randomUUID() })).toEqual(unknown);
      expect(await client.addToWishlist({ productId: randomUUID() })).toEqual(unknown);
      expect(await client.addToCompare({ productId: randomUUID() })).toEqual(unknown);
    });
  });

  describe("carrito", () => {
    for (const kind of ["usuario", "invitado"] as const) {
      it(`agrega, agrupa por tienda, calcula precios en el servidor y borra (${kind})`, async () => {
        const caller = kind === "usuario" ? await signedInUser(api) : guest();
        const client = shopperClient(api, caller);
        const added = await client.addToCart({
          userId: caller.id,
          productId: product("pelotas-head-padel-pro"),
          quantity: 2,
          price: 1,
        });
        expect(added).toEqual({
          status: 201,
          body: { message: "Producto agregado al carrito.", card_product_count: 2 },
        });
        await client.addToCart({ productId: product("pala-bullpadel-vertex-04"), unitPrice: 1, salePrice: 1 });
        await client.addToCart({ productId: product("pala-head-delta-pro") });

        const cart = await client.cart();
        expect(cart.card_products.map((group) => [group.shopName, group.price])).toEqual([
          ["Centro Pádel", 20000],
          ["Tienda Smash", 2 * 700 + 9000],
        ]);
        expect(cart.card_products[0]!.shopId).toBe(catalogue.shops.centro.id);
        // Lines of a shop in the order they were added.
        expect(cartLines(cart)).toEqual([
          ["pala-bullpadel-vertex-04", null, 1],
          ["pelotas-head-padel-pro", null, 2],
          ["pala-head-delta-pro", null, 1],
        ]);
        const balls = cart.card_products[1]!.products[0]!;
        expect(balls).toMatchObject({
          productId: product("pelotas-head-padel-pro"),
          stock: 50,
          unitPrice: 700,
          lineTotal: 1400,
        });
        expect(balls.productInfo).toMatchObject({
          _id: product("pelotas-head-padel-pro"),
          shopName: "Tienda Smash",
          salePrice: 700,
        });
        expect(cart.card_products[0]!.products[0]!.unitPrice).toBe(20000);
        expect(cart).toMatchObject({
          price: 30400,
          shipping_fee: 0,
          card_product_count: 4,
          buy_product_item: 4,
          outOfStockProduct: [],
        });

        expect(await client.deleteLine(balls._id)).toEqual({
          status: 200,
          body: { message: "Producto eliminado del carrito." },
        });
        expect(await client.deleteLine(balls._id)).toEqual({ status: 404, body: LINE_NOT_FOUND });
        expect((await client.counts()).card_product_count).toBe(2);
      });
    }

    it("cobra el envío por tienda con líneas disponibles y lo regala desde el umbral", async () => {
      const client = shopperClient(api, guest());
      const cheapCentro = await ownProduct({ stock: 20, price: 1500, shop: "centro" });
      const soldOut = await ownProduct({ stock: 1, price: 1000, shop: "centro" });
      await client.addToCart({ productId: cheapCentro.id, quantity: 2 });
      await client.addToCart({ productId: product("pelotas-head-padel-pro") });
      await client.addToCart({ productId: soldOut.id });
      await api.db.update(products).set({ stock: 0 }).where(eq(products.id, soldOut.id));

      // A shop with only sold-out lines does not add a fee.
      const cart = await client.cart();
      expect(cart).toMatchObject({ price: 3700, shipping_fee: 2 * 500, card_product_count: 4, buy_product_item: 3 });
      expect(cart.outOfStockProduct.map((line) => [line.productId, line.stock, line.quantity])).toEqual([
        [soldOut.id, 0, 1],
      ]);

      const line = cart.card_products[0]!.products[0]!;
      await client.call("DELETE", `/home/product/delete-card-product/${line._id}`);
      await client.addToCart({ productId: cheapCentro.id, quantity: 6 });
      expect(await client.cart()).toMatchObject({ price: 9700, shipping_fee: 1000 });
      await client.addToCart({ productId: product("pelotas-head-padel-pro") });
      expect(await client.cart()).toMatchObject({ price: 10400, shipping_fee: 0 });
    });

    it("aplica las reglas de tallas", async () => {
      const client = shopperClient(api, guest());
      const shoes = product("zapatillas-asics-gel-padel-pro-5");
      const noSize = await client.addToCart({ productId: shoes });
      expect(noSize).toEqual({
        status: 400,
        body: { message: "Elige una talla.", errors: [{ field: "size", message: "Elige una talla." }] },
      });
      expect((await client.addToCart({ productId: shoes, size: "  " })).body.message).toBe("Elige una talla.");
      const unknownSize = await client.addToCart({ productId: shoes, size: "39" });
      expect(unknownSize.status).toBe(400);
      expect(unknownSize.body.message).toBe("La talla elegida no existe.");
      expect(await client.addToCart({ productId: shoes, size: "40" })).toEqual({
        status: 400,
        body: { message: "Producto agotado." },
      });
      expect(await client.addToCart({ productId: product("pala-bullpadel-hack-03") })).toEqual({
        status: 400,
        body: { message: "Producto agotado." },
      });

      expect((await client.addToCart({ productId: shoes, size: "42" })).status).toBe(201);
      expect((await client.addToCart({ productId: shoes, size: "41" })).status).toBe(201);
      // A size sent for a product without sizes is ignored.
      expect((await client.addToCart({ productId: product("pelotas-head-padel-pro"), size: "XL" })).status).toBe(201);
      const cart = await client.cart();
      expect(cartLines(cart)).toEqual([
        ["zapatillas-asics-gel-padel-pro-5", "42", 1],
        ["zapatillas-asics-gel-padel-pro-5", "41", 1],
        ["pelotas-head-padel-pro", null, 1],
      ]);
      expect(cart.card_products[0]!.products.map((line) => line.stock)).toEqual([2, 1]);
      expect(await client.addToCart({ productId: shoes, size: "41" })).toEqual({ status: 400, body: NO_MORE_UNITS });
    });

    it("limita las cantidades a la existencia y a un mínimo de 1", async () => {
      const client = shopperClient(api, await signedInUser(api));
      const nox = product("pala-nox-at10-genius");
      for (const quantity of [0, 100, 1.5, "2"]) {
        expect((await client.addToCart({ productId: nox, quantity })).status, String(quantity)).toBe(400);
      }
      // Five asked for, three left: all three are added, and the answer says how many the cart holds.
      expect(await client.addToCart({ productId: nox, quantity: 5 })).toEqual({
        status: 201,
        body: { message: addedUpToStock(3), card_product_count: 3 },
      });
      expect(await client.addToCart({ productId: nox })).toEqual({ status: 400, body: NO_MORE_UNITS });
      const line = (await client.cart()).card_products[0]!.products[0]!;
      expect(line.quantity).toBe(3);
      expect(await client.increment(line._id)).toEqual({ status: 400, body: NO_MORE_UNITS });
      expect(await client.decrement(line._id)).toEqual({ status: 200, body: { message: "Cantidad actualizada." } });
      expect(await client.decrement(line._id)).toEqual({ status: 200, body: { message: "Cantidad actualizada." } });
      expect(await client.decrement(line._id)).toEqual({ status: 400, body: { message: "La cantidad mínima es 1." } });
      expect(await client.increment(line._id)).toEqual({ status: 200, body: { message: "Cantidad actualizada." } });
      expect((await client.cart()).card_products[0]!.products[0]!.quantity).toBe(2);
      // Adding more to an existing line stops at the stock, and says so; exactly what is left is plainly added.
      expect(await client.addToCart({ productId: nox, quantity: 10 })).toEqual({
        status: 201,
        body: { message: addedUpToStock(3), card_product_count: 3 },
      });
      await client.decrement(line._id);
      expect(await client.addToCart({ productId: nox, quantity: 1 })).toEqual({
        status: 201,
        body: { message: "Producto agregado al carrito.", card_product_count: 3 },
      });
    });

    it("baja la cantidad cuando baja la existencia y aparta las líneas agotadas", async () => {
      const caller = guest();
      const client = shopperClient(api, caller);
      const plain = await ownProduct({ stock: 5 });
      const sized = await ownProduct({
        sizes: [
          { size: "M", stock: 4 },
          { size: "L", stock: 1 },
        ],
      });
      await client.addToCart({ productId: plain.id, quantity: 4 });
      await client.addToCart({ productId: sized.id, size: "M", quantity: 4 });
      await client.addToCart({ productId: sized.id, size: "L" });

      await api.db.update(products).set({ stock: 2 }).where(eq(products.id, plain.id));
      await api.db
        .update(productSizes)
        .set({ stock: 3 })
        .where(and(eq(productSizes.productId, sized.id), eq(productSizes.size, "M")));
      await api.db
        .update(productSizes)
        .set({ stock: 0 })
        .where(and(eq(productSizes.productId, sized.id), eq(productSizes.size, "L")));

      const cart = await client.cart();
      expect(cartLines(cart)).toEqual([
        [plain.slug, null, 2],
        [sized.slug, "M", 3],
        [sized.slug, "L", 1],
      ]);
      expect(cart.outOfStockProduct).toHaveLength(1);
      expect(cart).toMatchObject({ card_product_count: 6, buy_product_item: 5 });
      const stored = await api.db
        .select({ quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(eq(cartItems.guestId, caller.id), eq(cartItems.productId, plain.id)));
      expect(stored).toEqual([{ quantity: 2 }]);
      const soldOutLine = cart.outOfStockProduct[0]!;
      expect(await client.increment(soldOutLine._id)).toEqual({ status: 400, body: NO_MORE_UNITS });
    });
  });

  describe("favoritos", () => {
    for (const kind of ["usuario", "invitado"] as const) {
      it(`agrega, rechaza duplicados, lista de la más nueva a la más vieja y borra (${kind})`, async () => {
        const caller = kind === "usuario" ? await signedInUser(api) : guest();
        const client = shopperClient(api, caller);
        expect(await client.addToWishlist({ userId: caller.id, productId: product("pala-nox-at10-genius") })).toEqual({
          status: 201,
          body: { message: "Producto agregado a favoritos." },
        });
        expect(await client.addToWishlist({ productId: product("pala-nox-at10-genius") })).toEqual({
          status: 409,
          body: { message: "El producto ya está en favoritos." },
        });
        await client.addToWishlist({ productId: product("pala-bullpadel-hack-03") });
        const wishlist = await client.wishlist();
        expect(wishlist.wishlistCount).toBe(2);
        expect(wishlist.wishlists.map((item) => item.productInfo.slug)).toEqual([
          "pala-bullpadel-hack-03",
          "pala-nox-at10-genius",
        ]);
        expect(wishlist.wishlists[0]!.productId).toBe(product("pala-bullpadel-hack-03"));
        expect(await client.deleteWish(wishlist.wishlists[0]!._id)).toEqual({
          status: 200,
          body: { message: "Producto eliminado de favoritos." },
        });
        expect((await client.wishlist()).wishlistCount).toBe(1);
      });
    }
  });

  describe("comparación", () => {
    for (const kind of ["usuario", "invitado"] as const) {
      it(`agrega hasta 4, rechaza duplicados, lista con detalle y borra (${kind})`, async () => {
        const caller = kind === "usuario" ? await signedInUser(api) : guest();
        const client = shopperClient(api, caller);
        const slugs = [
          "pala-bullpadel-vertex-04",
          "zapatillas-asics-gel-padel-pro-5",
          "pala-nox-at10-genius",
          "pala-head-delta-pro",
        ];
        for (const slug of slugs) {
          expect(await client.addToCompare({ userId: caller.id, productId: product(slug) })).toEqual({
            status: 201,
            body: { message: "Producto agregado a la comparación." },
          });
        }
        expect(await client.addToCompare({ productId: product(slugs[0]!) })).toEqual({
          status: 409,
          body: { message: "El producto ya está en la comparación." },
        });
        expect(await client.addToCompare({ productId: product("pelotas-head-padel-pro") })).toEqual({
          status: 400,
          body: { message: "Puedes comparar hasta 4 productos." },
        });

        const list = await client.compareList();
        expect(list.compareCount).toBe(4);
        expect(list.comparelist.map((item) => item.productInfo.slug)).toEqual(slugs);
        expect(list.comparelist[0]!.productInfo).toMatchObject({
          specs: { forma: "Diamante" },
          sizes: [],
          shop: { slug: "centro-padel" },
        });
        expect(list.comparelist[1]!.productInfo.sizes).toEqual([
          { size: "42", stock: 2 },
          { size: "40", stock: 0 },
          { size: "41", stock: 1 },
        ]);
        const detail = await api.app.inject({
          method: "GET",
          url: "/home/get-product/zapatillas-asics-gel-padel-pro-5",
        });
        expect(list.comparelist[1]!.productInfo).toEqual(detail.json().product);

        expect(await client.deleteCompared(list.comparelist[0]!._id)).toEqual({
          status: 200,
          body: { message: "Producto eliminado de la comparación." },
        });
        expect((await client.addToCompare({ productId: product("pelotas-head-padel-pro") })).status).toBe(201);
      });
    }
  });

  it("cuenta carrito (unidades), favoritos y comparación en una llamada", async () => {
    const caller = guest();
    const client = shopperClient(api, caller);
    expect(await client.counts()).toEqual({
      card_product_count: 0,
      wishlist_count: 0,
      comparelist_count: 0,
      notification_count: 0,
    });
    await client.addToCart({ productId: product("pelotas-head-padel-pro"), quantity: 3 });
    await client.addToCart({ productId: product("pala-nox-at10-genius") });
    await client.addToWishlist({ productId: product("pala-nox-at10-genius") });
    await client.addToCompare({ productId: product("pala-nox-at10-genius") });
    await client.addToCompare({ productId: product("pala-head-delta-pro") });
    expect(await client.counts()).toEqual({
      card_product_count: 4,
      wishlist_count: 1,
      comparelist_count: 2,
      notification_count: 0,
    });
  });

  describe("combinar las listas del invitado", () => {
    it("suma cantidades hasta la existencia, descarta duplicados, deja al invitado vacío y es idempotente", async () => {
      const userCaller = await signedInUser(api);
      const user = shopperClient(api, userCaller);
      const guestCaller = guest();
      const visitor = shopperClient(api, guestCaller);
      const nox = product("pala-nox-at10-genius");

      await user.addToCart({ productId: nox, quantity: 2 });
      await user.addToWishlist({ productId: nox });
      await user.addToCompare({ productId: product("pala-bullpadel-vertex-04") });
      await user.addToCompare({ productId: nox });

      await visitor.addToCart({ productId: nox, quantity: 2 });
      await visitor.addToCart({ productId: product("pelotas-head-padel-pro"), quantity: 3 });
      await visitor.addToCart({ productId: product("camiseta-tecnica-nox"), size: "L", quantity: 2 });
      await visitor.addToWishlist({ productId: nox });
      await visitor.addToWishlist({ productId: product("pala-head-delta-pro") });
      for (const slug of [
        "pala-nox-at10-genius",
        "pala-head-delta-pro",
        "pelotas-head-padel-pro",
        "camiseta-tecnica-nox",
      ]) {
        await visitor.addToCompare({ productId: product(slug) });
      }

      expect(await user.merge(guestCaller.id)).toEqual({ status: 200, body: { message: "Listas combinadas." } });
      const check = async () => {
        expect(cartLines(await user.cart())).toEqual([
          ["pala-nox-at10-genius", null, 3],
          ["pelotas-head-padel-pro", null, 3],
          ["camiseta-tecnica-nox", "L", 2],
        ]);
        expect((await user.wishlist()).wishlists.map((item) => item.productInfo.slug).sort()).toEqual([
          "pala-head-delta-pro",
          "pala-nox-at10-genius",
        ]);
        expect((await user.compareList()).comparelist.map((item) => item.productInfo.slug)).toEqual([
          "pala-bullpadel-vertex-04",
          "pala-nox-at10-genius",
          "pala-head-delta-pro",
          "pelotas-head-padel-pro",
        ]);
        expect(await visitor.counts()).toEqual({
          card_product_count: 0,
          wishlist_count: 0,
          comparelist_count: 0,
          notification_count: 0,
        });
      };
      await check();
      expect(await user.merge(guestCaller.id)).toEqual({ status: 200, body: { message: "Listas combinadas." } });
      await check();
    });

    it("lo rechaza a un invitado y a quien no se identifica", async () => {
      const visitor = shopperClient(api, guest());
      expect(await visitor.merge(randomUUID())).toEqual({ status: 403, body: FORBIDDEN });
      const anonymous = await api.app.inject({
        method: "POST",
        url: "/home/product/merge-guest-lists",
        payload: { guestId: randomUUID() },
      });
      expect(anonymous.statusCode).toBe(401);
      const user = shopperClient(api, await signedInUser(api));
      expect((await user.call("POST", "/home/product/merge-guest-lists", {})).status).toBe(400);
    });
  });

  it("borra las listas de invitados de más de 30 días y deja las demás", async () => {
    const staleGuest = randomUUID();
    const freshGuest = randomUUID();
    const user = await insertUser(api.db);
    const old = sql`now() - interval '31 days'`;
    const productId = product("pelotas-head-padel-pro");
    await api.db.insert(cartItems).values([
      { guestId: staleGuest, productId, quantity: 1, createdAt: old },
      { guestId: freshGuest, productId, quantity: 1 },
      { userId: user.id, productId, quantity: 1, createdAt: old },
    ]);
    await api.db.insert(wishlistItems).values([{ guestId: staleGuest, productId, createdAt: old }]);
    await api.db.insert(compareItems).values([{ guestId: staleGuest, productId, createdAt: old }]);

    await deleteStaleGuestLists(api.db);

    const owners = await api.db
      .select({ guestId: cartItems.guestId, userId: cartItems.userId })
      .from(cartItems)
      .where(sql`${cartItems.guestId} in (${staleGuest}, ${freshGuest}) or ${cartItems.userId} = ${user.id}`);
    expect(owners).toHaveLength(2);
    expect(owners.map((row) => row.guestId ?? row.userId).sort()).toEqual([freshGuest, user.id].sort());
    expect(await api.db.select().from(wishlistItems).where(eq(wishlistItems.guestId, staleGuest))).toEqual([]);
    expect(await api.db.select().from(compareItems).where(eq(compareItems.guestId, staleGuest))).toEqual([]);
  });
});

/** The limits must hold when requests race on a real PostgreSQL with a pool of connections. */
describe("carrito bajo concurrencia (PostgreSQL real)", () => {
  const api = useTestApi({ engine: "PostgreSQL" });
  let catalogue: Catalogue;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
  });

  it("los incrementos y altas simultáneos nunca pasan de la existencia", async () => {
    const client = shopperClient(api, await signedInUser(api));
    const nox = catalogue.bySlug["pala-nox-at10-genius"]!.id;
    await client.addToCart({ productId: nox });
    const line = (await client.cart()).card_products[0]!.products[0]!;
    const increments = await Promise.all(Array.from({ length: 20 }, () => client.increment(line._id)));
    expect(increments.filter((response) => response.status === 200)).toHaveLength(2);
    expect(increments.filter((response) => response.status === 400)).toHaveLength(18);

    const visitor = shopperClient(api, guest());
    const adds = await Promise.all(Array.from({ length: 20 }, () => visitor.addToCart({ productId: nox })));
    expect(adds.filter((response) => response.status === 201)).toHaveLength(3);
    expect((await client.cart()).card_products[0]!.products[0]!.quantity).toBe(3);
    expect((await visitor.cart()).card_products[0]!.products[0]!.quantity).toBe(3);
  });

  it("las altas simultáneas a la comparación no pasan de 4", async () => {
    const client = shopperClient(api, guest());
    const answers = await Promise.all(
      catalogue.products.map((product) => client.addToCompare({ productId: product.id })),
    );
    expect(answers.filter((response) => response.status === 201)).toHaveLength(4);
    expect(answers.filter((response) => response.status === 400)).toHaveLength(catalogue.products.length - 4);
    expect((await client.compareList()).compareCount).toBe(4);
  });
});
