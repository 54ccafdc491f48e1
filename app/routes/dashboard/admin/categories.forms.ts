import type { FormAnswer } from "~/forms/form-answer";

/** The categories page's forms (issue 11) as the page names them, without zod: intents and schema loaders. */

/**
 * The value of each form's `intent`: the form that adds one, and each category's row: edit, hide or
 * show, one place up or down, move its products, delete.
 */
export const categoryIntents = {
  add: "crear-categoria",
  update: "editar-categoria",
  hide: "ocultar-categoria",
  show: "mostrar-categoria",
  up: "subir-categoria",
  down: "bajar-categoria",
  moveProducts: "mover-productos",
  remove: "borrar-categoria",
} as const;

/** The intents whose forms send only the category's id (a button of its row). */
export const CATEGORY_ROW_BUTTONS = [
  categoryIntents.hide,
  categoryIntents.show,
  categoryIntents.up,
  categoryIntents.down,
  categoryIntents.remove,
] as const;

/** Each form's schema (the contract's), loaded when the form is first used (useSchemaForm). */
export const categorySchemas = {
  add: () => import("./categories.schema").then((module) => module.categoryAddForm),
  update: () => import("./categories.schema").then((module) => module.categoryUpdateForm),
  moveProducts: () => import("./categories.schema").then((module) => module.categoryMoveForm),
};

/**
 * A refused category form (`target`: the category of an edit form). `attempt` is new when the post
 * carried an image: the file input starts empty again, as no browser sends files back, and the form
 * asks for the image again. None when no image was chosen.
 */
export interface CategoryFormAnswer extends FormAnswer {
  attempt?: string;
}
