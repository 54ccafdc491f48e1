import {
  SHOP_APPROVED,
  SHOP_CHANGES_REQUESTED,
  SHOP_REACTIVATED,
  SHOP_REJECTED,
  SHOP_SUSPENDED,
  shopEndpoints,
  shopsQuery,
  type ShopDocument,
  type ShopRequest,
} from "#contract/shops";
import {
  SHOP_REQUEST_FIELD_INPUTS,
  SHOP_REQUEST_FIELDS,
  shopRequestFieldLabel,
  type ShopRequestField,
  type ShopStatus,
} from "#contract/shop-labels";
import { longDate } from "#contract/store-time";
import { dateTime } from "./times.server";
import { adminShopIntents } from "~/forms/admin-shop.forms";
import {
  approveFormSchema,
  rejectFormSchema,
  requestChangesFormSchema,
  SHOP_REQUEST_FORMS,
  shopIdField,
  SHOPS_FORMS,
  suspendShopSchema,
} from "~/forms/admin-shop.schema";
import { answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { adminPaths, shopDocumentPath } from "~/routes/dashboard/admin/paths";
import { pageErrorOf } from "./admin.server";
import type { AccountClient, RequestArgs } from "./auth.server";
import { redirectWithFlash } from "./session.server";
import { loadShopIdentityHistory } from "./shop-identity.server";

/**
 * The admin's shops (issue 10): the list of every shop to suspend or reactivate, and one request's
 * page with its documents and the decisions (approve, reject, ask for changes).
 */

/** A refused role (a stale token) is the 403 page, a request or shop no longer there the 404 page. */
const PAGE_ERRORS = [401, 403, 404] as const;

/** The shops list's address (`?status=&searchValue=&pageNumber=`) as the API's query; anything unreadable is left out. */
export function shopsListQuery(searchParams: URLSearchParams): {
  status?: ShopStatus;
  searchValue?: string;
  page: number;
} {
  const status = shopsQuery.shape.status.safeParse(searchParams.get("status") ?? undefined);
  const searchValue = shopsQuery.shape.searchValue.safeParse(searchParams.get("searchValue") ?? undefined);
  const page = shopsQuery.shape.page.safeParse(searchParams.get("pageNumber") ?? undefined);
  return {
    status: status.success ? status.data : undefined,
    searchValue: searchValue.success ? searchValue.data : undefined,
    page: page.success ? page.data : 1,
  };
}

/** /dashboard/admin/shops?status=&searchValue=&pageNumber=: `GET /admin/shops`, every shop, by status and name. */
export async function loadShops(account: AccountClient, url: URL) {
  const query = shopsListQuery(url.searchParams);
  const answer = await account.call(shopEndpoints.list, { query }).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    filter: { status: query.status ?? "todas", searchValue: query.searchValue ?? "" },
    // An admin never suspends or reactivates their own shop (the API refuses it too): another admin does.
    shops: answer.shops.map((shop) => ({
      ...shop,
      since: longDate(shop.createdAt),
      own: shop.userId === account.user.id,
    })),
    totalShop: answer.totalShop,
    page: answer.page,
    totalPages: Math.max(1, Math.ceil(answer.totalShop / answer.parPage)),
    // Once for all the rows: every shop's form of a kind asks the same of its fields.
    constraints: formConstraints({ suspend: suspendShopSchema, reactivate: shopIdField }),
  };
}

/** Each shop's forms are told apart by the shop. */
function shopOf(formData: FormData): string {
  return String(formData.get("shopId") ?? "");
}

/** Suspend (with a reason) or reactivate one shop, then back to the same list, filters kept. */
export async function shopsAction(args: RequestArgs, account: AccountClient) {
  const url = new URL(args.request.url);
  const back = `${url.pathname}${url.search}`;
  const form = await parseIntentForm(args.request, SHOPS_FORMS, { target: shopOf });
  if (!form.ok) return form.answer;
  const { shopId } = form.value;
  try {
    switch (form.intent) {
      case adminShopIntents.suspend:
        await account.call(shopEndpoints.suspend, { params: { shopId }, body: { reason: form.value.reason } });
        return redirectWithFlash(args.context, back, { kind: "success", message: SHOP_SUSPENDED });
      case adminShopIntents.reactivate:
        await account.call(shopEndpoints.reactivate, { params: { shopId } });
        return redirectWithFlash(args.context, back, { kind: "success", message: SHOP_REACTIVATED });
    }
  } catch (error) {
    // The API's `reason` is the text box written after 'Otro motivo'.
    return answerRefused(error, form, {
      fields: form.intent === adminShopIntents.suspend ? ["otherReason"] : [],
      fieldNames: { reason: "otherReason" },
      target: shopId,
      pageErrors: PAGE_ERRORS,
    });
  }
}

/** A document as the page shows it: its date written, its address through the web. */
function presentDocument(document: ShopDocument) {
  return { ...document, sentAt: dateTime(document.createdAt), href: shopDocumentPath(document._id) };
}

/** A datum's values as the page writes them: the address's lines joined as the form orders them. */
function datumText(field: ShopRequestField, values: Record<string, string>): string {
  const order = field === "address" ? (["address", "city", "province"] as const) : SHOP_REQUEST_FIELD_INPUTS[field];
  return order
    .map((input) => values[input]?.trim() ?? "")
    .filter((value) => value !== "")
    .join(", ");
}

/** The request's data as they were before each «Pedir cambios» sent again, with what changed, newest first. */
function presentVersions(request: ShopRequest) {
  return request.versions.map((version) => ({
    _id: version._id,
    requestedAt: dateTime(version.requestedAt),
    resubmittedAt: dateTime(version.resubmittedAt),
    changes: version.changes.map((change) => ({
      field: change.field,
      label: shopRequestFieldLabel(change.field, request.country),
      note: change.note,
      before: datumText(change.field, change.before),
      after: datumText(change.field, change.after),
    })),
  }));
}

/**
 * /dashboard/admin/shop-requests/{userId}: one request with its data, documents, history, its
 * changes of name or tax id and the decisions' constraints.
 */
export async function loadShopRequest(account: AccountClient, userId: string | undefined) {
  const { request } = await account
    .call(shopEndpoints.request, { params: { userId: userId ?? "" } })
    .catch((error: unknown) => {
      throw pageErrorOf(error);
    });
  return {
    // An admin never decides their own request (the API refuses it too): another admin does.
    ownRequest: request.userId === account.user.id,
    /** Its changes of name or tax id once approved (decision 0055), newest first. */
    identityChanges: await loadShopIdentityHistory(account, request._id),
    request: {
      ...request,
      sentAt: dateTime(request.createdAt),
      updatedAtText: dateTime(request.updatedAt),
      documents: request.documents.map(presentDocument),
      history: request.history.map(presentDocument),
      versions: presentVersions(request),
      fieldsToFix: request.fieldsToFix.map((entry) => ({
        ...entry,
        label: shopRequestFieldLabel(entry.field, request.country),
      })),
    },
    /** The data «Pedir cambios» may name, each by its name. */
    changeableFields: SHOP_REQUEST_FIELDS.map((field) => ({
      field,
      label: shopRequestFieldLabel(field, request.country),
    })),
    constraints: formConstraints({
      approve: approveFormSchema,
      reject: rejectFormSchema,
      requestChanges: requestChangesFormSchema,
    }),
  };
}

/**
 * Approve, reject with a reason, or ask for changes on some data and documents: each a plain POST with its
 * `intent`, a flash after it, and the API's 409 (another admin decided first) said on the page.
 */
export async function shopRequestAction(args: RequestArgs, account: AccountClient, userId: string | undefined) {
  const params = { userId: userId ?? "" };
  const back = adminPaths.shopRequest(params.userId);
  const form = await parseIntentForm(args.request, SHOP_REQUEST_FORMS);
  if (!form.ok) return form.answer;
  try {
    switch (form.intent) {
      case adminShopIntents.approve:
        await account.call(shopEndpoints.decide, { params, body: { approved: true } });
        return redirectWithFlash(args.context, back, { kind: "success", message: SHOP_APPROVED });
      case adminShopIntents.reject:
        await account.call(shopEndpoints.decide, { params, body: form.value });
        return redirectWithFlash(args.context, back, { kind: "success", message: SHOP_REJECTED });
      case adminShopIntents.requestChanges:
        await account.call(shopEndpoints.requestChanges, { params, body: form.value });
        return redirectWithFlash(args.context, back, { kind: "success", message: SHOP_CHANGES_REQUESTED });
    }
  } catch (error) {
    return answerRefused(error, form, {
      fields: form.intent === adminShopIntents.reject ? ["otherReason"] : [],
      fieldNames: { reason: "otherReason" },
      pageErrors: PAGE_ERRORS,
    });
  }
}
