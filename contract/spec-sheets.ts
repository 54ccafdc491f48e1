import { z } from "zod";
import { SPEC_SHEET_KINDS, type ProductSpecs } from "./spec-sheet-fields";

export * from "./spec-sheet-fields";

export const specSheetKind = z.enum(SPEC_SHEET_KINDS);

/** A product's filled-in spec sheet: field key to the chosen value. */
export const productSpecs: z.ZodType<ProductSpecs> = z.record(z.string(), z.string());
