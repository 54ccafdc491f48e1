import { z } from "zod";
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from "./audit-labels";
import { isoDateTime, queryChoice, queryPage, queryPageSize, uuid } from "./fields";
import { endpoint } from "./http";

/**
 * The audit log (issue 10): every admin or seller action on shops, money, status or stock, append
 * only (a trigger refuses UPDATE, DELETE and TRUNCATE). Shops write it first; the next issues add
 * their actions to AUDIT_ACTIONS (audit-labels.ts).
 */

/** The actions' and entities' values and names are audit-labels.ts's (no zod there, for the pages). */
export const auditAction = z.enum(AUDIT_ACTIONS);
export const auditEntity = z.enum(AUDIT_ENTITIES);

export const auditEntry = z.object({
  _id: z.string(),
  actor: z.object({ _id: z.string(), name: z.string() }),
  action: auditAction,
  entity: auditEntity,
  entityId: z.string(),
  /**
   * The record as an admin reads it: its name (a shop's name) and the user it belongs to (a shop's
   * owner, whose id names the request's page, /dashboard/admin/shop-requests/{userId}); null when
   * the record is gone.
   */
  record: z.object({ name: z.string(), ownerId: z.string().nullable() }).nullable(),
  /** The record's relevant fields before and after the action. */
  before: z.record(z.unknown()).nullable(),
  after: z.record(z.unknown()).nullable(),
  reason: z.string().nullable(),
  createdAt: isoDateTime,
});
export type AuditEntry = z.infer<typeof auditEntry>;

const blankToAbsent = (value: unknown) => (value === "" ? undefined : value);

export const auditQuery = z.object({
  action: queryChoice(AUDIT_ACTIONS, "La acción no es válida."),
  entity: queryChoice(AUDIT_ENTITIES, "El tipo de registro no es válido."),
  entityId: z.preprocess(blankToAbsent, uuid("El registro no es válido.").optional()),
  actorId: z.preprocess(blankToAbsent, uuid("El administrador no es válido.").optional()),
  page: queryPage(),
  parPage: queryPageSize(100, 25),
});

export const auditAnswer = z.object({
  entries: z.array(auditEntry),
  totalEntry: z.number().int(),
  page: z.number().int(),
  parPage: z.number().int(),
  /** Everyone who appears in the log (admins and sellers), for the filter; the e-mail tells two of one name apart. */
  actors: z.array(z.object({ _id: z.string(), name: z.string(), email: z.string() })),
});

export const auditEndpoints = {
  /** Admin: newest first. */
  list: endpoint({ method: "GET", path: "/admin/audit", query: auditQuery, answer: auditAnswer }),
};
