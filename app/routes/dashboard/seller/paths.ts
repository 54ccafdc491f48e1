/** The seller area's addresses (issue 11), in one place for its menu, links and redirects. */
export const SELLER_HOME = "/dashboard/seller";

export const sellerPaths = {
  home: SELLER_HOME,
  products: `${SELLER_HOME}/products`,
  addProduct: `${SELLER_HOME}/add-product`,
  editProduct: (productId: string) => `${SELLER_HOME}/edit-product/${encodeURIComponent(productId)}`,
  control: `${SELLER_HOME}/control`,
  discounts: `${SELLER_HOME}/discounts`,
  orders: `${SELLER_HOME}/orders`,
  payments: `${SELLER_HOME}/payments`,
  shipping: `${SELLER_HOME}/shipping`,
  profile: `${SELLER_HOME}/profile`,
  coupons: `${SELLER_HOME}/coupons`,
  reviews: `${SELLER_HOME}/reviews`,
  paymentsStatement: `${SELLER_HOME}/payments/statement`,
  productsExport: `${SELLER_HOME}/products/export`,
  productsImport: `${SELLER_HOME}/products/import`,
  ordersExport: `${SELLER_HOME}/orders/export`,
};

/** The seller's order pages (issue 12): the list and one sub-order. */
export const sellerOrderPaths = {
  list: sellerPaths.orders,
  details: (subOrderId: string) => `${SELLER_HOME}/orders/details/${encodeURIComponent(subOrderId)}`,
};
