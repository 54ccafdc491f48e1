import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { dateTime } from "~/services/times.server";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { OrderDetails } from "~/components/checkout/OrderView";
import { ButtonLink } from "~/components/ui/Button";
import { requireAccount } from "~/services/auth.server";
import { getOwnOrder, presentOrder } from "~/services/orders.server";

export const meta: MetaFunction = () => [
  { title: "Confirmación del pedido | Mercado Pádel" },
  {
    name: "description",
    content: "La confirmación de tu pedido en Mercado Pádel: qué compraste, a qué tiendas, el pago y la entrega.",
  },
  { name: "robots", content: "noindex" },
];

/**
 * /order/confirm/{orderId} (SPEC.md section 2; the segment is optional). Without an id the page
 * sends the customer to the list of their orders.
 */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAccount(args);
  if (!args.params.orderId) return { order: null, placedAt: "", paidAt: null };
  const order = await getOwnOrder(account, args.params.orderId);
  return {
    order: presentOrder(order),
    placedAt: dateTime(order.createdAt),
    paidAt: order.paidAt ? dateTime(order.paidAt) : null,
  };
}

export default function OrderConfirm() {
  const { order, placedAt, paidAt } = useLoaderData<typeof loader>();

  if (!order) {
    return (
      <div className="page-container py-8 lg:py-10">
        <Breadcrumbs crumbs={[{ label: "Inicio", href: "/" }, { label: "Confirmación del pedido" }]} />
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Confirmación del pedido</h1>
        <p className="mt-4 max-w-2xl text-neutral-700">
          Esta página muestra un pedido concreto: la encontrarás en el enlace al que te llevamos después de pagar. Todos
          tus pedidos están en Mis pedidos.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to="/dashboard/my-orders" variant="dark" size="sm">
            Mis pedidos
          </ButtonLink>
          <ButtonLink to="/products" variant="secondary" size="sm">
            Seguir comprando
          </ButtonLink>
        </div>
      </div>
    );
  }

  const paid = order.payment_status === "pagado";
  return (
    <div className="page-container py-8 lg:py-10">
      <Breadcrumbs crumbs={[{ label: "Inicio", href: "/" }, { label: "Confirmación del pedido" }]} />
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
        {paid ? "¡Gracias por tu compra!" : "Pedido realizado, pendiente de pago"}
      </h1>
      <p className="mt-3 max-w-2xl text-neutral-700">
        {paid
          ? `Tu pedido #${order.number} está pagado. Cada tienda prepara su parte y te avisaremos cuando la envíe.`
          : order.expired
            ? `El pedido #${order.number} caducó sin pagarse.`
            : `Tu pedido #${order.number} espera el pago.`}
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        {!paid && !order.expired && order.delivery_status !== "cancelado" ? (
          <ButtonLink to={`/payment?${new URLSearchParams({ orderId: order._id })}`} variant="dark" size="sm">
            Pagar el pedido
          </ButtonLink>
        ) : null}
        <ButtonLink to={`/order/summary?${new URLSearchParams({ orderId: order._id })}`} variant="secondary" size="sm">
          Ver el resumen del pedido
        </ButtonLink>
        <ButtonLink to="/products" variant="secondary" size="sm">
          Seguir comprando
        </ButtonLink>
      </div>
      <div className="mt-8">
        <OrderDetails order={order} placedAt={placedAt} paidAt={paidAt} />
      </div>
    </div>
  );
}
