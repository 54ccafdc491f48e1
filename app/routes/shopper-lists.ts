import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { shopperAction } from "~/services/shopper-actions.server";

/** The product cards' cart, favourites and compare buttons post here (see shopperAction). */
export function action(args: ActionFunctionArgs) {
  return shopperAction(args);
}

export function loader() {
  return redirect("/card");
}
