import { expect, openWithScriptsHeld, test, type Page } from "./fixtures";
import {
  adminMovesOrder,
  buyAndPay,
  placeOrderThroughApi,
  plentifulProduct,
  registerThroughApi,
} from "./orders-support";
import { signInThroughForm } from "./seller-support";
import {
  ADMIN_EMAIL,
  apiSignIn,
  apiUrl,
  firstLinkTarget,
  productDetails,
  queryProducts,
  SHOPPER_PASSWORD,
  uniqueEmail,
} from "./support";

/**
 * Issue 13: every screen of the store fits a 360 px phone, with JavaScript on and off. Each role
 * opens all its pages at 360x740 and the test lists every page laid out wider than the screen, so
 * one run names all the overflows at once.
 */

test.use({ viewport: { width: 360, height: 740 } });

/**
 * Opens each path and answers those whose layout is wider than the viewport, with their width, and
 * those that sent elsewhere (the screen meant was never measured).
 */
async function overflowingPages(page: Page, paths: string[]): Promise<string[]> {
  const overflowing: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    const reached = new URL(page.url());
    if (`${reached.pathname}${reached.search}` !== path)
      overflowing.push(`${path} lleva a ${reached.pathname}${reached.search}`);
    const { scrollWidth, viewportWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      viewportWidth: window.innerWidth,
    }));
    if (scrollWidth > viewportWidth) overflowing.push(`${path} mide ${scrollWidth} px`);
  }
  return overflowing;
}

/**
 * The product without sizes with the longest name in these categories, among those with units
 * enough that the unpaid orders of both projects (and any other journey's) never run it out.
 */
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

test.describe("la tienda en un teléfono de 360 px", () => {
  test("el menú abierto antes de que lleguen los scripts sigue abierto cuando llegan", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    test.skip(!javaScriptEnabled, "sin JavaScript no hay scripts que esperar");
    const scripts = await openWithScriptsHeld(page, `${baseURL}/`);
    await page.locator("summary").filter({ hasText: "Menú" }).click();
    const menu = page.getByRole("navigation", { name: "Menú móvil" });
    await expect(menu).toBeVisible();
    await scripts.release();
    await expect(page.locator("html[data-hidratada]")).toBeAttached();
    await expect(menu).toBeVisible();
    // A link from it still folds it on the next page.
    await menu.getByRole("link").first().click();
    await expect(menu).toBeHidden();
  });

  test("el visitante ve todas las páginas públicas sin desplazarse a lo ancho", async ({ page }) => {
    const [product] = (await queryProducts({ availability: "in-stock", parPage: "1" })).products;
    if (!product) throw new Error("no hay productos con existencias");
    const paths = [
      "/",
      "/products",
      "/products?category=palas&brand=Bullpadel&availability=in-stock&sortPrice=low-to-high",
      "/products?searchValue=pala",
      `/product/details/${product.slug}`,
      `/tienda/${product.shopSlug}`,
      "/about",
      "/contact",
      "/blog",
      "/policy",
      "/gift",
      "/card",
      "/favorites",
      "/my-compare",
      "/login",
      "/register",
      "/resetpassword",
      "/changepassword/enlace-caducado",
      "/verify-email",
      "/pagina-que-no-existe",
    ];
    expect(await overflowingPages(page, paths)).toEqual([]);

    // The sort selects are wide enough to read «Por defecto» whole (at 111 px it was «Por defect»).
    await page.goto("/products");
    for (const label of ["Ordenar por precio", "Ordenar por fecha"]) {
      expect((await page.getByLabel(label).boundingBox())!.width).toBeGreaterThanOrEqual(144);
    }
  });

  test("un cliente con pedidos, monedero y avisos ve todas sus páginas sin desplazarse a lo ancho", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "telefono-cliente");
    await registerThroughApi("Maximiliana Fernández-Villaverde", email);
    const productId = await plentifulProduct();
    const paidOrderId = await buyAndPay(email, productId);
    // Cancelling a paid order refunds it to the wallet and notifies the customer.
    const refundedOrderId = await buyAndPay(email, productId);
    await adminMovesOrder(refundedOrderId, "cancelado");
    await adminMovesOrder(paidOrderId, "enviado");
    // The unpaid order holds the longest name no other journey buys (bags and accessories), the widest summary row.
    const unpaidOrderId = await placeOrderThroughApi(email, await longestNamedProduct(["paleteros", "accesorios"]));
    const { token, userId } = await apiSignIn(email);
    const added = await fetch(`${apiUrl}/home/product/add-to-card`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ userId, productId, quantity: 1 }),
    });
    expect(added.ok).toBe(true);
    // Compared and wished for: the four longest names of a page of rackets, the widest columns and cards.
    const { products: rackets } = await queryProducts({ category: "palas", parPage: "40" });
    for (const racket of [...rackets].sort((a, b) => b.name.length - a.name.length).slice(0, 4)) {
      for (const list of ["add-to-compare", "add-to-wishlist"]) {
        const listed = await fetch(`${apiUrl}/home/product/${list}`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ userId, productId: racket._id }),
        });
        expect(listed.ok).toBe(true);
      }
    }

    await signInThroughForm(page, email, SHOPPER_PASSWORD);
    const paths = [
      "/card",
      "/shipping",
      `/payment?orderId=${unpaidOrderId}`,
      `/order/summary?orderId=${paidOrderId}`,
      `/order/confirm/${paidOrderId}`,
      "/favorites",
      "/my-compare",
      "/dashboard",
      "/dashboard/my-orders",
      `/dashboard/order/details/${paidOrderId}`,
      `/dashboard/order/details/${refundedOrderId}`,
      "/dashboard/my-wishlist",
      "/dashboard/my-wallet",
      "/dashboard/edit-profile",
      "/dashboard/change-password",
      "/dashboard/trial-class",
      "/dashboard/system-notifications",
      "/dashboard/shop",
      "/dashboard/admin",
    ];
    expect(await overflowingPages(page, paths)).toEqual([]);
  });

  test("un vendedor con productos y pedidos ve todo su panel sin desplazarse a lo ancho", async ({ page }) => {
    await signInThroughForm(page, "vendedor1@mercadopadel.test");
    const orderDetails = await firstLinkTarget(
      page,
      "/dashboard/seller/orders",
      /^\/dashboard\/seller\/orders\/details\//,
    );
    const editProduct = await firstLinkTarget(
      page,
      "/dashboard/seller/products",
      /^\/dashboard\/seller\/edit-product\//,
    );
    const controlProduct = await firstLinkTarget(
      page,
      "/dashboard/seller/control",
      /^\/dashboard\/seller\/control\/[^?]/,
    );
    const paths = [
      "/dashboard/seller",
      "/dashboard/seller/products",
      "/dashboard/seller/add-product",
      editProduct,
      "/dashboard/seller/discounts",
      "/dashboard/seller/control",
      controlProduct,
      "/dashboard/seller/orders",
      orderDetails,
      "/dashboard/seller/payments",
      "/dashboard/shop/confirmation",
      "/dashboard",
      "/dashboard/my-orders",
      "/dashboard/system-notifications",
    ];
    expect(await overflowingPages(page, paths)).toEqual([]);
  });

  test("el administrador ve todo su panel sin desplazarse a lo ancho", async ({ page }) => {
    await signInThroughForm(page, ADMIN_EMAIL);
    const order = await firstLinkTarget(page, "/dashboard/admin/orders", /^\/dashboard\/admin\/orders\/[^?]/);
    const shopRequest = await firstLinkTarget(
      page,
      "/dashboard/admin/shop-requests",
      /^\/dashboard\/admin\/shop-requests\/[^?]/,
    );
    const paths = [
      "/dashboard/admin",
      "/dashboard/admin/shop-requests",
      shopRequest,
      "/dashboard/admin/shops",
      "/dashboard/admin/audit",
      "/dashboard/admin/categories",
      "/dashboard/admin/orders",
      order,
      "/dashboard/admin/coupons",
      "/dashboard/admin/withdrawals",
      "/dashboard/admin/books",
    ];
    expect(await overflowingPages(page, paths)).toEqual([]);
  });
});
