import { z } from "zod";
import { BASIS_POINTS_PER_PERCENT, formatRate, MAX_COMMISSION_BP } from "./commission-labels";
import { isoDateTime } from "./fields";
import { endpoint, noBody, noInput } from "./http";

/**
 * The store's commission (issue 35): the admin sets the store's rate and overrides per shop and per
 * category at /dashboard/admin/commission. A shop's rate wins over its product's category's, which
 * wins over the store's. Each order line keeps the rate it was placed with: a change applies to
 * orders placed after it (decision 0059).
 */

// ---- Messages both halves show ------------------------------------------------------------------

export const COMMISSION_RATE_MISSING = "Escribe el porcentaje de comisión.";
export const COMMISSION_RATE_INVALID =
  "Escribe un porcentaje entre 0 y 100, con dos decimales como mucho (por ejemplo, 7,5).";
export const COMMISSION_SHOP_MISSING = "Elige la tienda.";
export const COMMISSION_CATEGORY_MISSING = "Elige la categoría.";
export const COMMISSION_OVERRIDE_NOT_FOUND = "Esa comisión propia ya no existe.";

export const storeCommissionSaved = (rateBp: number) =>
  `Comisión de la tienda: ${formatRate(rateBp)} en los pedidos que se hagan desde ahora.`;
export const shopCommissionSaved = (shopName: string, rateBp: number) =>
  `Comisión de «${shopName}»: ${formatRate(rateBp)} en los pedidos que se hagan desde ahora.`;
export const categoryCommissionSaved = (categoryName: string, rateBp: number) =>
  `Comisión de la categoría «${categoryName}»: ${formatRate(rateBp)} en los pedidos que se hagan desde ahora.`;
export const commissionOverrideRemoved = (name: string) =>
  `«${name}» vuelve a la comisión general en los pedidos que se hagan desde ahora.`;

// ---- Fields -------------------------------------------------------------------------------------

/** A rate as the API takes it: whole basis points, 0 to 10.000 (0 % to 100 %). */
export const commissionRateBp = z
  .number({ required_error: COMMISSION_RATE_MISSING, invalid_type_error: COMMISSION_RATE_INVALID })
  .int(COMMISSION_RATE_INVALID)
  .min(0, COMMISSION_RATE_INVALID)
  .max(MAX_COMMISSION_BP, COMMISSION_RATE_INVALID);

const TYPED_PERCENT = /^\d{1,3}(?:[.,]\d{1,2})?$/;

/** A rate as the admin types it, a percentage («7,5» or «7.5»), read as basis points. */
export const typedCommissionRate = z
  .string({ required_error: COMMISSION_RATE_MISSING })
  .trim()
  .min(1, COMMISSION_RATE_MISSING)
  .regex(TYPED_PERCENT, COMMISSION_RATE_INVALID)
  .transform((typed) => Math.round(Number(typed.replace(",", ".")) * BASIS_POINTS_PER_PERCENT))
  .pipe(commissionRateBp);

const shopId = z.string({ required_error: COMMISSION_SHOP_MISSING }).uuid(COMMISSION_SHOP_MISSING);
const categoryId = z.string({ required_error: COMMISSION_CATEGORY_MISSING }).uuid(COMMISSION_CATEGORY_MISSING);

export const commissionRateBody = z.object({ rateBp: commissionRateBp });
export const commissionShopParams = z.object({ shopId });
export const commissionCategoryParams = z.object({ categoryId });

/**
 * The admin page's forms: the rate typed as a percentage, and the shop or category it is for
 * (`targetId`: one field name, so the page draws both lists with one component).
 */
export const storeCommissionForm = z.object({ rateBp: typedCommissionRate });
export const shopCommissionForm = z.object({ targetId: shopId, rateBp: typedCommissionRate });
export const categoryCommissionForm = z.object({ targetId: categoryId, rateBp: typedCommissionRate });
export const removeShopCommissionForm = z.object({ targetId: shopId });
export const removeCategoryCommissionForm = z.object({ targetId: categoryId });

// ---- Answers ------------------------------------------------------------------------------------

const override = z.object({ rateBp: z.number().int(), updatedAt: isoDateTime, updatedBy: z.string() });

export const commissionOverviewAnswer = z.object({
  /** The store's rate; `setting` when no admin has set one yet (the COMMISSION_PERCENT setting). */
  store: z.object({
    rateBp: z.number().int(),
    updatedAt: isoDateTime.nullable(),
    updatedBy: z.string().nullable(),
  }),
  shops: z.array(override.extend({ shopId: z.string().uuid(), shopName: z.string() })),
  categories: z.array(override.extend({ categoryId: z.string().uuid(), categoryName: z.string() })),
  /** Every shop and category an override can be for, by name. */
  choices: z.object({
    shops: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
    categories: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
  }),
});
export type CommissionOverview = z.infer<typeof commissionOverviewAnswer>;

const commissionMessage = z.object({ message: z.string() });

// ---- Calls --------------------------------------------------------------------------------------

export const commissionEndpoints = {
  overview: endpoint({ method: "GET", path: "/admin/commission", query: noInput, answer: commissionOverviewAnswer }),
  setStore: endpoint({
    method: "PUT",
    path: "/admin/commission/store",
    body: commissionRateBody,
    answer: commissionMessage,
  }),
  setShop: endpoint({
    method: "PUT",
    path: "/admin/commission/shops/:shopId",
    params: commissionShopParams,
    body: commissionRateBody,
    answer: commissionMessage,
  }),
  removeShop: endpoint({
    method: "DELETE",
    path: "/admin/commission/shops/:shopId",
    params: commissionShopParams,
    body: noBody,
    answer: commissionMessage,
  }),
  setCategory: endpoint({
    method: "PUT",
    path: "/admin/commission/categories/:categoryId",
    params: commissionCategoryParams,
    body: commissionRateBody,
    answer: commissionMessage,
  }),
  removeCategory: endpoint({
    method: "DELETE",
    path: "/admin/commission/categories/:categoryId",
    params: commissionCategoryParams,
    body: noBody,
    answer: commissionMessage,
  }),
};
