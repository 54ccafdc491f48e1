type SortState = { sortPrice?: string; sortByDate?: string };

/**
 * The two sort choices of a product listing (price, date), as plain selects a GET form submits. On a
 * phone each is at least 9rem wide, so «Por defecto» is read whole and what follows them wraps.
 */
export function SortSelects({ idPrefix, form, state }: { idPrefix: string; form?: string; state: SortState }) {
  return (
    <>
      <div className="min-w-0 flex-1 basis-36 sm:flex-none sm:basis-auto">
        <label htmlFor={`${idPrefix}-sortPrice`} className="mb-1 block text-xs font-semibold text-neutral-700">
          Ordenar por precio
        </label>
        <select
          id={`${idPrefix}-sortPrice`}
          form={form}
          name="sortPrice"
          defaultValue={state.sortPrice ?? ""}
          className="field"
        >
          <option value="">Por defecto</option>
          <option value="low-to-high">Precio: menor a mayor</option>
          <option value="high-to-low">Precio: mayor a menor</option>
        </select>
      </div>
      <div className="min-w-0 flex-1 basis-36 sm:flex-none sm:basis-auto">
        <label htmlFor={`${idPrefix}-sortByDate`} className="mb-1 block text-xs font-semibold text-neutral-700">
          Ordenar por fecha
        </label>
        <select
          id={`${idPrefix}-sortByDate`}
          form={form}
          name="sortByDate"
          defaultValue={state.sortByDate ?? ""}
          className="field"
        >
          <option value="">Por defecto</option>
          <option value="newest">Más recientes</option>
          <option value="oldest">Más antiguos</option>
        </select>
      </div>
    </>
  );
}
