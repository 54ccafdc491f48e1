import { expect, test, type Page, type TestInfo } from "./fixtures";
import sharp from "sharp";
import { slugify } from "#contract/catalog";
import { addBallsThroughApi, approvedSellerThroughApi, png } from "./seller-support";
import { signIn } from "./sessions";
import { ADMIN_EMAIL, uniqueEmail } from "./support";

/**
 * Issue 11, categories in the admin area: adding one with its image (a duplicate name first, refused
 * beside the field with what was typed kept), renaming it, finding it under its new name on the home
 * page and in the listing's filter, and both changes in the audit log (who may enter:
 * tests/http/role-gates.spec.ts; the screen at 360 px: tests/e2e/sweep.spec.ts). Each
 * project adds a category of its own, with a name no other spec looks for and no products, so the
 * catalogue the other specs read keeps its products and counts.
 */

const PAGE = "/dashboard/admin/categories";

function adminMenu(page: Page) {
  return page.getByRole("navigation", { name: "Administración" });
}

/** A small PNG, drawn here: the API judges the file by its content. */
async function pngFile(name: string) {
  const buffer = await sharp({
    create: { width: 160, height: 160, channels: 3, background: { r: 132, g: 204, b: 22 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/**
 * A name of this project's own, made of words no seeded category has (other specs find 'Palas' or
 * 'Zapatillas' by part of their name), with digits so two runs never meet.
 */
function uniqueName(testInfo: TestInfo, word: string): string {
  return `${word} ${testInfo.project.name === "js-off" ? "Sin Script" : "Con Script"} ${String(Date.now()).slice(-6)}${
    testInfo.retry
  }`;
}

test.describe("administración de categorías", () => {
  test("el administrador añade una categoría con su imagen, la renombra, la ve en la tienda y en el registro", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const name = uniqueName(testInfo, "Grips");
    const renamed = uniqueName(testInfo, "Overgrips y Muñequeras");

    await signIn(page, ADMIN_EMAIL);
    await page.goto("/dashboard/admin");
    await adminMenu(page).getByRole("link", { name: "Categorías", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Categorías");
    await expect(adminMenu(page).getByRole("link", { name: "Categorías", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(
      page
        .getByTestId("category-row")
        .filter({ has: page.getByRole("heading", { name: "Palas", exact: true }) })
        .getByTestId("category-spec-sheet"),
    ).toHaveText("Ficha de pala");

    // A name the store has already, in other capitals and accents: refused beside the name, what was
    // typed kept (the form's other rules: tests/unit/admin-categories-web.test.ts, tests/api/categories.test.ts).
    const add = page.getByRole("form", { name: "Añadir una categoría" });
    await add.getByLabel("Nombre de la categoría").fill("PÁLAS");
    await add.getByLabel("Ficha técnica").selectOption({ label: "Ficha de zapatilla" });
    await add.getByLabel("Imagen de la categoría").setInputFiles(await pngFile("grips.png"));
    await add.getByRole("button", { name: "Añadir la categoría" }).click();
    const duplicate =
      "Ya existe la categoría «Palas» (se comparan sin distinguir mayúsculas ni acentos). Elige otro nombre.";
    await expect(add.getByText(duplicate)).toBeVisible();
    await expect(add.getByLabel("Nombre de la categoría")).toHaveAttribute("aria-invalid", "true");
    await expect(add.getByLabel("Nombre de la categoría")).toHaveValue("PÁLAS");
    await expect(add.getByLabel("Ficha técnica")).toHaveValue("zapatilla");
    await expect(add.getByText("Por seguridad, vuelve a elegir la imagen.")).toBeVisible();

    // Its own name, no spec sheet, the image again: created, and the list shows it.
    await add.getByLabel("Nombre de la categoría").fill(name);
    await add.getByLabel("Ficha técnica").selectOption({ label: "Sin ficha técnica" });
    await add.getByLabel("Imagen de la categoría").setInputFiles(await pngFile("grips.png"));
    await add.getByRole("button", { name: "Añadir la categoría" }).click();
    await expect(page.getByText("Categoría creada.")).toBeVisible();
    await expect(page).toHaveURL(/searchValue=/);
    const row = page.getByTestId("category-row").filter({ has: page.getByRole("heading", { name, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("category-slug")).toHaveText(slugify(name));
    await expect(row.getByTestId("category-spec-sheet")).toHaveText("Sin ficha técnica");
    const thumbnail = row.locator("img");
    await expect(thumbnail).toHaveAttribute("src", /\/images\/[0-9a-f-]{36}\/200\.webp$/);
    expect((await page.request.get((await thumbnail.getAttribute("src"))!)).headers()["content-type"]).toBe(
      "image/webp",
    );
    // The add form starts empty again.
    await expect(add.getByLabel("Nombre de la categoría")).toHaveValue("");

    // Renaming: a name another category has is refused in the row's form, then a new one moves its address.
    await row.getByText(/^Renombrar o cambiar la imagen/).click();
    const edit = page.getByRole("form", { name: `Editar ${name}` });
    await expect(edit.getByLabel("Nombre", { exact: true })).toHaveValue(name);
    await edit.getByLabel("Nombre", { exact: true }).fill("zapatillas");
    await edit.getByRole("button", { name: /^Guardar los cambios/ }).click();
    await expect(
      edit.getByText(
        "Ya existe la categoría «Zapatillas» (se comparan sin distinguir mayúsculas ni acentos). Elige otro nombre.",
      ),
    ).toBeVisible();
    await expect(edit.getByLabel("Nombre", { exact: true })).toHaveValue("zapatillas");
    await edit.getByLabel("Nombre", { exact: true }).fill(renamed);
    await edit.getByRole("button", { name: /^Guardar los cambios/ }).click();
    await expect(page.getByText("Categoría actualizada.")).toBeVisible();
    // The list was searched by the old name: the renamed one is found by its new one.
    const search = page.getByRole("form", { name: "Buscar categorías" });
    await search.getByLabel("Buscar por nombre").fill(renamed);
    await search.getByRole("button", { name: "Buscar", exact: true }).click();
    const renamedRow = page
      .getByTestId("category-row")
      .filter({ has: page.getByRole("heading", { name: renamed, exact: true }) });
    await expect(renamedRow.getByTestId("category-slug")).toHaveText(slugify(renamed));

    // Without a product in the store it is offered to no shopper, and its row says so.
    await expect(renamedRow.getByTestId("category-standing")).toContainText("Sin productos publicados: no se muestra");
    await page.goto("/");
    await expect(page.getByRole("link", { name: renamed, exact: true })).toHaveCount(0);
    // A seller puts a product in it: the store shows it at once, the home page's categories lead to
    // its listing, its filter ticked.
    const seller = uniqueEmail(testInfo, "categorias-vendedor");
    await approvedSellerThroughApi({
      name: "Vendedora Categorías",
      email: seller,
      shopName: `Tienda Categorías ${testInfo.project.name} ${String(Date.now()).slice(-6)}`,
      png: await png(),
    });
    const product = `Muñequeras ${renamed}`;
    await addBallsThroughApi(seller, { name: product, price: "6,00", stock: "4", categorySlug: slugify(renamed) });
    await page.goto("/");
    await page.getByRole("link", { name: renamed, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/products\\?category=${slugify(renamed)}$`));
    await expect(page.getByRole("radio", { name: renamed, exact: true })).toBeChecked();
    await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);

    // The audit log: the creation and the rename, by the admin, newest first.
    await page.goto(`${PAGE}?${new URLSearchParams({ searchValue: renamed })}`);
    await renamedRow.getByRole("link", { name: /^Registro de auditoría/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/audit\?entityId=[0-9a-f-]{36}$/);
    const entries = page.getByTestId("audit-entry");
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0).getByRole("heading")).toHaveText("Administración Mercado Pádel: Editó una categoría");
    await expect(entries.nth(0).getByTestId("audit-change").first()).toHaveText(`Nombre: ${name} → pasó a ${renamed}`);
    await expect(entries.nth(0)).toContainText(`${slugify(name)} → pasó a ${slugify(renamed)}`);
    await expect(entries.nth(1).getByRole("heading")).toHaveText("Administración Mercado Pádel: Creó una categoría");
    await expect(entries.nth(1).getByTestId("audit-change").first()).toHaveText(`Nombre: — → pasó a ${name}`);
    await expect(entries.nth(0)).toContainText("Categoría");

    // The action filter offers the categories' actions.
    await page.goto("/dashboard/admin/audit");
    await page.getByLabel("Acción").selectOption({ label: "Creó una categoría" });
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/action=categoria.crear/);
    await expect(page.getByTestId("audit-entry").first().getByRole("heading")).toHaveText(
      "Administración Mercado Pádel: Creó una categoría",
    );
    await expect(page.getByTestId("audit-entry").filter({ hasNotText: "Creó una categoría" })).toHaveCount(0);

    // Hidden, it leaves the store (its product stays on sale); shown again, it is back.
    const searched = `${PAGE}?${new URLSearchParams({ searchValue: renamed })}`;
    await page.goto(searched);
    await renamedRow.getByRole("button", { name: /^Ocultar/ }).click();
    await expect(
      page.getByText("Categoría oculta: la tienda ya no la muestra ni admite productos nuevos en ella."),
    ).toBeVisible();
    await expect(renamedRow.getByTestId("category-standing")).toContainText("Oculta");
    await page.goto("/");
    await expect(page.getByRole("link", { name: renamed, exact: true })).toHaveCount(0);
    await page.goto(searched);
    await renamedRow.getByRole("button", { name: /^Mostrar en la tienda/ }).click();
    await expect(page.getByText("Categoría visible de nuevo.")).toBeVisible();
    await expect(renamedRow.getByTestId("category-standing")).toContainText("Visible en la tienda");
    await page.goto("/");
    await expect(page.getByRole("link", { name: renamed, exact: true }).first()).toBeVisible();

    // The store's order, in the whole list (the other project may add its category meanwhile, so the
    // page that holds it is looked for from the last one): it moves one place up.
    await page.goto(PAGE);
    const total = Number(/\d+/.exec((await page.getByTestId("category-count").textContent()) ?? "")?.[0]);
    for (let pageNumber = Math.ceil(total / 10); pageNumber >= 1; pageNumber--) {
      await page.goto(`${PAGE}?pageNumber=${pageNumber}`);
      if ((await renamedRow.count()) > 0) break;
    }
    await renamedRow.getByRole("button", { name: /^Subir/ }).click();
    await expect(page.getByText("Orden de las categorías actualizado.")).toBeVisible();

    // Not empty, it cannot be deleted: its products go to «Pelotas» first, then it is deleted.
    await page.goto(searched);
    await expect(renamedRow.getByRole("button", { name: /^Borrar la categoría/ })).toHaveCount(0);
    await renamedRow.getByText(/^Mover sus productos a otra categoría/).click();
    const move = page.getByRole("form", { name: `Mover los productos de ${renamed}` });
    await move.getByRole("button", { name: /^Mover los productos/ }).click();
    await expect(move.getByText("Elige la categoría a la que mover los productos.")).toBeVisible();
    await move.getByLabel("Categoría de destino").selectOption({ label: "Pelotas" });
    await move.getByRole("button", { name: /^Mover los productos/ }).click();
    await expect(page.getByText("Se movió 1 producto a «Pelotas».")).toBeVisible();
    await renamedRow.getByRole("button", { name: /^Borrar la categoría/ }).click();
    await expect(page.getByText("Categoría borrada.")).toBeVisible();
    await expect(renamedRow).toHaveCount(0);
    await page.goto(`/products?${new URLSearchParams({ searchValue: product })}`);
    await expect(page.getByRole("link", { name: product }).first()).toBeVisible();
  });
});
