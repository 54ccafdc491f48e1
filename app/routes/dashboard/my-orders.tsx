import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { TextLink } from "~/components/ui/TextLink";
import { CUSTOMER_ORDER_FILTERS, ORDER_FILTER_LABELS } from "#contract/order-labels";

import { OrderList } from "~/components/dashboard/OrderList";
import { Pagination } from "~/components/product/Pagination";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { Select } from "~/components/ui/Input";
import { requireAccount } from "~/services/auth.server";
import { getCustomerOrders, listedOrders, orderFilterOf } from "~/services/customer-orders.server";

export const meta: MetaFunction = () => [
  { title: "Mis pedidos | Mercado Pádel" },
  { name: "description", content: "Tus pedidos en Mercado Pádel: estado del pago y de la entrega de cada uno." },
  { name: "robots", content: "noindex" },
];

/** /dashboard/my-orders?status=&pageNumber=: one page of the customer's orders, newest first. */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAccount(args);
  const url = new URL(args.request.url);
  const filter = orderFilterOf(url.searchParams.get("status"));
  const requestedPage = Number(url.searchParams.get("pageNumber") ?? "1");
  const page = Number.isInteger(requestedPage) && requestedPage >= 1 && requestedPage <= 100_000 ? requestedPage : 1;
  const { orders, totalOrder, parPage } = await getCustomerOrders(account, filter, page);
  return {
    filter,
    orders: listedOrders(orders),
    totalOrder,
    page,
    totalPages: Math.max(1, Math.ceil(totalOrder / parPage)),
  };
}

export default function MyOrders() {
  const { filter, orders, totalOrder, page, totalPages } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <section aria-labelledby="titulo-pedidos" className="space-y-6">
      <h1 id="titulo-pedidos" className="text-3xl font-bold text-slate-900">
        Mis pedidos
      </h1>

      {/* A GET form: the filter is part of the address and works without JavaScript. */}
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filtrar pedidos">
        <Field id="estado-pedido" label="Estado del pedido">
          <Select name="status" defaultValue={filter} key={filter}>
            {CUSTOMER_ORDER_FILTERS.map((value) => (
              <option key={value} value={value}>
                {ORDER_FILTER_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="secondary" size="sm" disabled={navigation.state === "loading"}>
          Filtrar
        </Button>
      </Form>

      <p className="text-slate-700" role="status" data-testid="order-count">
        {totalOrder === 1 ? "1 pedido" : `${totalOrder} pedidos`}
        {filter === "all" ? "" : `: ${ORDER_FILTER_LABELS[filter].toLowerCase()}`}
      </p>

      {orders.length > 0 ? (
        <OrderList orders={orders} caption="Tus pedidos, los más nuevos primero" />
      ) : (
        <p className="text-slate-700">
          {totalOrder > 0
            ? "No hay pedidos en esta página."
            : filter === "all"
              ? "Todavía no has hecho ningún pedido."
              : "No tienes pedidos con este estado."}{" "}
          <TextLink to="/products">Ver productos</TextLink>
        </p>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}
