// Apart from spec-sheets.ts and without zod, so the product and compare pages, which only show a
// sheet, do not load the schema library.

/**
 * A category's padel spec sheet: the fields a seller fills in for its products and shoppers
 * compare them by. Rackets keep the six rows the compare page has always shown; shoes add what
 * shoppers choose them by. The database's enum `spec_sheet_kind` holds the same kinds.
 */
export const SPEC_SHEET_KINDS = ["pala", "zapatilla"] as const;
export type SpecSheetKind = (typeof SPEC_SHEET_KINDS)[number];

export type SpecField = { key: string; label: string; options: readonly string[] };

export const SPEC_SHEETS: Record<SpecSheetKind, { label: string; fields: readonly SpecField[] }> = {
  pala: {
    label: "Ficha de pala",
    fields: [
      { key: "forma", label: "Forma", options: ["Redonda", "Lágrima", "Diamante", "Híbrida"] },
      { key: "peso", label: "Peso", options: ["340-355 g", "345-360 g", "355-370 g", "360-375 g", "365-380 g"] },
      { key: "balance", label: "Balance", options: ["Bajo", "Medio", "Alto"] },
      { key: "nucleo", label: "Núcleo", options: ["Foam", "EVA", "EVA Soft", "EVA Hard", "Black EVA"] },
      {
        key: "cara",
        label: "Cara",
        options: [
          "Fibra de vidrio",
          "Fibra de vidrio y carbono",
          "Carbono",
          "Carbono 3K",
          "Carbono 12K",
          "Carbono 18K",
        ],
      },
      { key: "nivel", label: "Nivel", options: ["Iniciación", "Intermedio", "Avanzado", "Profesional"] },
    ],
  },
  zapatilla: {
    label: "Ficha de zapatilla",
    fields: [
      { key: "suela", label: "Tipo de suela", options: ["Espiga", "Omni", "Mixta", "Clay"] },
      {
        key: "superficie",
        label: "Superficie",
        options: ["Césped artificial", "Tierra batida", "Pista dura", "Todas"],
      },
    ],
  },
};

/** A product's filled-in spec sheet: field key to the chosen value. */
export type ProductSpecs = Record<string, string>;
