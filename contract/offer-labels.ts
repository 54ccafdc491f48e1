import type { OfferStatus } from "./offers";

/**
 * An offer's state in words (the contract's offerStatus), without zod and apart from the order
 * labels every order page loads: only the pages that show offers carry it.
 */
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  pendiente: "Pendiente",
  aceptada: "Aceptada",
  rechazada: "Rechazada",
  caducada: "Caducada",
  cerrada: "Cerrada",
};
