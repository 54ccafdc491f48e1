import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { catalogEndpoints } from "#contract/catalog";
import { NETWORK_OR_SERVER_ERROR } from "#contract/messages";
import {
  NEW_IMAGE_PART,
  NEW_IMAGE_PREFIX,
  PRODUCT_IMAGES_PART,
  sellerProductEndpoints,
  type SellerProduct,
  type SellerProductRow,
} from "#contract/seller-products";
import { MAX_CATEGORIES_PER_PAGE } from "#contract/limits";
import type { SheetCategory } from "~/components/seller/product-form-fields";
import { addImageOrder, type ProductAddValue, type ProductEditValue } from "~/components/seller/product-schemas";
import { ApiError, imageUrl } from "./api.server";
import type { AccountClient } from "./auth.server";
import { carriesFiles } from "./form.server";
import { logError } from "./log.server";

/**
 * The seller's products as the web calls them (issue 11, contract/seller-products.ts): the list,
 * one product, add and update (multipart, 60 s: SPEC.md section 9), delete, the discounted ones
 * and the swap of one image.
 */

/** Every category with its spec sheet, for the form's select (GET /category-get, one page of the most). */
export async function listSheetCategories(account: AccountClient): Promise<SheetCategory[]> {
  const { categorys } = await account.call(catalogEndpoints.listCategories, {
    query: { parPage: MAX_CATEGORIES_PER_PAGE },
  });
  return categorys.map(({ _id, name, specSheet }) => ({ _id, name, specSheet }));
}

/**
 * The categories an action checks the form against, or null when the API cannot give them now (the
 * form then answers 'Error de red o servidor' with what was typed instead of the error page).
 */
export async function sheetCategoriesForAction(account: AccountClient): Promise<SheetCategory[] | null> {
  try {
    return await listSheetCategories(account);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status < 500) throw error;
    logError("No se pudieron leer las categorías del formulario de producto", error);
    return null;
  }
}

/** A row of the seller's list with its main image as an address. */
export function withThumbnail<Row extends SellerProductRow>(row: Row): Row & { thumbnail: string | null } {
  return { ...row, thumbnail: row.image ? imageUrl(row.image, 200) : null };
}

export function listSellerProducts(account: AccountClient, query: { page: number; searchValue?: string }) {
  return account.call(sellerProductEndpoints.list, { query: { page: query.page, searchValue: query.searchValue } });
}

export async function getSellerProduct(account: AccountClient, id: string): Promise<SellerProduct> {
  const { product } = await account.call(sellerProductEndpoints.get, { params: { id } });
  return product;
}

export function deleteSellerProduct(account: AccountClient, id: string) {
  return account.call(sellerProductEndpoints.remove, { params: { id } });
}

export async function listDiscountedProducts(account: AccountClient) {
  const { products } = await account.call(sellerProductEndpoints.discounted, { params: { id: account.user.id } });
  return products;
}

/** Cents as the decimal dollars the API's price field reads (`12995` is `129.95`). */
export function priceText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Cents as the seller types them back into the form (`12995` is `129,95`). */
export function typedPrice(cents: number): string {
  return priceText(cents).replace(".", ",");
}

type ProductFormValue = ProductAddValue | ProductEditValue;

/**
 * The form's values as the API reads them (contract/seller-products.ts, "Form encoding"): flat
 * fields with Conform's names, the image order (stored ids, then `nueva:<n>` for each new file) and
 * the new files in `images`.
 */
export function productFormData(
  value: ProductFormValue,
  options: { productId?: string; stockVersion?: number } = {},
): FormData {
  const body = new FormData();
  if (options.productId) body.set("productId", options.productId);
  body.set("name", value.name);
  body.set("categoryId", value.categoryId);
  body.set("brand", value.brand);
  body.set("price", priceText(value.price));
  body.set("discount", String(value.discount));
  body.set("color", value.color);
  body.set("tag", value.tag);
  body.set("description", value.description);
  body.set("lowStockThreshold", String(value.lowStockThreshold));
  if (value.sizes.length === 0 && value.stock !== undefined) body.set("stock", String(value.stock));
  value.sizes.forEach((row, index) => {
    body.set(`sizes[${index}].size`, row.size);
    if (row.stock !== undefined) body.set(`sizes[${index}].stock`, String(row.stock));
  });
  for (const [key, chosen] of Object.entries(value.specs)) body.set(`specs.${key}`, chosen);
  if (options.productId) {
    for (const id of value.imageOrder ?? []) body.append("imageOrder", id);
    value.images.forEach((_, index) => body.append("imageOrder", `${NEW_IMAGE_PREFIX}${index}`));
  } else if ("mainImage" in value) {
    for (const entry of addImageOrder(value.mainImage, value.images.length) ?? []) body.append("imageOrder", entry);
  }
  if (options.stockVersion !== undefined) body.set("stockVersion", String(options.stockVersion));
  for (const file of value.images) body.append(PRODUCT_IMAGES_PART, file, file.name);
  return body;
}

export async function addProduct(account: AccountClient, value: ProductAddValue): Promise<SellerProduct> {
  const { product } = await account.call(sellerProductEndpoints.add, { body: productFormData(value) });
  return product;
}

export async function updateProduct(account: AccountClient, value: ProductEditValue): Promise<SellerProduct> {
  const { product } = await account.call(sellerProductEndpoints.update, {
    body: productFormData(value, { productId: value.productId, stockVersion: value.stockVersion }),
  });
  return product;
}

export async function replaceProductImage(
  account: AccountClient,
  input: { productId: string; oldImage: string; newImage: File },
): Promise<SellerProduct> {
  const body = new FormData();
  body.set("productId", input.productId);
  body.set("oldImage", input.oldImage);
  body.append(NEW_IMAGE_PART, input.newImage, input.newImage.name);
  const { product } = await account.call(sellerProductEndpoints.imageUpdate, { body });
  return product;
}

/** `sizes.0.size` (or `sizes[0].size`) as Conform names the field: `sizes[0].size`. */
export function conformFieldName(field: string): string {
  return field.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

/**
 * An API refusal of a product form, placed on it: messages naming a field of the form go next to
 * it, the rest above the form. SPEC.md section 8: when the API cannot be reached, does not answer in
 * time or fails (5xx), the form says 'Error de red o servidor'. A role or product refusal (401,
 * 403 without the shop's own message, 404) is for the caller to turn into the error page.
 */
export function productRefusal(
  error: unknown,
  fields: readonly string[],
): { status: number; formErrors: string[]; fieldErrors: Record<string, string[]> } {
  if (!(error instanceof ApiError) || error.status >= 500) {
    logError("Llamada de producto del vendedor fallida", error);
    return { status: 503, formErrors: [NETWORK_OR_SERVER_ERROR], fieldErrors: {} };
  }
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const { field, message } of error.errors) {
    const name = conformFieldName(field);
    const root = name.split(/[.[]/)[0] ?? "";
    if (fields.includes(root)) (fieldErrors[name] ??= []).push(message);
    else formErrors.push(message);
  }
  if (formErrors.length === 0 && Object.keys(fieldErrors).length === 0) formErrors.push(error.message);
  return { status: error.status, formErrors, fieldErrors };
}

/** Values without the chosen files, which no page can send back (a re-rendered form says to choose them again). */
export function withoutFiles(value: unknown): unknown {
  if (value instanceof File) return undefined;
  if (Array.isArray(value)) return value.filter((item) => !(item instanceof File)).map(withoutFiles);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(
          ([, item]) =>
            !(item instanceof File) &&
            !(Array.isArray(item) && item.length > 0 && item.every((entry) => entry instanceof File)),
        )
        .map(([key, item]) => [key, withoutFiles(item)]),
    );
  }
  return value;
}

interface Replying {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
}

/**
 * A product form's answer when the page shows the form again. `attempt` renews the form (and empties
 * its file input); `filesLost`: the post carried images, so the page asks to choose them again.
 */
export interface SellerFormAnswer {
  result: SubmissionResult<string[]>;
  attempt: string;
  filesLost: boolean;
}

/**
 * The form again: with its errors (a refused save), or, for a button that only re-renders it
 * (`keepOnly`: the spec sheet, a size row), with what was typed and no error.
 */
export function sellerFormAnswer(
  submission: Replying,
  formData: FormData,
  options: {
    keepOnly?: boolean;
    unreachable?: boolean;
    status?: number;
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
  },
) {
  const attempt = crypto.randomUUID();
  const filesLost = carriesFiles(formData);
  if (options.unreachable) {
    // The form could not even be checked (the categories did not come): only what was typed, and why.
    const { initialValue } = submission.reply();
    const answer: SellerFormAnswer = {
      result: {
        status: "error",
        initialValue: withoutFiles(initialValue) as SubmissionResult<string[]>["initialValue"],
        error: { "": [NETWORK_OR_SERVER_ERROR] },
      },
      attempt,
      filesLost,
    };
    return data(answer, { status: 503 });
  }
  if (options.keepOnly) {
    const { initialValue, intent, fields } = submission.reply();
    const answer: SellerFormAnswer = {
      result: {
        initialValue: withoutFiles(initialValue) as SubmissionResult<string[]>["initialValue"],
        intent,
        fields,
      },
      attempt,
      filesLost,
    };
    return data(answer, { status: 200 });
  }
  const reply = submission.reply({ formErrors: options.formErrors, fieldErrors: options.fieldErrors });
  const answer: SellerFormAnswer = {
    result: { ...reply, initialValue: withoutFiles(reply.initialValue) as SubmissionResult<string[]>["initialValue"] },
    attempt,
    filesLost,
  };
  return data(answer, { status: options.status ?? 400 });
}
