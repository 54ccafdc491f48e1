import { expect, test } from "./fixtures";

test.describe("cabecera, pie y páginas informativas", () => {
  test("la cabecera y el pie muestran lo que pide la especificación", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByText("Ingresa desde")).toBeVisible();
    for (const country of ["España", "Estados Unidos", "Venezuela"])
      await expect(page.getByRole("img", { name: country })).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Principal" });
    await expect(menu.getByRole("link", { name: "Productos" })).toHaveAttribute("href", "/products");
    await expect(menu.getByRole("link", { name: "Mi perfil" })).toHaveAttribute("href", "/dashboard");
    await expect(menu.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    await expect(page.getByRole("combobox", { name: "Buscar productos" })).toHaveAttribute("placeholder", "BUSCAR");
    await expect(page.getByRole("link", { name: "Carrito de Compra" })).toHaveAttribute("href", "/card");

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("heading", { name: "CATEGORÍAS" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Palas" })).toHaveAttribute("href", "/products?category=palas");
    for (const href of [
      "/products",
      "/dashboard",
      "/gift",
      "/blog",
      "/card",
      "/register",
      "/login",
      "/policy",
      "/about",
      "/contact",
    ]) {
      await expect(footer.locator(`a[href="${href}"]`).first()).toBeVisible();
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Mercado Pádel`);
  });

  test("blog, sobre nosotros, políticas y regalos", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("article").first().getByRole("heading", { level: 2 })).toBeVisible();

    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1, name: "Sobre nosotros" })).toBeVisible();

    await page.goto("/policy");
    await page.getByRole("navigation", { name: "Índice" }).getByRole("link", { name: "Devoluciones" }).click();
    await expect(page).toHaveURL(/#devoluciones$/);

    await page.goto("/gift");
    await expect(page.getByRole("heading", { level: 1, name: "Cupones y Vales de Regalo" })).toBeVisible();
    for (const code of ["AHORRA20", "REGALO50", "VALE100", "VOUCHER200", "VOUCHER500", "VOUCHER1000"]) {
      await expect(page.getByText(code, { exact: true })).toBeVisible();
    }
    await expect(page.getByText("No se requiere experiencia previa. Raquetas y pelotas proporcionadas.")).toBeVisible();
  });

  test("el formulario de contacto avisa junto al campo, conserva lo escrito y confirma el envío", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Nombre").fill("Lucía Pérez");
    await page.getByLabel("Correo electrónico").fill("lucia-sin-arroba");
    await page.getByLabel("Asunto").fill("Consulta sobre tallas");
    await page.getByLabel("Mensaje").fill("¿Las zapatillas Asics tallan grande o pequeño?");
    await page.getByRole("button", { name: "Enviar mensaje" }).click();

    const email = page.getByLabel("Correo electrónico");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    const errorId = await email.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${errorId!.split(" ")[0]}"]`)).toContainText(/correo/i);
    await expect(page.getByLabel("Nombre")).toHaveValue("Lucía Pérez");
    await expect(page.getByLabel("Mensaje")).toHaveValue("¿Las zapatillas Asics tallan grande o pequeño?");

    await email.fill("lucia@example.com");
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(page.getByRole("status")).toContainText("Mensaje enviado. Te responderemos pronto.");
    await expect(page.getByLabel("Nombre")).toHaveValue("");
  });
});
