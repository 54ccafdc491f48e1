import { redirect } from "@remix-run/node";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { dateTime } from "~/services/times.server";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { OrderDetails } from "~/components/checkout/OrderView";
import { ButtonLink } from "~/components/ui/Button";
import { requireAccount } from "~/services/auth.server";
import { getOwnOrder, presentOrder } from "~/services/orders.server";
import { NO_SCRIPTS } from "~/browser/page-scripts";

/** Plain text, links and forms that post: scripts would add nothing here. */
export const handle = NO_SCRIPTS;

export const meta: MetaFunction = () => [
  { title: "Resumen del pedido | Mercado Pádel" },
  {
    name: "description",
    content: "El resumen de tu pedido en Mercado Pádel: productos por tienda, importes, pago, entrega y dirección.",
  },
  { name: "robots", content: "noindex" },
];

/**
 * /order/summary?orderId= (SPEC.md section 2): the user's own order; any other id is the 404 page.
 * Without an id, the summary of every order is the list of them.
 */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAccount(args);
  const orderId = new URL(args.request.url).searchParams.get("orderId");
  if (!orderId) throw await redirect("/dashboard/my-orders");
  const order = await getOwnOrder(account, orderId);
  return {
    order: presentOrder(order),
    placedAt: dateTime(order.createdAt),
    paidAt: order.paidAt ? dateTime(order.paidAt) : null,
  };
}

export default function OrderSummary() {
  const { order, placedAt, paidAt } = useLoaderData<typeof loader>();
  const payable = order.payment_status === "sin_pagar" && !order.expired && order.delivery_status !== "cancelado";
  return (
    <div className="page-container py-8 lg:py-10">
      <Breadcrumbs crumbs={[{ label: "Inicio", href: "/" }, { label: "Resumen del pedido" }]} />
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
        Resumen del pedido #{order.number}
      </h1>
      {payable ? (
        <p className="mt-3">
          <ButtonLink to={`/payment?${new URLSearchParams({ orderId: order._id })}`} variant="dark" size="sm">
            Pagar el pedido
          </ButtonLink>
        </p>
      ) : null}
      <div className="mt-8">
        <OrderDetails order={order} placedAt={placedAt} paidAt={paidAt} />
      </div>
    </div>
  );
}
