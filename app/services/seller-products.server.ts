import type { SubmissionResult } from "@conform-to/react";
import { catalogEndpoints } from "#contract/catalog";
import { MAX_CATEGORIES_PER_PAGE } from "#contract/limits";
import { NETWORK_OR_SERVER_ERROR } from "#contract/messages";
import { PRODUCT_UPLOAD } from "#contract/uploads";
import { SIZE_GUIDE_AUTOMATIC, SIZE_GUIDE_OWN } from "#contract/size-guides";
import { ownTableFormValue } from "#contract/own-size-guide";
import { productModerationEndpoints } from "#contract/product-moderation";
import { formatUsd } from "#contract/money-format";
import {
  IMAGE_TOO_LARGE,
  IMAGES_TOO_MANY,
  NEW_IMAGE_PART,
  NEW_IMAGE_PREFIX,
  PRODUCT_CREATED,
  PRODUCT_IMAGE_UPDATED,
  PRODUCT_IMAGES_PART,
  PRODUCT_UPDATED,
  productIdParams,
  sellerProductEndpoints,
  sellerProductsQuery,
  type SellerProduct,
  type SellerProductRow,
  type SellerProductsQuery,
} from "#contract/seller-products";
import { answer, answerRefused, formConstraints, parseIntentForm, type ParsedForm } from "~/forms/form-answer.server";
import {
  EMPTY_SIZE_ROWS,
  productIntents,
  type ProductFormAnswer,
  type SheetCategory,
} from "~/forms/seller-product.forms";
import {
  addImageOrder,
  imageReplaceSchema,
  PRODUCT_FORM_FIELDS,
  productAddForms,
  productAddSchema,
  productEditForms,
  productEditSchema,
  type ProductAddValue,
  type ProductEditValue,
} from "~/forms/seller-product.schema";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { productListIntents } from "~/routes/dashboard/seller/products.forms";
import { bulkFormSchema, deleteProductSchema, PRODUCT_LIST_FORMS } from "~/routes/dashboard/seller/products.schema";
import { pageErrorOf } from "./admin.server";
import { ApiError, imageUrl } from "./api.server";
import type { AccountClient, RequestArgs } from "./auth.server";
import { carriesFiles } from "./form.server";
import { logError } from "./log.server";
import type { SellerArea } from "./seller.server";
import { redirectWithFlash } from "./session.server";
import { dateTime } from "./times.server";
import type { UploadForm } from "./uploads.server";

/**
 * The seller's products as the web calls them (issue 11, contract/seller-products.ts): the list,
 * one product, add and update (multipart, 60 s: SPEC.md section 9), delete, the discounted ones
 * and the swap of one image; and the pages that use them (list, add, edit), their loaders' data
 * and their forms' actions.
 */

/**
 * Every category with its spec sheet (GET /category-get, one page of the most), hidden ones too: the
 * actions check a form against all of them and the API refuses a hidden one (decision 0052).
 */
export async function listSheetCategories(account: AccountClient): Promise<(SheetCategory & { hidden: boolean })[]> {
  const { categorys } = await account.call(catalogEndpoints.listCategories, {
    query: { parPage: MAX_CATEGORIES_PER_PAGE },
  });
  return categorys.map(({ _id, name, specSheet, hidden }) => ({ _id, name, specSheet, hidden }));
}

/** The categories a product form offers: not hidden ones, and the product's own even when it is. */
function offeredCategories(categories: (SheetCategory & { hidden: boolean })[], ownId?: string): SheetCategory[] {
  return categories
    .filter((category) => !category.hidden || category._id === ownId)
    .map(({ _id, name, specSheet }) => ({ _id, name, specSheet }));
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

export function listSellerProducts(account: AccountClient, query: Partial<SellerProductsQuery> & { page: number }) {
  return account.call(sellerProductEndpoints.list, {
    query: {
      page: query.page,
      searchValue: query.searchValue,
      categoryId: query.categoryId,
      state: query.state,
      stock: query.stock,
      sort: query.sort,
    },
  });
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
  if (value.state !== undefined) body.set("state", value.state);
  if (value.sizeGuide !== undefined) body.set("sizeGuide", value.sizeGuide);
  if (value.sizeGuide === SIZE_GUIDE_OWN && value.sizeGuideTable) {
    const table = ownTableFormValue(value.sizeGuideTable);
    body.set("sizeGuideTable.kind", table.kind);
    table.rows.forEach((row, index) => {
      for (const [key, typed] of Object.entries(row)) body.set(`sizeGuideTable.rows[${index}].${key}`, typed);
    });
  }
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

/** A post of a product page, read by parseIntentForm: enough to answer it with its form again. */
interface PostedForm {
  intent: string;
  formData: FormData;
  /** An upload refused before its files were kept still chose some (parseIntentForm). */
  filesChosen?: boolean;
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
}

/**
 * A product page's form again (ProductFormAnswer): with its errors (a refused save), with what was
 * typed and no error for a button that only draws it again (`keepOnly`: the spec sheet, a size
 * row, the images' order), or, when the form could not even be checked (`unreachable`: the
 * categories did not come), with what was typed and why. Never with the chosen files.
 */
export function productFormAnswer(
  form: PostedForm,
  options: {
    keepOnly?: boolean;
    unreachable?: boolean;
    status?: number;
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    target?: string;
  },
) {
  const shown = {
    // The sheet's button belongs to the product form: its answers name the form by its save intent.
    intent: form.intent === productIntents.replaceImage ? productIntents.replaceImage : productIntents.save,
    target: options.target,
    attempt: crypto.randomUUID(),
    filesLost: Boolean(form.filesChosen) || carriesFiles(form.formData),
  };
  const typed = (initialValue: SubmissionResult<string[]>["initialValue"]) =>
    withoutFiles(initialValue) as SubmissionResult<string[]>["initialValue"];
  if (options.unreachable) {
    const { initialValue } = form.reply();
    const body: ProductFormAnswer = {
      ...shown,
      result: { status: "error", initialValue: typed(initialValue), error: { "": [NETWORK_OR_SERVER_ERROR] } },
    };
    return answer(body, 503);
  }
  if (options.keepOnly) {
    const { initialValue, intent, fields } = form.reply();
    const body: ProductFormAnswer = { ...shown, result: { initialValue: typed(initialValue), intent, fields } };
    return answer(body, 200);
  }
  const reply = form.reply({ formErrors: options.formErrors, fieldErrors: options.fieldErrors });
  const body: ProductFormAnswer = { ...shown, result: { ...reply, initialValue: typed(reply.initialValue) } };
  return answer(body, options.status ?? 400);
}

// ---- The pages ----------------------------------------------------------------------------------

/** The product of a page's address (`/edit-product/{productId}`); anything else is the 404 page. */
function productIdOf(params: { productId?: string }): string {
  const parsed = productIdParams.safeParse({ id: params.productId });
  if (!parsed.success) throw new Response(null, { status: 404, statusText: "No encontrado" });
  return parsed.data.id;
}

function emptySizeRows() {
  return Array.from({ length: EMPTY_SIZE_ROWS }, () => ({ size: "", stock: "" }));
}

/** The list's filters as the address carries them (a GET form: they stay in the URL and work without JavaScript). */
const LIST_FILTERS = ["searchValue", "categoryId", "state", "stock", "sort"] as const;

/**
 * /dashboard/seller/products?searchValue=&categoryId=&state=&stock=&sort=&pageNumber=&confirmar=:
 * `GET /products-get`, the shop's products with state, stock and discount at a glance, filtered and
 * sorted by the API. A filter the API does not know is dropped (the list shows without it).
 * `confirmar` names the product whose deletion the page asks to confirm (a link, so it works
 * without JavaScript).
 */
export async function loadSellerProducts(area: SellerArea, url: URL) {
  const params = url.searchParams;
  const read = (name: string) => params.get(name) ?? undefined;
  const page = sellerProductsQuery.shape.page.safeParse(read("pageNumber"));
  const filters: Partial<SellerProductsQuery> = {};
  for (const name of LIST_FILTERS) {
    const parsed = sellerProductsQuery.shape[name].safeParse(read(name));
    if (parsed.success && parsed.data !== undefined) Object.assign(filters, { [name]: parsed.data });
  }
  const [listed, categories] = await Promise.all([
    listSellerProducts(area.account, { ...filters, page: page.success ? page.data : 1 }),
    listSheetCategories(area.account),
  ]).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  const confirming = params.get("confirmar");
  return {
    searchValue: filters.searchValue ?? "",
    filters: {
      searchValue: filters.searchValue ?? "",
      categoryId: filters.categoryId ?? "",
      state: filters.state ?? "",
      stock: filters.stock ?? "",
      sort: filters.sort ?? "recientes",
    },
    filtered: Boolean(filters.searchValue || filters.categoryId || filters.state || filters.stock),
    categories: categories.map(({ _id, name }) => ({ _id, name })),
    products: listed.products.map((product) => ({
      ...withThumbnail(product),
      priceLabel: formatUsd(product.price),
      saleLabel: formatUsd(product.salePrice),
    })),
    totalProduct: listed.totalProduct,
    page: listed.page,
    totalPages: Math.max(1, Math.ceil(listed.totalProduct / listed.parPage)),
    confirming: listed.products.some((product) => product._id === confirming) ? confirming : null,
    locked: area.refusal,
    constraints: formConstraints({ delete: deleteProductSchema, bulk: bulkFormSchema }),
  };
}

/**
 * The list's posts, back to the list (its filters and page kept) with a flash: the confirmation
 * (`DELETE /delete-product/{id}`; one with orders is archived, and the message says so) and the bulk
 * form (`POST /seller/products/bulk`, all or nothing: a refusal keeps the chosen rows and says why
 * beside the action).
 */
export async function productListAction(args: RequestArgs, area: SellerArea) {
  const form = await parseIntentForm(args.request, PRODUCT_LIST_FORMS, {
    // The confirmation names its product; the bulk form is the page's one.
    target: (formData) => {
      const productId = formData.get("productId");
      return typeof productId === "string" ? productId : undefined;
    },
  });
  if (!form.ok) return form.answer;
  const url = new URL(args.request.url);
  url.searchParams.delete("confirmar");
  const back = `${url.pathname}${url.search}`;
  switch (form.intent) {
    case productListIntents.delete: {
      const target = form.value.productId;
      if (area.refusal)
        return answer({ intent: form.intent, target, result: form.reply({ formErrors: [area.refusal] }) }, 403);
      try {
        const deleted = await deleteSellerProduct(area.account, target);
        return redirectWithFlash(args.context, back, { kind: "success", message: deleted.message });
      } catch (error) {
        if (error instanceof Response) throw error;
        const refusal = productRefusal(error, []);
        if (refusal.status === 404 || refusal.status === 401) throw pageErrorOf(error);
        return answer(
          { intent: form.intent, target, result: form.reply({ formErrors: refusal.formErrors }) },
          refusal.status,
        );
      }
    }
    case productListIntents.bulk: {
      if (area.refusal) return answer({ intent: form.intent, result: form.reply({ formErrors: [area.refusal] }) }, 403);
      try {
        const done = await area.account.call(sellerProductEndpoints.bulk, { body: form.value });
        return redirectWithFlash(args.context, back, { kind: "success", message: done.message });
      } catch (error) {
        return answerRefused(error, form, { fields: [] });
      }
    }
  }
}

/** /dashboard/seller/add-product: the empty form, with the categories and their spec sheets. */
export async function loadAddProduct(area: SellerArea) {
  const categories = await listSheetCategories(area.account).then(
    (all) => offeredCategories(all),
    (error: unknown) => {
      throw pageErrorOf(error);
    },
  );
  return {
    categories,
    constraints: formConstraints({ product: productAddSchema(categories) }),
    defaultValue: {
      discount: "0",
      lowStockThreshold: "0",
      state: "publicado",
      sizeGuide: SIZE_GUIDE_AUTOMATIC,
      sizes: emptySizeRows(),
    },
  };
}

/**
 * The add page's post: 'Publicar producto' saves the product (`POST /product-add`, 60 s) and goes
 * to the list with a flash; the form's other buttons (the spec sheet, size rows) only answer it
 * again with what was typed.
 */
export async function addProductAction(args: RequestArgs, area: SellerArea) {
  const categories = await sheetCategoriesForAction(area.account);
  const form = await parseIntentForm(args.request, productAddForms(categories ?? []), {
    defaultIntent: productIntents.refreshSheet,
    upload: { form: PRODUCT_IMAGES_FORM, scope: args.context.uploads },
  });
  if (categories === null) return productFormAnswer(form, { unreachable: true });
  switch (form.intent) {
    case productIntents.refreshSheet:
      return productFormAnswer(form, { keepOnly: true });
    case productIntents.save: {
      if (!form.ok) return productFormAnswer(form, { status: form.status });
      if (area.refusal) return productFormAnswer(form, { status: 403, formErrors: [area.refusal] });
      try {
        await addProduct(area.account, form.value);
      } catch (error) {
        if (error instanceof Response) throw error;
        return productFormAnswer(form, productRefusal(error, PRODUCT_FORM_FIELDS));
      }
      return redirectWithFlash(args.context, sellerPaths.products, { kind: "success", message: PRODUCT_CREATED });
    }
  }
}

/** The stored product as the form's values (price typed back in dollars, spare empty size rows). */
function formValuesOf(product: SellerProduct) {
  return {
    name: product.name,
    categoryId: product.categoryId,
    brand: product.brand,
    price: typedPrice(product.price),
    discount: String(product.discount),
    color: product.color,
    tag: product.tag,
    description: product.description,
    lowStockThreshold: String(product.lowStockThreshold),
    state: product.state,
    sizeGuide: product.sizeGuide,
    ...(product.sizeGuideTable ? { sizeGuideTable: ownTableFormValue(product.sizeGuideTable) } : {}),
    stock: product.hasSizes ? "" : String(product.stock),
    sizes: [...product.sizes.map((size) => ({ size: size.size, stock: String(size.stock) })), ...emptySizeRows()],
    specs: product.specs,
    imageOrder: product.images,
  };
}

/** /dashboard/seller/edit-product/{productId}: `GET /product-get/{id}`, another shop's product is the 404 page. */
export async function loadEditProduct(area: SellerArea, params: { productId?: string }) {
  const id = productIdOf(params);
  const [product, allCategories] = await Promise.all([
    getSellerProduct(area.account, id),
    listSheetCategories(area.account),
  ]).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  const categories = offeredCategories(allCategories, product.categoryId);
  return {
    product: {
      _id: product._id,
      name: product.name,
      slug: product.slug,
      stockVersion: product.stockVersion,
      images: product.images,
      moderation: product.moderation
        ? {
            reason: product.moderation.reason,
            hiddenOn: dateTime(product.moderation.hiddenAt),
            reviewAskedOn: product.moderation.reviewRequestedAt ? dateTime(product.moderation.reviewRequestedAt) : null,
          }
        : null,
    },
    categories,
    constraints: formConstraints({ product: productEditSchema(categories), replaceImage: imageReplaceSchema }),
    defaultValue: formValuesOf(product),
    imageUrls: Object.fromEntries(product.images.map((image) => [image, imageUrl(image, 200)])),
  };
}

type EditForms = ReturnType<typeof productEditForms>;

/**
 * An image's form names it (the page holds one per stored image), before its file: only those forms
 * send `oldImage`, so it names the form even when a refused upload stopped before the button's intent.
 */
function oldImageOf(formData: FormData): string | undefined {
  const intent = formData.get("intent");
  if (intent !== null && intent !== productIntents.replaceImage) return undefined;
  const oldImage = formData.get("oldImage");
  return typeof oldImage === "string" ? oldImage : undefined;
}

/**
 * The product form's new images and an image's replacement, read as they stream within the API's
 * limits (uploads.server.ts). A post refused early belongs to the form whose file it was.
 */
const PRODUCT_IMAGES_FORM: UploadForm = {
  limits: PRODUCT_UPLOAD,
  fileField: (part) => (part === PRODUCT_IMAGES_PART || part === NEW_IMAGE_PART ? part : null),
  filesField: PRODUCT_IMAGES_PART,
  tooLarge: IMAGE_TOO_LARGE,
  tooMany: IMAGES_TOO_MANY,
  intentOf: (field, formData) =>
    field === NEW_IMAGE_PART || oldImageOf(formData) !== undefined ? productIntents.replaceImage : productIntents.save,
};

/** One stored image swapped for a new file (`POST /product-image-update`), then back to the page with a flash. */
async function replaceImage(
  args: RequestArgs,
  area: SellerArea,
  id: string,
  form: ParsedForm<EditForms> & { intent: typeof productIntents.replaceImage },
) {
  const target = form.value.oldImage;
  if (form.value.productId !== id) throw new Response(null, { status: 400, statusText: "Producto no válido" });
  if (area.refusal) return productFormAnswer(form, { status: 403, formErrors: [area.refusal], target });
  try {
    await replaceProductImage(area.account, form.value);
  } catch (error) {
    if (error instanceof Response) throw error;
    return productFormAnswer(form, { ...productRefusal(error, ["newImage"]), target });
  }
  return redirectWithFlash(args.context, sellerPaths.editProduct(id), {
    kind: "success",
    message: PRODUCT_IMAGE_UPDATED,
  });
}

/**
 * The edit page's post: 'Guardar cambios' saves the product (`POST /product-update`, 60 s) and goes
 * to the list with a flash (a rename keeps the old address: the API remembers it); an image's
 * 'Reemplazar' swaps it. The product form's other buttons only answer it again with what was typed.
 */
export async function editProductAction(args: RequestArgs, area: SellerArea, params: { productId?: string }) {
  const id = productIdOf(params);
  const categories = await sheetCategoriesForAction(area.account);
  const form = await parseIntentForm(args.request, productEditForms(categories ?? []), {
    defaultIntent: productIntents.refreshSheet,
    target: oldImageOf,
    upload: { form: PRODUCT_IMAGES_FORM, scope: args.context.uploads },
  });
  switch (form.intent) {
    case productIntents.replaceImage:
      if (!form.ok) return productFormAnswer(form, { status: form.status, target: oldImageOf(form.formData) });
      return replaceImage(args, area, id, form);
    case productIntents.refreshSheet:
      return productFormAnswer(form, categories === null ? { unreachable: true } : { keepOnly: true });
    case productIntents.requestReview: {
      if (!form.ok || form.value.productId !== id)
        throw new Response(null, { status: 400, statusText: "Producto no válido" });
      try {
        const { message } = await area.account.call(productModerationEndpoints.requestReview, { params: { id } });
        return redirectWithFlash(args.context, sellerPaths.editProduct(id), { kind: "success", message });
      } catch (error) {
        return answerRefused(error, form, { fields: [], pageErrors: [401, 403, 404] });
      }
    }
    case productIntents.save: {
      if (categories === null) return productFormAnswer(form, { unreachable: true });
      if (!form.ok) return productFormAnswer(form, { status: form.status });
      if (form.value.productId !== id) throw new Response(null, { status: 400, statusText: "Producto no válido" });
      if (area.refusal) return productFormAnswer(form, { status: 403, formErrors: [area.refusal] });
      try {
        await updateProduct(area.account, form.value);
      } catch (error) {
        if (error instanceof Response) throw error;
        const refusal = productRefusal(error, PRODUCT_FORM_FIELDS);
        if (refusal.status === 404) throw pageErrorOf(error);
        return productFormAnswer(form, refusal);
      }
      return redirectWithFlash(args.context, sellerPaths.products, { kind: "success", message: PRODUCT_UPDATED });
    }
  }
}
