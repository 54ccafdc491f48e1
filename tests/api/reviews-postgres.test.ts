import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../api/src/db/schema";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";
import { creditWallet, placedOrderId, putInCart, signedInUser, type Customer } from "./orders-support";

/** On a real PostgreSQL, reviews written at once: each sees the others when the average is taken. */
describe("reseñas concurrentes en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 20 });
  let catalogue: Catalogue;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
  });

  async function paidBuyer(productId: string): Promise<Customer> {
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, productId, 1);
    const orderId = await placedOrderId(api.app, customer);
    await creditWallet(api.db, customer.id, 10_000);
    const paid = await api.app.inject({
      method: "POST",
      url: "/payment/wallet",
      headers: customer.headers,
      payload: { orderId },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return customer;
  }

  it("10 reseñas a la vez dejan la media exacta de todas", async () => {
    const product = catalogue.bySlug["pelotas-head-padel-pro"]!;
    const buyers: Customer[] = [];
    for (let index = 0; index < 10; index++) buyers.push(await paidBuyer(product.id));
    // Five 5s and five 2s: 3.5 only if every transaction saw the ones committed before it.
    const responses = await Promise.all(
      buyers.map((buyer, index) =>
        api.app.inject({
          method: "POST",
          url: "/home/customer/submit-review",
          headers: buyer.headers,
          payload: {
            productId: product.id,
            rating: index % 2 === 0 ? 5 : 2,
            text: "Reseña escrita a la vez que otras nueve.",
          },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array<number>(10).fill(201));
    const [row] = await api.db.select({ rating: products.rating }).from(products).where(eq(products.id, product.id));
    expect(row!.rating).toBeCloseTo(3.5);
    const page = (await api.app.inject({ method: "GET", url: `/home/customer/get-reviews/${product.id}` })).json();
    expect(page.totalReview).toBe(10);
    expect(page.rating_review).toEqual([
      { rating: 5, sum: 5 },
      { rating: 4, sum: 0 },
      { rating: 3, sum: 0 },
      { rating: 2, sum: 5 },
      { rating: 1, sum: 0 },
    ]);
  });
});
