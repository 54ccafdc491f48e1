import { data } from "@remix-run/node";
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { OFFERS_LOAD_ERROR } from "#contract/messages";
import { clockTime, longDateTime } from "#contract/store-time";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { textLinkClass } from "~/components/ui/TextLink";
import { OrderStatusAside, ShopOrderSection } from "~/components/checkout/OrderView";
import { dashboardIntents } from "~/components/dashboard/dashboard-intents";
import { offerFormSchema } from "~/components/dashboard/dashboard-schemas";
import { OfferHistory, type ListedOffer } from "~/components/dashboard/OfferHistory";
import { payLinkLook, paymentPath } from "~/components/dashboard/OrderList";
import type { FieldConstraints } from "~/forms/use-schema-form";
import { useSchemaForm } from "~/forms/use-schema-form";
import { refusalOf } from "~/services/account.server";
import { requireAccount } from "~/services/auth.server";
import {
  getCustomerOrder,
  getOrderOffers,
  presentCustomerOrder,
  proposeOffer,
  type PresentedCustomerShopOrder,
} from "~/services/customer-orders.server";
import { formatPrice } from "~/services/money";
import { redirectWithFlash } from "~/services/session.server";
import { readForm } from "~/services/form.server";

export const meta: MetaFunction = () => [
  { title: "Detalle del pedido | Mercado Pádel" },
  {
    name: "description",
    content: "Tu pedido en Mercado Pádel: productos por tienda, estado de cada parte, pago, dirección y ofertas.",
  },
  { name: "robots", content: "noindex" },
];

const loadOfferSchema = () =>
  import("~/components/dashboard/dashboard-schemas").then((module) => module.offerFormSchema);

/**
 * /dashboard/order/details/{orderId}: the user's own order (anything else is the 404 page) with
 * the offers on each shop's part. Offers are read on their own: when they cannot be loaded the
 * rest of the order still shows.
 */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAccount(args);
  const order = await getCustomerOrder(account, args.params.orderId);
  const offers = await getOrderOffers(account, order._id);
  return {
    order: presentCustomerOrder(order),
    placedAt: longDateTime(order.createdAt),
    paidAt: order.paidAt ? longDateTime(order.paidAt) : null,
    payBefore: clockTime(order.expiresAt),
    offers: offers ? offers.map((offer): ListedOffer => ({ ...offer, madeAt: longDateTime(offer.createdAt) })) : null,
    // One for the offer forms of every shop's part.
    offerConstraint: getZodConstraint(offerFormSchema),
  };
}

export async function action(args: ActionFunctionArgs) {
  const account = requireAccount(args);
  const order = await getCustomerOrder(account, args.params.orderId);
  const formData = await readForm(args.request);
  if (formData.get("intent") !== dashboardIntents.proposeOffer) throw new Response(null, { status: 400 });

  const shopOrderId = String(formData.get("shopOrderId") ?? "");
  const submission = parseWithZod(formData, { schema: offerFormSchema });
  if (submission.status !== "success") return data({ shopOrderId, result: submission.reply() }, { status: 400 });
  if (!order.suborders.some((suborder) => suborder._id === submission.value.shopOrderId))
    throw new Response(null, { status: 400 });
  try {
    const { message } = await proposeOffer(account, submission.value);
    return redirectWithFlash(args.context, new URL(args.request.url).pathname, { kind: "success", message });
  } catch (error) {
    if (error instanceof Response) throw error;
    // Every refusal (not lower, one pending, order paid meanwhile) is about the price typed.
    const { status, formErrors } = refusalOf(error, []);
    return data({ shopOrderId, result: submission.reply({ fieldErrors: { price: formErrors } }) }, { status });
  }
}

function OfferForm({
  suborder,
  constraint,
  lastResult,
}: {
  suborder: PresentedCustomerShopOrder;
  constraint: FieldConstraints;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useSchemaForm(
    { constraint, load: loadOfferSchema },
    { id: `oferta-${suborder._id}`, lastResult, defaultValue: { shopOrderId: suborder._id } },
  );
  const { key, ...shopOrderInput } = getInputProps(fields.shopOrderId, { type: "hidden" });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-3"
      aria-label={`Proponer un precio a ${suborder.shopName}`}
    >
      <FormAlert id={form.errorId} errors={form.errors} />
      <input key={key} {...shopOrderInput} />
      <TextField
        label="Precio que propones (US$)"
        meta={fields.price}
        autoComplete="off"
        inputMode="decimal"
        hint={`Subtotal actual de la tienda: ${formatPrice(suborder.subtotal)}. Propón un importe menor.`}
      />
      <SubmitButton intent={dashboardIntents.proposeOffer} pending="Enviando…">
        Enviar oferta
      </SubmitButton>
    </Form>
  );
}

function OffersPanel({
  suborder,
  offers,
  offerConstraint,
  lastResult,
}: {
  suborder: PresentedCustomerShopOrder;
  offers: ListedOffer[] | null;
  offerConstraint: FieldConstraints;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const headingId = `ofertas-${suborder._id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-2xl bg-slate-50 p-4 sm:p-6"
      data-testid="offers-panel"
    >
      <h3 id={headingId} className="text-lg font-bold text-slate-900">
        Ofertas a {suborder.shopName}
      </h3>
      {offers ? (
        <OfferHistory offers={offers.filter((offer) => offer.shopOrderId === suborder._id)} />
      ) : (
        <p role="alert" className="font-medium text-red-800">
          {OFFERS_LOAD_ERROR}
        </p>
      )}
      {suborder.canOffer ? (
        <OfferForm suborder={suborder} constraint={offerConstraint} lastResult={lastResult} />
      ) : suborder.offers.some((offer) => offer.status === "pendiente") ? (
        <p className="text-slate-700">
          El vendedor todavía no ha respondido a tu oferta: podrás proponer otra cuando lo haga.
        </p>
      ) : null}
    </section>
  );
}

export default function OrderDetailsPage() {
  const { order, placedAt, paidAt, payBefore, offers, offerConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="titulo-pedido" className="space-y-8">
      <div className="space-y-3">
        <p>
          <Link to="/dashboard/my-orders" className={textLinkClass}>
            ← Mis pedidos
          </Link>
        </p>
        <h1 id="titulo-pedido" className="text-3xl font-bold text-slate-900">
          Pedido #{order.number}
        </h1>
        {order.payable ? (
          <div className="flex flex-wrap items-center gap-4">
            <Link to={paymentPath(order._id)} className={payLinkLook}>
              Pagar ahora
            </Link>
            <p className="text-slate-700" data-testid="pay-before">
              Paga antes de las {payBefore} o el pedido caducará.
            </p>
          </div>
        ) : order.expired ? (
          <p className="text-slate-700">Este pedido caducó sin pagarse.</p>
        ) : null}
      </div>

      <div className="grid gap-6 xl:grid-cols-[1fr_20rem] xl:items-start">
        <div className="space-y-6">
          <h2 className="text-xl font-bold text-slate-900">Productos por tienda</h2>
          {order.suborders.map((suborder) => (
            <div key={suborder._id} className="space-y-3">
              <ShopOrderSection suborder={suborder} />
              {suborder.payment_status === "sin_pagar" ? (
                <OffersPanel
                  suborder={suborder}
                  offers={offers}
                  offerConstraint={offerConstraint}
                  lastResult={actionData?.shopOrderId === suborder._id ? actionData.result : undefined}
                />
              ) : null}
            </div>
          ))}
        </div>
        <OrderStatusAside order={order} heading="Estado y pago" placedAt={placedAt} paidAt={paidAt} />
      </div>
    </section>
  );
}
