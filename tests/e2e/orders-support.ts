import { DEMO_PRODUCT_COUNT, generateProducts } from "../../api/src/seed/catalogue";
import {
  ADMIN_EMAIL,
  apiSignIn,
  apiUrl,
  DEMO_PASSWORD,
  productDetails,
  queryProducts,
  SHOPPER_PASSWORD,
  type ProductDetailsAnswer,
} from "./support";

/** Orders made, paid and moved straight through the API, for the journeys that start after a purchase. */

export const SHIPPING_INFO = {
  name: "Marta Mirón",
  address: "Calle del Globo 3, 1.º A",
  province: "Madrid",
  city: "Madrid",
  area: "Lavapiés",
  postCode: "28012",
  phone: "+34 611 222 333",
};

async function apiCall<T>(path: string, token: string, method: "POST" | "PUT", body: unknown): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`${method} ${path} ${response.status}: ${answer.message}`);
  return answer;
}

/** Puts one unit of the product in the user's cart and orders it; answers the (unpaid) order's id. */
export async function placeOrderThroughApi(email: string, productId: string): Promise<string> {
  const { token, userId } = await apiSignIn(email);
  await apiCall("/home/product/add-to-card", token, "POST", { userId, productId, quantity: 1 });
  const { orderId } = await apiCall<{ orderId: string }>("/home/order/palce-order", token, "POST", {
    userId,
    shippingInfo: SHIPPING_INFO,
  });
  return orderId;
}

/** Orders one unit of the product and pays it with the test card; answers the order's id. */
export async function buyAndPay(email: string, productId: string): Promise<string> {
  const orderId = await placeOrderThroughApi(email, productId);
  const { token } = await apiSignIn(email);
  await apiCall("/payment/card", token, "POST", {
    orderId,
    cardNumber: "4242 4242 4242 4242",
    expiry: "12/39",
    cvc: "123",
    holder: SHIPPING_INFO.name,
  });
  return orderId;
}

export async function addToWishlistThroughApi(email: string, productId: string): Promise<void> {
  const { token, userId } = await apiSignIn(email);
  await apiCall("/home/product/add-to-wishlist", token, "POST", { userId, productId });
}

/** The carrier's number the journeys ship with. */
export const TRACKING_NUMBER = "ES-2026-000123";

/** The admin moves the whole order to `status` (cancelling a paid one refunds it; shipping carries TRACKING_NUMBER); the customer is told. */
export async function adminMovesOrder(
  orderId: string,
  status: "procesando" | "enviado" | "entregado" | "cancelado",
): Promise<void> {
  const admin = await apiSignIn(ADMIN_EMAIL, DEMO_PASSWORD);
  await apiCall(
    `/admin/order-status/update/${orderId}`,
    admin.token,
    "PUT",
    status === "enviado" ? { status, trackingNumber: TRACKING_NUMBER } : { status },
  );
}

/** The in-stock product without sizes that has the most units, so orders of both projects never run it out. */
export async function plentifulProductDetails(): Promise<ProductDetailsAnswer> {
  const { products } = await queryProducts({ availability: "in-stock", parPage: "40" });
  for (const candidate of [...products].sort((a, b) => b.stock - a.stock)) {
    const details = await productDetails(candidate.slug);
    if (details.sizes.length === 0) return details;
  }
  throw new Error("no hay productos sin tallas con existencias");
}

export async function plentifulProduct(): Promise<string> {
  return (await plentifulProductDetails())._id;
}

/**
 * In-stock balls without sizes, which no other journey buys, so the stock other tests check is
 * left alone; each project takes its own tube.
 */
export async function ballsFor(slot: number): Promise<ProductDetailsAnswer> {
  const { products } = await queryProducts({ category: "pelotas", availability: "in-stock", parPage: "20" });
  const candidates: ProductDetailsAnswer[] = [];
  for (const card of products.filter((product) => product.stock >= 5)) {
    const details = await productDetails(card.slug);
    if (details.sizes.length === 0) candidates.push(details);
  }
  const balls = candidates[slot] ?? candidates[0];
  if (!balls) throw new Error("no hay pelotas con existencias");
  return balls;
}

/**
 * A product the seed's past buyers left unreviewed, sold without sizes and stocked for a handful of
 * buyers. The list comes from the seed's own generator, so it stays the same however many reviews
 * the tests add; each journey takes its own slot, 0 to 5, so the reviews it counts are its own.
 */
export async function productToReview(slot: number): Promise<ProductDetailsAnswer> {
  const unreviewed = generateProducts(DEMO_PRODUCT_COUNT, new Date()).filter(
    (product) =>
      (product.categorySlug === "accesorios" || product.categorySlug === "paleteros") &&
      product.reviewTarget === 0 &&
      (product.stock ?? 0) >= 6,
  );
  const chosen = unreviewed[slot];
  if (!chosen) throw new Error(`no hay un producto sin reseñas para el hueco ${slot} (hay ${unreviewed.length})`);
  return productDetails(chosen.slug);
}

/**
 * A product no journey buys or reviews (a reviewed bag, sold without sizes, never the plentiful
 * product): its stock changes only when the test that takes its slot, 0 or 1, buys it.
 */
export async function productNoJourneyBuys(slot: number): Promise<ProductDetailsAnswer> {
  const plentiful = await plentifulProduct();
  const bags = generateProducts(DEMO_PRODUCT_COUNT, new Date()).filter(
    (product) => product.categorySlug === "paleteros" && product.reviewTarget > 0 && (product.stock ?? 0) >= 3,
  );
  const candidates: ProductDetailsAnswer[] = [];
  for (const bag of bags) {
    const details = await productDetails(bag.slug);
    if (details._id !== plentiful && details.sizes.length === 0) candidates.push(details);
    if (candidates.length > slot) return candidates[slot]!;
  }
  throw new Error(`no hay un paletero para el hueco ${slot}`);
}

/** A new customer, registered through the API (for journeys that need several). */
export async function registerThroughApi(name: string, email: string): Promise<void> {
  const response = await fetch(`${apiUrl}/user/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, email, password: SHOPPER_PASSWORD }),
  });
  if (!response.ok) throw new Error(`/user/register ${response.status}`);
}

/** The customer (who bought and paid the product) reviews it through the API. */
export async function reviewThroughApi(email: string, productId: string, rating: number, text: string): Promise<void> {
  const { token } = await apiSignIn(email);
  await apiCall("/home/customer/submit-review", token, "POST", { productId, rating, text });
}
