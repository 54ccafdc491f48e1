import { expect, test, type BrowserContext } from "./fixtures";
import { addedUpToStock } from "#contract/cart";
import {
  apiUrl,
  formatPrice,
  headerLink,
  productDetails,
  type ProductDetailsAnswer,
  queryProducts,
  shoesWithSizeInStock,
  uniqueEmail,
} from "./support";

/** The visitor's guest id inside the web's session cookie (signed, not encrypted). */
async function guestIdOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === "__mp_session");
  const signed = decodeURIComponent(cookie!.value);
  const encoded = signed.slice(0, signed.lastIndexOf("."));
  const session = JSON.parse(decodeURIComponent(escape(atob(encoded)))) as { guestId?: string };
  expect(session.guestId).toBeTruthy();
  return session.guestId!;
}

interface CartAnswer {
  price: number;
  shipping_fee: number;
  buy_product_item: number;
  card_product_count: number;
  card_products: { products: { productId: string; quantity: number; unitPrice: number; lineTotal: number }[] }[];
}

async function guestCart(guestId: string): Promise<CartAnswer> {
  const response = await fetch(`${apiUrl}/home/product/get-card-product/${guestId}`, {
    headers: { authorization: `Guest ${guestId}` },
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as CartAnswer;
}

test.describe("carrito, favoritos y comparación", () => {
  test("un visitante llena sus listas y las conserva al crear una cuenta", async ({ page, context }, testInfo) => {
    // Three lists filled, then an account made: about 40 s on a quiet 2-core machine.
    test.setTimeout(120_000);
    const racket = (await queryProducts({ category: "palas", availability: "in-stock", parPage: "20" })).products.find(
      (product) => product.stock >= 3,
    )!;
    const shoeCards = (await queryProducts({ category: "zapatillas", availability: "in-stock", parPage: "20" }))
      .products;
    let shoe: ProductDetailsAnswer | undefined;
    for (const card of shoeCards) {
      const details = await productDetails(card.slug);
      if (details.sizes.some((size) => size.stock > 0)) {
        shoe = details;
        break;
      }
    }
    expect(racket).toBeTruthy();
    expect(shoe).toBeTruthy();
    const shoeSize = shoe!.sizes.find((size) => size.stock > 0)!;

    // Before any list exists the header shows no badges.
    await page.goto("/");
    await expect(headerLink(page, "Carrito de Compra")).toHaveAttribute("title", "Carrito de Compra");
    await expect(headerLink(page, "Comparar productos")).toHaveAttribute("title", "Comparar productos");
    await expect(headerLink(page, "Favoritos")).toHaveAttribute("title", "Favoritos");
    await expect(page.getByRole("banner").getByTestId("count-badge")).toHaveCount(0);

    // A racket from the listing: added straight away, and to favourites and compare.
    await page.goto(`/products?searchValue=${encodeURIComponent(racket.name)}`);
    const racketCard = page
      .getByTestId("product-card")
      .filter({ has: page.getByRole("link", { name: racket.name, exact: true }) });
    await racketCard.getByRole("button", { name: "Agregar al carrito" }).click();
    await expect(page.getByText("Producto agregado al carrito.")).toBeVisible();
    await expect(headerLink(page, "Carrito de Compra", 1)).toBeVisible();
    await racketCard.getByRole("button", { name: "Agregar a favoritos" }).click();
    await expect(headerLink(page, "Favoritos", 1)).toBeAttached();
    await racketCard.getByRole("button", { name: "Comparar" }).click();
    await expect(headerLink(page, "Comparar productos", 1)).toBeAttached();

    // Shoes need a size: the listing sends to the page, where a missing size is refused next to the field.
    await page.goto(`/products?searchValue=${encodeURIComponent(shoe!.name)}`);
    const shoeCard = page
      .getByTestId("product-card")
      .filter({ has: page.getByRole("link", { name: shoe!.name, exact: true }) });
    await shoeCard.getByRole("link", { name: "Elegir talla" }).click();
    await expect(page).toHaveURL(new RegExp(`/product/details/${shoe!.slug}$`));
    // The page's own form; the related products below have buttons of their own.
    const purchase = page.getByRole("form", { name: "Comprar" });
    const addButton = purchase.getByRole("button", { name: "Agregar al carrito" });
    // The sizes are the choice itself: a radio for each, named by the size and its stock.
    const sizeGroup = purchase.getByRole("group", { name: "Talla" });
    await expect(sizeGroup.getByRole("radio")).toHaveCount(shoe!.sizes.length);
    const sizeRadio = (size: string) => sizeGroup.getByRole("radio", { name: new RegExp(`^${size} — `) });
    for (const size of shoe!.sizes) {
      if (size.stock === 0) await expect(sizeRadio(size.size)).toBeDisabled();
      else await expect(sizeRadio(size.size)).toBeEnabled();
    }
    // On a phone the button comes right after the sizes: once they are in view, its top is too.
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 360, height: 740 });
    await sizeGroup.evaluate((group) => group.scrollIntoView({ block: "start" }));
    const sizesBox = (await sizeGroup.boundingBox())!;
    const addBox = (await addButton.boundingBox())!;
    expect(addBox.y).toBeGreaterThan(sizesBox.y);
    expect(addBox.y).toBeLessThan(740);
    await page.setViewportSize(viewport);

    await addButton.click();
    await expect(sizeGroup).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`[id="${await sizeGroup.getAttribute("aria-describedby")}"]`)).toHaveText(
      "Elige una talla.",
    );
    await expect(headerLink(page, "Carrito de Compra", 1)).toBeVisible();
    // Arrow keys move the choice as in any radio group, over the sold-out sizes.
    const inStockSizes = shoe!.sizes.filter((size) => size.stock > 0);
    await sizeRadio(shoeSize.size).check();
    await page.keyboard.press("ArrowRight");
    await expect(sizeRadio(inStockSizes[1 % inStockSizes.length]!.size)).toBeChecked();
    await page.keyboard.press("ArrowLeft");
    await expect(sizeRadio(shoeSize.size)).toBeChecked();
    await addButton.click();
    await expect(headerLink(page, "Carrito de Compra", 2)).toBeVisible();
    await expect(sizeGroup).not.toHaveAttribute("aria-invalid", "true");
    await purchase.getByRole("button", { name: "Agregar a favoritos" }).click();
    await expect(headerLink(page, "Favoritos", 2)).toBeAttached();
    await purchase.getByRole("button", { name: "Comparar" }).click();
    await expect(headerLink(page, "Comparar productos", 2)).toBeAttached();

    // The cart: one line each, quantities by one, totals as the API computes them.
    await headerLink(page, "Carrito de Compra", 2).click();
    await expect(page).toHaveURL(/\/card$/);
    await expect(page).toHaveTitle("Carrito de Compra | Mercado Pádel");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    const racketLine = page
      .getByTestId("cart-line")
      .filter({ has: page.getByRole("link", { name: racket.name, exact: true }) });
    await expect(racketLine.getByTestId("quantity")).toHaveText("Cantidad: 1");
    await expect(racketLine.getByRole("button", { name: /Quitar una unidad/ })).toBeDisabled();
    await racketLine.getByRole("button", { name: /Añadir una unidad/ }).click();
    await expect(racketLine.getByTestId("quantity")).toHaveText("Cantidad: 2");
    await expect(headerLink(page, "Carrito de Compra", 3)).toBeVisible();

    const guestId = await guestIdOf(context);
    let cart = await guestCart(guestId);
    const racketAnswer = cart.card_products
      .flatMap((group) => group.products)
      .find((line) => line.productId === racket._id)!;
    expect(racketAnswer.quantity).toBe(2);
    await expect(racketLine.getByTestId("line-total")).toHaveText(
      `Total de la línea: ${formatPrice(racketAnswer.lineTotal)}`,
    );
    await expect(page.getByTestId("summary-subtotal")).toHaveText(formatPrice(cart.price));
    await expect(page.getByTestId("summary-shipping")).toHaveText(
      cart.shipping_fee > 0 ? formatPrice(cart.shipping_fee) : "Gratis",
    );
    await expect(page.getByTestId("summary-total")).toHaveText(formatPrice(cart.price + cart.shipping_fee));
    await expect(page.getByTestId("summary-items")).toHaveText("3 productos");

    await racketLine.getByRole("button", { name: /Quitar una unidad/ }).click();
    await expect(racketLine.getByTestId("quantity")).toHaveText("Cantidad: 1");
    const shoeLine = page
      .getByTestId("cart-line")
      .filter({ has: page.getByRole("link", { name: shoe!.name, exact: true }) });
    await expect(shoeLine).toContainText(`Talla: ${shoeSize.size}`);
    await shoeLine.getByRole("button", { name: "Eliminar" }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(headerLink(page, "Carrito de Compra", 1)).toBeVisible();
    cart = await guestCart(guestId);
    expect(cart.card_product_count).toBe(1);
    await expect(page.getByTestId("summary-subtotal")).toHaveText(formatPrice(cart.price));
    await expect(page.getByTestId("summary-total")).toHaveText(formatPrice(cart.price + cart.shipping_fee));
    await expect(page.getByTestId("summary-items")).toHaveText("1 producto");

    // Favourites and compare show both; one is removed from each.
    await page.goto("/favorites");
    await expect(page).toHaveTitle("Favoritos | Mercado Pádel");
    await expect(page.getByTestId("favorite")).toHaveCount(2);
    await expect(page.getByRole("link", { name: shoe!.name, exact: true })).toBeVisible();
    const shoeFavorite = page
      .getByTestId("favorite")
      .filter({ has: page.getByRole("link", { name: shoe!.name, exact: true }) });
    await expect(shoeFavorite.getByRole("link", { name: "Elegir talla" })).toBeVisible();
    await shoeFavorite.getByRole("button", { name: "Eliminar" }).click();
    await expect(page.getByTestId("favorite")).toHaveCount(1);
    await expect(page.getByRole("link", { name: racket.name, exact: true })).toBeVisible();

    await page.goto("/my-compare");
    await expect(page).toHaveTitle("Comparar productos | Mercado Pádel");
    const table = page.getByTestId("compare-table");
    for (const label of [
      "Precio",
      "Valoración",
      "Stock",
      "Marca",
      "Categoría",
      "Forma",
      "Peso",
      "Balance",
      "Núcleo",
      "Cara",
      "Nivel",
    ]) {
      await expect(table.getByRole("rowheader", { name: label, exact: true })).toBeVisible();
    }
    await expect(table.getByRole("columnheader")).toHaveCount(2);
    await expect(table.getByRole("row", { name: /^Forma/ })).toContainText("—");
    await table.getByRole("columnheader", { name: shoe!.name }).getByRole("button", { name: "Quitar" }).click();
    await expect(table.getByRole("columnheader")).toHaveCount(1);
    await expect(headerLink(page, "Comparar productos", 1)).toBeAttached();

    // A new account takes the visitor's lists.
    await page.goto("/register?redirectTo=/card");
    await page.getByLabel("Nombre").fill("Carla Compradora");
    await page.getByLabel("Correo electrónico").fill(uniqueEmail(testInfo, "carrito"));
    await page.getByLabel("Contraseña", { exact: true }).fill("Raqueta-2026");
    await page.getByLabel("Repite la contraseña").fill("Raqueta-2026");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page).toHaveURL(/\/card$/);
    await expect(page.getByRole("banner").getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByRole("link", { name: racket.name, exact: true })).toBeVisible();
    await expect(headerLink(page, "Carrito de Compra", 1)).toBeVisible();
    await expect(headerLink(page, "Favoritos", 1)).toBeAttached();
    await expect(headerLink(page, "Comparar productos", 1)).toBeAttached();
    await page.goto("/favorites");
    await expect(page.getByTestId("favorite")).toHaveCount(1);
  });

  test("pedir más unidades de una talla de las que quedan agrega las que hay y lo dice", async ({ page, context }) => {
    // A size with fewer units than the product's fullest size: the field's maximum lets more through.
    const shoe = (await shoesWithSizeInStock()).find((candidate) => {
      const fullest = Math.max(...candidate.sizes.map((size) => size.stock));
      return candidate.sizes.some((size) => size.stock > 0 && size.stock < fullest);
    });
    if (!shoe) throw new Error("no hay zapatillas con tallas de existencias distintas");
    const fullest = Math.max(...shoe.sizes.map((size) => size.stock));
    const scarce = shoe.sizes
      .filter((size) => size.stock > 0 && size.stock < fullest)
      .sort((a, b) => a.stock - b.stock)[0]!;

    await page.goto(`/product/details/${shoe.slug}`);
    const purchase = page.getByRole("form", { name: "Comprar" });
    await purchase
      .getByRole("group", { name: "Talla" })
      .getByRole("radio", { name: new RegExp(`^${scarce.size} — `) })
      .check();
    await purchase.getByLabel("Cantidad").fill(String(scarce.stock + 1));
    await purchase.getByRole("button", { name: "Agregar al carrito" }).click();

    // What the cart holds is what is left (a sale elsewhere may have taken some since it was read).
    await expect(page.getByText(/^No quedan tantas unidades/)).toBeVisible();
    const lines = (await guestCart(await guestIdOf(context))).card_products.flatMap((group) => group.products);
    expect(lines).toHaveLength(1);
    const held = lines[0]!.quantity;
    expect(held).toBeLessThanOrEqual(scarce.stock);
    await expect(page.getByText(addedUpToStock(held), { exact: true })).toBeVisible();
    await expect(headerLink(page, "Carrito de Compra", held)).toBeVisible();
  });

  test("las listas vacías lo dicen y /cart muestra el mismo carrito", async ({ page }) => {
    await page.goto("/cart");
    await expect(page.getByText("Tu carrito está vacío.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Ver productos" })).toHaveAttribute(
      "href",
      "/products",
    );
    await expect(page.getByRole("button", { name: /Continuar/ })).toHaveCount(0);
    await page.goto("/favorites");
    await expect(page.getByText("Todavía no tienes productos favoritos.")).toBeVisible();
    await page.goto("/my-compare");
    await expect(page.getByText("No hay productos para comparar.")).toBeVisible();
  });
});
