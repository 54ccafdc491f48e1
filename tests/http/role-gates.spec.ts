import { expect, test, type APIRequestContext } from "@playwright/test";
import { storeRoutes, type StoreRoute } from "../support/routes";
import { placeOrderThroughApi, plentifulProduct, registerThroughApi } from "../e2e/orders-support";
import { postLoginForm, signedInRequest } from "../e2e/sessions";
import { ADMIN_EMAIL, DEMO_PASSWORD, firstLink, SHOPPER_PASSWORD } from "../e2e/support";

/**
 * Who may open each screen of the account, the seller's area and the admin's area, asked over HTTP
 * with no browser: every /dashboard route of app/routes.ts (a new one is in the matrix the day it is
 * added) for a visitor, a customer, a seller and an admin, and every form of those areas posted by
 * someone who may not use it. What each role sees there is the journeys' (js-on and js-off).
 */
test.describe.configure({ mode: "default" });

type Role = "visitante" | "cliente" | "vendedor" | "administrador";
const ROLES: Role[] = ["visitante", "cliente", "vendedor", "administrador"];

interface Expected {
  status: number;
  /** Where a redirect sends the browser. */
  location?: string;
}

const OK: Expected = { status: 200 };
const FORBIDDEN: Expected = { status: 403 };
const NOT_FOUND: Expected = { status: 404 };
const FORBIDDEN_TEXT = "No tienes permiso para ver esta página.";

const within = (pattern: string, area: string) => pattern === area || pattern.startsWith(`${area}/`);

/**
 * The account's screens answer every signed-in user, but for these: what a role is sent elsewhere
 * for, and another user's order.
 */
const ACCOUNT_EXCEPTIONS: Record<string, Partial<Record<Role, Expected>>> = {
  // An admin's home is the admin area.
  "/dashboard": { administrador: { status: 302, location: "/dashboard/admin" } },
  // Another customer's order does not exist for a seller; an admin may read every order (the API's rule).
  "/dashboard/order/details/:orderId": { vendedor: NOT_FOUND },
  // A seller has applied (and been approved): the form leads to the state of the application.
  "/dashboard/shop": { vendedor: { status: 302, location: "/dashboard/shop/confirmation" } },
  // Without an application there is nothing to wait for: the form instead.
  "/dashboard/shop/confirmation": {
    cliente: { status: 302, location: "/dashboard/shop" },
    administrador: { status: 302, location: "/dashboard/shop" },
  },
};

/** What `role` gets from GET `path` (the route `pattern`). */
function expected(pattern: string, path: string, role: Role): Expected {
  if (role === "visitante") return { status: 302, location: `/login?${new URLSearchParams({ redirectTo: path })}` };
  if (within(pattern, "/dashboard/admin")) return role === "administrador" ? OK : FORBIDDEN;
  if (within(pattern, "/dashboard/seller")) return role === "vendedor" ? OK : FORBIDDEN;
  return ACCOUNT_EXCEPTIONS[pattern]?.[role] ?? OK;
}

const dashboardRoutes: StoreRoute[] = storeRoutes.filter(
  (route) => !route.layout && within(route.pattern, "/dashboard"),
);

let sessions: Record<Role, APIRequestContext>;
/** Each route's address, with the ids of records its own role may open. */
let paths: Map<string, string>;

test.beforeAll(async ({ playwright }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  // A customer with an order of their own; the demo seller and admin.
  const email = `permisos-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await registerThroughApi("Clara Permisos", email);
  const orderId = await placeOrderThroughApi(email, await plentifulProduct());
  sessions = {
    visitante: await playwright.request.newContext({ baseURL }),
    cliente: await signedInRequest(playwright, baseURL, email, SHOPPER_PASSWORD),
    vendedor: await signedInRequest(playwright, baseURL, "vendedor1@mercadopadel.test", DEMO_PASSWORD),
    administrador: await signedInRequest(playwright, baseURL, ADMIN_EMAIL, DEMO_PASSWORD),
  };

  const { vendedor: seller, administrador: admin } = sessions;
  /** Routes whose address needs an id, or a query without which they answer 400: how to find one. */
  const addresses: Record<string, () => Promise<string> | string> = {
    "/dashboard/order/details/:orderId": () => `/dashboard/order/details/${orderId}`,
    "/dashboard/admin/shop-requests/:userId": () =>
      firstLink(admin, "/dashboard/admin/shop-requests", /^\/dashboard\/admin\/shop-requests\/[^?]/),
    "/dashboard/admin/orders/:orderId": () =>
      firstLink(admin, "/dashboard/admin/orders", /^\/dashboard\/admin\/orders\/[^?]/),
    "/dashboard/admin/users/:userId": () =>
      firstLink(admin, "/dashboard/admin/users", /^\/dashboard\/admin\/users\/[^?]/),
    "/dashboard/seller/edit-product/:productId": () =>
      firstLink(seller, "/dashboard/seller/products", /^\/dashboard\/seller\/edit-product\//),
    "/dashboard/seller/control/:productId": () =>
      firstLink(seller, "/dashboard/seller/control", /^\/dashboard\/seller\/control\/[^?]/),
    "/dashboard/seller/orders/details/:orderId": () =>
      firstLink(seller, "/dashboard/seller/orders", /^\/dashboard\/seller\/orders\/details\//),
    "/dashboard/seller/payments/statement": () =>
      `/dashboard/seller/payments/statement?month=${new Date().toISOString().slice(0, 7)}`,
    "/dashboard/seller/orders/export": () => `/dashboard/seller/orders/export?from=2026-01-01&to=2026-01-31`,
  };
  paths = new Map();
  for (const { pattern } of dashboardRoutes) {
    const address = addresses[pattern];
    if (!address && pattern.includes(":")) throw new Error(`${pattern}: falta cómo encontrar su dirección`);
    paths.set(pattern, address ? await address() : pattern);
  }
});

test.afterAll(async () => {
  await Promise.all(Object.values(sessions ?? {}).map((session) => session.dispose()));
});

test("iniciar sesión lleva al cliente y al vendedor a su cuenta, y al administrador a la administración", async ({
  playwright,
}, testInfo) => {
  const landing: Record<string, string> = {};
  for (const [email, role] of [
    ["cliente@mercadopadel.test", "cliente"],
    ["vendedor1@mercadopadel.test", "vendedor"],
    [ADMIN_EMAIL, "administrador"],
  ] as const) {
    const session = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    landing[role] = await postLoginForm(session, email);
    await session.dispose();
  }
  expect(landing).toEqual({ cliente: "/dashboard", vendedor: "/dashboard", administrador: "/dashboard/admin" });
});

for (const role of ROLES)
  test(`${role}: cada pantalla de /dashboard responde lo que su papel permite`, async () => {
    const wrong: string[] = [];
    for (const { pattern, screen } of dashboardRoutes) {
      const path = paths.get(pattern)!;
      const want = expected(pattern, path, role);
      const response = await sessions[role].get(path, { maxRedirects: 0 });
      const got: Expected = { status: response.status() };
      if (want.location !== undefined) got.location = response.headers()["location"];
      if (JSON.stringify(got) !== JSON.stringify(want))
        wrong.push(`${path}: ${JSON.stringify(got)} en vez de ${JSON.stringify(want)}`);
      else if (want.status === 403 && screen) {
        // The 403 page says so, in words, without the area's menu (a file's route answers only the status).
        const html = await response.text();
        if (!html.includes(FORBIDDEN_TEXT) || !html.includes("Sin permiso"))
          wrong.push(`${path}: la página 403 no lo dice`);
        if (html.includes('aria-label="Administración"'))
          wrong.push(`${path}: la página 403 muestra el menú de la administración`);
      }
    }
    expect(wrong).toEqual([]);
  });

/** The intents of the forms of a page as `request`'s user sees it: the value of each `name="intent"` field or button. */
async function intentsOn(request: APIRequestContext, path: string): Promise<string[]> {
  const html = await (await request.get(path)).text();
  const values = [...html.matchAll(/<(?:button|input)\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => /\bname="intent"/.test(tag))
    .map((tag) => /\bvalue="([^"]*)"/.exec(tag)?.[1])
    .filter((value): value is string => value !== undefined);
  return [...new Set(values)];
}

/** Decisions posted whole, as a form would send them (a made-up shop; the area's own category form). */
const ATTEMPTS: Record<string, { intent: string; multipart: boolean; fields?: Record<string, string> }[]> = {
  "/dashboard/admin/shops": [
    { intent: "reactivar", multipart: false, fields: { shopId: "00000000-0000-4000-8000-000000000000" } },
  ],
  "/dashboard/admin/categories": [
    { intent: "crear-categoria", multipart: true, fields: { name: "Intrusa", specSheet: "ninguna" } },
  ],
  // The import's second step is only drawn after a preview: its intent, with a file's text.
  "/dashboard/seller/products/import": [{ intent: "importar", multipart: true, fields: { csv: "ID;Nombre" } }],
};

test("los formularios de las áreas del vendedor y de la administración rechazan a quien no puede usarlos", async () => {
  const wrong: string[] = [];
  const areas: [string, Role, Role[]][] = [
    ["/dashboard/admin", "administrador", ["cliente", "vendedor"]],
    ["/dashboard/seller", "vendedor", ["cliente", "administrador"]],
  ];
  /** How many intents each area's pages showed their owner. */
  const harvested = new Map<string, number>();
  for (const [area, owner, refused] of areas)
    for (const { pattern } of dashboardRoutes.filter((route) => route.hasAction && within(route.pattern, area))) {
      const path = paths.get(pattern)!;
      // An intent no form has, sent as a plain form, and every intent of the page's own forms (as
      // its owner sees them), sent as a multipart form: refused before any of them is read.
      const intents = await intentsOn(sessions[owner], path);
      harvested.set(area, (harvested.get(area) ?? 0) + intents.length);
      const posts: { intent: string; multipart: boolean; fields?: Record<string, string> }[] = [
        { intent: "comprobar-permiso", multipart: false },
        ...intents.map((intent) => ({ intent, multipart: true })),
        ...(ATTEMPTS[pattern] ?? []),
      ];
      for (const role of [...refused, "visitante" as const])
        for (const { intent, multipart, fields = {} } of posts) {
          const body = { intent, ...fields };
          const response = await sessions[role].post(path, {
            ...(multipart ? { multipart: body } : { form: body }),
            maxRedirects: 0,
          });
          const want = role === "visitante" ? expected(pattern, path, role) : FORBIDDEN;
          const got: Expected = { status: response.status() };
          if (want.location !== undefined) got.location = response.headers()["location"];
          if (JSON.stringify(got) !== JSON.stringify(want))
            wrong.push(`${role} POST ${path} (${intent}): ${JSON.stringify(got)} en vez de ${JSON.stringify(want)}`);
          else if (want.status === 403 && !(await response.text()).includes(FORBIDDEN_TEXT))
            wrong.push(`${role} POST ${path} (${intent}): la página 403 no lo dice`);
        }
    }
  expect(wrong).toEqual([]);
  // The pages' own forms were read: each area's intents were posted, not only the made-up one.
  test.info().annotations.push({ type: "intenciones", description: JSON.stringify(Object.fromEntries(harvested)) });
  for (const [area] of areas) expect(harvested.get(area) ?? 0, area).toBeGreaterThan(5);
});

test("el menú de la cuenta lleva a cada área solo a quien puede entrar en ella", async () => {
  const areasLinked = async (role: Role) => {
    const html = await (await sessions[role].get("/dashboard/my-orders")).text();
    return { admin: html.includes('href="/dashboard/admin"'), seller: html.includes('href="/dashboard/seller"') };
  };
  expect(await areasLinked("cliente")).toEqual({ admin: false, seller: false });
  expect(await areasLinked("vendedor")).toEqual({ admin: false, seller: true });
  expect(await areasLinked("administrador")).toEqual({ admin: true, seller: false });
  // The account's home offers the seller's products only to a seller.
  const sellerLink = async (role: Role) =>
    (await (await sessions[role].get("/dashboard")).text()).includes('data-testid="seller-area-link"');
  expect(await sellerLink("cliente")).toBe(false);
  expect(await sellerLink("vendedor")).toBe(true);
});
