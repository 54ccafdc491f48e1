import { z } from "zod";
import { objectExpected, requiredText } from "./fields";
import { endpoint, noBody } from "./http";
import { productIdParams } from "./seller-products";

/**
 * Products an admin hides (issue 35, decision 0053): with a reason the seller reads; the product
 * leaves the store at once, its seller cannot publish it again, and once they have fixed it they ask
 * for a review; an admin then publishes it again or keeps it hidden with a new reason.
 */

export const HIDE_REASON_MAX_LENGTH = 500;

export const PRODUCT_HIDDEN_BY_ADMIN = "Producto oculto. Se avisó a su vendedor con el motivo.";
export const PRODUCT_KEPT_HIDDEN = "El producto sigue oculto. Se avisó a su vendedor con el motivo nuevo.";
export const PRODUCT_SHOWN_BY_ADMIN = "Producto publicado de nuevo. Se avisó a su vendedor.";
export const PRODUCT_REVIEW_REQUESTED = "Revisión pedida. La administración revisará el producto y te avisará.";
export const HIDE_REASON_MISSING = "Escribe el motivo: el vendedor lo leerá para corregir el producto.";
export const HIDE_REASON_TOO_LONG = `El motivo no puede superar los ${HIDE_REASON_MAX_LENGTH} caracteres.`;
/** 409: hidden already, and its seller has not asked for a review since. */
export const PRODUCT_ALREADY_HIDDEN_BY_ADMIN =
  "Este producto ya está oculto por la administración y su vendedor no ha pedido revisión; recarga la página.";
/** 409 of a show, or of a review asked for a product no admin hid. */
export const PRODUCT_NOT_HIDDEN_BY_ADMIN = "Este producto no está oculto por la administración; recarga la página.";
export const PRODUCT_REVIEW_ALREADY_REQUESTED =
  "Ya pediste la revisión de este producto; te avisaremos cuando se revise.";
/** A seller's write that would publish a product an admin hid. */
export const PUBLISH_REFUSED_ADMIN_HIDDEN =
  "La administración ocultó este producto: corrígelo y pide una revisión para volver a publicarlo.";

/** The notices, written once for the API's notifications. */
export function productHiddenNotice(name: string, reason: string): string {
  return `La administración ocultó tu producto «${name}». Motivo: ${reason} Corrígelo y pide una revisión.`;
}
export function productShownNotice(name: string): string {
  return `La administración revisó tu producto «${name}» y vuelve a estar publicado.`;
}
export function reviewRequestedNotice(name: string, shopName: string): string {
  return `${shopName} pidió revisar su producto «${name}», que la administración ocultó.`;
}

export const hideProductBody = z.object(
  { reason: requiredText(HIDE_REASON_MISSING, HIDE_REASON_MAX_LENGTH, HIDE_REASON_TOO_LONG) },
  objectExpected(HIDE_REASON_MISSING),
);

/** The admin's hide form (a row of the products page): the product and the reason. */
export const hideProductForm = productIdParams.merge(hideProductBody);

const messageAnswer = z.object({ message: z.string() });

export const productModerationEndpoints = {
  /** Admin: hide a product with a reason (or keep it hidden with a new one after a review was asked). */
  hide: endpoint({
    method: "POST",
    path: "/admin/products/:id/hide",
    params: productIdParams,
    body: hideProductBody,
    answer: messageAnswer,
  }),
  /** Admin: publish again a product an admin hid. */
  show: endpoint({
    method: "POST",
    path: "/admin/products/:id/show",
    params: productIdParams,
    body: noBody,
    answer: messageAnswer,
  }),
  /** The product's seller: ask for a review of a product an admin hid, once fixed. */
  requestReview: endpoint({
    method: "POST",
    path: "/seller/products/:id/request-review",
    params: productIdParams,
    body: noBody,
    answer: messageAnswer,
  }),
};
