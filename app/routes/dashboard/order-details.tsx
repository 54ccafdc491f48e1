import { getFormProps, getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { OFFERS_LOAD_ERROR } from "#contract/messages";
import { OrderStatusAside, ShopOrderSection } from "~/components/checkout/OrderView";
import { OfferHistory } from "~/components/dashboard/OfferHistory";
import { OrderMessages, OrderMessagesUnavailable } from "~/components/orders/OrderMessages";
import { CustomerReturns, OrderReturnsUnavailable } from "~/components/orders/LazyReturns";
import { paymentPath } from "./paths";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { ButtonLink } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { errorText } from "~/components/ui/Field";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { requireAccount } from "~/services/auth.server";
import { customerOrderAction, loadCustomerOrderPage } from "~/services/customer-order-page.server";
import type { PresentedCustomerShopOrder } from "~/services/customer-orders.server";
import { formatPrice } from "~/services/money";
import { orderDetailsIntents, orderDetailsSchemas } from "./order-details.forms";

export const meta: MetaFunction = () => [
  { title: "Detalle del pedido | Mercado Pádel" },
  {
    name: "description",
    content: "Tu pedido en Mercado Pádel: productos por tienda, estado de cada parte, pago, dirección y ofertas.",
  },
  { name: "robots", content: "noindex" },
];

export async function loader(args: LoaderFunctionArgs) {
  return loadCustomerOrderPage(requireAccount(args), args.params.orderId);
}

export async function action(args: ActionFunctionArgs) {
  return customerOrderAction(args, requireAccount(args), args.params.orderId);
}

/** A refused confirmation (409: the part changed meanwhile) reads the order again, so the page shows it as it is. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

/**
 * «Lo he recibido» on a sent part: a plain POST (a flash after it), which ends the wait for the
 * seller's money sooner (README "Money rules"). A refusal shows above its button.
 */
function ReceiptForm({ suborder, constraint }: { suborder: PresentedCustomerShopOrder; constraint: FieldConstraints }) {
  const reply = useFormAnswer(orderDetailsIntents.confirmReceipt, suborder._id);
  const [form, fields] = useSchemaForm(
    { constraint, load: orderDetailsSchemas.receipt },
    { id: `recibido-${suborder._id}`, lastResult: reply?.result, defaultValue: { shopOrderId: suborder._id } },
  );
  const { key, ...shopOrderInput } = getInputProps(fields.shopOrderId, { type: "hidden" });
  const refusal = form.errors && form.errors.length > 0 ? errorText(form.errors) : reply?.notice;
  const headingId = `recibido-titulo-${suborder._id}`;
  return (
    <div data-testid="receipt-panel">
      <Card tone="muted" title={`¿Te llegó el pedido de ${suborder.shopName}?`} titleId={headingId} headingLevel={3}>
        <Form method="post" {...getFormProps(form)} className="space-y-3" aria-labelledby={headingId}>
          {refusal ? (
            <Notice tone="error" id={form.errorId}>
              {refusal}
            </Notice>
          ) : null}
          <input key={key} {...shopOrderInput} />
          <p className="text-slate-700">
            Confírmalo cuando lo tengas y esté bien: así {suborder.shopName} cobra antes. Si falta algo o llegó dañado,
            no lo confirmes y escríbenos desde <TextLink to="/contact">Contacto</TextLink>.
          </p>
          <SubmitButton
            intent={orderDetailsIntents.confirmReceipt}
            record={{ name: "shopOrderId", value: suborder._id }}
            pending="Confirmando…"
          >
            Lo he recibido
          </SubmitButton>
        </Form>
      </Card>
    </div>
  );
}

function OfferForm({ suborder, constraint }: { suborder: PresentedCustomerShopOrder; constraint: FieldConstraints }) {
  const [form, fields] = useSchemaForm(
    { constraint, load: orderDetailsSchemas.offer },
    {
      id: `oferta-${suborder._id}`,
      lastResult: useFormAnswer(orderDetailsIntents.proposeOffer, suborder._id)?.result,
      defaultValue: { shopOrderId: suborder._id },
    },
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
      <SubmitButton intent={orderDetailsIntents.proposeOffer} pending="Enviando…">
        Enviar oferta
      </SubmitButton>
    </Form>
  );
}

function OffersPanel({
  suborder,
  offers,
  offerConstraint,
}: {
  suborder: PresentedCustomerShopOrder;
  offers: PageData["offers"];
  offerConstraint: FieldConstraints;
}) {
  const headingId = `ofertas-${suborder._id}`;
  return (
    <div data-testid="offers-panel">
      <Card tone="muted" title={`Ofertas a ${suborder.shopName}`} titleId={headingId} headingLevel={3}>
        {offers ? (
          <OfferHistory offers={offers.filter((offer) => offer.shopOrderId === suborder._id)} />
        ) : (
          <p role="alert" className="font-medium text-red-800">
            {OFFERS_LOAD_ERROR}
          </p>
        )}
        {suborder.canOffer ? (
          <OfferForm suborder={suborder} constraint={offerConstraint} />
        ) : suborder.offers.some((offer) => offer.status === "pendiente") ? (
          <p className="text-slate-700">
            El vendedor todavía no ha respondido a tu oferta: podrás proponer otra cuando lo haga.
          </p>
        ) : null}
      </Card>
    </div>
  );
}

/**
 * The part's «Lo he recibido» while it may be confirmed; once it may not (confirmed or cancelled
 * meanwhile, the page read again), the refusal of the last try still says why.
 */
function ReceiptSection({
  suborder,
  constraint,
}: {
  suborder: PresentedCustomerShopOrder;
  constraint: FieldConstraints;
}) {
  const notice = useFormAnswer(orderDetailsIntents.confirmReceipt, suborder._id)?.notice;
  if (suborder.canConfirmReceipt) return <ReceiptForm suborder={suborder} constraint={constraint} />;
  return notice ? (
    <div data-testid="receipt-refused">
      <Notice tone="error">{notice}</Notice>
    </div>
  ) : null;
}

export default function OrderDetailsPage() {
  const {
    order,
    placedAt,
    paidAt,
    payBefore,
    offers,
    constraints,
    messages,
    messageConstraint,
    returns,
    returnConstraints,
  } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-pedido" className="space-y-8">
      <div className="space-y-3">
        <p>
          <TextLink to="/dashboard/my-orders">← Mis pedidos</TextLink>
        </p>
        <h1 id="titulo-pedido" className="text-3xl font-bold text-slate-900">
          Pedido #{order.number}
        </h1>
        {order.payable ? (
          <div className="flex flex-wrap items-center gap-4">
            <ButtonLink to={paymentPath(order._id)} variant="dark" size="sm">
              Pagar ahora
            </ButtonLink>
            <p className="text-slate-700" data-testid="pay-before">
              Paga antes de las {payBefore.at} ({payBefore.left}) o el pedido caducará.
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
                <OffersPanel suborder={suborder} offers={offers} offerConstraint={constraints.offer} />
              ) : null}
              <ReceiptSection suborder={suborder} constraint={constraints.receipt} />
              {returns ? (
                <CustomerReturns returns={returns} shopOrderId={suborder._id} constraint={returnConstraints.request} />
              ) : (
                <OrderReturnsUnavailable />
              )}
              {messages ? (
                messages
                  .filter((thread) => thread.shopOrderId === suborder._id)
                  .map((thread) => (
                    <OrderMessages
                      key={thread.shopOrderId}
                      thread={thread}
                      reader="cliente"
                      constraint={messageConstraint}
                    />
                  ))
              ) : (
                <OrderMessagesUnavailable />
              )}
            </div>
          ))}
        </div>
        <OrderStatusAside order={order} heading="Estado y pago" placedAt={placedAt} paidAt={paidAt} />
      </div>
    </section>
  );
}
