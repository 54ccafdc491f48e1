import {
  SHOP_DOCUMENT_STATUS_LABELS,
  SHOP_STATUS_LABELS,
  type ShopDocumentStatus,
  type ShopStatus,
} from "#contract/shop-labels";
import { Badge, type BadgeTone } from "~/components/ui/Badge";

const SHOP_TONES: Record<ShopStatus, BadgeTone> = {
  pendiente: "warning",
  requiere_cambios: "info",
  aprobada: "success",
  rechazada: "danger",
  suspendida: "neutral",
};

const DOCUMENT_TONES: Record<ShopDocumentStatus, BadgeTone> = {
  enviado: "warning",
  aceptado: "success",
  requiere_cambios: "info",
  reemplazado: "neutral",
};

/** A shop's (or request's) status in words and colour. */
export function ShopStatusBadge({ status }: { status: ShopStatus }) {
  return (
    <Badge tone={SHOP_TONES[status]} data-testid="shop-status">
      {SHOP_STATUS_LABELS[status]}
    </Badge>
  );
}

export function DocumentStatusBadge({ status }: { status: ShopDocumentStatus }) {
  return (
    <Badge tone={DOCUMENT_TONES[status]} data-testid="document-status">
      {SHOP_DOCUMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
