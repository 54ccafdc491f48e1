import { apiSignIn, apiUrl, queryProducts } from "./support";

/** Helpers of reviews-trial.spec.ts: a paid purchase made straight through the API. */

const SHIPPING_INFO = {
  name: "Rosa Reseñas",
  address: "Calle de Alcalá 100, 2.º A",
  province: "Madrid",
  city: "Madrid",
  area: "Salamanca",
  postCode: "28009",
  phone: "+34 612 345 678",
};

async function call<T>(path: string, token: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`${method} ${path} ${response.status}: ${answer.message}`);
  return answer;
}

/** An in-stock accessory sold without sizes; each project takes its own, so their reviews never meet. */
export async function accessoryToReview(slot: number): Promise<{ _id: string; name: string; slug: string }> {
  const { products } = await queryProducts({ category: "accesorios", availability: "in-stock", parPage: "20" });
  const candidates = (products as (typeof products[number] & { hasSizes: boolean })[]).filter((product) => !product.hasSizes && product.stock >= 2);
  const product = candidates[slot] ?? candidates[0];
  if (!product) throw new Error("no hay accesorios con existencias");
  return product;
}

/** The user (already registered) buys one unit of the product and pays it with the test card. */
export async function buyAndPay(email: string, productId: string): Promise<string> {
  const { token, userId } = await apiSignIn(email);
  await call("/home/product/add-to-card", token, "POST", { productId, quantity: 1 });
  const { orderId } = await call<{ orderId: string }>("/home/order/palce-order", token, "POST", { userId, shippingInfo: SHIPPING_INFO });
  await call("/payment/card", token, "POST", { orderId, cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123", holder: SHIPPING_INFO.name });
  return orderId;
}
