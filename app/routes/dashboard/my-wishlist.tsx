import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { FavoriteCard } from "~/components/product/FavoriteCard";
import { requireUser } from "~/services/auth.server";
import { shopperAction } from "~/services/shopper-actions.server";
import { getShopper, getWishlist } from "~/services/shopper.server";

export const meta: MetaFunction = () => [
  { title: "Mis favoritos | Mercado Pádel" },
  {
    name: "description",
    content: "Los productos de pádel que guardaste como favoritos, desde tu cuenta de Mercado Pádel.",
  },
  { name: "robots", content: "noindex" },
];

/** /dashboard/my-wishlist: the same favourites as /favorites, inside the account. */
export async function loader(args: LoaderFunctionArgs) {
  requireUser(args);
  const shopper = getShopper(args);
  return { items: await getWishlist(shopper) };
}

/** Add to cart and remove, as on /favorites; without JavaScript it comes back here with a message. */
export async function action(args: ActionFunctionArgs) {
  requireUser(args);
  return shopperAction(args);
}

export default function MyWishlist() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-favoritos" className="space-y-6">
      <h1 id="titulo-favoritos" className="text-3xl font-bold text-slate-900">
        Mis favoritos
      </h1>
      {items.length === 0 ? (
        <EmptyState message="Todavía no tienes productos favoritos." />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item._id}>
              <FavoriteCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
