import { Field } from "~/components/ui/Field";
import { Select } from "~/components/ui/Input";

type SortState = { sortPrice?: string; sortByDate?: string };

/**
 * The two sort choices of a product listing (price, date), as plain selects a GET form submits. On a
 * phone each is at least 9rem wide, so «Por defecto» is read whole and what follows them wraps.
 */
export function SortSelects({ idPrefix, form, state }: { idPrefix: string; form?: string; state: SortState }) {
  return (
    <>
      <Field
        id={`${idPrefix}-sortPrice`}
        label="Ordenar por precio"
        compact
        className="min-w-0 flex-1 basis-36 sm:flex-none sm:basis-auto"
      >
        <Select form={form} name="sortPrice" defaultValue={state.sortPrice ?? ""} controlSize="sm">
          <option value="">Por defecto</option>
          <option value="low-to-high">Precio: menor a mayor</option>
          <option value="high-to-low">Precio: mayor a menor</option>
        </Select>
      </Field>
      <Field
        id={`${idPrefix}-sortByDate`}
        label="Ordenar por fecha"
        compact
        className="min-w-0 flex-1 basis-36 sm:flex-none sm:basis-auto"
      >
        <Select form={form} name="sortByDate" defaultValue={state.sortByDate ?? ""} controlSize="sm">
          <option value="">Por defecto</option>
          <option value="newest">Más recientes</option>
          <option value="oldest">Más antiguos</option>
        </Select>
      </Field>
    </>
  );
}
