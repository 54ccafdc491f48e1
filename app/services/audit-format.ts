import type { AuditAction, AuditEntity } from "#contract/audit-labels";
import { formatUsd } from "#contract/money-format";
import { OFFER_STATUS_LABELS } from "#contract/offer-labels";
import { DELIVERY_STATUS_LABELS } from "#contract/order-labels";
import { PRODUCT_STATE_LABELS } from "#contract/seller-product-labels";
import { SHOP_DOCUMENT_STATUS_LABELS, SHOP_STATUS_LABELS } from "#contract/shop-labels";
import { SPEC_SHEETS } from "#contract/spec-sheet-fields";
import { WITHDRAWAL_STATUS_LABELS } from "#contract/withdrawal-labels";

/**
 * An audit entry's before and after, written for an admin: one line per field that the action
 * changed, with the field's Spanish name and each value in words.
 */
export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

/** The Spanish names of the fields entries record; a field not named here keeps its own name. */
const FIELD_LABELS: Record<string, string> = {
  status: "Estado",
  statusReason: "Motivo",
  reason: "Motivo",
  role: "Rol",
  approvedAt: "Aprobada el",
  documents: "Documentos",
  name: "Nombre",
  shopName: "Nombre",
  note: "Nota",
  rif: "Identificador fiscal",
  fields: "Datos a corregir",
  province: "Estado o provincia",
  city: "Ciudad",
  address: "Dirección de la tienda",
  phone: "Teléfono",
  replaced: "Documentos reemplazados",
  slug: "Dirección",
  specSheet: "Ficha",
  imageId: "Imagen",
  images: "Imágenes",
  brand: "Marca",
  categoryId: "Categoría",
  price: "Precio",
  discount: "Descuento (%)",
  color: "Color",
  tag: "Etiqueta",
  stock: "Stock",
  sizes: "Tallas",
  size: "Talla",
  lowStockThreshold: "Aviso de stock bajo",
  specs: "Especificaciones",
  archivedAt: "Archivado el",
  archived: "Archivado",
  state: "Estado",
  products: "Productos",
  deliveryStatus: "Estado de entrega",
  refund: "Reembolso",
  validFrom: "Válido desde",
  validUntil: "Válido hasta",
  maxUses: "Límite de usos",
  code: "Código",
  kind: "Tipo de descuento",
  value: "Valor",
  maxUsesPerCustomer: "Usos por cliente",
  minSubtotal: "Compra mínima",
  endedAt: "Terminado el",
  expiresOn: "Último día para canjearlo",
  amount: "Importe",
  shop: "Tienda",
  payout: "Cuenta de cobro",
  reference: "Referencia de la transferencia",
  offer: "Oferta",
  subtotal: "Subtotal",
  orderTotal: "Total del pedido",
  trackingNumber: "Número de seguimiento",
};

/** Fields that hold money, in cents. */
const MONEY_FIELDS = new Set(["price", "refund", "amount", "offer", "subtotal", "orderTotal", "minSubtotal"]);

/** What the entry is about, which says whose statuses its `status` names. */
export interface AuditSubject {
  entity: AuditEntity;
  action: AuditAction;
}

/** A shop's statuses, and its documents' where a shop's own has no such name. */
const SHOP_AND_DOCUMENT_STATUS_LABELS: Record<string, string> = {
  ...SHOP_DOCUMENT_STATUS_LABELS,
  ...SHOP_STATUS_LABELS,
};

function statusLabels({ entity, action }: AuditSubject): Record<string, string> {
  if (action === "pedido.oferta") return OFFER_STATUS_LABELS;
  if (entity === "retiro") return WITHDRAWAL_STATUS_LABELS;
  return SHOP_AND_DOCUMENT_STATUS_LABELS;
}

/** A part's delivery status, alone or after its shop's name ("Pádel Centro: enviado, Pádel Sur: enviado"). */
function deliveryStatusWords(value: string): string {
  const labels: Record<string, string> = DELIVERY_STATUS_LABELS;
  return value.replace(/(^|: )([a-z_]+)(?=,|$)/g, (whole, before: string, status: string) =>
    labels[status] ? `${before}${labels[status]}` : whole,
  );
}

const ROLE_LABELS: Record<string, string> = { customer: "Cliente", seller: "Vendedor", admin: "Administrador" };
const EMPTY = "—";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value as words: money in US$, statuses and roles by their labels, dates in the store's time, days as DD/MM/AAAA, lists item by item. */
export function auditValue(
  field: string,
  value: unknown,
  formatDate: (iso: string) => string,
  subject: AuditSubject,
): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (typeof value === "number") return MONEY_FIELDS.has(field) ? formatUsd(value) : String(value);
  if (typeof value === "string") {
    if (field === "status") return statusLabels(subject)[value] ?? value;
    if (field === "state") return (PRODUCT_STATE_LABELS as Record<string, string>)[value] ?? value;
    if (field === "deliveryStatus") return deliveryStatusWords(value);
    if (field === "role") return ROLE_LABELS[value] ?? value;
    if (field === "specSheet") return (SPEC_SHEETS as Record<string, { label: string }>)[value]?.label ?? value;
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value))) return formatDate(value);
    // A calendar day (a coupon's first or last day) has no time to move: written day first.
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value.split("-").reverse().join("/");
    return value;
  }
  if (Array.isArray(value))
    return value.length === 0 ? EMPTY : value.map((item) => auditValue(field, item, formatDate, subject)).join("; ");
  if (isRecord(value)) {
    // A document, or a datum of a shop request named in «Pedir cambios»: its name, then what was said about it.
    const name =
      typeof value.fileName === "string"
        ? value.fileName
        : typeof value.name === "string"
          ? value.name
          : typeof value.field === "string"
            ? (FIELD_LABELS[value.field] ?? value.field)
            : null;
    const rest = Object.entries(value)
      .filter(([key]) => key !== "fileName" && key !== "name" && key !== "field" && !/id$/i.test(key))
      .map(([key, item]) => `${FIELD_LABELS[key] ?? key}: ${auditValue(key, item, formatDate, subject)}`);
    return [name, ...rest].filter(Boolean).join(", ") || EMPTY;
  }
  return String(value);
}

/** The fields whose value differs between before and after (all of them when nothing differs), in the order they first appear. */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  formatDate: (iso: string) => string,
  subject: AuditSubject,
): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const rows = fields.map((field) => {
    const was = before?.[field];
    const now = after?.[field];
    return {
      field,
      changed: JSON.stringify(was ?? null) !== JSON.stringify(now ?? null),
      change: {
        field: FIELD_LABELS[field] ?? field,
        before: auditValue(field, was, formatDate, subject),
        after: auditValue(field, now, formatDate, subject),
      },
    };
  });
  const changed = rows.filter((row) => row.changed);
  return (changed.length > 0 ? changed : rows).map((row) => row.change);
}
