import type { LoaderFunctionArgs } from "@remix-run/node";
import { chooseRegion } from "~/services/region-choice.server";

/** /region?to=ve&back=/payment?orderId=…: the header's flags (decision 0039), a link so it works without JavaScript. */
export async function loader(args: LoaderFunctionArgs) {
  return chooseRegion(args.request);
}
