import { expect, test, type APIRequestContext, type Page, type WebSocket } from "../e2e/fixtures";
import { randomUUID } from "node:crypto";
import { BAD_CREDENTIALS, TOO_MANY_ATTEMPTS } from "#contract/accounts";
import { startStoreCluster, type StoreCluster } from "./cluster";

/**
 * Issue 13: two API and two web instances on one PostgreSQL, each web on its own API, all started
 * at once from the built store. What one instance does, the other must see: live notifications,
 * sign-in limits (expiry is tests/api/instances-expiry-postgres.test.ts). Runs once, JavaScript on.
 */
test.describe.configure({ mode: "serial" });

let cluster: StoreCluster;
const PASSWORD = "Instancias-2026";
/** The seeded admin (api/src/seed). */
const ADMIN = { email: "admin@mercadopadel.test", password: "Demo-Padel-2026" };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  cluster = await startStoreCluster({ instances: 2 });
});

test.afterAll(async () => {
  await cluster?.stop();
});

async function apiCall<T>(
  apiUrl: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, {
    method: options.method ?? "GET",
    headers: { "content-type": "application/json", ...(options.token && { authorization: `Bearer ${options.token}` }) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const answer = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`${path} ${response.status}: ${answer.message}`);
  return answer;
}

async function registerAccount(apiUrl: string): Promise<string> {
  const email = `instancias-${randomUUID()}@example.com`;
  await apiCall(apiUrl, "/user/register", {
    method: "POST",
    body: { name: "Prueba de Instancias", email, password: PASSWORD },
  });
  return email;
}

async function signInThroughApi(
  apiUrl: string,
  email: string,
  password = PASSWORD,
): Promise<{ token: string; userId: string }> {
  const { token } = await apiCall<{ token: string }>(apiUrl, "/user/login", {
    method: "POST",
    body: { email, password },
  });
  const { id } = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as { id: string };
  return { token, userId: id };
}

/** An in-stock product sold without sizes, from the seeded demo store. */
async function productWithoutSizes(apiUrl: string): Promise<string> {
  const { products } = await apiCall<{ products: { slug: string; stock: number }[] }>(
    apiUrl,
    "/home/query-products?availability=in-stock&parPage=40",
  );
  for (const candidate of [...products].sort((a, b) => b.stock - a.stock)) {
    const { product } = await apiCall<{ product: { _id: string; sizes: unknown[] } }>(
      apiUrl,
      `/home/get-product/${candidate.slug}`,
    );
    if (product.sizes.length === 0) return product._id;
  }
  throw new Error("no hay productos sin tallas con existencias");
}

/** The customer orders one unit and pays with the test card, all through `apiUrl`; answers the order's id. */
async function buyAndPay(apiUrl: string, email: string): Promise<string> {
  const { token, userId } = await signInThroughApi(apiUrl, email);
  await apiCall(apiUrl, "/home/product/add-to-card", {
    method: "POST",
    token,
    body: { userId, productId: await productWithoutSizes(apiUrl), quantity: 1 },
  });
  const shippingInfo = {
    name: "Ines Instancias",
    address: "Calle Mayor 1",
    province: "Madrid",
    city: "Madrid",
    area: "Centro",
    postCode: "28013",
    phone: "+34 611 222 333",
  };
  const { orderId } = await apiCall<{ orderId: string }>(apiUrl, "/home/order/palce-order", {
    method: "POST",
    token,
    body: { userId, shippingInfo },
  });
  await apiCall(apiUrl, "/payment/card", {
    method: "POST",
    token,
    body: { orderId, cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123", holder: shippingInfo.name },
  });
  return orderId;
}

/** The hidden honeypot fields of the sign-in form as `webUrl` renders it, which a genuine post carries. */
async function honeypotFields(request: APIRequestContext, webUrl: string): Promise<Record<string, string>> {
  const html = await (await request.get(`${webUrl}/login`)).text();
  const validFrom = /name="from__confirm"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="from__confirm"/.exec(html);
  return { name__confirm: "", from__confirm: validFrom![1] ?? validFrom![2]! };
}

/**
 * Signs `email` in on `webUrl` and waits until the bell's live connection is in the user's room (each
 * connection reloads the unread list once it is): from then on only a push updates the bell.
 */
async function signInWithLiveBell(page: Page, webUrl: string, email: string): Promise<WebSocket> {
  const liveSocket = new Promise<WebSocket>((resolve) => {
    page.on("websocket", (socket) => {
      if (socket.url().includes("/socket.io/")) resolve(socket);
    });
  });
  await page.goto(`${webUrl}/login?redirectTo=/products`);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  const connected = page.waitForResponse(
    (response) => response.url() === `${webUrl}/live-notifications` && response.request().method() === "GET",
  );
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  const socket = await liveSocket;
  await connected;
  return socket;
}

/** An admin moves the order on `apiUrl`; the bell on the page must show the news without a reload. */
async function expectLiveNews(page: Page, socket: WebSocket, apiUrl: string, orderId: string): Promise<void> {
  const bell = (count: number) =>
    page.getByRole("banner").getByRole("button", { name: `Notificaciones, ${count}`, exact: true });
  await expect(bell(1)).toBeVisible();
  const pushed = socket.waitForEvent("framereceived", {
    predicate: (frame) => String(frame.payload).includes("nuevaNotificacion"),
  });
  // Nothing reloads the page from here on: this marker would vanish with it.
  await page.evaluate(() => Object.assign(window, { sinRecargar: true }));
  const admin = await signInThroughApi(apiUrl, ADMIN.email, ADMIN.password);
  await apiCall(apiUrl, `/admin/order-status/update/${orderId}`, {
    method: "PUT",
    token: admin.token,
    body: { status: "procesando" },
  });

  await pushed;
  await expect(bell(2)).toBeVisible();
  await bell(2).click();
  await expect(
    page.getByRole("list", { name: "Notificaciones nuevas" }).getByTestId("live-notification").first(),
  ).toContainText(/#[0-9A-F]{8} está ahora «En preparación»\./);
  expect(await page.evaluate(() => (window as unknown as { sinRecargar?: boolean }).sinRecargar)).toBe(true);
}

test("una notificación creada a través de la API A llega en vivo a la campana de quien navega en la web B", async ({
  page,
}) => {
  const [apiA, apiB] = cluster.apiUrls as [string, string];
  const webB = cluster.webUrls[1]!;
  const email = await registerAccount(apiB);
  const orderId = await buyAndPay(apiA, email);

  const socket = await signInWithLiveBell(page, webB, email);
  // The bell's live connection, which web B opens on API B.
  expect(new URL(socket.url()).port).toBe(new URL(apiB).port);
  await expectLiveNews(page, socket, apiA, orderId);
});

test("tras un balanceador que reparte cada petición HTTP entre las dos API, sin sesiones fijas, la campana conecta y recibe en vivo", async ({
  page,
}) => {
  const [apiA, apiB] = cluster.apiUrls as [string, string];
  const webB = cluster.webUrls[1]!;
  const email = await registerAccount(apiA);
  const orderId = await buyAndPay(apiB, email);

  // The balancer: each HTTP request to socket.io goes to the next API in turn. Every API of one
  // deployment names the same web, so its CORS answer is web B's. Long-polling's requests of one
  // session would land on two APIs, and the second one does not know the session.
  let turn = 0;
  await page.route(`${apiB}/socket.io/**`, async (route) => {
    const target = [apiA, apiB][turn++ % 2]!;
    const response = await route.fetch({ url: route.request().url().replace(apiB, target) });
    await route.fulfill({
      response,
      headers: { ...response.headers(), "access-control-allow-origin": new URL(webB).origin },
    });
  });

  const socket = await signInWithLiveBell(page, webB, email);
  await expectLiveNews(page, socket, apiA, orderId);
});

test("los fallos al iniciar sesión repartidos entre la web A y la web B frenan al mismo número que en una sola", async ({
  request,
}) => {
  const email = await registerAccount(cluster.apiUrls[0]!);
  const statuses: number[] = [];
  let refusal = "";
  for (let attempt = 0; attempt < 6; attempt++) {
    const webUrl = cluster.webUrls[attempt % 2]!;
    const response = await request.post(`${webUrl}/login`, {
      form: { intent: "login", email, password: "Equivocada-1", ...(await honeypotFields(request, webUrl)) },
      maxRedirects: 0,
    });
    statuses.push(response.status());
    if (response.status() === 429) refusal = await response.text();
  }
  // Five failures for one e-mail from one address (README "Login limits"), counted by both instances together.
  expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  expect(refusal).toContain(TOO_MANY_ATTEMPTS);
});

test("veinte direcciones que prueban una cuenta en la API A y la API B agotan juntas su límite por cuenta", async () => {
  const email = await registerAccount(cluster.apiUrls[0]!);
  const answers: { status: number; message: string }[] = [];
  for (let attempt = 0; attempt < 21; attempt++) {
    // The webs' own address is a trusted proxy: each attempt comes from another shopper.
    const response = await fetch(`${cluster.apiUrls[attempt % 2]}/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${attempt + 1}` },
      body: JSON.stringify({ email, password: "Equivocada-1" }),
    });
    answers.push({ status: response.status, message: ((await response.json()) as { message: string }).message });
  }
  // Twenty for one e-mail from all addresses: ten on each instance would never reach it if each counted alone.
  expect(answers.slice(0, 20)).toEqual(Array.from({ length: 20 }, () => ({ status: 400, message: BAD_CREDENTIALS })));
  expect(answers[20]).toEqual({ status: 429, message: TOO_MANY_ATTEMPTS });
});

test("las imágenes que guardó una API las sirven todas: comparten el almacén de archivos", async () => {
  // The demo store was seeded by whichever API started first; its pictures are in the shared FILES_DIR.
  const { products } = await apiCall<{ products: { images: string[] }[] }>(cluster.apiUrls[0]!, "/home/get-products");
  const imageId = products[0]!.images[0]!;
  for (const apiUrl of cluster.apiUrls) {
    const response = await fetch(`${apiUrl}/images/${imageId}/200.webp`);
    expect(response.status, apiUrl).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
  }
});
