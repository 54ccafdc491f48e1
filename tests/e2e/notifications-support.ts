import { apiSignIn, apiUrl, productDetails, queryProducts } from "./support";

/** Helpers of the notifications journeys: orders made and moved straight through the API. */

const DEMO_PASSWORD = "Demo-Padel-2026";
const TEST_CARD = { cardNumber: "4242424242424242", expiry: "12/39", cvc: "123", holder: "Nora Notificada" };
const SHIPPING_INFO = {
  name: "Nora Notificada",
  address: "Calle de las Pistas 7, 2.º A",
  province: "Madrid",
  city: "Madrid",
  area: "Centro",
  postCode: "28013",
  phone: "+34 612 345 678",
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

/** The in-stock product without sizes that has the most units, so orders of both projects never run it out. */
async function plentifulProduct(): Promise<string> {
  const { products } = await queryProducts({ availability: "in-stock", parPage: "40" });
  for (const candidate of [...products].sort((a, b) => b.stock - a.stock)) {
    const details = await productDetails(candidate.slug);
    if (details.sizes.length === 0) return details._id;
  }
  throw new Error("no hay productos sin tallas con existencias");
}

/**
 * A paid order of one unit for the customer (signed in with `password`); answers its id. The
 * customer is told of the payment.
 */
export async function paidOrder(email: string, password: string): Promise<string> {
  const customer = await apiSignIn(email, password);
  const productId = await plentifulProduct();
  await apiCall("/home/product/add-to-card", customer.token, "POST", { userId: customer.userId, productId, quantity: 1 });
  const { orderId } = await apiCall<{ orderId: string }>("/home/order/palce-order", customer.token, "POST", {
    userId: customer.userId,
    shippingInfo: SHIPPING_INFO,
  });
  await apiCall("/payment/card", customer.token, "POST", { orderId, ...TEST_CARD });
  return orderId;
}

/** The admin moves the whole order to `status`; the customer is told. */
export async function adminMovesOrder(orderId: string, status: "procesando" | "enviado" | "entregado"): Promise<void> {
  const admin = await apiSignIn("admin@mercadopadel.test", DEMO_PASSWORD);
  await apiCall(`/admin/order-status/update/${orderId}`, admin.token, "PUT", { status });
}
