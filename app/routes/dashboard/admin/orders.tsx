import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ADMIN_ORDER_SEARCH_MAX } from "#contract/limits";
import { AdminOrderList } from "~/components/admin/AdminOrderList";
import { Pagination } from "~/components/product/Pagination";
import { secondaryButtonLook } from "~/components/product/shopper-forms";
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

const controlLook =
  "mt-1.5 block w-full rounded-lg border border-slate-500 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-lime-700";

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
        <div>
          <label htmlFor="buscar-pedido" className="block font-semibold text-slate-900">
            Número de pedido, nombre o correo del cliente
          </label>
          <input
            id="buscar-pedido"
            type="search"
            name="searchValue"
            defaultValue={searchValue}
            key={`buscar-${searchValue}`}
            maxLength={ADMIN_ORDER_SEARCH_MAX}
            className={controlLook}
          />
        </div>
        <button type="submit" className={secondaryButtonLook}>
          Buscar
        </button>
      </Form>

      <p className="text-slate-700" role="status" data-testid="order-count">
        {totalOrder === 1 ? "1 pedido" : `${totalOrder} pedidos`}
        {searchValue ? ` ${totalOrder === 1 ? "que coincide" : "que coinciden"} con «${searchValue}»` : ""}.
      </p>

      {orders.length > 0 ? (
        <AdminOrderList orders={orders} />
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-slate-700">
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
