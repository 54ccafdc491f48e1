import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccount } from "~/services/auth.server";
import { shopDocumentResponse } from "~/services/shops.server";

/**
 * /documentos-tienda/:documentId: one document of a shop request, for its owner and for admins
 * (the API decides), streamed from the API with the account's token, which never reaches the
 * browser. A visitor is sent to sign in and brought back.
 */
export async function loader(args: LoaderFunctionArgs) {
  return shopDocumentResponse(requireAccount(args), args.params.documentId);
}
