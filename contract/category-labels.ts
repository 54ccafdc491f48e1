import { SPEC_SHEET_KINDS, SPEC_SHEETS, type SpecSheetKind } from "./spec-sheet-fields";

/**
 * What the admin's categories page shows, without zod, so it loads the schema library only with a
 * form's schema: the spec sheet a category may have, by name, and the image's size limit.
 * categories.ts builds its schemas on these.
 */

export const CATEGORY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The form's choice of spec sheet: one of the padel sheets, or none. */
export const NO_SPEC_SHEET = "ninguna";
export const SPEC_SHEET_CHOICES = [NO_SPEC_SHEET, ...SPEC_SHEET_KINDS] as const;
export type SpecSheetChoice = (typeof SPEC_SHEET_CHOICES)[number];

export const SPEC_SHEET_CHOICE_LABELS: Record<SpecSheetChoice, string> = {
  [NO_SPEC_SHEET]: "Sin ficha técnica",
  ...(Object.fromEntries(SPEC_SHEET_KINDS.map((kind) => [kind, SPEC_SHEETS[kind].label])) as Record<
    SpecSheetKind,
    string
  >),
};

/** A stored spec sheet (null: none) as the form's choice, and back. */
export function specSheetChoiceOf(kind: SpecSheetKind | null): SpecSheetChoice {
  return kind ?? NO_SPEC_SHEET;
}
export function specSheetOfChoice(choice: SpecSheetChoice): SpecSheetKind | null {
  return choice === NO_SPEC_SHEET ? null : choice;
}
