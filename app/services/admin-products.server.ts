import { catalogEndpoints } from "#contract/catalog";
import { MAX_CATEGORIES_PER_PAGE } from "#contract/limits";
import { productModerationEndpoints } from "#contract/product-moderation";
import { sellerProductEndpoints, sellerProductsQuery, type SellerProductsQuery } from "#contract/seller-products";
import { shopEndpoints } from "#contract/shops";
import { answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { adminProductIntents } from "~/routes/dashboard/admin/products.forms";
import { ADMIN_PRODUCT_FORMS, hideProductForm } from "~/routes/dashboard/admin/products.schema";
import { pageErrorOf } from "./admin.server";
import { imageUrl } from "./api.server";
import type { AccountClient, RequestArgs } from "./auth.server";
import { redirectWithFlash } from "./session.server";
import { dateTime } from "./times.server";

/** Every shop's products as an admin oversees them (issue 35): filtered, hidden with a reason, published again. */

const FILTERS = ["searchValue", "shopId", "categoryId", "state", "moderation"] as const;
const ADMIN_PRODUCTS_PER_PAGE = 20;

/**
 * /dashboard/admin/products?searchValue=&shopId=&categoryId=&state=&moderation=&pageNumber=:
 * `GET /products-get` read by an admin. A filter the API would refuse is left out rather than
 * answered with an error page.
 */
export async function loadAdminProducts(account: AccountClient, url: URL) {
  const params = url.searchParams;
  const filters: Partial<SellerProductsQuery> = {};
  for (const name of FILTERS) {
    const parsed = sellerProductsQuery.shape[name].safeParse(params.get(name) ?? undefined);
    if (parsed.success && parsed.data !== undefined) Object.assign(filters, { [name]: parsed.data });
  }
  const page = sellerProductsQuery.shape.page.safeParse(params.get("pageNumber") ?? undefined);
  const pageNumber = page.success ? page.data : 1;
  const [listed, shops, categories] = await Promise.all([
    account.call(sellerProductEndpoints.list, {
      query: { ...filters, page: pageNumber, parPage: ADMIN_PRODUCTS_PER_PAGE, sort: "recientes" },
    }),
    account.call(shopEndpoints.list, { query: { status: "aprobada", parPage: 50 } }),
    account.call(catalogEndpoints.listCategories, { query: { parPage: MAX_CATEGORIES_PER_PAGE } }),
  ]).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    filters: Object.fromEntries(FILTERS.map((name) => [name, String(filters[name] ?? "")])) as Record<
      (typeof FILTERS)[number],
      string
    >,
    products: listed.products.map((product) => ({
      ...product,
      imageSrc: product.image ? imageUrl(product.image, 200) : null,
      hiddenOn: product.moderation ? dateTime(product.moderation.hiddenAt) : null,
      reviewAskedOn: product.moderation?.reviewRequestedAt ? dateTime(product.moderation.reviewRequestedAt) : null,
    })),
    totalProduct: listed.totalProduct,
    page: pageNumber,
    totalPages: Math.max(1, Math.ceil(listed.totalProduct / ADMIN_PRODUCTS_PER_PAGE)),
    shops: shops.shops.map((shop) => ({ value: shop._id, label: shop.shopName })),
    categories: categories.categorys.map((category) => ({ value: category._id, label: category.name })),
    constraints: formConstraints({ hide: hideProductForm }),
  };
}

/** Each product's forms are told apart by the product. */
function productOf(formData: FormData): string {
  return String(formData.get("id") ?? "");
}

/** Hide a product with a reason (or keep it hidden after a review), or publish it again; back to the same list. */
export async function adminProductsAction(args: RequestArgs, account: AccountClient) {
  const url = new URL(args.request.url);
  const back = `${url.pathname}${url.search}`;
  const form = await parseIntentForm(args.request, ADMIN_PRODUCT_FORMS, { target: productOf });
  if (!form.ok) return form.answer;
  try {
    switch (form.intent) {
      case adminProductIntents.hide: {
        const { message } = await account.call(productModerationEndpoints.hide, {
          params: { id: form.value.id },
          body: { reason: form.value.reason },
        });
        return redirectWithFlash(args.context, back, { kind: "success", message });
      }
      case adminProductIntents.show: {
        const { message } = await account.call(productModerationEndpoints.show, { params: { id: form.value.id } });
        return redirectWithFlash(args.context, back, { kind: "success", message });
      }
    }
  } catch (error) {
    return answerRefused(error, form, { fields: ["reason"], target: form.value.id, pageErrors: [401, 403, 404] });
  }
}
