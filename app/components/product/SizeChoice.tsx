import { FieldError } from "~/components/ui/Field";
import { stockText } from "~/services/stock-text";

/**
 * The sizes are the choice itself: a radio group of boxes, each with the size and the units left,
 * sent as `size` by the purchase form (with or without JavaScript; arrow keys move as in any radio
 * group). Sold-out sizes, and every size of a product that cannot be bought, cannot be chosen.
 * The visually hidden dash keeps the size and its stock apart for screen readers and tests.
 */
export function SizeChoice({
  sizes,
  purchasable,
  errors,
}: {
  sizes: { size: string; stock: number }[];
  purchasable: boolean;
  /** Why the size was refused (none chosen, none left). */
  errors?: string[] | null;
}) {
  const error = Boolean(errors && errors.length > 0);
  return (
    <fieldset
      aria-describedby={error ? "talla-error" : undefined}
      aria-invalid={error ? true : undefined}
      data-testid="sizes"
    >
      <legend className="text-sm font-bold text-ink">Talla</legend>
      <div className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(5.25rem,1fr))] gap-2">
        {sizes.map((size) => {
          const disabled = !purchasable || size.stock === 0;
          return (
            <label
              key={size.size}
              className={`flex min-h-12 cursor-pointer flex-col gap-0.5 rounded-xl border-2 px-2.5 py-2 text-sm has-[:checked]:border-court has-[:checked]:bg-lime-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:border-neutral-200 has-[:disabled]:bg-neutral-100 has-[:disabled]:text-neutral-600 ${
                error ? "border-red-600" : "border-neutral-300 text-ink"
              }`}
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name="size"
                  value={size.size}
                  disabled={disabled}
                  className="size-4 shrink-0 accent-lime-700"
                />
                <span className="text-base font-bold">{size.size}</span>
              </span>
              <span className="sr-only"> — </span>
              <span className={`text-xs leading-tight ${size.stock === 0 ? "font-semibold" : ""}`}>
                {stockText(size.stock)}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id="talla-error" errors={errors} />
    </fieldset>
  );
}
