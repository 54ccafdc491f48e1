import {
  SHOP_DOCUMENT_STATUS_LABELS,
  SHOP_STATUS_LABELS,
  type ShopDocumentStatus,
  type ShopStatus,
} from "#contract/shop-labels";

const SHOP_LOOKS: Record<ShopStatus, string> = {
  pendiente: "border-amber-300 bg-amber-50 text-amber-950",
  requiere_cambios: "border-sky-300 bg-sky-50 text-sky-950",
  aprobada: "border-lime-400 bg-lime-50 text-lime-950",
  rechazada: "border-red-300 bg-red-50 text-red-900",
  suspendida: "border-slate-400 bg-slate-100 text-slate-900",
};

const DOCUMENT_LOOKS: Record<ShopDocumentStatus, string> = {
  enviado: "border-amber-300 bg-amber-50 text-amber-950",
  aceptado: "border-lime-400 bg-lime-50 text-lime-950",
  requiere_cambios: "border-sky-300 bg-sky-50 text-sky-950",
  reemplazado: "border-slate-300 bg-slate-100 text-slate-800",
};

const BADGE = "inline-block whitespace-nowrap rounded-full border px-2.5 py-0.5 text-sm font-semibold";

/** A shop's (or request's) status in words and colour. */
export function ShopStatusBadge({ status }: { status: ShopStatus }) {
  return (
    <span className={`${BADGE} ${SHOP_LOOKS[status]}`} data-testid="shop-status">
      {SHOP_STATUS_LABELS[status]}
    </span>
  );
}

export function DocumentStatusBadge({ status }: { status: ShopDocumentStatus }) {
  return (
    <span className={`${BADGE} ${DOCUMENT_LOOKS[status]}`} data-testid="document-status">
      {SHOP_DOCUMENT_STATUS_LABELS[status]}
    </span>
  );
}
