import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { answeringRoutes, storeRoutes } from "../support/routes";
import {
  adminMovesOrder,
  buyAndPay,
  placeOrderThroughApi,
  plentifulProduct,
  registerThroughApi,
} from "./orders-support";
import { apiJson } from "./seller-support";
import { signIn } from "./sessions";
import {
  ADMIN_EMAIL,
  apiSignIn,
  firstLink,
  productDetails,
  queryProducts,
  SHOPPER_PASSWORD,
  uniqueEmail,
} from "./support";

/**
 * Every screen of the store, once, with JavaScript on, at a 360 px phone's width: nothing laid out
 * wider than the screen (SPEC.md: the store works at 360 px) and nothing serious for axe, both in
 * the same visit. The screens come from app/routes.ts: a route without an entry here (or in the
 * list of routes that answer no page) fails the first test, so a new screen is swept the day it
 * exists. Each role opens its own screens with the data that makes them widest (long names, every
 * state of an order); the journeys check what the screens do, in both projects.
 */

type Role = "visitante" | "cliente" | "vendedor" | "administrador";

interface SweepData {
  /** A product in stock, for the visitor's product and shop pages. */
  product: { slug: string; shopSlug: string };
  /** The customer's orders: paid and shipped, paid and refunded, unpaid with an offer, received (returnable). */
  orders: { paid: string; refunded: string; unpaid: string; received: string };
  /** The first link of a list page (read as the role, without a browser) whose address matches. */
  linkOn: (listPath: string, pattern: RegExp) => Promise<string>;
}

interface Visit {
  as: Role;
  path: (data: SweepData) => string | Promise<string>;
  /** The status the page answers (a 403 or 404 page is a screen too). */
  status?: number;
  /** What to do on the page before it is measured: open what a phone folds away, show a refused form. */
  prepare?: (page: Page) => Promise<void>;
}

const visit =
  (as: Role) =>
  (path: Visit["path"] | string, options: Omit<Visit, "as" | "path"> = {}): Visit => ({
    as,
    path: typeof path === "string" ? () => path : path,
    ...options,
  });
const visitor = visit("visitante");
const customer = visit("cliente");
const seller = visit("vendedor");
const admin = visit("administrador");

/** A small PNG, drawn here: the admin's forms want an image. */
const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: "#84cc16" } })
    .png()
    .toBuffer();

/** Answers of the racket finder that bring rackets with three reasons each. */
const FINDER_ANSWERS =
  "nivel=empiezo&frecuencia=ocasional&juego=control&lado=derecha&codo=si&peso=ligera&presupuesto=300";

/** Each route of app/routes.ts (by its path there) and the visits that sweep it. */
const SWEEP: Record<string, Visit[]> = {
  "/": [visitor("/")],
  "/products": [
    visitor("/products", {
      // The sort selects are wide enough to read «Por defecto» whole (at 111 px it was «Por defect»).
      prepare: async (page) => {
        for (const label of ["Ordenar por precio", "Ordenar por fecha"])
          expect((await page.getByLabel(label).boundingBox())!.width, label).toBeGreaterThanOrEqual(144);
      },
    }),
    visitor("/products?category=palas&brand=Bullpadel&availability=in-stock&sortPrice=low-to-high"),
    visitor("/products?searchValue=pala"),
  ],
  "/product/details/:slug": [
    visitor(({ product }) => `/product/details/${product.slug}`),
    // A racket's page, after the finder below kept its answers: «¿Es esta tu pala?» answered.
    visitor(({ linkOn }) => linkOn(`/racket-finder?${FINDER_ANSWERS}`, /^\/product\/details\//)),
  ],
  "/racket-finder": [
    visitor("/racket-finder"),
    visitor(`/racket-finder?${FINDER_ANSWERS}`),
    // A budget that is not a number, beside a refused choice; and a budget nothing fits, with what to relax.
    visitor("/racket-finder?nivel=experto&presupuesto=mucho"),
    visitor("/racket-finder?nivel=competicion&codo=si&presupuesto=1"),
  ],
  // Shoes (a brand's table and an answer to a foot length) and clothing (the letter sizes' table).
  "/product/details/:slug/size-guide": [
    visitor(async () => `${await sizeGuideOf("zapatillas")}?pie=26%2C5`),
    visitor(async () => `${await sizeGuideOf("ropa")}?pecho=96&cintura=&cadera=103`),
  ],
  "/tienda/:slug": [visitor(({ product }) => `/tienda/${product.shopSlug}`)],
  "/about": [visitor("/about")],
  "/contact": [visitor("/contact")],
  "/blog": [visitor("/blog")],
  "/policy": [visitor("/policy")],
  "/gift": [visitor("/gift")],
  "/shipping": [customer("/shipping")],
  "/payment": [customer(({ orders }) => `/payment?orderId=${orders.unpaid}`)],
  "/order/confirm/:orderId?": [customer(({ orders }) => `/order/confirm/${orders.paid}`), customer("/order/confirm")],
  "/order/summary": [customer(({ orders }) => `/order/summary?orderId=${orders.paid}`)],
  "/card": [visitor("/card"), customer("/card")],
  "/favorites": [visitor("/favorites"), customer("/favorites")],
  "/my-compare": [visitor("/my-compare"), customer("/my-compare")],
  "/register": [visitor("/register")],
  "/login": [visitor("/login")],
  "/verify-email": [visitor("/verify-email")],
  // An unsubscribe link that is not the store's (the journey, mail-preferences.spec.ts, opens a real one).
  "/mail/unsubscribe": [visitor("/mail/unsubscribe?token=enlace-roto", { status: 400 })],
  "/resetpassword": [visitor("/resetpassword")],
  "/changepassword/:id": [visitor("/changepassword/enlace-caducado")],
  "/dashboard": [customer("/dashboard"), seller("/dashboard")],
  "/dashboard/my-orders": [customer("/dashboard/my-orders"), seller("/dashboard/my-orders")],
  "/dashboard/order/details/:orderId": [
    customer(({ orders }) => `/dashboard/order/details/${orders.paid}`),
    customer(({ orders }) => `/dashboard/order/details/${orders.refunded}`),
    customer(({ orders }) => `/dashboard/order/details/${orders.unpaid}`),
    // Received, inside the return window: the «Devolver productos» form (issue 35).
    customer(({ orders }) => `/dashboard/order/details/${orders.received}`),
  ],
  "/dashboard/my-wishlist": [customer("/dashboard/my-wishlist")],
  "/dashboard/my-wallet": [customer("/dashboard/my-wallet")],
  "/dashboard/edit-profile": [customer("/dashboard/edit-profile")],
  "/dashboard/change-password": [customer("/dashboard/change-password")],
  "/dashboard/trial-class": [customer("/dashboard/trial-class")],
  "/dashboard/system-notifications": [
    customer("/dashboard/system-notifications"),
    seller("/dashboard/system-notifications"),
  ],
  "/dashboard/mail-preferences": [customer("/dashboard/mail-preferences"), seller("/dashboard/mail-preferences")],
  // The admin area: its page, and the 403 page a customer gets there.
  "/dashboard/admin": [admin("/dashboard/admin"), customer("/dashboard/admin", { status: 403 })],
  "/dashboard/admin/shop-requests": [admin("/dashboard/admin/shop-requests")],
  "/dashboard/admin/shop-requests/:userId": [
    admin(({ linkOn }) => linkOn("/dashboard/admin/shop-requests", /^\/dashboard\/admin\/shop-requests\/[^?]/)),
  ],
  "/dashboard/admin/shop-changes": [admin("/dashboard/admin/shop-changes")],
  "/dashboard/admin/shops": [
    admin("/dashboard/admin/shops"),
    // The forms folded away on a phone still fit once opened.
    admin("/dashboard/admin/shops?status=aprobada", {
      prepare: async (page) => {
        await page.getByText("Suspender la tienda…").first().click();
        await expect(page.getByRole("form", { name: /^Suspender / }).first()).toBeVisible();
      },
    }),
  ],
  "/dashboard/admin/audit": [admin("/dashboard/admin/audit")],
  "/dashboard/admin/categories": [
    admin("/dashboard/admin/categories", {
      // A refused form, its message shown, and a row's edit form open still fit.
      prepare: async (page) => {
        const add = page.getByRole("form", { name: "Añadir una categoría" });
        // A name without letters: the browser's own checks let it through.
        await add.getByLabel("Nombre de la categoría").fill("¡¿!?");
        await add
          .getByLabel("Imagen de la categoría")
          .setInputFiles({ name: "estrecha.png", mimeType: "image/png", buffer: await png() });
        await add.getByRole("button", { name: "Añadir la categoría" }).click();
        await expect(add.getByText("El nombre debe tener alguna letra o algún número.")).toBeVisible();
        await expect(add.getByLabel("Nombre de la categoría")).toHaveAttribute("aria-invalid", "true");
        await page
          .getByTestId("category-row")
          .first()
          .getByText(/^Renombrar o cambiar la imagen/)
          .click();
        await expect(page.getByRole("form", { name: /^Editar / }).first()).toBeVisible();
      },
    }),
  ],
  "/dashboard/admin/products": [
    admin("/dashboard/admin/products", {
      // A row's hide form open, refused for a blank reason (the browser's own checks let spaces
      // through): its message still fits.
      prepare: async (page) => {
        const row = page.getByTestId("admin-product").first();
        await row.getByText(/^Ocultar de la tienda/).click();
        await row.getByLabel("Motivo para el vendedor").fill("   ");
        await row.getByRole("button", { name: /^Ocultar/ }).click();
        await expect(row.getByText("Escribe el motivo: el vendedor lo leerá para corregir el producto.")).toBeVisible();
      },
    }),
    admin("/dashboard/admin/products?moderation=oculto_admin"),
  ],
  "/dashboard/admin/orders": [admin("/dashboard/admin/orders")],
  "/dashboard/admin/orders/:orderId": [
    admin(({ linkOn }) => linkOn("/dashboard/admin/orders", /^\/dashboard\/admin\/orders\/[^?]/)),
  ],
  "/dashboard/admin/users": [admin("/dashboard/admin/users?role=seller")],
  "/dashboard/admin/users/:userId": [
    // A seller with a shop, orders of their own and wallet movements: every part of the page drawn.
    admin(({ linkOn }) =>
      linkOn("/dashboard/admin/users?searchValue=vendedor1%40mercadopadel.test", /^\/dashboard\/admin\/users\/[^?]/),
    ),
  ],
  "/dashboard/admin/coupons": [admin("/dashboard/admin/coupons")],
  "/dashboard/admin/commission": [admin("/dashboard/admin/commission")],
  "/dashboard/admin/withdrawals": [admin("/dashboard/admin/withdrawals")],
  "/dashboard/admin/books": [admin("/dashboard/admin/books")],
  "/dashboard/admin/stuck-mail": [admin("/dashboard/admin/stuck-mail")],
  "/dashboard/seller": [seller("/dashboard/seller")],
  "/dashboard/seller/products": [
    seller("/dashboard/seller/products"),
    // Filtered and sorted (issue 34), the bulk form above the rows.
    seller("/dashboard/seller/products?state=publicado&stock=bajo&sort=precio"),
    // The confirmation before deleting a product.
    seller(({ linkOn }) => linkOn("/dashboard/seller/products", /^\/dashboard\/seller\/products\?(.*&)?confirmar=/)),
  ],
  "/dashboard/seller/add-product": [seller("/dashboard/seller/add-product")],
  "/dashboard/seller/edit-product/:productId": [
    seller(({ linkOn }) => linkOn("/dashboard/seller/products", /^\/dashboard\/seller\/edit-product\//)),
  ],
  "/dashboard/seller/discounts": [seller("/dashboard/seller/discounts")],
  "/dashboard/seller/control": [seller("/dashboard/seller/control")],
  "/dashboard/seller/control/:productId": [
    seller(({ linkOn }) => linkOn("/dashboard/seller/control", /^\/dashboard\/seller\/control\/[^?]/)),
  ],
  "/dashboard/seller/orders": [
    seller("/dashboard/seller/orders"),
    // The CSV form refused: its messages beside the fields.
    seller("/dashboard/seller/orders?from=2026-03-10&to=2026-03-01"),
  ],
  "/dashboard/seller/orders/details/:orderId": [
    seller(({ linkOn }) => linkOn("/dashboard/seller/orders", /^\/dashboard\/seller\/orders\/details\//)),
  ],
  "/dashboard/seller/payments": [seller("/dashboard/seller/payments")],
  "/dashboard/seller/reviews": [seller("/dashboard/seller/reviews")],
  "/dashboard/seller/shipping": [seller("/dashboard/seller/shipping")],
  "/dashboard/seller/profile": [seller("/dashboard/seller/profile")],
  "/dashboard/seller/coupons": [seller("/dashboard/seller/coupons")],
  "/dashboard/seller/products/import": [seller("/dashboard/seller/products/import")],
  "/dashboard/shop": [customer("/dashboard/shop")],
  "/dashboard/shop/confirmation": [seller("/dashboard/shop/confirmation")],
  "/*": [visitor("/pagina-que-no-existe", { status: 404 })],
};

/** Routes that answer no screen of their own, and why. */
const NO_SCREEN: Record<string, string> = {
  "/cart": "la misma pantalla que /card (el mismo módulo), barrida allí",
  "/shopper-lists": "solo recibe los botones de las tarjetas (POST) y redirige",
  "/logout": "solo POST: cierra la sesión y redirige",
  "/auth/google": "redirige a Google",
  "/auth/google/callback": "la vuelta de Google: inicia la sesión y redirige",
  "/dashboard/seller/payments/statement": "un archivo CSV",
  "/dashboard/admin/orders.csv": "un archivo CSV (tests/e2e/admin-orders.spec.ts)",
  "/dashboard/seller/products/export": "un archivo CSV (tests/e2e/seller-exports.spec.ts)",
  "/dashboard/seller/orders/export": "un archivo CSV; su formulario está en /dashboard/seller/orders",
  "/documentos-tienda/:documentId": "el archivo de un documento de tienda",
  "/search-suggestions": "datos JSON para el buscador",
  "/socket-token": "datos JSON para la conexión en vivo",
  "/live-notifications": "datos JSON para la campana",
  "/region": "las banderas: guarda la región elegida y vuelve a la página (tests/e2e/region-times.spec.ts)",
  "/robots.txt": "texto para los buscadores (tests/http)",
  "/sitemap.xml": "XML para los buscadores (tests/http)",
};

/** The size guide's page of the first product of a category sold by size. */
/**
 * The guide of the category's oldest product with sizes: one of the demo's. Journeys add products of
 * their own meanwhile, and change or drop their guides (size-guides.spec.ts ends with «Sin guía»).
 */
async function sizeGuideOf(category: string): Promise<string> {
  const cards = (await queryProducts({ category, parPage: "40" })).products;
  const [oldest] = (await Promise.all(cards.map((card) => productDetails(card.slug))))
    .filter((product) => product.sizes.length > 0)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (!oldest) throw new Error(`no hay productos con tallas en «${category}»`);
  return `/product/details/${oldest.slug}/size-guide`;
}

/** The product without sizes with the longest name in these categories, with units enough for every order of the run. */
async function longestNamedProduct(categories: string[]): Promise<string> {
  const cards = (
    await Promise.all(
      categories.map(
        async (category) => (await queryProducts({ category, availability: "in-stock", parPage: "40" })).products,
      ),
    )
  ).flat();
  for (const card of cards.filter((card) => card.stock >= 10).sort((a, b) => b.name.length - a.name.length)) {
    const details = await productDetails(card.slug);
    if (details.sizes.length === 0) return details._id;
  }
  throw new Error("no hay productos sin tallas con existencias");
}

/**
 * A customer with the widest of everything: a long name, an order paid and shipped, one paid and
 * refunded to the wallet (and the notices of both), one received (its return form), one unpaid for the longest name no journey buys
 * with an offer on it, a unit in the cart, and the four longest rackets' names compared and wished for.
 */
async function customerWithEverything(email: string): Promise<SweepData["orders"]> {
  await registerThroughApi("Maximiliana Fernández-Villaverde", email);
  const productId = await plentifulProduct();
  const paid = await buyAndPay(email, productId);
  const refunded = await buyAndPay(email, productId);
  await adminMovesOrder(refunded, "cancelado");
  await adminMovesOrder(paid, "enviado");
  const received = await buyAndPay(email, productId);
  await adminMovesOrder(received, "enviado");
  const unpaid = await placeOrderThroughApi(email, await longestNamedProduct(["paleteros", "accesorios"]));
  const { token, userId } = await apiSignIn(email);
  const { order } = await apiJson<{ order: { suborders: { _id: string; subtotal: number }[] } }>(
    `/home/order/${unpaid}`,
    { token },
  );
  const part = order.suborders[0]!;
  const { order: receivedOrder } = await apiJson<{ order: { suborders: { _id: string }[] } }>(
    `/home/order/${received}`,
    { token },
  );
  await apiJson(`/home/customer/order-received/${receivedOrder.suborders[0]!._id}`, { method: "POST", token });
  await apiJson("/home/customer/offer", {
    method: "POST",
    token,
    body: JSON.stringify({ shopOrderId: part._id, price: Math.floor((part.subtotal * 0.8) / 100) * 100 }),
  });
  await apiJson("/home/product/add-to-card", {
    method: "POST",
    token,
    body: JSON.stringify({ userId, productId, quantity: 1 }),
  });
  const { products: rackets } = await queryProducts({ category: "palas", parPage: "40" });
  for (const racket of [...rackets].sort((a, b) => b.name.length - a.name.length).slice(0, 4))
    for (const list of ["add-to-compare", "add-to-wishlist"])
      await apiJson(`/home/product/${list}`, {
        method: "POST",
        token,
        body: JSON.stringify({ userId, productId: racket._id }),
      });
  return { paid, refunded, unpaid, received };
}

const ROLES: { role: Role; signIn: (page: Page, customerEmail: string) => Promise<unknown> }[] = [
  { role: "visitante", signIn: async () => undefined },
  { role: "cliente", signIn: (page, customerEmail) => signIn(page, customerEmail, SHOPPER_PASSWORD) },
  { role: "vendedor", signIn: (page) => signIn(page, "vendedor1@mercadopadel.test") },
  { role: "administrador", signIn: (page) => signIn(page, ADMIN_EMAIL) },
];

/** Screens per test: a role's screens are swept in a few tests, so both workers share them. */
const VISITS_PER_TEST = 4;

/** Opens each screen at 360 px and answers what is wrong with it: its status or address, its width, axe's findings. */
async function sweep(page: Page, visits: Visit[], data: SweepData): Promise<string[]> {
  const problems: string[] = [];
  for (const { path: pathOf, status = 200, prepare } of visits) {
    const path = await pathOf(data);
    const response = await page.goto(path);
    if (response?.status() !== status) problems.push(`${path} respondió ${response?.status()}, no ${status}`);
    const reached = new URL(page.url());
    if (`${reached.pathname}${reached.search}` !== path)
      problems.push(`${path} lleva a ${reached.pathname}${reached.search}`);
    await prepare?.(page);
    const { scrollWidth, viewportWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      viewportWidth: window.innerWidth,
    }));
    if (scrollWidth > viewportWidth) problems.push(`${path} mide ${scrollWidth} px`);
    // Only the violations are reported back: every rule still runs (the passes are what it leaves out).
    const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
    for (const violation of violations.filter(({ impact }) => impact === "serious" || impact === "critical"))
      problems.push(`${path}: ${violation.id} ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  }
  return problems;
}

test.use({ viewport: { width: 360, height: 740 } });

test("cada ruta de app/routes.ts tiene su barrido, o dice por qué no muestra ninguna pantalla", () => {
  const patterns = answeringRoutes.map((route) => route.pattern);
  expect(patterns.filter((pattern) => !(pattern in SWEEP) && !(pattern in NO_SCREEN))).toEqual([]);
  const known = new Set(storeRoutes.map((route) => route.pattern));
  expect([...Object.keys(SWEEP), ...Object.keys(NO_SCREEN)].filter((pattern) => !known.has(pattern))).toEqual([]);
  // /cart is /card's own module under a second address; the others draw no page (.ts modules).
  const routeOf = (pattern: string) => storeRoutes.find((route) => route.pattern === pattern)!;
  expect(routeOf("/cart").file).toBe(routeOf("/card").file);
  const drawing = Object.keys(NO_SCREEN).filter((pattern) => pattern !== "/cart" && routeOf(pattern).screen);
  expect(drawing, "rutas que dibujan una página pero no se barren").toEqual([]);
});

for (const { role, signIn: signInAs } of ROLES)
  test.describe(`${role}, en un teléfono de 360 px`, () => {
    const visits = Object.values(SWEEP)
      .flat()
      .filter((candidate) => candidate.as === role);
    /** The customer's data, made once per worker by the first of the role's tests that runs there. */
    let customer: Promise<{ email: string; orders: SweepData["orders"] }> | undefined;
    const customerOf = (testInfo: TestInfo) =>
      (customer ??= (async () => {
        const email = uniqueEmail(testInfo, "barrido");
        return { email, orders: await customerWithEverything(email) };
      })());

    for (let start = 0; start < visits.length; start += VISITS_PER_TEST) {
      const chunk = visits.slice(start, start + VISITS_PER_TEST);
      test(`pantallas ${start + 1}-${start + chunk.length} de ${visits.length}: caben a lo ancho y axe no encuentra problemas graves`, async ({
        page,
      }, testInfo) => {
        // The first of the customer's tests in a worker also makes the customer's orders.
        test.setTimeout(120_000);
        const { email, orders } =
          role === "cliente"
            ? await customerOf(testInfo)
            : { email: "", orders: { paid: "", refunded: "", unpaid: "", received: "" } };
        const [product] = (await queryProducts({ availability: "in-stock", parPage: "1" })).products;
        await signInAs(page, email);
        const data: SweepData = {
          product: product!,
          orders,
          linkOn: (listPath, pattern) => firstLink(page.request, listPath, pattern),
        };
        expect(await sweep(page, chunk, data)).toEqual([]);
      });
    }
  });
