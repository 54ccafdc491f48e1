/**
 * The Spanish messages both halves show (SPEC.md section 8 and the store's own): a message the API
 * answers and the web repeats, or the web's fallback for a call, is written here once.
 */

import { PASSWORD_MIN_LENGTH } from "./limits";

/** Beside every new-password field: what accounts.ts's passwordRule asks for, said before typing. */
export const NEW_PASSWORD_HINT = `Al menos ${PASSWORD_MIN_LENGTH} caracteres, con una letra y un número.`;

/** SPEC.md section 8, generic defaults. */
export const GENERIC_SUCCESS = "Operación exitosa";
export const GENERIC_ERROR = "Error en la operación";
/** SPEC.md section 8: a call that cannot reach the API, or whose API fails. */
export const NETWORK_OR_SERVER_ERROR = "Error de red o servidor";
/** SPEC.md section 8: sign-in (and Google sign-in) without an answer. */
export const NETWORK_ERROR = "Error de red, intente de nuevo.";

export const UNAUTHORIZED = "No autorizado.";
export const FORBIDDEN = "No tienes permiso para esta acción.";
export const INVALID_REQUEST = "Petición no válida.";
export const TOO_LARGE = "El contenido es demasiado grande.";
export const INTERNAL_ERROR = "Error interno del servidor. Intenta de nuevo más tarde.";
export const NOT_FOUND = "Recurso no encontrado.";
/** An order asked for with nothing buyable, and the cart page with no lines (here, away from the order schemas, so the page loads no zod). */
export const EMPTY_CART = "Tu carrito está vacío.";
/** 503 with Retry-After: the database did not answer in time (a lock, a slow statement, no free connection). */
export const SERVICE_BUSY = "El servicio está ocupado. Intenta de nuevo en unos segundos.";
/**
 * 503 with Retry-After: the server's disk is full, so nothing can be saved (the embedded database
 * stops until there is room again, /health included). Said to shoppers, so no word of disks.
 */
export const STORAGE_FULL = "El servicio no puede guardar datos en este momento. Intenta de nuevo en unos minutos.";
/** 400: a text with a NUL character (U+0000), which PostgreSQL cannot store, in any path, query or body value. */
export const INVALID_TEXT = "El texto contiene caracteres no válidos.";

/**
 * A product whose shop is not selling (not 'aprobada': pending, rejected or suspended): its page
 * says so, it cannot be added to the cart and its cart lines cannot be ordered. Here rather than in
 * catalog.ts so the pages that show it do not carry the catalogue's schemas to the browser.
 */
export const PRODUCT_UNAVAILABLE = "Este producto no está disponible: la tienda no está vendiendo ahora.";
/** Issue 34: its seller hid it, left it as a draft or deleted it. */
export const PRODUCT_NOT_PUBLISHED = "Este producto ya no está a la venta.";

/** SPEC.md section 8: the offers of an order could not be read (the customer's and the seller's order pages). */
export const OFFERS_LOAD_ERROR = "Error al obtener las ofertas";

/**
 * A seller cannot buy from their own shop: adding their product to the cart is refused, and their
 * product's page says so instead of offering the purchase form.
 */
export const OWN_PRODUCT = "Este producto es de tu propia tienda: no puedes comprarlo.";

/** A list's `page` or page size that is not a whole number in range (orders, notifications, reviews). */
export const INVALID_PAGE = "La página no es válida.";
export const INVALID_PAGE_SIZE = "El tamaño de página no es válido.";
/** A user id in a path or a body that is not one (orders, wallet, notifications). */
export const INVALID_USER = "El usuario no es válido.";

/**
 * The 429 (with Retry-After) of each call the API limits per address and per account, by action
 * (docs/api/limits.md, "Rate limits"); sign-in keeps SPEC.md section 8's TOO_MANY_ATTEMPTS (contract/accounts.ts).
 */
export const TOO_MANY_REQUESTS = {
  register: "Se han creado demasiadas cuentas desde tu conexión. Inténtalo de nuevo más tarde.",
  contact: "Has enviado demasiados mensajes en poco tiempo. Inténtalo de nuevo más tarde.",
  review: "Has enviado demasiadas reseñas en poco tiempo. Inténtalo de nuevo más tarde.",
  offer: "Has enviado demasiadas ofertas en poco tiempo. Inténtalo de nuevo más tarde.",
  upload: "Has subido demasiados archivos en poco tiempo. Inténtalo de nuevo más tarde.",
  orderMessage: "Has enviado demasiados mensajes sobre pedidos en poco tiempo. Inténtalo de nuevo más tarde.",
} as const;
export type RateLimitedAction = keyof typeof TOO_MANY_REQUESTS;
