import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { DELIVERY_STATUS_LABELS, DELIVERY_STATUSES } from "#contract/order-labels";
import { Pagination } from "~/components/product/Pagination";
import { SellerOrderList } from "~/components/seller/SellerOrderList";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { Input, Select } from "~/components/ui/Input";
import { requireSeller } from "~/services/seller.server";
import { getSellerOrders, sellerOrdersFilter } from "~/services/seller-orders.server";

export const meta: MetaFunction = () => [
  { title: "Pedidos | Mi tienda | Mercado Pádel" },
  { name: "description", content: "Los pedidos de tu tienda: búscalos por número o cliente y fíltralos por estado." },
  { name: "robots", content: "noindex" },
];

/** /dashboard/seller/orders?searchValue=&status=&pageNumber=: `GET /seller/orders/{sellerId}`, newest first. */
export async function loader(args: LoaderFunctionArgs) {
  const area = await requireSeller(args);
  const filter = sellerOrdersFilter(new URL(args.request.url).searchParams);
  const answer = await getSellerOrders(area, filter);
  return {
    filter,
    orders: answer.orders,
    totalOrder: answer.totalOrder,
    page: answer.page,
    totalPages: Math.max(1, Math.ceil(answer.totalOrder / answer.parPage)),
  };
}

export default function SellerOrders() {
  const { filter, orders, totalOrder, page, totalPages } = useLoaderData<typeof loader>();
  const filtered = filter.searchValue !== "" || filter.status !== "";
  return (
    <section aria-labelledby="titulo-pedidos" className="space-y-6">
      <div>
        <h1 id="titulo-pedidos" className="text-3xl font-bold text-slate-900">
          Pedidos
        </h1>
        <p className="mt-2 text-slate-700">
          Los pedidos de tu tienda, los más recientes primero. Abre uno para ver sus productos, prepararlo y cambiar su
          estado.
        </p>
      </div>

      {/* A GET form: the search is part of the address and works without JavaScript. */}
      <Form
        method="get"
        aria-label="Buscar pedidos"
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end"
      >
        <Field id="buscar-pedido" label="Número de pedido o cliente">
          <Input
            type="search"
            name="searchValue"
            defaultValue={filter.searchValue}
            key={`buscar-${filter.searchValue}`}
            maxLength={100}
          />
        </Field>
        <Field id="estado-pedido" label="Estado">
          <Select name="status" defaultValue={filter.status} key={`estado-${filter.status}`}>
            <option value="">Todos</option>
            {DELIVERY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {DELIVERY_STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
      </Form>

      <p className="text-slate-700" role="status" data-testid="seller-orders-count">
        {totalOrder === 1 ? "1 pedido" : `${totalOrder} pedidos`}
        {filtered ? " con estos filtros" : ""}.
      </p>

      {orders.length > 0 ? (
        <SellerOrderList orders={orders} />
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-slate-700">
          {totalOrder > 0
            ? "No hay pedidos en esta página."
            : filtered
              ? "Ningún pedido coincide con esta búsqueda."
              : "Todavía no tienes pedidos."}
        </p>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}
