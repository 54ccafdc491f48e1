import { categoryListQuery } from "#contract/catalog";
import { MAX_CATEGORIES_PER_PAGE } from "#contract/limits";
import {
  ADMIN_CATEGORIES_PER_PAGE,
  CATEGORY_ADDED,
  CATEGORY_FORM_FIELDS,
  CATEGORY_IMAGE_TOO_LARGE,
  CATEGORY_UPDATED,
  categoryEndpoints,
} from "#contract/categories";
import { NETWORK_OR_SERVER_ERROR } from "#contract/messages";
import { CATEGORY_UPLOAD, ONE_IMAGE_ONLY } from "#contract/uploads";
import { answer, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { categoryIntents, type CategoryFormAnswer } from "~/routes/dashboard/admin/categories.forms";
import {
  CATEGORY_FORMS,
  categoryAddForm,
  categoryMoveForm,
  categoryUpdateForm,
} from "~/routes/dashboard/admin/categories.schema";
import { refusalOf } from "./account.server";
import { forbidden, pageErrorOf } from "./admin.server";
import { ApiError, imageUrl } from "./api.server";
import type { AccountClient, RequestArgs } from "./auth.server";
import { logError } from "./log.server";
import { redirectWithFlash } from "./session.server";
import type { UploadForm } from "./uploads.server";

/** The catalogue's categories as an admin keeps them (issue 11): a page of them by name, adding and editing one. */

/**
 * /dashboard/admin/categories?searchValue=&pageNumber=: the public `GET /category-get`, read by an
 * admin, a page of categories by name. A value the API would refuse (a search too long, a page that
 * is no number) is left out rather than answered with an error page.
 */
export async function loadCategories(account: AccountClient, url: URL) {
  const params = url.searchParams;
  const searchValue = categoryListQuery.shape.searchValue.safeParse(params.get("searchValue") ?? undefined);
  const page = categoryListQuery.shape.page.safeParse(params.get("pageNumber") ?? undefined);
  const query = { searchValue: searchValue.success ? searchValue.data : undefined, page: page.success ? page.data : 1 };
  const [listed, all] = await Promise.all([
    account.call(categoryEndpoints.adminList, { query: { ...query, parPage: ADMIN_CATEGORIES_PER_PAGE } }),
    // Where a row's products can go: every category, by name.
    account.call(categoryEndpoints.list, { query: { parPage: MAX_CATEGORIES_PER_PAGE } }),
  ]).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    searchValue: query.searchValue ?? "",
    categories: listed.categorys.map((category) => ({
      ...category,
      imageSrc: category.image ? imageUrl(category.image, 200) : null,
    })),
    totalCategory: listed.totalCategory,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(listed.totalCategory / ADMIN_CATEGORIES_PER_PAGE)),
    /** The first row's place in the store's order. */
    firstIndex: (query.page - 1) * ADMIN_CATEGORIES_PER_PAGE,
    targets: [...all.categorys]
      .sort((a, b) => a.name.localeCompare(b.name, "es"))
      .map((category) => ({
        value: category._id,
        label: category.hidden ? `${category.name} (oculta)` : category.name,
      })),
    // Once for all the rows: every category's forms ask the same of their fields.
    constraints: formConstraints({
      add: categoryAddForm,
      update: categoryUpdateForm,
      moveProducts: categoryMoveForm,
    }),
  };
}

/** A refused form's answer; a fresh `attempt` when the post carried an image. */
function categoryAnswer(
  form: { intent: string; filesChosen: boolean },
  target: string | undefined,
  result: CategoryFormAnswer["result"],
  status: number,
) {
  const body: CategoryFormAnswer = {
    intent: form.intent,
    target,
    result,
    attempt: form.filesChosen ? crypto.randomUUID() : undefined,
  };
  return answer(body, status);
}

/** A row's forms are named by their category; the add form is the only one of its kind. */
function categoryOf(formData: FormData): string | undefined {
  return formData.get("intent") === categoryIntents.add ? undefined : editedCategory(formData);
}

/** The category an edit form names in its first field (its button names it again, last). */
function editedCategory(formData: FormData): string | undefined {
  const id = formData.get("categoryId");
  return typeof id === "string" ? id : undefined;
}

/** A category's image, read as it streams within the API's limits (uploads.server.ts). */
const CATEGORY_IMAGE_FORM: UploadForm = {
  limits: CATEGORY_UPLOAD,
  fileField: (part) => (part === "image" ? "image" : null),
  filesField: "image",
  tooLarge: CATEGORY_IMAGE_TOO_LARGE,
  tooMany: ONE_IMAGE_ONLY,
  // Only an edit form sends its category's id, first.
  intentOf: (_field, formData) => (editedCategory(formData) ? categoryIntents.update : categoryIntents.add),
};

/** The multipart body of an add or edit: the fields and the image when one was chosen. */
function categoryBody(value: { name: string; specSheet: string; image?: File }): FormData {
  const body = new FormData();
  body.set("name", value.name);
  body.set("specSheet", value.specSheet);
  if (value.image) body.set("image", value.image, value.image.name);
  return body;
}

/**
 * Adds a category (back to the list, searched by its name, so it shows), edits one, hides or shows
 * it, moves it a place, moves its products or deletes it (back to the same list, with the API's
 * message as the flash). The API's refusal goes beside each field, or above the form (a name taken
 * is the name's, whatever its status); the API out of reach or failing is SPEC.md section 8's
 * 'Error de red o servidor'; a role refused is the 403 page.
 */
export async function categoriesAction(args: RequestArgs, account: AccountClient) {
  const url = new URL(args.request.url);
  const form = await parseIntentForm(args.request, CATEGORY_FORMS, {
    target: categoryOf,
    upload: { form: CATEGORY_IMAGE_FORM, scope: args.context.uploads },
  });
  const target = categoryOf(form.formData);
  if (!form.ok) return categoryAnswer(form, target, form.reply(), form.status);
  const back = (message: string) =>
    redirectWithFlash(args.context, `${url.pathname}${url.search}`, { kind: "success", message });
  try {
    switch (form.intent) {
      case categoryIntents.add: {
        await account.call(categoryEndpoints.add, { body: categoryBody(form.value) });
        const searched = new URLSearchParams({ searchValue: form.value.name });
        return redirectWithFlash(args.context, `${url.pathname}?${searched}`, {
          kind: "success",
          message: CATEGORY_ADDED,
        });
      }
      case categoryIntents.update:
        await account.call(categoryEndpoints.update, {
          params: { categoryId: form.value.categoryId },
          body: categoryBody(form.value),
        });
        return back(CATEGORY_UPDATED);
      case categoryIntents.hide:
      case categoryIntents.show: {
        const hidden = form.intent === categoryIntents.hide;
        const params = { categoryId: form.value.categoryId };
        return back((await account.call(categoryEndpoints.setVisibility, { params, body: { hidden } })).message);
      }
      case categoryIntents.up:
      case categoryIntents.down: {
        const direction = form.intent === categoryIntents.up ? "arriba" : "abajo";
        const params = { categoryId: form.value.categoryId };
        return back((await account.call(categoryEndpoints.move, { params, body: { direction } })).message);
      }
      case categoryIntents.moveProducts: {
        const params = { categoryId: form.value.categoryId };
        const body = { toCategoryId: form.value.toCategoryId };
        return back((await account.call(categoryEndpoints.moveProducts, { params, body })).message);
      }
      case categoryIntents.remove:
        return back(
          (await account.call(categoryEndpoints.remove, { params: { categoryId: form.value.categoryId } })).message,
        );
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) throw forbidden();
    if (!(error instanceof ApiError) || error.status >= 500) {
      logError(`Categorías: ${form.intent} falló`, error);
      return categoryAnswer(form, target, form.reply({ formErrors: [NETWORK_OR_SERVER_ERROR] }), 503);
    }
    const { status, formErrors, fieldErrors } = refusalOf(error, CATEGORY_FORM_FIELDS);
    return categoryAnswer(form, target, form.reply({ formErrors, fieldErrors }), status);
  }
}
