import type { FormAnswer } from "~/forms/form-answer";

/** The categories page's forms (issue 11) as the page names them, without zod: intents and schema loaders. */

/** The value of each form's `intent`: the form that adds one, and each category's edit form. */
export const categoryIntents = { add: "crear-categoria", update: "editar-categoria" } as const;

/** Each form's schema (the contract's), loaded when the form is first used (useSchemaForm). */
export const categorySchemas = {
  add: () => import("./categories.schema").then((module) => module.categoryAddForm),
  update: () => import("./categories.schema").then((module) => module.categoryUpdateForm),
};

/**
 * A refused category form (`target`: the category of an edit form). `attempt` is new when the post
 * carried an image: the file input starts empty again, as no browser sends files back, and the form
 * asks for the image again. None when no image was chosen.
 */
export interface CategoryFormAnswer extends FormAnswer {
  attempt?: string;
}
