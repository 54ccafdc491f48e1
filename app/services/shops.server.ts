import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { dateTime } from "./times.server";
import {
  REPLACEMENT_PART_PREFIX,
  SHOP_REQUEST_FIELD_INPUTS,
  shopRequestFieldLabel,
  shopRequestInputLabel,
  shopRequestInputs,
} from "#contract/shop-labels";
import { SHOP_DOCUMENT_UPLOAD } from "#contract/uploads";
import {
  DOCUMENT_NOT_FOUND,
  DOCUMENT_TOO_LARGE,
  DOCUMENTS_TOO_MANY,
  documentParams,
  NOTHING_TO_CHANGE,
  SHOP_CHANGES_SENT,
  SHOP_REQUEST_SENT,
  shopEndpoints,
  type ShopApplication,
  type ShopCorrection,
  type ShopDocument,
  type ShopRequest,
} from "#contract/shops";
import { formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { replacementField, shopIntents, type ChangesAsked, type FilesFormAnswer } from "~/forms/shop-request.forms";
import { changesSchema, SHOP_APPLICATION_FIELDS, shopApplicationSchema } from "~/forms/shop-request.schema";
import { refusalOf } from "./account.server";
import { redirectWithFlash } from "./session.server";
import { ApiError } from "./api.server";
import type { AccountClient, RequestArgs } from "./auth.server";
import { plainPageHtml } from "./plain-page.server";
import type { UploadForm } from "./uploads.server";

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

/**
 * The request sent again: the corrected data by their names, and each new file in the part named
 * after the document it replaces (`reemplazo:<documentId>`).
 */
export function changesFormData(correction: ShopCorrection, replacements: ReadonlyMap<string, File>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(correction)) if (value !== undefined) body.set(name, value);
  for (const [documentId, file] of replacements) body.append(replacementField(documentId), file, file.name);
  return body;
}

export async function resendShopRequest(
  account: AccountClient,
  correction: ShopCorrection,
  replacements: ReadonlyMap<string, File>,
): Promise<ShopRequest> {
  const { request } = await account.call(shopEndpoints.replaceDocuments, {
    params: { userId: account.user.id },
    body: changesFormData(correction, replacements),
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

// ---- The applicant's pages: /dashboard/shop and /dashboard/shop/confirmation ------------------

const SHOP_FORM = "/dashboard/shop";
const CONFIRMATION = "/dashboard/shop/confirmation";

/** A refused form with files: its errors, and what the page needs to ask for the files again. */
function filesAnswer(
  form: { intent: string; filesChosen: boolean },
  result: FilesFormAnswer["result"],
  status: number,
) {
  const value: FilesFormAnswer = {
    intent: form.intent,
    result,
    attempt: crypto.randomUUID(),
    filesLost: form.filesChosen,
  };
  return data(value, { status });
}

/** The application's documents, read as they stream within the API's limits (uploads.server.ts). */
const APPLICATION_UPLOAD: UploadForm = {
  limits: SHOP_DOCUMENT_UPLOAD,
  fileField: (part) => (part === "documents" ? "documents" : null),
  filesField: "documents",
  tooLarge: DOCUMENT_TOO_LARGE,
  tooMany: DOCUMENTS_TOO_MANY,
  intentOf: () => shopIntents.apply,
};

/** The request sent again: its replacements, one file in each document's own field. */
const CHANGES_UPLOAD: UploadForm = {
  limits: SHOP_DOCUMENT_UPLOAD,
  fileField: (part) => (part.startsWith(REPLACEMENT_PART_PREFIX) ? part : null),
  filesField: null,
  tooLarge: DOCUMENT_TOO_LARGE,
  tooMany: DOCUMENTS_TOO_MANY,
  intentOf: () => shopIntents.resend,
};

/**
 * SPEC.md section 2 "shop": the application. A user who has applied already waits on the
 * confirmation page; after a rejection the form comes back filled with what they sent, and why.
 */
export async function loadShopApplication(account: AccountClient) {
  const request = await getMyShopRequest(account);
  if (request && request.status !== "rechazada") throw redirect(CONFIRMATION);
  const previous = request
    ? {
        fields: {
          shopName: request.shopName,
          rif: request.rif,
          country: request.country,
          province: request.province,
          city: request.city,
          address: request.address,
          phone: request.phone,
        },
        reason: request.statusReason,
      }
    : null;
  return { previous, constraints: formConstraints({ application: shopApplicationSchema }) };
}

/** Sends the application with its documents; each refused attempt empties the file input. */
export async function shopApplicationAction(args: RequestArgs, account: AccountClient) {
  const form = await parseIntentForm(
    args.request,
    { [shopIntents.apply]: shopApplicationSchema },
    { upload: { form: APPLICATION_UPLOAD, scope: args.context.uploads } },
  );
  if (!form.ok) return filesAnswer(form, form.reply(), form.status);
  switch (form.intent) {
    case shopIntents.apply: {
      const { documents, ...fields } = form.value;
      try {
        await applyForShop(account, args.context, fields, documents);
      } catch (error) {
        if (error instanceof Response) throw error;
        const { status, formErrors, fieldErrors } = refusalOf(error, SHOP_APPLICATION_FIELDS);
        return filesAnswer(form, form.reply({ formErrors, fieldErrors }), status);
      }
      return redirectWithFlash(args.context, CONFIRMATION, { kind: "success", message: SHOP_REQUEST_SENT });
    }
  }
}

/** The documents an admin asked to replace. */
function toReplace(request: ShopRequest): ShopDocument[] {
  return request.status === "requiere_cambios"
    ? request.documents.filter((document) => document.status === "requiere_cambios")
    : [];
}

/** What «Pedir cambios» asks of the request while it waits for its applicant, or null when nothing does. */
function changesAsked(request: ShopRequest): (ChangesAsked & { documents: ShopDocument[] }) | null {
  const documents = toReplace(request);
  const fields = request.status === "requiere_cambios" ? request.fieldsToFix.map((entry) => entry.field) : [];
  if (documents.length === 0 && fields.length === 0) return null;
  return {
    fields,
    current: { country: request.country, rif: request.rif, phone: request.phone },
    documentIds: documents.map((document) => document._id),
    documents,
  };
}

/**
 * SPEC.md section 2 "shop/confirmation": the request as sent and where it stands; a user who never
 * applied goes to the form. While an admin's changes wait, the form to send it again: each named
 * datum with its inputs (filled with what was sent) and the admin's note, a file for each document
 * to replace, and the constraints of that form.
 */
export async function loadShopConfirmation(account: AccountClient) {
  const request = await getMyShopRequest(account);
  if (!request) throw redirect(SHOP_FORM);
  const asked = changesAsked(request);
  const changes = asked
    ? {
        asked: { fields: asked.fields, current: asked.current, documentIds: asked.documentIds },
        fields: request.fieldsToFix.map(({ field, note }) => ({
          field,
          note,
          label: shopRequestFieldLabel(field, request.country),
          inputs: SHOP_REQUEST_FIELD_INPUTS[field].map((name) => ({
            name,
            label: shopRequestInputLabel(name, request.country),
          })),
        })),
        // What the applicant sent, in the inputs they fix.
        sent: {
          shopName: request.shopName,
          province: request.province,
          city: request.city,
          address: request.address,
          phone: request.phone,
          rif: request.rif,
        },
        documents: asked.documents,
        constraints: formConstraints({ changes: changesSchema(asked) }),
      }
    : null;
  return { request, changes, updatedOn: dateTime(request.updatedAt) };
}

/** Sends the request again with the data and documents the admin asked for; it goes back to review. */
export async function shopConfirmationAction(args: RequestArgs, account: AccountClient) {
  const request = await getMyShopRequest(account);
  if (!request) throw redirect(SHOP_FORM);
  const asked = changesAsked(request);
  const form = await parseIntentForm(
    args.request,
    { [shopIntents.resend]: changesSchema(asked ?? { fields: [], current: request, documentIds: [] }) },
    { upload: { form: CHANGES_UPLOAD, scope: args.context.uploads } },
  );
  if (!asked) return redirectWithFlash(args.context, CONFIRMATION, { kind: "error", message: NOTHING_TO_CHANGE });
  if (!form.ok) return filesAnswer(form, form.reply(), form.status);
  switch (form.intent) {
    case shopIntents.resend: {
      // The schema made each named input a checked string and each document's part a File.
      const replacements = new Map(asked.documentIds.map((id) => [id, form.value[replacementField(id)] as File]));
      const correction: ShopCorrection = Object.fromEntries(
        shopRequestInputs(asked.fields).map((name) => [name, form.value[name] as string]),
      );
      try {
        await resendShopRequest(account, correction, replacements);
      } catch (error) {
        if (error instanceof Response) throw error;
        const { status, formErrors, fieldErrors } = refusalOf(error, [
          ...shopRequestInputs(asked.fields),
          ...asked.documentIds.map(replacementField),
        ]);
        return filesAnswer(form, form.reply({ formErrors, fieldErrors }), status);
      }
      return redirectWithFlash(args.context, CONFIRMATION, { kind: "success", message: SHOP_CHANGES_SENT });
    }
  }
}
