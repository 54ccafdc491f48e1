import { auditEndpoints, auditQuery, type AuditEntry } from "#contract/audit";
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS } from "#contract/audit-labels";
import { dateTime } from "./times.server";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { pageErrorOf } from "./admin.server";
import { auditChanges } from "./audit-format";
import type { AccountClient } from "./auth.server";

/** The admins' audit log (issue 10): its filters from the page's address, and each entry written for the page. */

export type AuditFilterErrors = Partial<Record<"action" | "entityId" | "actorId", string>>;

/** The audit log's address (`?action=&entityId=&actorId=&pageNumber=`) checked by the API's own query schema. */
export function auditListQuery(searchParams: URLSearchParams) {
  const raw = {
    action: searchParams.get("action") ?? undefined,
    entityId: searchParams.get("entityId")?.trim() ?? undefined,
    actorId: searchParams.get("actorId") ?? undefined,
    page: searchParams.get("pageNumber") ?? undefined,
  };
  const checked = auditQuery.safeParse(raw);
  const typed = { action: raw.action ?? "", entityId: raw.entityId ?? "", actorId: raw.actorId ?? "" };
  if (checked.success) return { query: checked.data, typed, errors: null };
  const errors: AuditFilterErrors = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if (field === "action" || field === "entityId" || field === "actorId") errors[field] ??= issue.message;
  }
  // An unreadable page number alone is no reason to refuse the filters: the first page.
  if (Object.keys(errors).length === 0)
    return { query: auditQuery.parse({ ...raw, page: undefined }), typed, errors: null };
  return { query: null, typed, errors };
}

/** An entry as the page shows it: what was done in words, the record's page, the changes, the date. */
function presentEntry(entry: AuditEntry) {
  const recordName = entry.record?.name ?? `${AUDIT_ENTITY_LABELS[entry.entity]} ${entry.entityId}`;
  const recordHref =
    entry.entity === "tienda" && entry.record?.ownerId
      ? adminPaths.shopRequest(entry.record.ownerId)
      : entry.entity === "pedido" && entry.record
        ? adminPaths.order(entry.entityId)
        : null;
  return {
    _id: entry._id,
    actor: entry.actor,
    action: AUDIT_ACTION_LABELS[entry.action],
    entity: AUDIT_ENTITY_LABELS[entry.entity],
    entityId: entry.entityId,
    recordName,
    recordHref,
    changes: auditChanges(entry.before, entry.after, dateTime, entry),
    reason: entry.reason,
    createdAt: entry.createdAt,
    when: dateTime(entry.createdAt),
  };
}

/**
 * /dashboard/admin/audit?action=&entityId=&actorId=&pageNumber=: `GET /admin/audit`, newest first.
 * A filter the API would refuse (a record id that is no id) is said next to its field and nothing
 * is listed until it is corrected.
 */
export async function loadAudit(account: AccountClient, url: URL) {
  const { query, typed, errors } = auditListQuery(url.searchParams);
  const answer = await account.call(auditEndpoints.list, { query: query ?? { parPage: 1 } }).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    typed,
    errors,
    actors: answer.actors,
    entries: query ? answer.entries.map(presentEntry) : [],
    totalEntry: query ? answer.totalEntry : 0,
    page: answer.page,
    totalPages: query ? Math.max(1, Math.ceil(answer.totalEntry / answer.parPage)) : 1,
  };
}
