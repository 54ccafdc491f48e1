import { CUSTOMER_ORDER_FILTERS, type CustomerOrderFilter } from "#contract/order-labels";

/** The filter named in the address, or every order for anything unknown. */
export function orderFilterOf(value: string | null): CustomerOrderFilter {
  return (CUSTOMER_ORDER_FILTERS as readonly string[]).includes(value ?? "") ? (value as CustomerOrderFilter) : "all";
}
