/**
 * What the audit log's page shows of its entries, without zod: the actions and the kinds of record,
 * with their Spanish names. audit.ts builds its schemas on these.
 */

export const AUDIT_ACTIONS = [
  "tienda.aprobar",
  "tienda.rechazar",
  "tienda.pedir_cambios",
  "tienda.suspender",
  "tienda.reactivar",
  "tienda.envio",
  "tienda.perfil",
  "tienda.vacaciones",
  "categoria.crear",
  "categoria.editar",
  "stock.ajustar",
  "producto.crear",
  "producto.editar",
  "producto.archivar",
  "producto.eliminar",
  "producto.lote",
  "pedido.estado",
  "pedido.cancelar",
  "pedido.recibido",
  "pedido.oferta",
  "producto.responder_resena",
  "cupon.crear",
  "cupon.editar",
  "cupon.terminar",
  "voucher.editar",
  "retiro.solicitar",
  "retiro.confirmar",
  "retiro.rechazar",
  "correo.reintentar",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "tienda.aprobar": "Aprobó una tienda",
  "tienda.rechazar": "Rechazó una solicitud de tienda",
  "tienda.pedir_cambios": "Pidió cambios en una solicitud",
  "tienda.suspender": "Suspendió una tienda",
  "tienda.reactivar": "Reactivó una tienda",
  "tienda.envio": "Cambió el envío de una tienda",
  "tienda.perfil": "Cambió el perfil de una tienda",
  "tienda.vacaciones": "Cambió el modo vacaciones de una tienda",
  "categoria.crear": "Creó una categoría",
  "categoria.editar": "Editó una categoría",
  "stock.ajustar": "Ajustó el stock de un producto",
  "producto.crear": "Creó un producto",
  "producto.editar": "Editó un producto",
  "producto.archivar": "Archivó un producto con pedidos",
  "producto.eliminar": "Eliminó un producto",
  "producto.lote": "Cambió varios productos a la vez",
  "pedido.estado": "Cambió el estado de un pedido",
  "pedido.cancelar": "Canceló un pedido",
  "pedido.recibido": "Confirmó que recibió un pedido",
  "pedido.oferta": "Respondió a una oferta",
  "producto.responder_resena": "Respondió a una reseña",
  "cupon.crear": "Creó un cupón de una tienda",
  "cupon.editar": "Cambió las fechas o el límite de un cupón",
  "cupon.terminar": "Terminó un cupón de una tienda",
  "voucher.editar": "Cambió la caducidad de un voucher",
  "retiro.solicitar": "Solicitó un retiro",
  "retiro.confirmar": "Confirmó el pago de un retiro",
  "retiro.rechazar": "Rechazó un retiro",
  "correo.reintentar": "Reintentó el envío de un correo atascado",
};

/** What kind of record an entry is about. */
export const AUDIT_ENTITIES = [
  "tienda",
  "categoria",
  "producto",
  "pedido",
  "cupon",
  "voucher",
  "retiro",
  "correo",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  tienda: "Tienda",
  categoria: "Categoría",
  producto: "Producto",
  pedido: "Pedido",
  cupon: "Cupón",
  voucher: "Voucher",
  retiro: "Retiro",
  correo: "Correo",
};
