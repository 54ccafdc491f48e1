import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import {
  ADMIN_DELIVERY_FILTER_LABELS,
  ADMIN_DELIVERY_FILTERS,
  ADMIN_ORDERS_CSV_TOO_MANY,
} from "#contract/admin-order-labels";
import { ADMIN_ORDER_SEARCH_MAX } from "#contract/limits";
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES } from "#contract/order-labels";
import { cardClass } from "~/components/ui/Card";
import { AdminOrderList } from "~/components/admin/AdminOrderList";
import { Pagination } from "~/components/product/Pagination";
import { Button, buttonClass } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { Input, Select } from "~/components/ui/Input";
import { TextLink } from "~/components/ui/TextLink";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { requireAdmin } from "~/services/admin.server";
import { adminOrdersPage } from "~/services/admin-orders.server";

export const meta: MetaFunction = () => [
  { title: "Pedidos | Mercado Pádel" },
  {
    name: "description",
    content: "Todos los pedidos de Mercado Pádel, por número, cliente, estado, tienda y fechas, y su descarga en CSV.",
  },
  { name: "robots", content: "noindex" },
];

/**
 * /dashboard/admin/orders?searchValue=&paymentStatus=&deliveryStatus=&shopId=&from=&to=&pageNumber=:
 * `GET /admin/orders`, every order the filters match, newest first.
 */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAdmin(args);
  return adminOrdersPage(account, new URL(args.request.url).searchParams);
}

export default function AdminOrders() {
  const { typed, errors, shops, filterWords, orders, totalOrder, page, totalPages, csvHref, csvTooMany } =
    useLoaderData<typeof loader>();
  const error = (field: keyof NonNullable<typeof errors>) => (errors?.[field] ? [errors[field]] : null);
  // A new key per address: after a filter's submission the controls show what the address holds.
  const key = Object.values(typed).join("|");
  return (
    <section aria-labelledby="titulo-pedidos" className="space-y-6">
      <h1 id="titulo-pedidos" className="text-3xl font-bold text-slate-900">
        Pedidos
      </h1>

      {/* A GET form: the filters are part of the address and work without JavaScript. */}
      <Form method="get" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Filtrar pedidos" key={key}>
        <Field
          id="buscar-pedido"
          label="Número de pedido, nombre o correo del cliente"
          errors={error("searchValue")}
          className="sm:col-span-2 lg:col-span-3"
        >
          <Input type="search" name="searchValue" defaultValue={typed.searchValue} maxLength={ADMIN_ORDER_SEARCH_MAX} />
        </Field>
        <Field id="filtro-pago" label="Pago" errors={error("paymentStatus")}>
          <Select name="paymentStatus" defaultValue={typed.paymentStatus}>
            <option value="">Todos</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PAYMENT_STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="filtro-entrega" label="Entrega" errors={error("deliveryStatus")}>
          <Select name="deliveryStatus" defaultValue={typed.deliveryStatus}>
            <option value="">Todas</option>
            {ADMIN_DELIVERY_FILTERS.map((status) => (
              <option key={status} value={status}>
                {ADMIN_DELIVERY_FILTER_LABELS[status]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="filtro-tienda" label="Tienda" errors={error("shopId")}>
          <Select name="shopId" defaultValue={typed.shopId}>
            <option value="">Todas</option>
            {shops.map((shop) => (
              <option key={shop._id} value={shop._id}>
                {shop.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="filtro-desde" label="Desde el día" errors={error("from")}>
          <Input type="date" name="from" defaultValue={typed.from} />
        </Field>
        <Field id="filtro-hasta" label="Hasta el día (incluido)" errors={error("to")}>
          <Input type="date" name="to" defaultValue={typed.to} />
        </Field>
        <div className="flex flex-wrap items-end gap-3">
          <Button type="submit" variant="secondary">
            Filtrar
          </Button>
          <TextLink to={adminPaths.orders} className="py-2">
            Quitar filtros
          </TextLink>
        </div>
      </Form>

      {errors ? (
        <p className="text-slate-700" data-testid="order-count">
          Corrige los filtros marcados para ver los pedidos.
        </p>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-700" role="status" data-testid="order-count">
            {totalOrder === 1 ? "1 pedido" : `${totalOrder} pedidos`}
            {filterWords.length > 0 ? ` con estos filtros: ${filterWords.join(", ")}` : ""}.
          </p>
          {/* A file, not a page: every page of the list, with the same filters. */}
          {csvHref ? (
            <a href={csvHref} className={buttonClass({ variant: "secondary", size: "sm" })} data-testid="orders-csv">
              Descargar CSV
            </a>
          ) : null}
        </div>
      )}
      {csvTooMany ? <p className="text-sm text-slate-700">{ADMIN_ORDERS_CSV_TOO_MANY}</p> : null}

      {orders.length > 0 ? (
        <AdminOrderList orders={orders} />
      ) : errors ? null : (
        <p className={cardClass("empty")}>
          {totalOrder > 0
            ? "No hay pedidos en esta página."
            : filterWords.length > 0
              ? "Ningún pedido coincide con estos filtros."
              : "Todavía no hay pedidos."}
        </p>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}
