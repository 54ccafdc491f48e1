/** The admin area's addresses, in one place for its menu, links and redirects. */
export const ADMIN_HOME = "/dashboard/admin";

export const adminPaths = {
  home: ADMIN_HOME,
  shopRequests: `${ADMIN_HOME}/shop-requests`,
  shopRequest: (userId: string) => `${ADMIN_HOME}/shop-requests/${encodeURIComponent(userId)}`,
  shops: `${ADMIN_HOME}/shops`,
  /** Approved shops' changes of name or tax id waiting for an admin (decision 0055). */
  shopChanges: `${ADMIN_HOME}/shop-changes`,
  audit: `${ADMIN_HOME}/audit`,
  categories: `${ADMIN_HOME}/categories`,
  products: `${ADMIN_HOME}/products`,
  orders: `${ADMIN_HOME}/orders`,
  /** The list's CSV download, with the list's filters as its query. */
  ordersCsv: `${ADMIN_HOME}/orders.csv`,
  order: (orderId: string) => `${ADMIN_HOME}/orders/${encodeURIComponent(orderId)}`,
  withdrawals: `${ADMIN_HOME}/withdrawals`,
  users: `${ADMIN_HOME}/users`,
  user: (userId: string) => `${ADMIN_HOME}/users/${encodeURIComponent(userId)}`,
  /** The shops list narrowed to one shop by its name (there is no page per shop). */
  shopNamed: (name: string) => `${ADMIN_HOME}/shops?${new URLSearchParams({ searchValue: name })}`,
  coupons: `${ADMIN_HOME}/coupons`,
  commission: `${ADMIN_HOME}/commission`,
  books: `${ADMIN_HOME}/books`,
  stuckMail: `${ADMIN_HOME}/stuck-mail`,
  /** The audit log narrowed to one record. */
  auditOf: (entityId: string) => `${ADMIN_HOME}/audit?${new URLSearchParams({ entityId })}`,
};

/** A shop document through the web's proxy (app/routes/shop-document.ts): images inline, PDFs as attachments. */
export function shopDocumentPath(documentId: string): string {
  return `/documentos-tienda/${encodeURIComponent(documentId)}`;
}
