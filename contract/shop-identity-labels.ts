/** An approved shop's change of name or tax id (issue 34, decision 0055): its statuses' words, without zod. */

/** `pendiente` until an admin decides or its seller withdraws it. */
export const SHOP_IDENTITY_CHANGE_STATUSES = ["pendiente", "aprobado", "rechazado", "retirado"] as const;
export type ShopIdentityChangeStatus = (typeof SHOP_IDENTITY_CHANGE_STATUSES)[number];

export const SHOP_IDENTITY_CHANGE_STATUS_LABELS: Record<ShopIdentityChangeStatus, string> = {
  pendiente: "Pendiente de revisión",
  aprobado: "Aprobado",
  rechazado: "Rechazado",
  retirado: "Retirado",
};

/** The most a seller's reason for a change may say. */
export const IDENTITY_CHANGE_REASON_MAX_LENGTH = 500;
