import {
  categoryCommissionForm,
  removeCategoryCommissionForm,
  removeShopCommissionForm,
  shopCommissionForm,
  storeCommissionForm,
} from "#contract/commission";
import { commissionIntents } from "./commission.forms";

/** The contract's forms, which the API checks again: the browser and the action parse with the same. */
export {
  categoryCommissionForm,
  removeCategoryCommissionForm,
  removeShopCommissionForm,
  shopCommissionForm,
  storeCommissionForm,
};

/** The page's forms by the intent their button sends (parseIntentForm). */
export const COMMISSION_FORMS = {
  [commissionIntents.store]: storeCommissionForm,
  [commissionIntents.shop]: shopCommissionForm,
  [commissionIntents.removeShop]: removeShopCommissionForm,
  [commissionIntents.category]: categoryCommissionForm,
  [commissionIntents.removeCategory]: removeCategoryCommissionForm,
};
