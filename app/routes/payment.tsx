import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { EmptyState } from "~/components/EmptyState";
import { OrderTotals, PaymentBadge, ShippingAddress, ShopOrderSection } from "~/components/checkout/OrderView";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { Card } from "~/components/ui/Card";
import { Notice } from "~/components/ui/Notice";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { loadPayment, paymentAction } from "~/services/checkout.server";
import { formatPrice } from "~/services/money";
import { paymentIntents, paymentSchemas } from "./payment.forms";

export const meta: MetaFunction = () => [
  { title: "Pago del pedido | Mercado Pádel" },
  { name: "description", content: "Paga tu pedido de Mercado Pádel con tu cartera o con tarjeta." },
  { name: "robots", content: "noindex" },
];

/**
 * /payment?orderId= (SPEC.md section 2, DESIGN.md section 3). Only the order's owner reaches it;
 * a paid order goes to its confirmation; PayPal sends the customer back here.
 */
export async function loader(args: LoaderFunctionArgs) {
  return loadPayment(args);
}

export async function action(args: ActionFunctionArgs) {
  return paymentAction(args);
}

/** A refusal of the wallet's or PayPal's button (their forms have no fields): said above the button. */
function useRefusal(intent: string): string[] | undefined {
  const notice = useFormAnswer(intent)?.notice;
  return notice ? [notice] : undefined;
}

function WalletChoice({ available, pendingSales, total }: { available: number; pendingSales: number; total: number }) {
  const enough = available >= total;
  return (
    <Card title="Pagar con mi cartera" titleId="pago-cartera" className="sm:p-8">
      <Form method="post" className="space-y-4">
        <FormAlert id="pago-cartera-error" errors={useRefusal(paymentIntents.payWithWallet)} />
        <p className="text-neutral-800">
          Saldo disponible: <strong data-testid="wallet-balance">{formatPrice(available)}</strong>
        </p>
        {pendingSales > 0 ? (
          <p className="text-sm text-neutral-700" data-testid="wallet-pending-sales">
            Además tienes {formatPrice(pendingSales)} de ventas que aún no están disponibles: no sirven para pagar.
          </p>
        ) : null}
        {enough ? null : <p className="text-sm text-neutral-700">Tu saldo no alcanza para pagar este pedido.</p>}
        {enough ? (
          <SubmitButton intent={paymentIntents.payWithWallet} pending="Pagando…">
            Pagar con mi cartera
          </SubmitButton>
        ) : null}
      </Form>
    </Card>
  );
}

function TestCardChoice({ constraint }: { constraint: FieldConstraints }) {
  const [form, fields] = useSchemaForm(
    { constraint, load: paymentSchemas.card },
    { id: "tarjeta", lastResult: useFormAnswer(paymentIntents.payWithCard)?.result },
  );
  return (
    <Card title="Pagar con tarjeta" titleId="pago-tarjeta" className="sm:p-8">
      <div data-testid="test-mode">
        <Notice tone="warning">
          <strong>Modo de prueba: no se realiza ningún cargo real.</strong> La tarjeta 4242 4242 4242 4242 aprueba; 4000
          0000 0000 0002 es rechazada. Usa cualquier fecha futura y cualquier CVC de 3 cifras.
        </Notice>
      </div>
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField label="Número de tarjeta" meta={fields.cardNumber} autoComplete="cc-number" inputMode="numeric" />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Caducidad (MM/AA)" meta={fields.expiry} autoComplete="cc-exp" />
          <TextField label="CVC" meta={fields.cvc} autoComplete="cc-csc" inputMode="numeric" />
        </div>
        <TextField label="Titular de la tarjeta" meta={fields.holder} autoComplete="cc-name" />
        <SubmitButton intent={paymentIntents.payWithCard} pending="Pagando…">
          Pagar con tarjeta
        </SubmitButton>
      </Form>
    </Card>
  );
}

function PayPalChoice() {
  return (
    <Card title="Pagar con tarjeta o PayPal" titleId="pago-paypal" className="sm:p-8">
      <Form method="post" className="space-y-4">
        <FormAlert id="pago-paypal-error" errors={useRefusal(paymentIntents.payWithPayPal)} />
        <p className="text-neutral-800">Te llevamos a PayPal para aprobar el pago; al volver confirmamos el pedido.</p>
        <SubmitButton intent={paymentIntents.payWithPayPal} pending="Abriendo PayPal…">
          Pagar con PayPal
        </SubmitButton>
      </Form>
    </Card>
  );
}

export default function Payment() {
  const { order, payBefore, payable, cardMode, constraints, wallet, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const cardAttempt = actionData && "attempt" in actionData ? actionData.attempt : "inicio";

  return (
    <div className="page-container py-8 lg:py-10">
      <Breadcrumbs
        crumbs={[{ label: "Inicio", href: "/" }, { label: "Carrito de Compra", href: "/card" }, { label: "Pago" }]}
      />
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
        Pago del pedido #{order.number}
      </h1>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-neutral-700">
        Estado del pago: <PaymentBadge status={order.payment_status} />
      </p>

      {notice ? (
        <Notice tone="error" className="mt-6">
          {notice}
        </Notice>
      ) : null}

      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="space-y-6">
          {order.expired ? (
            <EmptyState
              alert
              message="El pedido ha caducado."
              detail="Los productos volvieron a la tienda. Revisa tu carrito para hacer un pedido nuevo."
              link={{ to: "/card", label: "Ir al carrito" }}
              className=""
              data-testid="order-expired"
            />
          ) : !payable ? (
            <Notice tone="error">Este pedido ya no admite pagos.</Notice>
          ) : (
            <>
              <div data-testid="pay-before">
                <Notice tone="success">
                  Paga antes de las <time dateTime={order.expiresAt}>{payBefore.at}</time> ({payBefore.left}): después
                  el pedido caduca y los productos vuelven a la tienda.
                </Notice>
              </div>
              {wallet !== null ? (
                <WalletChoice available={wallet.available} pendingSales={wallet.pendingSales} total={order.price} />
              ) : null}
              {cardMode === "prueba" ? <TestCardChoice key={cardAttempt} constraint={constraints.card} /> : null}
              {cardMode === "paypal" ? <PayPalChoice /> : null}
            </>
          )}
        </div>

        <Card tone="muted" title="Tu pedido" titleId="resumen" data-testid="payment-summary">
          {order.suborders.map((suborder) => (
            <ShopOrderSection key={suborder._id} suborder={suborder} showStatus={false} />
          ))}
          <OrderTotals order={order} />
          <h3 className="border-t border-neutral-300 pt-4 text-base font-bold text-ink">Envío a</h3>
          <ShippingAddress info={order.shippingInfo} />
        </Card>
      </div>
    </div>
  );
}
