import { Link } from "@remix-run/react";

/** What a list page shows when it has nothing to list, with the way back to the catalogue. */
export function EmptyState({ message }: { message: string }) {
  return (
    <div className="mt-8 rounded-2xl border border-dashed border-neutral-300 px-6 py-16 text-center">
      <p className="text-lg font-semibold text-ink">{message}</p>
      <Link
        to="/products"
        className="mt-5 inline-block rounded-full bg-ink px-5 py-2.5 text-sm font-bold text-white hover:bg-neutral-800"
      >
        Ver productos
      </Link>
    </div>
  );
}
