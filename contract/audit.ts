import { z } from "zod";
import { isoDateTime, queryChoice, queryPage, queryPageSize, uuid } from "./fields";
import { endpoint } from "./http";

/**
 * The audit log (issue 10): every admin or seller action on shops, money, status or stock, append
 * only (a trigger refuses UPDATE, DELETE and TRUNCATE). Shops write it first; the next issues add
 * their actions to AUDIT_ACTIONS.
 */
export const AUDIT_ACTIONS = [
  "tienda.aprobar",
  "tienda.rechazar",
  "tienda.pedir_cambios",
  "tienda.suspender",
  "tienda.reactivar",
  "categoria.crear",
  "categoria.editar",
  "stock.ajustar",
  "producto.crear",
  "producto.editar",
  "producto.archivar",
  "producto.eliminar",
  "pedido.estado",
  "pedido.cancelar",
  "pedido.oferta",
  "cupon.editar",
  "voucher.editar",
  "retiro.solicitar",
  "retiro.confirmar",
  "retiro.rechazar",
] as const;
export const auditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditAction>;

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "tienda.aprobar": "Aprobó una tienda",
  "tienda.rechazar": "Rechazó una solicitud de tienda",
  "tienda.pedir_cambios": "Pidió cambios en una solicitud",
  "tienda.suspender": "Suspendió una tienda",
  "tienda.reactivar": "Reactivó una tienda",
  "categoria.crear": "Creó una categoría",
  "categoria.editar": "Editó una categoría",
  "stock.ajustar": "Ajustó el stock de un producto",
  "producto.crear": "Creó un producto",
  "producto.editar": "Editó un producto",
  "producto.archivar": "Archivó un producto con pedidos",
  "producto.eliminar": "Eliminó un producto",
  "pedido.estado": "Cambió el estado de un pedido",
  "pedido.cancelar": "Canceló un pedido",
  "pedido.oferta": "Respondió a una oferta",
  "cupon.editar": "Cambió las fechas o el límite de un cupón",
  "voucher.editar": "Cambió la caducidad de un voucher",
  "retiro.solicitar": "Solicitó un retiro",
  "retiro.confirmar": "Confirmó el pago de un retiro",
  "retiro.rechazar": "Rechazó un retiro",
};

/** What kind of record an entry is about. */
export const AUDIT_ENTITIES = ["tienda", "categoria", "producto", "pedido", "cupon", "voucher", "retiro"] as const;
export const auditEntity = z.enum(AUDIT_ENTITIES);
export type AuditEntity = z.infer<typeof auditEntity>;

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  tienda: "Tienda",
  categoria: "Categoría",
  producto: "Producto",
  pedido: "Pedido",
  cupon: "Cupón",
  voucher: "Voucher",
  retiro: "Retiro",
};

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
  /** Everyone who appears in the log, for the filter. */
  actors: z.array(z.object({ _id: z.string(), name: z.string() })),
});

export const auditEndpoints = {
  /** Admin: newest first. */
  list: endpoint({ method: "GET", path: "/admin/audit", query: auditQuery, answer: auditAnswer }),
};
