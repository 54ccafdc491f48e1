import { apiSignIn, apiUrl, productDetails, queryProducts, type ProductDetailsAnswer } from "./support";

/** Helpers of the customer dashboard's journeys: set-up done through the API as the shopper. */

export const SHIPPING_INFO = {
  name: "Marta Mirón",
  address: "Calle del Globo 3, 1.º A",
  province: "Madrid",
  city: "Madrid",
  area: "Lavapiés",
  postCode: "28012",
  phone: "+34 611 222 333",
};

/**
 * In-stock balls without sizes, which no other journey buys, so the stock other tests check is
 * left alone; each project takes its own tube.
 */
export async function ballsFor(slot: number): Promise<ProductDetailsAnswer & { salePrice: number }> {
  const { products } = await queryProducts({ category: "pelotas", availability: "in-stock", parPage: "20" });
  const candidates: (ProductDetailsAnswer & { salePrice: number })[] = [];
  for (const card of products.filter((product) => product.stock >= 5)) {
    const details = await productDetails(card.slug);
    if (details.sizes.length === 0) candidates.push({ ...details, salePrice: card.salePrice });
  }
  const balls = candidates[slot] ?? candidates[0];
  if (!balls) throw new Error("no hay pelotas con existencias");
  return balls;
}

async function call(token: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${apiUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${path} ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Puts one unit of the product in the user's cart and orders it through the API; answers the order id. */
export async function placeOrderThroughApi(email: string, productId: string): Promise<string> {
  const { token, userId } = await apiSignIn(email);
  await call(token, "/home/product/add-to-card", { productId, quantity: 1 });
  const { orderId } = (await call(token, "/home/order/palce-order", { userId, shippingInfo: SHIPPING_INFO })) as { orderId: string };
  return orderId;
}

export async function addToWishlistThroughApi(email: string, productId: string): Promise<void> {
  const { token } = await apiSignIn(email);
  await call(token, "/home/product/add-to-wishlist", { productId });
}

/** Whole dollars and cents as the offer form takes them, e.g. 550 -> '5,50'. */
export function typedAmount(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}
