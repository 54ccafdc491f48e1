import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ADMIN_ORDER_SEARCH_MAX } from "#contract/admin-orders";
import { DELIVERY_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "#contract/orders";
import { textLinkLook } from "~/components/account/FormControls";
import { adminPaths } from "~/components/admin/admin-paths";
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
      <Form method="get" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end" aria-label="Buscar pedidos">
        <div>
          <label htmlFor="buscar-pedido" className="block font-semibold text-slate-900">
            Número de pedido, nombre o correo del cliente
          </label>
          <input id="buscar-pedido" type="search" name="searchValue" defaultValue={searchValue} key={`buscar-${searchValue}`} maxLength={ADMIN_ORDER_SEARCH_MAX} className={controlLook} />
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
        // A table on wide screens; on a phone each row is a card (its cells stack with their labels).
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Pedidos, del más reciente al más antiguo</caption>
          <thead className="hidden md:table-header-group">
            <tr className="border-b border-slate-300 text-slate-600">
              <th scope="col" className="py-2 pr-3">Pedido</th>
              <th scope="col" className="py-2 pr-3">Cliente</th>
              <th scope="col" className="py-2 pr-3">Fecha</th>
              <th scope="col" className="py-2 pr-3">Total</th>
              <th scope="col" className="py-2 pr-3">Pago</th>
              <th scope="col" className="py-2 pr-3">Entrega</th>
              <th scope="col" className="py-2">Tiendas</th>
            </tr>
          </thead>
          <tbody className="block space-y-4 md:table-row-group md:space-y-0">
            {orders.map((order) => (
              <tr key={order._id} data-testid="admin-order-row" className="block rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:table-row md:rounded-none md:border-0 md:border-b md:p-0 md:shadow-none">
                <th scope="row" className="block py-1 font-semibold md:table-cell md:py-3 md:pr-3">
                  <Link to={adminPaths.order(order._id)} className={textLinkLook}>
                    Pedido #{order.number}
                  </Link>
                </th>
                <td className="block min-w-0 py-1 md:table-cell md:py-3 md:pr-3">
                  <span className="font-semibold text-slate-600 md:sr-only">Cliente: </span>
                  {order.customer.name}
                  <span className="block break-all text-slate-700">{order.customer.email}</span>
                </td>
                <td className="block py-1 md:table-cell md:py-3 md:pr-3">
                  <span className="font-semibold text-slate-600 md:sr-only">Fecha: </span>
                  <time dateTime={order.createdAt}>{order.date}</time>
                </td>
                <td className="block py-1 md:table-cell md:py-3 md:pr-3">
                  <span className="font-semibold text-slate-600 md:sr-only">Total: </span>
                  {order.total}
                </td>
                <td className="block py-1 md:table-cell md:py-3 md:pr-3">
                  <span className="font-semibold text-slate-600 md:sr-only">Pago: </span>
                  {PAYMENT_STATUS_LABELS[order.payment_status]}
                </td>
                <td className="block py-1 md:table-cell md:py-3 md:pr-3">
                  <span className="font-semibold text-slate-600 md:sr-only">Entrega: </span>
                  {DELIVERY_STATUS_LABELS[order.delivery_status]}
                </td>
                <td className="block py-1 md:table-cell md:py-3">
                  <span className="font-semibold text-slate-600 md:sr-only">Tiendas: </span>
                  {order.shopCount}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-slate-700">
          {totalOrder > 0 ? "No hay pedidos en esta página." : searchValue ? "Ningún pedido coincide con la búsqueda." : "Todavía no hay pedidos."}
        </p>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}
