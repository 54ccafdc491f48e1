import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ADMIN_ORDER_SEARCH_MAX } from "#contract/limits";
import { cardClass } from "~/components/ui/Card";
import { AdminOrderList } from "~/components/admin/AdminOrderList";
import { Pagination } from "~/components/product/Pagination";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { Input } from "~/components/ui/Input";
import { requireAdmin } from "~/services/admin.server";
import { adminOrdersPage } from "~/services/admin-orders.server";

export const meta: MetaFunction = () => [
  { title: "Pedidos | Mercado Pádel" },
  { name: "description", content: "Todos los pedidos de Mercado Pádel, por número o cliente." },
  { name: "robots", content: "noindex" },
];

/** /dashboard/admin/orders?searchValue=&pageNumber=: `GET /admin/orders`, every order, newest first. */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAdmin(args);
  return adminOrdersPage(account, new URL(args.request.url).searchParams);
}

export default function AdminOrders() {
  const { searchValue, orders, totalOrder, page, totalPages } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-pedidos" className="space-y-6">
      <h1 id="titulo-pedidos" className="text-3xl font-bold text-slate-900">
        Pedidos
      </h1>

      {/* A GET form: the search is part of the address and works without JavaScript. */}
      <Form
        method="get"
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
        aria-label="Buscar pedidos"
      >
        <Field id="buscar-pedido" label="Número de pedido, nombre o correo del cliente">
          <Input
            type="search"
            name="searchValue"
            defaultValue={searchValue}
            key={`buscar-${searchValue}`}
            maxLength={ADMIN_ORDER_SEARCH_MAX}
          />
        </Field>
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
      </Form>

      <p className="text-slate-700" role="status" data-testid="order-count">
        {totalOrder === 1 ? "1 pedido" : `${totalOrder} pedidos`}
        {searchValue ? ` ${totalOrder === 1 ? "que coincide" : "que coinciden"} con «${searchValue}»` : ""}.
      </p>

      {orders.length > 0 ? (
        <AdminOrderList orders={orders} />
      ) : (
        <p className={cardClass("empty")}>
          {totalOrder > 0
            ? "No hay pedidos en esta página."
            : searchValue
              ? "Ningún pedido coincide con la búsqueda."
              : "Todavía no hay pedidos."}
        </p>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}
