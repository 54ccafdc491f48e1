import { SPEC_SHEETS, type ProductSpecs, type SpecSheetKind } from "#contract/spec-sheet-fields";

/** The rows of a spec sheet that the seller filled in, in the sheet's order. */
function specRows(kind: SpecSheetKind, specs: ProductSpecs) {
  return SPEC_SHEETS[kind].fields
    .filter((field) => specs[field.key])
    .map((field) => ({ key: field.key, label: field.label, value: specs[field.key] }));
}

/** A product's technical sheet (a racket's shape and weight, a shoe's sole), as its category defines it. */
export function SpecSheetTable({ kind, specs }: { kind: SpecSheetKind; specs: ProductSpecs }) {
  const rows = specRows(kind, specs);
  if (rows.length === 0) return null;
  return (
    <section className="mt-8 border-t border-neutral-200 pt-6" aria-labelledby="especificaciones">
      <h2 id="especificaciones" className="text-lg font-bold text-ink">
        Especificaciones
      </h2>
      <table className="mt-3 w-full overflow-hidden rounded-xl text-left text-sm">
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-neutral-200 last:border-0">
              <th scope="row" className="w-1/3 py-2.5 pr-4 font-semibold text-neutral-600">
                {row.label}
              </th>
              <td className="py-2.5 text-ink">{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
