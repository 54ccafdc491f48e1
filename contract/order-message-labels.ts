/** What the order messages say, without zod: the order pages show them without loading the schema library. */

export const MAX_ORDER_MESSAGE_LENGTH = 2000;
export const ORDER_MESSAGE_MISSING = "Escribe tu mensaje.";
export const ORDER_MESSAGE_TOO_LONG = `El mensaje puede tener como máximo ${MAX_ORDER_MESSAGE_LENGTH} caracteres.`;
export const INVALID_SHOP_ORDER = "La tienda del pedido no es válida.";
export const ORDER_MESSAGE_SENT = "Mensaje enviado.";
export const ORDER_MESSAGES_NOT_FOUND = "Pedido no encontrado.";
export const ORDER_MESSAGES_ADMIN_READ_ONLY = "Como administrador solo puedes leer los mensajes de los pedidos.";
