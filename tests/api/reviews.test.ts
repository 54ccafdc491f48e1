import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { notifications, products } from "../../api/src/db/schema";
import { insertCatalogue, insertOwnBalls, useTestApi, type Catalogue } from "./support";
import { creditWallet, placedOrderId, putInCart, signedInAs, signedInUser, type Customer } from "./orders-support";

const BUYERS_ONLY = "Solo los clientes que han comprado y pagado este producto pueden reseñarlo.";

/** Reviews on the catalogue of support.ts: only paid buyers write them, one each, and they move the product's rating. */
describe("reseñas", () => {
  const api = useTestApi();
  let catalogue: Catalogue;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
  });

  /** A product of its own (Tienda Smash, plenty of stock), so each test counts only its own reviews. */
  const newProduct = (slug: string) =>
    insertOwnBalls(api.db, catalogue, slug, { shopId: catalogue.shops.smash.id, stock: 500, rating: 4.6 });

  /** A customer with an order of the product, paid from the wallet unless `pay` is false. */
  async function buyer(productId: string, { pay = true } = {}): Promise<Customer> {
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, productId, 1);
    const orderId = await placedOrderId(api.app, customer);
    if (pay) {
      await creditWallet(api.db, customer.id, 10_000);
      const paid = await api.app.inject({
        method: "POST",
        url: "/payment/wallet",
        headers: customer.headers,
        payload: { orderId },
      });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    return customer;
  }

  const submit = (customer: Customer | null, payload: Record<string, unknown>) =>
    api.app.inject({ method: "POST", url: "/home/customer/submit-review", headers: customer?.headers ?? {}, payload });
  const reviewsOf = async (productId: string, query = "") => {
    const response = await api.app.inject({ method: "GET", url: `/home/customer/get-reviews/${productId}${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const myReview = (customer: Customer, productId: string) =>
    api.app.inject({ method: "GET", url: `/home/customer/my-review/${productId}`, headers: customer.headers });
  const ratingOf = async (productId: string) =>
    (await api.db.select({ rating: products.rating }).from(products).where(eq(products.id, productId)))[0]!.rating;

  it("un visitante no puede reseñar", async () => {
    const product = await newProduct("pelotas-visitante");
    const response = await submit(null, { productId: product.id, rating: 5, text: "Muy buenas pelotas, botan bien." });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "No autorizado." });
  });

  it("quien no compró el producto, o lo pidió sin pagarlo, no puede reseñarlo", async () => {
    const product = await newProduct("pelotas-sin-pagar");
    const stranger = await signedInUser(api.db);
    const notBought = await submit(stranger, {
      productId: product.id,
      rating: 4,
      text: "Me las prestó un amigo y van bien.",
    });
    expect(notBought.statusCode).toBe(403);
    expect(notBought.json()).toEqual({ message: BUYERS_ONLY });
    expect((await myReview(stranger, product.id)).json()).toEqual({ canReview: false, review: null });

    const unpaid = await buyer(product.id, { pay: false });
    const response = await submit(unpaid, {
      productId: product.id,
      rating: 4,
      text: "Todavía no las he pagado, pero lo haré.",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: BUYERS_ONLY });
    expect((await reviewsOf(product.id)).totalReview).toBe(0);
    expect(await ratingOf(product.id)).toBeCloseTo(4.6);
  });

  it("el vendedor no reseña los productos de su propia tienda", async () => {
    const product = await newProduct("pelotas-propias");
    // The product is Tienda Smash's: sign in as its owner.
    const owner = await signedInAs(catalogue.smashOwner.id, "seller");
    const response = await submit(owner, {
      productId: product.id,
      rating: 5,
      text: "Las mejores pelotas del mercado.",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: "No puedes reseñar un producto de tu propia tienda." });
  });

  it("rechaza valoraciones y textos no válidos con mensajes en español", async () => {
    const product = await newProduct("pelotas-validacion");
    const customer = await buyer(product.id);
    const cases: [Record<string, unknown>, string][] = [
      [
        { productId: product.id, rating: 0, text: "Un texto suficientemente largo." },
        "Elige una valoración de 1 a 5 estrellas.",
      ],
      [
        { productId: product.id, rating: 6, text: "Un texto suficientemente largo." },
        "Elige una valoración de 1 a 5 estrellas.",
      ],
      [
        { productId: product.id, rating: 3.5, text: "Un texto suficientemente largo." },
        "Elige una valoración de 1 a 5 estrellas.",
      ],
      [
        { productId: product.id, rating: "cinco", text: "Un texto suficientemente largo." },
        "Elige una valoración de 1 a 5 estrellas.",
      ],
      [{ productId: product.id, text: "Un texto suficientemente largo." }, "Elige una valoración de 1 a 5 estrellas."],
      [{ productId: product.id, rating: 4, text: "   " }, "Escribe tu reseña."],
      [{ productId: product.id, rating: 4 }, "Escribe tu reseña."],
      [{ productId: product.id, rating: 4, text: "Corta" }, "La reseña debe tener al menos 10 caracteres."],
      [{ productId: product.id, rating: 4, text: "x".repeat(2001) }, "La reseña no puede superar los 2000 caracteres."],
      [{ productId: "no-es-un-id", rating: 4, text: "Un texto suficientemente largo." }, "El producto no es válido."],
    ];
    for (const [payload, message] of cases) {
      const response = await submit(customer, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toBe(message);
    }
    const unknown = await submit(customer, {
      productId: crypto.randomUUID(),
      rating: 4,
      text: "Un texto suficientemente largo.",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Producto no encontrado" });
    expect((await reviewsOf(product.id)).totalReview).toBe(0);
  });

  it("quien compró y pagó reseña una vez; enviar otra edita la primera, con la media, el desglose y el aviso al vendedor", async () => {
    const product = await newProduct("pelotas-pagadas");
    const customer = await buyer(product.id);
    expect((await myReview(customer, product.id)).json()).toEqual({ canReview: true, review: null });

    const first = await submit(customer, { productId: product.id, rating: 5, text: "  Botan genial y duran mucho.  " });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ message: "Reseña publicada. ¡Gracias por tu opinión!", rating: 5 });
    expect(await ratingOf(product.id)).toBe(5);

    const second = await submit(customer, {
      productId: product.id,
      rating: 2,
      text: "Perdieron presión en una semana.",
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ message: "Reseña actualizada.", rating: 2 });
    expect((await myReview(customer, product.id)).json()).toEqual({
      canReview: true,
      review: { rating: 2, text: "Perdieron presión en una semana." },
    });

    const page = await reviewsOf(product.id);
    expect(page.totalReview).toBe(1);
    expect(page.reviews).toEqual([
      {
        _id: expect.any(String),
        name: "Usuaria de Prueba",
        rating: 2,
        text: "Perdieron presión en una semana.",
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        verifiedPurchase: true,
        reply: null,
      },
    ]);
    expect(page.rating_review).toEqual([
      { rating: 5, sum: 0 },
      { rating: 4, sum: 0 },
      { rating: 3, sum: 0 },
      { rating: 2, sum: 1 },
      { rating: 1, sum: 0 },
    ]);

    const notices = await api.db
      .select({ userId: notifications.userId, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.type, "resena"), eq(notifications.userId, catalogue.smashOwner.id)));
    expect(notices.filter((notice) => notice.message.includes(product.name)).map((notice) => notice.message)).toEqual([
      `Nueva reseña de 5 estrellas en «${product.name}».`,
      `Una reseña de «${product.name}» ha cambiado: ahora da 2 estrellas.`,
    ]);
  });

  it("la media es la de todas sus reseñas y el desglose cuenta cada número de estrellas", async () => {
    const product = await newProduct("pelotas-media");
    const ratings = [5, 4, 4, 1];
    for (const rating of ratings) {
      const response = await submit(await buyer(product.id), {
        productId: product.id,
        rating,
        text: `Le doy ${rating} estrellas a estas pelotas.`,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    expect(await ratingOf(product.id)).toBeCloseTo(3.5);
    const page = await reviewsOf(product.id);
    expect(page.totalReview).toBe(4);
    expect(page.rating_review.map((row: { sum: number }) => row.sum)).toEqual([1, 2, 0, 0, 1]);
    // The product's own detail call shows the new rating at once.
    const detail = await api.app.inject({ method: "GET", url: `/home/get-product/${product.slug}` });
    expect(detail.json().product.rating).toBeCloseTo(3.5);
  });

  it("guarda el HTML como texto, tal cual se escribió", async () => {
    const product = await newProduct("pelotas-html");
    const text = '<script>alert("hola")</script> <b>negrita</b> & más';
    const response = await submit(await buyer(product.id), { productId: product.id, rating: 3, text });
    expect(response.statusCode).toBe(201);
    expect((await reviewsOf(product.id)).reviews[0].text).toBe(text);
  });

  it("pagina las reseñas de la más nueva a la más antigua", async () => {
    const product = await newProduct("pelotas-paginas");
    for (let index = 1; index <= 7; index++) {
      const response = await submit(await buyer(product.id), {
        productId: product.id,
        rating: 4,
        text: `Reseña número ${index} de estas pelotas.`,
      });
      expect(response.statusCode).toBe(201);
    }
    const first = await reviewsOf(product.id);
    expect(first).toMatchObject({ totalReview: 7, pageNo: 1, perPage: 5 });
    expect(first.reviews.map((review: { text: string }) => review.text)).toEqual(
      [7, 6, 5, 4, 3].map((index) => `Reseña número ${index} de estas pelotas.`),
    );
    const second = await reviewsOf(product.id, "?pageNo=2&perPage=5");
    expect(second.reviews.map((review: { text: string }) => review.text)).toEqual(
      [2, 1].map((index) => `Reseña número ${index} de estas pelotas.`),
    );
    expect((await reviewsOf(product.id, "?pageNo=3")).reviews).toEqual([]);

    const badPage = await api.app.inject({ method: "GET", url: `/home/customer/get-reviews/${product.id}?pageNo=0` });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toBe("La página no es válida.");
    const tooMany = await api.app.inject({
      method: "GET",
      url: `/home/customer/get-reviews/${product.id}?perPage=500`,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe("Pide entre 1 y 50 reseñas por página.");
  });
});
