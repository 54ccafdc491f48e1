import { z } from "zod";
import { isoDateTime, objectExpected, requiredText, uuid } from "./fields";
import { endpoint, noBody, noInput } from "./http";
import { shopText } from "./shop-profile";
import { IDENTITY_CHANGE_REASON_MAX_LENGTH, SHOP_IDENTITY_CHANGE_STATUSES } from "./shop-identity-labels";
import {
  checkTaxId,
  DECISION_REASON_MAX_LENGTH,
  normalizeTaxId,
  shopCountry,
  shopIdParams,
  shopNameField,
  taxIdText,
} from "./shops";
import type { ShopCountry } from "./shop-labels";

/**
 * An approved shop's change of name or tax id (issue 34, decision 0055). The rest of the profile
 * applies at once; these two identify the shop to its customers and to the tax office, so they go
 * to an admin like the application did. The seller asks (one pending change per shop) and may
 * withdraw it; an admin approves it (the shop takes the new values) or rejects it with a reason.
 * Until then the shop keeps its name and tax id.
 */

// ---- Messages both halves show ------------------------------------------------------------------

export const IDENTITY_CHANGE_SENT =
  "Cambio enviado: la administración lo revisará. Mientras tanto tu tienda conserva su nombre e identificador fiscal.";
export const IDENTITY_CHANGE_WITHDRAWN = "Retiraste el cambio que habías pedido.";
export const IDENTITY_CHANGE_APPROVED = "Cambio aprobado: la tienda ya usa sus datos nuevos.";
export const IDENTITY_CHANGE_REJECTED = "Cambio rechazado: la tienda conserva sus datos.";
/** 400: the name and the tax id sent are the shop's own. */
export const IDENTITY_CHANGE_NOTHING =
  "Cambia el nombre o el identificador fiscal: los dos son iguales a los actuales.";
/** 409: a second change while one waits. */
export const IDENTITY_CHANGE_PENDING_EXISTS =
  "Ya tienes un cambio de nombre o identificador fiscal pendiente: retíralo si quieres pedir otro.";
/** 409: withdrawing when nothing waits. */
export const IDENTITY_CHANGE_NONE_PENDING = "No tienes ningún cambio de nombre o identificador fiscal pendiente.";
/** 409: deciding a change already decided or withdrawn (two admins at once: the first one stands). */
export const IDENTITY_CHANGE_NOT_PENDING = "Este cambio ya no está pendiente; recarga la página para ver su estado.";
/** 409 of an approval whose tax id another shop took after the seller asked. */
export const IDENTITY_CHANGE_RIF_TAKEN =
  "Otra tienda usa ya ese identificador fiscal: no se puede aprobar el cambio. Recházalo indicando el motivo.";
export const IDENTITY_CHANGE_NOT_FOUND = "Cambio no encontrado.";
/** 403: the caller's shop is not an approved one (an application goes through its own form). */
export const IDENTITY_CHANGE_NEEDS_APPROVED_SHOP =
  "Solo una tienda aprobada puede pedir cambiar su nombre o su identificador fiscal.";

// ---- Inputs -------------------------------------------------------------------------------------

const identityReason = shopText("El motivo", IDENTITY_CHANGE_REASON_MAX_LENGTH).default("");

/**
 * What the seller sends: the name and tax id they want (the current ones for what stays) and an
 * optional reason. The name follows the application's rule; the tax id is checked for the shop's
 * country by `identityChangeFor`, which the API knows.
 */
export const identityChangeBody = z.object(
  { shopName: shopNameField, rif: taxIdText, reason: identityReason },
  objectExpected("Envía el nombre y el identificador fiscal de la tienda."),
);

/** The body checked for a shop of `country`: the tax id answered in its written form, as in the application. */
export function identityChangeFor(country: ShopCountry) {
  return identityChangeBody
    .superRefine((fields, context) => checkTaxId({ country, rif: fields.rif }, context))
    .transform((fields) => ({ ...fields, rif: normalizeTaxId(country, fields.rif)! }));
}
export type IdentityChange = z.output<ReturnType<typeof identityChangeFor>>;

/** The web's form: the same fields, the shop's country in a hidden field (as the profile's form). */
export const identityChangeForm = identityChangeBody
  .extend({ country: shopCountry })
  .superRefine((fields, context) => checkTaxId(fields, context));

/** A rejection's reason, required: the seller reads it. */
export const identityRejectBody = z.object(
  {
    reason: requiredText(
      "Escribe el motivo del rechazo.",
      DECISION_REASON_MAX_LENGTH,
      `El motivo no puede superar los ${DECISION_REASON_MAX_LENGTH} caracteres.`,
    ),
  },
  objectExpected("Envía el motivo del rechazo."),
);

export const identityChangeParams = z.object({ changeId: uuid("El cambio no es válido.") });

// ---- Answers ------------------------------------------------------------------------------------

const identityValues = z.object({ shopName: z.string(), rif: z.string() });

/** One change as both halves read it. */
export const shopIdentityChange = z.object({
  _id: z.string(),
  shopId: z.string(),
  /** The shop's owner (the admin's link to its request page) and its name and country now. */
  ownerId: z.string(),
  shopName: z.string(),
  country: shopCountry,
  status: z.enum(SHOP_IDENTITY_CHANGE_STATUSES),
  /** The shop's values when it was asked (once approved: when it was approved). */
  before: identityValues,
  /** What was asked for: null where it stays. */
  requested: z.object({ shopName: z.string().nullable(), rif: z.string().nullable() }),
  /** The seller's reason, if any. */
  reason: z.string().nullable(),
  requestedBy: z.string(),
  createdAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  /** The admin who decided (null while pending or once withdrawn). */
  decidedBy: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});
export type ShopIdentityChange = z.infer<typeof shopIdentityChange>;

export const sellerIdentityAnswer = z.object({
  shopName: z.string(),
  rif: z.string(),
  country: shopCountry,
  /** The change waiting for an admin, if any. */
  pending: shopIdentityChange.nullable(),
  /** The latest one decided or withdrawn, if any: a rejection's reason stays in sight. */
  latest: shopIdentityChange.nullable(),
});
export type SellerIdentity = z.infer<typeof sellerIdentityAnswer>;

export const identityChangeAnswer = z.object({ message: z.string(), change: shopIdentityChange });
export const pendingIdentityChangesAnswer = z.object({
  /** Every pending change, the longest waiting first. */
  changes: z.array(shopIdentityChange),
  totalPending: z.number().int(),
});
export const shopIdentityHistoryAnswer = z.object({
  /** Every change of the shop, newest first. */
  changes: z.array(shopIdentityChange),
});

// ---- Calls --------------------------------------------------------------------------------------

export const shopIdentityEndpoints = {
  /** Sellers: their shop's name and tax id, its pending change and its latest decided one. */
  mine: endpoint({ method: "GET", path: "/seller/shop-identity", query: noInput, answer: sellerIdentityAnswer }),
  /** Sellers: ask for a change. */
  request: endpoint({
    method: "POST",
    path: "/seller/shop-identity",
    body: identityChangeBody,
    answer: identityChangeAnswer,
    statuses: [201],
  }),
  /** Sellers: withdraw the pending change. */
  withdraw: endpoint({
    method: "POST",
    path: "/seller/shop-identity/withdraw",
    body: noBody,
    answer: identityChangeAnswer,
  }),
  /** Admins: the pending changes. */
  pending: endpoint({
    method: "GET",
    path: "/admin/shop-changes",
    query: noInput,
    answer: pendingIdentityChangesAnswer,
  }),
  approve: endpoint({
    method: "POST",
    path: "/admin/shop-changes/:changeId/approve",
    params: identityChangeParams,
    body: noBody,
    answer: identityChangeAnswer,
  }),
  reject: endpoint({
    method: "POST",
    path: "/admin/shop-changes/:changeId/reject",
    params: identityChangeParams,
    body: identityRejectBody,
    answer: identityChangeAnswer,
  }),
  /** Admins: one shop's changes, every status. */
  history: endpoint({
    method: "GET",
    path: "/admin/shops/:shopId/identity-changes",
    params: shopIdParams,
    query: noInput,
    answer: shopIdentityHistoryAnswer,
  }),
};
