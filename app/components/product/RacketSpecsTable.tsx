import type { RacketSpecs } from "#contract/catalog";

/** The racket specs in reading order, with their Spanish labels (product page and comparison). */
export const SPEC_ROWS: { key: keyof RacketSpecs; label: string }[] = [
  { key: "forma", label: "Forma" },
  { key: "peso", label: "Peso" },
  { key: "balance", label: "Balance" },
  { key: "nucleo", label: "Núcleo" },
  { key: "cara", label: "Cara" },
  { key: "nivel", label: "Nivel" },
];

/** The technical sheet of a padel racket (pala). */
export function RacketSpecsTable({ specs }: { specs: RacketSpecs }) {
  return (
    <section className="mt-8 border-t border-neutral-200 pt-6" aria-labelledby="especificaciones">
      <h2 id="especificaciones" className="text-lg font-bold text-ink">
        Especificaciones
      </h2>
      <table className="mt-3 w-full overflow-hidden rounded-xl text-left text-sm">
        <tbody>
          {SPEC_ROWS.map((row) => (
            <tr key={row.key} className="border-b border-neutral-200 last:border-0">
              <th scope="row" className="w-1/3 py-2.5 pr-4 font-semibold text-neutral-600">
                {row.label}
              </th>
              <td className="py-2.5 text-ink">{specs[row.key]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
