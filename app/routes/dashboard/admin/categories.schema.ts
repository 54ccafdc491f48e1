import { categoryAddForm, categoryIdParams, categoryMoveForm, categoryUpdateForm } from "#contract/categories";
import { categoryIntents } from "./categories.forms";

/** The contract's forms, which the API checks again: the browser and the action parse with the same. */
export { categoryAddForm, categoryMoveForm, categoryUpdateForm };

/** The page's forms by the intent their button sends (parseIntentForm). */
export const CATEGORY_FORMS = {
  [categoryIntents.add]: categoryAddForm,
  [categoryIntents.update]: categoryUpdateForm,
  [categoryIntents.hide]: categoryIdParams,
  [categoryIntents.show]: categoryIdParams,
  [categoryIntents.up]: categoryIdParams,
  [categoryIntents.down]: categoryIdParams,
  [categoryIntents.moveProducts]: categoryMoveForm,
  [categoryIntents.remove]: categoryIdParams,
};
