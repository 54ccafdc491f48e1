import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { EmptyState } from "~/components/EmptyState";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { BallIcon } from "~/components/icons";
import { SPEC_SHEET_KINDS, SPEC_SHEETS } from "#contract/spec-sheet-fields";
import { COMPARE_LIMIT } from "#contract/limits";
import { Rating } from "~/components/product/Rating";
import { ShopperFormFields } from "~/components/product/ShopperFormFields";
import { Button } from "~/components/ui/Button";
import { shopperIntents } from "~/forms/shopper.forms";
import type { ProductDetails } from "~/services/catalog.server";
import { formatPrice } from "~/services/money";
import { shopperAction } from "~/services/shopper-actions.server";
import { getCompareList, getShopper, type CompareItem } from "~/services/shopper.server";
import { stockText } from "~/services/stock-text";

export async function loader(args: LoaderFunctionArgs) {
  const shopper = getShopper(args);
  const items = (await getCompareList(shopper)).slice(0, COMPARE_LIMIT);
  return { items, limit: COMPARE_LIMIT };
}

export function action(args: ActionFunctionArgs) {
  return shopperAction(args);
}

export const meta: MetaFunction = () => [
  { title: "Comparar productos | Mercado Pádel" },
  {
    name: "description",
    content: "Compara lado a lado precio, valoración, stock y especificaciones de hasta cuatro productos de pádel.",
  },
  { name: "robots", content: "noindex" },
];

const NOT_APPLICABLE = "—";

const ROWS: { label: string; value: (product: ProductDetails) => ReactNode }[] = [
  { label: "Precio", value: (product) => formatPrice(product.salePrice) },
  { label: "Valoración", value: (product) => <Rating value={product.rating} showValue /> },
  // A product whose shop is not selling stays in the comparison, as not available.
  {
    label: "Stock",
    value: (product) =>
      product.available ? stockText(product.stock) : "No disponible: la tienda no está vendiendo ahora",
  },
  { label: "Marca", value: (product) => product.brand },
  { label: "Categoría", value: (product) => product.category.name },
];

/** The spec sheet rows of every kind among the compared products (a racket's and a shoe's side by side). */
function specSheetRows(products: ProductDetails[]) {
  return SPEC_SHEET_KINDS.filter((kind) => products.some((product) => product.specSheet === kind)).flatMap((kind) =>
    SPEC_SHEETS[kind].fields.map(({ key, label }) => ({
      label,
      value: (product: ProductDetails) => product.specs?.[key] || NOT_APPLICABLE,
    })),
  );
}

function RemoveButton({ item }: { item: CompareItem }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" className="mt-2">
      <ShopperFormFields />
      <input type="hidden" name="id" value={item._id} />
      <Button
        type="submit"
        name="intent"
        value={shopperIntents.removeFromCompare}
        disabled={fetcher.state !== "idle"}
        variant="quiet"
      >
        Quitar<span className="sr-only">: {item.product.name}</span>
      </Button>
    </fetcher.Form>
  );
}

export default function ComparePage() {
  const { items, limit } = useLoaderData<typeof loader>();
  const rows = [...ROWS, ...specSheetRows(items.map((item) => item.product))];
  return (
    <div className="page-container py-8 lg:py-10">
      <Breadcrumbs crumbs={[{ label: "Inicio", href: "/" }, { label: "Comparar productos" }]} />
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Comparar productos</h1>
      {items.length === 0 ? (
        <EmptyState message="No hay productos para comparar." />
      ) : (
        <>
          <p className="mt-2 text-neutral-700">Hasta {limit} productos lado a lado.</p>
          <div className="relative mt-6 overflow-x-auto rounded-2xl border border-neutral-200">
            <table className="w-full min-w-[36rem] table-fixed text-left text-sm" data-testid="compare-table">
              <caption className="sr-only">Comparación de productos</caption>
              <thead>
                <tr className="border-b border-neutral-200 bg-neutral-50 align-top">
                  <td className="w-32 p-3" />
                  {items.map((item) => (
                    <th key={item._id} scope="col" className="p-3 font-semibold text-ink">
                      <div className="mb-2 grid aspect-square w-full max-w-32 place-items-center overflow-hidden rounded-xl bg-white">
                        {item.product.photos[0] ? (
                          <img
                            src={item.product.photos[0].thumbnail}
                            width={200}
                            height={200}
                            alt=""
                            className="size-full object-contain p-1.5"
                          />
                        ) : (
                          <BallIcon className="size-10 text-neutral-400" />
                        )}
                      </div>
                      <Link to={`/product/details/${item.product.slug}`} className="hover:underline">
                        {item.product.name}
                      </Link>
                      <RemoveButton item={item} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.label} className="border-b border-neutral-200 last:border-0">
                    <th scope="row" className="p-3 font-semibold text-neutral-600">
                      {row.label}
                    </th>
                    {items.map((item) => (
                      <td key={item._id} className="p-3 text-ink">
                        {row.value(item.product)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
