import { data, redirect } from "@remix-run/node";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { NETWORK_ERROR } from "#contract/messages";
import { PAYMENT_CONFIRMED } from "#contract/payments";
import { clockTime } from "#contract/store-time";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { checkoutIntents } from "~/components/checkout/checkout-intents";
import { CARD_FIELDS, cardSchema } from "~/components/checkout/checkout-schemas";
import { OrderTotals, PaymentBadge, ShippingAddress, ShopOrderSection } from "~/components/checkout/OrderView";
import type { FieldConstraints } from "~/forms/use-schema-form";
import { useSchemaForm } from "~/forms/use-schema-form";
import { ApiError } from "~/services/api.server";
import { refusalOf } from "~/services/account.server";
import { requireAccount, type AccountClient } from "~/services/auth.server";
import { formatPrice } from "~/services/money";
import {
  capturePayPalPayment,
  getCardMode,
  getOwnOrder,
  getWalletBalance,
  payWithTestCard,
  payWithWallet,
  presentOrder,
  startPayPalPayment,
} from "~/services/orders.server";
import { redirectWithFlash } from "~/services/session.server";
import { logError } from "~/services/log.server";
import { readForm } from "~/services/form.server";

export const meta: MetaFunction = () => [
  { title: "Pago del pedido | Mercado Pádel" },
  { name: "description", content: "Paga tu pedido de Mercado Pádel con tu cartera o con tarjeta." },
  { name: "robots", content: "noindex" },
];

function confirmPath(orderId: string): string {
  return `/order/confirm/${encodeURIComponent(orderId)}`;
}

/** The API's message of a refused payment, or the network one. */
function paymentRefusal(error: unknown): { status: number; message: string } {
  if (error instanceof ApiError) return { status: error.status, message: error.message };
  logError("El pago falló", error);
  return { status: 503, message: NETWORK_ERROR };
}

/**
 * /payment?orderId= (SPEC.md section 2, DESIGN.md section 3). Only the order's owner reaches it;
 * a paid order goes to its confirmation. PayPal sends the customer back here with `token` (its
 * order id) to capture, or with `cancelado=1`.
 */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAccount(args);
  const url = new URL(args.request.url);
  const orderId = url.searchParams.get("orderId");
  // Without an order there is nothing to pay here: the user's orders say which one waits, as /order/summary does.
  if (!orderId) throw redirect("/dashboard/my-orders");
  const order = await getOwnOrder(account, orderId);
  let notice: string | null = null;
  let captured = false;

  // PayPal adds its `token` to the cancel address too, so a cancelled payment is told apart first.
  const paypalOrderId = url.searchParams.get("token");
  if (url.searchParams.get("cancelado") === "1" && order.payment_status === "sin_pagar") {
    notice = "Cancelaste el pago con PayPal: tu pedido sigue sin pagar.";
  } else if (paypalOrderId && order.payment_status === "sin_pagar" && !order.expired) {
    try {
      await capturePayPalPayment(account, order._id, paypalOrderId);
      captured = true;
    } catch (error) {
      if (error instanceof Response) throw error;
      notice = paymentRefusal(error).message;
    }
  }

  // Thrown, not returned: the page's data type stays the page's.
  if (captured)
    throw await redirectWithFlash(args.context, confirmPath(order._id), {
      kind: "success",
      message: PAYMENT_CONFIRMED,
    });
  if (order.payment_status === "pagado") throw await redirect(confirmPath(order._id));

  const payable = order.payment_status === "sin_pagar" && !order.expired && order.delivery_status !== "cancelado";
  const [cardMode, balance] = payable
    ? await Promise.all([getCardMode(args.context.api), getWalletBalance(account)])
    : [null, null];
  return {
    order: presentOrder(order),
    payBefore: clockTime(order.expiresAt),
    payable,
    cardMode,
    cardConstraint: getZodConstraint(cardSchema),
    balance,
    notice,
  };
}

async function orderIdOf(args: ActionFunctionArgs, account: AccountClient): Promise<string> {
  // The order must be the user's own: an unknown or foreign one is the 404 page here too.
  const order = await getOwnOrder(account, new URL(args.request.url).searchParams.get("orderId"));
  return order._id;
}

export async function action(args: ActionFunctionArgs) {
  const account = requireAccount(args);
  const orderId = await orderIdOf(args, account);
  const formData = await readForm(args.request);
  const intent = formData.get("intent");

  if (intent === checkoutIntents.payWithWallet) {
    try {
      await payWithWallet(account, orderId);
    } catch (error) {
      if (error instanceof Response) throw error;
      const { status, message } = paymentRefusal(error);
      return data({ intent, message, result: null }, { status });
    }
    return redirectWithFlash(args.context, confirmPath(orderId), { kind: "success", message: PAYMENT_CONFIRMED });
  }

  if (intent === checkoutIntents.payWithCard) {
    const submission = parseWithZod(formData, { schema: cardSchema });
    // Each refusal renews the form, so the browser (scripts on too) shows only what the server sent back.
    const attempt = crypto.randomUUID();
    if (submission.status !== "success")
      return data(
        { intent, message: null, result: submission.reply({ hideFields: ["cvc"] }), attempt },
        { status: 400 },
      );
    try {
      await payWithTestCard(account, { orderId, ...submission.value });
    } catch (error) {
      if (error instanceof Response) throw error;
      // A declined card is said above the form; the number and code are never sent back.
      const { status, formErrors, fieldErrors } = refusalOf(error, CARD_FIELDS);
      return data(
        {
          intent,
          message: null,
          result: submission.reply({ formErrors, fieldErrors, hideFields: ["cardNumber", "cvc"] }),
          attempt,
        },
        { status },
      );
    }
    return redirectWithFlash(args.context, confirmPath(orderId), { kind: "success", message: PAYMENT_CONFIRMED });
  }

  if (intent === checkoutIntents.payWithPayPal) {
    let approveUrl: string;
    try {
      approveUrl = await startPayPalPayment(account, orderId);
    } catch (error) {
      if (error instanceof Response) throw error;
      const { status, message } = paymentRefusal(error);
      return data({ intent, message, result: null }, { status });
    }
    return redirect(approveUrl);
  }

  throw new Response(null, { status: 400 });
}

const choiceLook = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8";

function WalletChoice({ balance, total, message }: { balance: number; total: number; message: string | null }) {
  const enough = balance >= total;
  return (
    <section aria-labelledby="pago-cartera" className={choiceLook}>
      <h2 id="pago-cartera" className="text-lg font-bold text-ink">
        Pagar con mi cartera
      </h2>
      <Form method="post" className="mt-3 space-y-4">
        <FormAlert id="pago-cartera-error" errors={message ? [message] : undefined} />
        <p className="text-neutral-800">
          Saldo disponible: <strong data-testid="wallet-balance">{formatPrice(balance)}</strong>
        </p>
        {enough ? null : <p className="text-sm text-neutral-700">Tu saldo no alcanza para pagar este pedido.</p>}
        {enough ? (
          <SubmitButton intent={checkoutIntents.payWithWallet} pending="Pagando…">
            Pagar con mi cartera
          </SubmitButton>
        ) : null}
      </Form>
    </section>
  );
}

const loadCardSchema = () => import("~/components/checkout/checkout-schemas").then((module) => module.cardSchema);

function TestCardChoice({
  constraint,
  result,
}: {
  constraint: FieldConstraints;
  result: SubmissionResult<string[]> | null | undefined;
}) {
  const [form, fields] = useSchemaForm({ constraint, load: loadCardSchema }, { id: "tarjeta", lastResult: result });
  return (
    <section aria-labelledby="pago-tarjeta" className={choiceLook}>
      <h2 id="pago-tarjeta" className="text-lg font-bold text-ink">
        Pagar con tarjeta
      </h2>
      <p
        className="mt-3 rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-amber-950"
        data-testid="test-mode"
      >
        <strong>Modo de prueba: no se realiza ningún cargo real.</strong> La tarjeta 4242 4242 4242 4242 aprueba; 4000
        0000 0000 0002 es rechazada. Usa cualquier fecha futura y cualquier CVC de 3 cifras.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-5">
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField label="Número de tarjeta" meta={fields.cardNumber} autoComplete="cc-number" inputMode="numeric" />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Caducidad (MM/AA)" meta={fields.expiry} autoComplete="cc-exp" />
          <TextField label="CVC" meta={fields.cvc} autoComplete="cc-csc" inputMode="numeric" />
        </div>
        <TextField label="Titular de la tarjeta" meta={fields.holder} autoComplete="cc-name" />
        <SubmitButton intent={checkoutIntents.payWithCard} pending="Pagando…">
          Pagar con tarjeta
        </SubmitButton>
      </Form>
    </section>
  );
}

function PayPalChoice({ message }: { message: string | null }) {
  return (
    <section aria-labelledby="pago-paypal" className={choiceLook}>
      <h2 id="pago-paypal" className="text-lg font-bold text-ink">
        Pagar con tarjeta o PayPal
      </h2>
      <Form method="post" className="mt-3 space-y-4">
        <FormAlert id="pago-paypal-error" errors={message ? [message] : undefined} />
        <p className="text-neutral-800">Te llevamos a PayPal para aprobar el pago; al volver confirmamos el pedido.</p>
        <SubmitButton intent={checkoutIntents.payWithPayPal} pending="Abriendo PayPal…">
          Pagar con PayPal
        </SubmitButton>
      </Form>
    </section>
  );
}

export default function Payment() {
  const { order, payBefore, payable, cardMode, cardConstraint, balance, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const walletMessage = actionData?.intent === checkoutIntents.payWithWallet ? actionData.message : null;
  const paypalMessage = actionData?.intent === checkoutIntents.payWithPayPal ? actionData.message : null;
  const cardResult = actionData?.intent === checkoutIntents.payWithCard ? actionData.result : undefined;
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
        <p
          role="alert"
          className="mt-6 rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 font-medium text-red-900"
        >
          {notice}
        </p>
      ) : null}

      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="space-y-6">
          {order.expired ? (
            <div
              className="rounded-2xl border border-dashed border-neutral-300 px-6 py-12 text-center"
              data-testid="order-expired"
            >
              <p role="alert" className="text-lg font-semibold text-ink">
                El pedido ha caducado.
              </p>
              <p className="mt-2 text-neutral-700">
                Los productos volvieron a la tienda. Revisa tu carrito para hacer un pedido nuevo.
              </p>
              <Link
                to="/card"
                className="mt-5 inline-block rounded-full bg-ink px-5 py-2.5 text-sm font-bold text-white hover:bg-neutral-800"
              >
                Ir al carrito
              </Link>
            </div>
          ) : !payable ? (
            <p
              role="alert"
              className="rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 font-medium text-red-900"
            >
              Este pedido ya no admite pagos.
            </p>
          ) : (
            <>
              <p className="rounded-lg bg-lime-50 px-4 py-3 font-semibold text-ink" data-testid="pay-before">
                Paga antes de las <time dateTime={order.expiresAt}>{payBefore}</time>: después el pedido caduca y los
                productos vuelven a la tienda.
              </p>
              {balance !== null ? <WalletChoice balance={balance} total={order.price} message={walletMessage} /> : null}
              {cardMode === "prueba" ? (
                <TestCardChoice key={cardAttempt} constraint={cardConstraint} result={cardResult} />
              ) : null}
              {cardMode === "paypal" ? <PayPalChoice message={paypalMessage} /> : null}
            </>
          )}
        </div>

        <section
          aria-labelledby="resumen"
          className="space-y-4 rounded-2xl bg-neutral-100 p-6"
          data-testid="payment-summary"
        >
          <h2 id="resumen" className="text-lg font-bold text-ink">
            Tu pedido
          </h2>
          {order.suborders.map((suborder) => (
            <ShopOrderSection key={suborder._id} suborder={suborder} showStatus={false} />
          ))}
          <OrderTotals order={order} />
          <h3 className="border-t border-neutral-300 pt-4 text-base font-bold text-ink">Envío a</h3>
          <ShippingAddress info={order.shippingInfo} />
        </section>
      </div>
    </div>
  );
}
