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
import { ordersExportDefaults } from "~/services/seller-exports.server";
import { ORDERS_EXPORT_MAX_DAYS } from "#contract/limits";
import { Card } from "~/components/ui/Card";
import { sellerPaths } from "./paths";

export const meta: MetaFunction = () => [
  { title: "Pedidos | Mi tienda | Mercado Pádel" },
  { name: "description", content: "Los pedidos de tu tienda: búscalos por número o cliente y fíltralos por estado." },
  { name: "robots", content: "noindex" },
];

/** /dashboard/seller/orders?searchValue=&status=&pageNumber=: `GET /seller/orders/{sellerId}`, newest first. */
export async function loader(args: LoaderFunctionArgs) {
  const area = await requireSeller(args);
  const params = new URL(args.request.url).searchParams;
  const filter = sellerOrdersFilter(params);
  const answer = await getSellerOrders(area, filter);
  const { from, to, errors } = ordersExportDefaults(params, new Date());
  return {
    filter,
    exportForm: { from, to, errors },
    orders: answer.orders,
    totalOrder: answer.totalOrder,
    page: answer.page,
    totalPages: Math.max(1, Math.ceil(answer.totalOrder / answer.parPage)),
  };
}

export default function SellerOrders() {
  const { filter, exportForm, orders, totalOrder, page, totalPages } = useLoaderData<typeof loader>();
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
      <OrdersExport form={exportForm} />
    </section>
  );
}

/**
 * The CSV download of a date range: a plain GET form the browser submits itself (reloadDocument),
 * so the file downloads with or without JavaScript; a wrong range comes back here with its messages.
 */
function OrdersExport({
  form,
}: {
  form: { from: string; to: string; errors: Partial<Record<"from" | "to", string>> };
}) {
  return (
    <Card title="Descargar pedidos (CSV)" titleId="exportar-pedidos" className="space-y-3">
      <p className="text-slate-700">
        Los pedidos de tu tienda hechos entre dos días (hora de Madrid), con sus productos, importes, comisión y
        estados. Hasta {ORDERS_EXPORT_MAX_DAYS} días.
      </p>
      <Form
        method="get"
        action={sellerPaths.ordersExport}
        reloadDocument
        aria-label="Descargar pedidos"
        className="grid gap-3 sm:grid-cols-[12rem_12rem_auto] sm:items-start"
      >
        <Field id="exportar-desde" label="Desde" errors={form.errors.from ? [form.errors.from] : null}>
          <Input type="date" name="from" defaultValue={form.from} key={`desde-${form.from}`} required />
        </Field>
        <Field id="exportar-hasta" label="Hasta" errors={form.errors.to ? [form.errors.to] : null}>
          <Input type="date" name="to" defaultValue={form.to} key={`hasta-${form.to}`} required />
        </Field>
        <Button type="submit" variant="secondary" className="sm:mt-8">
          Descargar CSV
        </Button>
      </Form>
    </Card>
  );
}
