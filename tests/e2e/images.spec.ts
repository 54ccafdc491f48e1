import { expect, test, type Locator, type Page } from "./fixtures";
import { expectNoSeriousAxeViolations } from "./seller-support";
import { apiUrl } from "./support";

/**
 * Issue 13: the home banners' words are text over the picture, not pixels in it, and the hero's
 * picture comes in widths up to twice the width it is drawn at, so it is sharp on a sharp screen.
 * A page's largest picture is fetched first; pictures further down wait until they are near.
 */

interface BannerAnswer {
  title: string;
  subtitle: string;
  link: string;
}

async function banners(): Promise<BannerAnswer[]> {
  const response = await fetch(`${apiUrl}/banners`);
  return ((await response.json()) as { banners: BannerAnswer[] }).banners;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The banner's link, "Ver más" plus its title for a screen reader (which reads the hidden part after a pause). */
const bannerLink = (scope: Page | Locator, title: string) =>
  scope.getByRole("link", { name: new RegExp(`^Ver más\\s*:\\s*${escapeRegExp(title)}$`) });

/** The widths the `srcset` offers. */
async function offeredWidths(image: Locator): Promise<number[]> {
  const srcset = (await image.getAttribute("srcset")) ?? "";
  return srcset.split(",").map((candidate) => Number(candidate.trim().match(/ (\d+)w$/)?.[1]));
}

/**
 * The hero picture's drawn width in CSS pixels: it covers its box (object-cover), so on a box
 * taller than the picture it is drawn wider than the box. Also the width of the file the browser
 * chose, read from its address (naturalWidth is divided by the density the srcset gives it).
 */
async function heroPicture(page: Page) {
  const image = page.getByRole("article", { name: (await banners())[0]!.title }).locator("img");
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0);
  return image.evaluate((element: HTMLImageElement) => {
    const box = element.getBoundingClientRect();
    return {
      drawnWidth: Math.max(box.width, (box.height * element.naturalWidth) / element.naturalHeight),
      fileWidth: Number(element.currentSrc.match(/\/(\d+)\.webp$/)?.[1]),
      fontSizes: [...element.parentElement!.querySelectorAll("h2, p, a")].map((text) =>
        Number.parseFloat(getComputedStyle(text).fontSize),
      ),
    };
  });
}

test.describe("banners de la portada en pantalla ancha y nítida", () => {
  test.use({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 2 });

  test("el título, el subtítulo y el enlace de cada banner son texto; la foto del principal llega al doble de su ancho", async ({
    page,
    javaScriptEnabled,
  }) => {
    const all = await banners();
    expect(all.length).toBeGreaterThanOrEqual(2);
    await page.goto("/");
    for (const banner of all) {
      const card = page.getByRole("article", { name: banner.title });
      await expect(card.getByRole("heading", { level: 2, name: banner.title })).toBeVisible();
      if (banner.subtitle) await expect(card.getByText(banner.subtitle)).toBeVisible();
      await expect(bannerLink(card, banner.title)).toHaveAttribute("href", banner.link);
    }

    const hero = page.getByRole("article", { name: all[0]!.title }).locator("img");
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    const { drawnWidth, fileWidth } = await heroPicture(page);
    expect(Math.round(drawnWidth)).toBe(1232);
    expect(Math.max(...(await offeredWidths(hero)))).toBeGreaterThanOrEqual(2 * drawnWidth);
    expect(fileWidth).toBeGreaterThanOrEqual(2 * drawnWidth);

    // Preloaded from the head with the very candidates of the <img>, so the browser fetches it once.
    const preload = page.locator('head link[rel="preload"][as="image"]');
    await expect(preload).toHaveAttribute("imagesrcset", (await hero.getAttribute("srcset"))!);
    await expect(preload).toHaveAttribute("imagesizes", (await hero.getAttribute("sizes"))!);
    await expect(preload).toHaveAttribute("fetchpriority", "high");

    await expectNoSeriousAxeViolations(page, javaScriptEnabled);
  });
});

test.describe("banners de la portada en un móvil", () => {
  test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });

  test("el texto del banner principal se lee a tamaño normal, la foto es nítida y el enlace lleva al listado", async ({
    page,
  }) => {
    const [hero] = await banners();
    await page.goto("/");
    const { drawnWidth, fileWidth, fontSizes } = await heroPicture(page);
    expect(fileWidth).toBeGreaterThanOrEqual(2 * drawnWidth);
    // The words once drawn into the picture were about 6 px high here.
    expect(Math.min(...fontSizes)).toBeGreaterThanOrEqual(14);

    await bannerLink(page, hero!.title).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(hero!.link)}$`));
    // The stylesheet is written into the document (InlineStylesheet): with JavaScript on it must
    // outlive hydration and the move to another page, which the browser made without a reload.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).display)).toBe("flex");
  });
});

test.describe("fotos del listado", () => {
  test("las de la primera fila se cargan enseguida, la primera antes que ninguna; las demás, al acercarse", async ({
    page,
  }) => {
    await page.goto("/products");
    const pictures = page.getByTestId("product-card").locator("img");
    expect(await pictures.count()).toBeGreaterThan(4);
    await expect(pictures.nth(0)).toHaveAttribute("fetchpriority", "high");
    await expect(pictures.nth(0)).toHaveAttribute("loading", "eager");
    await expect(pictures.nth(1)).toHaveAttribute("loading", "eager");
    await expect(pictures.nth(1)).not.toHaveAttribute("fetchpriority", "high");
    await expect(pictures.nth(4)).toHaveAttribute("loading", "lazy");
  });
});
