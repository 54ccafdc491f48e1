import type { AppLoadContext } from "@remix-run/node";
import {
  DOCUMENT_NOT_FOUND,
  documentParams,
  shopEndpoints,
  type ShopApplication,
  type ShopRequest,
} from "#contract/shops";
import { replacementField } from "~/components/shop/shop-form-fields";
import { ApiError } from "./api.server";
import type { AccountClient } from "./auth.server";
import { plainPageHtml } from "./plain-page.server";

/**
 * A customer's shop request (issue 10, SPEC.md section 7 "Shop authorization"): the application,
 * the request as it stands, the replacement of the documents an admin asked for, and the documents
 * themselves, which the browser reaches only through the web (the API wants the account's token).
 */

/** The signed-in user's request with its documents, or null when they never applied. */
export async function getMyShopRequest(account: AccountClient): Promise<ShopRequest | null> {
  const { request } = await account.call(shopEndpoints.myRequest);
  return request;
}

/** The application as the API reads it: the fields, then each file in a part `documents`. */
export function applicationFormData(fields: ShopApplication, documents: readonly File[]): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  for (const document of documents) body.append("documents", document, document.name);
  return body;
}

/**
 * Sends the application. The API answers a fresh access token (SPEC.md section 7), which replaces
 * the session's, so the next calls carry what the API now knows of the user.
 */
export async function applyForShop(
  account: AccountClient,
  context: AppLoadContext,
  fields: ShopApplication,
  documents: readonly File[],
): Promise<ShopRequest> {
  const answer = await account.call(shopEndpoints.apply, {
    params: { userId: account.user.id },
    body: applicationFormData(fields, documents),
  });
  context.session.set("accessToken", answer.token);
  return answer.request;
}

/** The replacements, each in the part named after the document it replaces (`reemplazo:<documentId>`). */
export function replacementFormData(replacements: ReadonlyMap<string, File>): FormData {
  const body = new FormData();
  for (const [documentId, file] of replacements) body.append(replacementField(documentId), file, file.name);
  return body;
}

export async function replaceShopDocuments(
  account: AccountClient,
  replacements: ReadonlyMap<string, File>,
): Promise<ShopRequest> {
  const { request } = await account.call(shopEndpoints.replaceDocuments, {
    params: { userId: account.user.id },
    body: replacementFormData(replacements),
  });
  return request;
}

/** The headers of the API's file answer that travel on to the browser. */
const PASSED_ON = ["content-type", "content-disposition"];

/**
 * One document as the browser receives it from the web: the API's bytes streamed on with its type
 * and disposition, never kept by any cache. Who may read it is the API's decision (its owner and
 * admins); a refusal becomes the page of its status, and an id that is no id the 404 page.
 */
export async function shopDocumentResponse(account: AccountClient, documentId: string | undefined): Promise<Response> {
  const params = documentParams.safeParse({ documentId });
  if (!params.success) return documentRefusal(404);
  let answer: Response;
  try {
    answer = await account.open(shopEndpoints.document, { params: params.data });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404 || error.status === 400))
      return documentRefusal(error.status === 403 ? 403 : 404);
    throw error;
  }
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" });
  for (const name of PASSED_ON) {
    const value = answer.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  // The length of the bytes as they arrive here (fetch undoes any content encoding).
  const length = answer.headers.get("content-length");
  if (length !== null && !answer.headers.has("content-encoding")) headers.set("Content-Length", length);
  return new Response(answer.body, { status: 200, headers });
}

/** A document that is not there, or not the caller's: a Spanish page of its own (a resource route has no layout). */
function documentRefusal(status: 403 | 404): Response {
  const page =
    status === 403
      ? {
          status,
          title: "Sin permiso",
          message: "Este documento solo lo pueden ver quien lo envió y los administradores de la tienda.",
        }
      : {
          status,
          title: "Documento no encontrado",
          message: `${DOCUMENT_NOT_FOUND} Puede que el enlace esté mal escrito o que el documento ya no exista.`,
        };
  return new Response(plainPageHtml(page), {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
