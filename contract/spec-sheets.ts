import { z } from "zod";
import { SPEC_SHEET_KINDS, type ProductSpecs } from "./spec-sheet-fields";

/** The sheets themselves (kinds, fields, names) are spec-sheet-fields.ts's, without zod for the pages. */
export const specSheetKind = z.enum(SPEC_SHEET_KINDS);

/** A product's filled-in spec sheet: field key to the chosen value. */
export const productSpecs: z.ZodType<ProductSpecs> = z.record(z.string(), z.string());
