// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  CATEGORY_MOVE_TARGET_MISSING,
  CATEGORY_NAME_MISSING,
  categoryAddForm,
  categoryMoveForm,
  categoryUpdateForm,
} from "#contract/categories";
import { formConstraints } from "~/forms/form-answer.server";
import AdminCategories from "~/routes/dashboard/admin/categories";
import { categoriesAction } from "~/services/admin-categories.server";
import type { AccountClient } from "~/services/auth.server";
import { UploadScope } from "~/services/uploads.server";

/**
 * Issue 30: a page with several forms, answered without a browser. The categories page (the add
 * form and one edit form per row) is drawn by React in jsdom, and its posts go to the page's own
 * action service. The posts here are refused by the forms' schemas, so the API is never reached: the
 * account below fails the test if it is.
 */

const PATH = "/dashboard/admin/categories";
const NAME_MISSING = CATEGORY_NAME_MISSING;

const categories = [
  { _id: "11111111-1111-4111-8111-111111111111", name: "Palas", slug: "palas" },
  { _id: "22222222-2222-4222-8222-222222222222", name: "Pelotas", slug: "pelotas" },
].map((category, index) => ({
  ...category,
  image: null,
  imageSrc: null,
  specSheet: null,
  hidden: false,
  position: index + 1,
  products: 2 - index,
  published: 1,
  archived: 0,
}));

const pageData = {
  searchValue: "",
  categories,
  totalCategory: categories.length,
  page: 1,
  totalPages: 1,
  firstIndex: 0,
  targets: categories.map((category) => ({ value: category._id, label: category.name })),
  constraints: formConstraints({ add: categoryAddForm, update: categoryUpdateForm, moveProducts: categoryMoveForm }),
};

const noApi = {
  call: () => Promise.reject(new Error("un formulario rechazado no llega a la API")),
} as unknown as AccountClient;

// Posts read as they stream into a request's own upload folder (uploads.server.ts), as server.ts gives each request.
const uploads = new UploadScope();

function renderPage(posts: string[]) {
  const Stub = createRemixStub(
    [
      {
        path: PATH,
        Component: AdminCategories,
        loader: () => pageData,
        action: async (args) => {
          posts.push(String((await args.request.clone().formData()).get("intent")));
          return categoriesAction(args, noApi);
        },
      },
    ],
    { uploads } as unknown as AppLoadContext,
  );
  return render(<Stub initialEntries={[PATH]} />);
}

function rowOf(name: string) {
  return screen.getAllByTestId("category-row").find((row) => within(row).queryByRole("heading", { name }))!;
}

afterEach(cleanup);
afterAll(() => uploads.dispose());

describe("la página de categorías, sin navegador", () => {
  it("la respuesta del servidor a un formulario de una fila aparece en esa fila y conserva lo escrito", async () => {
    const posts: string[] = [];
    renderPage(posts);
    await screen.findByRole("heading", { name: "Pelotas" });
    const pelotas = rowOf("Pelotas");
    const palas = rowOf("Palas");
    const form = within(pelotas).getByRole("form", { name: "Editar Pelotas" });
    // Sent untouched by a user (the schema not in the browser yet): the action parses it.
    const name = within(form).getByLabelText("Nombre") as HTMLInputElement;
    name.value = "   ";
    fireEvent.click(within(form).getByRole("button", { name: /Guardar los cambios/ }));

    await waitFor(() => expect(posts).toEqual(["editar-categoria"]));
    const field = await within(form).findByLabelText("Nombre");
    await waitFor(() => expect(field).toHaveProperty("ariaInvalid", "true"));
    const described = field.getAttribute("aria-describedby")!.split(" ");
    const error = document.getElementById(described.find((id) => id.endsWith("-error"))!)!;
    expect(error.textContent).toContain(NAME_MISSING);
    expect(pelotas.contains(error), "el mensaje está en la fila de Pelotas").toBe(true);
    expect(form.closest("details")?.open, "su sección sigue abierta").toBe(true);
    // The other row and the add form are left as they were.
    expect(palas.textContent).not.toContain(NAME_MISSING);
    expect(within(palas).getByLabelText("Nombre")).toHaveProperty("value", "Palas");
    expect(screen.getByLabelText("Nombre de la categoría").getAttribute("aria-invalid")).toBeNull();
  });

  it("una vez usado, el formulario se revisa en el navegador sin enviar nada", async () => {
    const posts: string[] = [];
    renderPage(posts);
    await screen.findByRole("heading", { name: "Palas" });
    const palas = rowOf("Palas");
    const name = within(palas).getByLabelText("Nombre");
    fireEvent.focusIn(name);
    fireEvent.input(name, { target: { value: "" } });
    fireEvent.focusOut(name);
    await waitFor(() => expect(palas.textContent).toContain(NAME_MISSING));
    expect(rowOf("Pelotas").textContent).not.toContain(NAME_MISSING);
    expect(posts).toEqual([]);
  });

  it("mover los productos sin elegir destino se rechaza en esa fila; la primera no sube y la última no baja", async () => {
    const posts: string[] = [];
    renderPage(posts);
    await screen.findByRole("heading", { name: "Palas" });
    const palas = rowOf("Palas");
    const pelotas = rowOf("Pelotas");
    expect(within(palas).queryByRole("button", { name: /^Subir/ })).toBeNull();
    expect(within(palas).getByRole("button", { name: /^Bajar/ })).toBeTruthy();
    expect(within(pelotas).queryByRole("button", { name: /^Bajar/ })).toBeNull();
    // Only another category is offered as the target.
    const target = within(pelotas).getByLabelText("Categoría de destino") as HTMLSelectElement;
    expect([...target.options].map((option) => option.text)).toEqual(["Elige una categoría", "Palas"]);
    fireEvent.click(within(pelotas).getByRole("button", { name: /Mover los productos/ }));
    await waitFor(() => expect(posts).toEqual(["mover-productos"]));
    await waitFor(() => expect(pelotas.textContent).toContain(CATEGORY_MOVE_TARGET_MISSING));
    expect(palas.textContent).not.toContain(CATEGORY_MOVE_TARGET_MISSING);
  });
});
