import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { FavoriteCard } from "~/components/product/FavoriteCard";
import { shopperAction } from "~/services/shopper-actions.server";
import { getShopper, getWishlist } from "~/services/shopper.server";

export async function loader(args: LoaderFunctionArgs) {
  const shopper = getShopper(args);
  const items = await getWishlist(shopper);
  return { items };
}

export function action(args: ActionFunctionArgs) {
  return shopperAction(args);
}

export const meta: MetaFunction = () => [
  { title: "Favoritos | Mercado Pádel" },
  { name: "description", content: "Los productos de pádel que guardaste como favoritos en Mercado Pádel." },
  { name: "robots", content: "noindex" },
];

export default function FavoritesPage() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <div className="page-container py-8 lg:py-10">
      <Breadcrumbs crumbs={[{ label: "Inicio", href: "/" }, { label: "Favoritos" }]} />
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Favoritos</h1>
      {items.length === 0 ? (
        <EmptyState message="Todavía no tienes productos favoritos." />
      ) : (
        <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4">
          {items.map((item) => (
            <li key={item._id}>
              <FavoriteCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
