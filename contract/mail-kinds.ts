/**
 * Every kind of e-mail the store sends, who gets it and whether the reader may turn it off (issue 33).
 * Receipts, money and security mails always go; the rest follow the reader's preferences and carry a
 * one-click unsubscribe. Zod-free: the preferences page's words come from here.
 */
export const MAIL_KINDS = {
  // Account and shop decisions: always.
  account: { audience: "todos", label: "Verificación de correo y contraseña", optional: false },
  "shop-decision": { audience: "todos", label: "Decisiones sobre tu tienda", optional: false },
  "account-blocked": { audience: "todos", label: "Bloqueo de tu cuenta", optional: false },
  "back-in-stock": { audience: "cliente", label: "Aviso de talla disponible", optional: true },
  // The customer's order.
  "order-placed": { audience: "cliente", label: "Pedido realizado: qué pagar y hasta cuándo", optional: false },
  "order-paid": { audience: "cliente", label: "Recibo del pago", optional: false },
  "part-shipped": { audience: "cliente", label: "Envío de tu pedido", optional: true },
  "part-delivered": { audience: "cliente", label: "Entrega de tu pedido", optional: true },
  "order-cancelled": { audience: "cliente", label: "Cancelaciones y reembolsos", optional: false },
  "order-expired": { audience: "cliente", label: "Pedidos caducados sin pagar", optional: true },
  "offer-answered": { audience: "cliente", label: "Respuesta a tus ofertas", optional: true },
  "order-message": { audience: "todos", label: "Mensajes sobre un pedido", optional: true },
  "order-return": { audience: "todos", label: "Devoluciones y sus reembolsos", optional: false },
  // The seller's shop.
  "sale-to-prepare": { audience: "vendedor", label: "Pedidos pagados por preparar", optional: true },
  "offer-received": { audience: "vendedor", label: "Ofertas recibidas", optional: true },
  "withdrawal-decided": { audience: "vendedor", label: "Retiros pagados o rechazados", optional: false },
  "out-of-stock": { audience: "vendedor", label: "Productos agotados", optional: true },
  "new-review": { audience: "vendedor", label: "Reseñas nuevas", optional: true },
  // The admin's work.
  "shop-request": { audience: "admin", label: "Solicitudes de tienda por revisar", optional: true },
  "withdrawal-to-pay": { audience: "admin", label: "Retiros por pagar", optional: true },
} as const satisfies Record<string, { audience: MailAudience; label: string; optional: boolean }>;

export type MailAudience = "todos" | "cliente" | "vendedor" | "admin";
export type MailKind = keyof typeof MAIL_KINDS;

/** The kinds a reader may turn off, in the order the preferences page lists them. */
export const OPTIONAL_MAIL_KINDS = (Object.keys(MAIL_KINDS) as MailKind[]).filter((kind) => MAIL_KINDS[kind].optional);
