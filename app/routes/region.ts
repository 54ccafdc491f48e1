import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { chooseRegion, chooseRegionFromBrowser } from "~/services/region-choice.server";

/** /region?to=ve&back=/payment?orderId=…: the header's flags (decision 0039), a link so it works without JavaScript. */
export async function loader(args: LoaderFunctionArgs) {
  return chooseRegion(args);
}

/** The browser's own zone, once, when no flag was ever chosen. */
export async function action(args: ActionFunctionArgs) {
  return chooseRegionFromBrowser(args);
}
