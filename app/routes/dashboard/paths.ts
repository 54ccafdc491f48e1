/** The customer dashboard's addresses that pages and lists link to. */
export function orderDetailsPath(orderId: string): string {
  return `/dashboard/order/details/${encodeURIComponent(orderId)}`;
}

export function paymentPath(orderId: string): string {
  return `/payment?${new URLSearchParams({ orderId })}`;
}
