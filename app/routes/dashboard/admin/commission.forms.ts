/** The commission page's forms (issue 35) as the page names them, without zod: intents and schema loaders. */

export const commissionIntents = {
  store: "comision-general",
  shop: "comision-tienda",
  removeShop: "quitar-comision-tienda",
  category: "comision-categoria",
  removeCategory: "quitar-comision-categoria",
} as const;

/** Each form's schema (the contract's), loaded when the form is first used (useSchemaForm). */
export const commissionSchemas = {
  store: () => import("./commission.schema").then((module) => module.storeCommissionForm),
  shop: () => import("./commission.schema").then((module) => module.shopCommissionForm),
  category: () => import("./commission.schema").then((module) => module.categoryCommissionForm),
  removeShop: () => import("./commission.schema").then((module) => module.removeShopCommissionForm),
  removeCategory: () => import("./commission.schema").then((module) => module.removeCategoryCommissionForm),
};
