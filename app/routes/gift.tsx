import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { COUPON_APPLIED, COUPON_SAVED_FOR_EMPTY_CART } from "#contract/coupons";
import { INVALID_REQUEST, NETWORK_OR_SERVER_ERROR } from "#contract/messages";
import { PageIntro } from "~/components/content/PageIntro";
import { ApiError } from "~/services/api.server";
import { applyCoupon, redeemVoucher, signInPath } from "~/services/coupons.server";
import { getPublicVouchers } from "~/services/promotions.server";
import { getCounts, getShopper } from "~/services/shopper.server";
import { bookedMessage, bookTrialClass, getTrialClass } from "~/services/trial-class.server";
import { redirectWithFlash } from "~/services/session.server";
import { logError } from "~/services/log.server";
import { readForm } from "~/services/form.server";

export const meta: MetaFunction = () => [
  { title: "Cupones y Vales de Regalo | Mercado Pádel" },
  {
    name: "description",
    content:
      "Cupones de descuento AHORRA20, REGALO50 y VALE100, vouchers para tu cartera y la clase de prueba gratuita de pádel de los sábados.",
  },
];

/** SPEC.md section 2, "Gift page". */
const coupons = [
  { title: "Descuento del 20%", value: "20%", code: "AHORRA20", text: "Un 20% menos en el total de tu compra." },
  { title: "Regalo de $50", value: "$50", code: "REGALO50", text: "$50 de regalo para tu próximo pedido." },
  { title: "Vale de $100", value: "$100", code: "VALE100", text: "$100 para equiparte con lo que necesites." },
];

const vouchers = [
  { value: "$200", code: "VOUCHER200" },
  { value: "$500", code: "VOUCHER500" },
  { value: "$1000", code: "VOUCHER1000" },
];

/** The spec writes dates day-month-year with hyphens. */
function spanishDay(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day}-${month}-${year}`;
}

/**
 * The vouchers' last days come from the API (an admin moves them on /dashboard/admin/coupons),
 * which also says whether each has passed, so the page and its hydration agree; a voucher is good
 * through its last day. The trial class's free places come from the API, with the user's booking
 * when signed in. The coupons and vouchers still show when either cannot be reached.
 */
export async function loader(args: LoaderFunctionArgs) {
  const shopper = getShopper(args);
  const [expiries, trialClass] = await Promise.all([
    getPublicVouchers(args.context.api).catch((error: unknown) => {
      if (error instanceof Response) throw error;
      logError("No se pudieron cargar las fechas de los vouchers", error);
      return [];
    }),
    getTrialClass(args.context.api, shopper).catch((error: unknown) => {
      if (error instanceof Response) throw error;
      logError("No se pudo cargar la clase de prueba", error);
      return null;
    }),
  ]);
  return {
    vouchers: vouchers.map((voucher) => {
      const expiry = expiries.find((candidate) => candidate.code === voucher.code);
      return {
        ...voucher,
        expiry: expiry
          ? { expiresOn: expiry.expiresOn, expiresOnText: spanishDay(expiry.expiresOn), expired: expiry.expired }
          : null,
      };
    }),
    trialClass,
  };
}

const giftIntents = { coupon: "use-coupon", voucher: "redeem-voucher", trialClass: "book-trial-class" } as const;

const giftForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(giftIntents.coupon), code: z.enum(["AHORRA20", "REGALO50", "VALE100"]) }),
  z.object({ intent: z.literal(giftIntents.voucher), code: z.enum(["VOUCHER200", "VOUCHER500", "VOUCHER1000"]) }),
  z.object({ intent: z.literal(giftIntents.trialClass) }),
]);

const SIGN_IN_MESSAGES = {
  [giftIntents.voucher]: "Inicia sesión para canjear un voucher.",
  [giftIntents.trialClass]: "Inicia sesión para reservar tu plaza en la clase de prueba.",
};

/**
 * 'Usar Cupón' puts the coupon on the user's cart and goes to it; 'Canjear Voucher' credits the
 * wallet; 'Reserva tu plaza' books the next trial class (DESIGN.md section 3). Plain POST forms, a
 * redirect with a flash either way. A coupon goes on any cart, a visitor's too; a voucher and a
 * booking need a signed-in user, so a visitor is sent to sign in and brought back here.
 */
export async function action(args: ActionFunctionArgs) {
  const shopper = getShopper(args);
  const parsed = giftForm.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!parsed.success) return redirectWithFlash(args.context, "/gift", { kind: "error", message: INVALID_REQUEST });
  const form = parsed.data;
  const { intent } = form;
  if (!shopper.user && intent !== giftIntents.coupon) {
    return redirectWithFlash(args.context, signInPath("/gift"), { kind: "error", message: SIGN_IN_MESSAGES[intent] });
  }
  try {
    if (form.intent === giftIntents.coupon) {
      await applyCoupon(shopper, form.code);
      // Said as it is: «Cupón aplicado.» above «Tu carrito está vacío.» read as a contradiction.
      const { cart } = await getCounts(shopper);
      return redirectWithFlash(args.context, "/card", {
        kind: "success",
        message: cart > 0 ? COUPON_APPLIED : COUPON_SAVED_FOR_EMPTY_CART,
      });
    }
    if (form.intent === giftIntents.trialClass) {
      const booked = await bookTrialClass(shopper);
      return redirectWithFlash(args.context, "/gift#prueba-gratis", {
        kind: "success",
        message: bookedMessage(booked),
      });
    }
    const { message } = await redeemVoucher(shopper, form.code);
    return redirectWithFlash(args.context, "/gift", { kind: "success", message });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status < 500)
      return redirectWithFlash(args.context, "/gift", { kind: "error", message: error.message });
    logError(`La acción ${intent} falló`, error);
    return redirectWithFlash(args.context, "/gift", { kind: "error", message: NETWORK_OR_SERVER_ERROR });
  }
}

/** One button in its own POST form, sending the code. */
function CodeButton({
  intent,
  code,
  label,
  className,
}: {
  intent: string;
  code: string;
  label: string;
  className: string;
}) {
  const navigation = useNavigation();
  const sending =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("code") === code;
  return (
    <Form method="post">
      <input type="hidden" name="code" value={code} />
      {/* The code in the name tells the three buttons apart for a screen reader. */}
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={sending}
        aria-label={`${label} ${code}`}
        className={className}
      >
        {label}
      </button>
    </Form>
  );
}

/**
 * The next class's free places and the 'Reserva tu plaza' button (a POST form): a full class says
 * so instead, and a booked user sees their place with a link to cancel it.
 */
function TrialClassBooking({ trialClass }: { trialClass: SerializeFrom<typeof loader>["trialClass"] }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === giftIntents.trialClass;
  const full = trialClass !== null && trialClass.remaining === 0;
  return (
    <div className="mt-4 space-y-3 border-t border-slate-700 pt-4">
      {trialClass ? (
        <>
          <p>
            Próxima clase: <span className="font-semibold">{trialClass.dayText}</span>
          </p>
          <p className="font-semibold text-lime-400" data-testid="trial-class-places">
            {full
              ? "Clase completa: no quedan plazas."
              : trialClass.remaining === 1
                ? "Queda 1 plaza libre."
                : `Quedan ${trialClass.remaining} plazas libres.`}
          </p>
        </>
      ) : (
        <p>No podemos mostrar las plazas libres en este momento.</p>
      )}
      {trialClass?.booked ? (
        <p data-testid="trial-class-booked">
          Tienes una plaza reservada.{" "}
          <Link to="/dashboard/trial-class" className="font-semibold text-lime-400 underline underline-offset-4">
            Ver o cancelar mi reserva
          </Link>
        </p>
      ) : full ? null : (
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value={giftIntents.trialClass}
            disabled={sending}
            className={`${buttonLook} bg-lime-400 text-slate-900 hover:bg-lime-300 focus-visible:outline-lime-400`}
          >
            Reserva tu plaza
          </button>
        </Form>
      )}
    </div>
  );
}

const buttonLook =
  "inline-flex w-full items-center justify-center rounded-full px-5 py-2.5 font-bold transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60";

const codeLook = "select-all rounded-md px-3 py-1.5 font-mono text-lg font-bold tracking-wider";

export default function Gift() {
  const { vouchers, trialClass } = useLoaderData<typeof loader>();
  return (
    <>
      <PageIntro eyebrow="Regalos y promociones" title="Cupones y Vales de Regalo">
        <p>Ahorra en tu material de pádel, regala saldo para la cartera o ven a probar el pádel gratis un sábado.</p>
      </PageIntro>

      <section aria-labelledby="cupones" className="mx-auto max-w-7xl px-4 md:px-6 py-14">
        <h2 id="cupones" className="text-3xl font-bold tracking-tight text-slate-900">
          Cupones
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {coupons.map((coupon) => (
            <li
              key={coupon.code}
              className="flex flex-col overflow-hidden rounded-2xl bg-slate-900 text-white shadow-lg"
            >
              <div className="flex-1 p-6">
                <p aria-hidden="true" className="text-5xl font-black text-lime-400">
                  {coupon.value}
                </p>
                <h3 className="mt-3 text-xl font-semibold">{coupon.title}</h3>
                <p className="mt-2 text-slate-300">{coupon.text}</p>
              </div>
              <p className="flex items-center justify-between gap-3 border-t-2 border-dashed border-slate-600 px-6 py-4">
                <span className="text-sm text-slate-300">Código</span>
                <code className={`${codeLook} bg-lime-400 text-slate-900`}>{coupon.code}</code>
              </p>
              <div className="px-6 pb-6">
                <CodeButton
                  intent={giftIntents.coupon}
                  code={coupon.code}
                  label="Usar Cupón"
                  className={`${buttonLook} bg-lime-400 text-slate-900 hover:bg-lime-300 focus-visible:outline-lime-400`}
                />
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="prueba-gratis" className="mx-auto max-w-7xl px-4 md:px-6">
        <div className="grid gap-8 rounded-3xl bg-lime-400 p-8 text-slate-900 sm:p-12 lg:grid-cols-[1fr_auto] lg:items-center">
          <div>
            <h2 id="prueba-gratis" className="text-3xl font-bold tracking-tight sm:text-4xl">
              Prueba Gratis de Pádel
            </h2>
            <p className="mt-4 text-lg">No se requiere experiencia previa. Raquetas y pelotas proporcionadas.</p>
            <p className="mt-2 text-lg font-semibold">Plazas limitadas. Se recomienda reservar con anticipación.</p>
          </div>
          <div className="rounded-2xl bg-slate-900 px-6 py-5 text-center text-white" data-testid="trial-class">
            <p>
              <span className="block text-sm uppercase tracking-widest text-lime-400">Sábados</span>
              <span className="mt-1 block text-2xl font-bold">de 10:00 a 11:30</span>
            </p>
            <TrialClassBooking trialClass={trialClass} />
          </div>
        </div>
      </section>

      <section aria-labelledby="vouchers" className="mx-auto max-w-7xl px-4 md:px-6 py-14">
        <h2 id="vouchers" className="text-3xl font-bold tracking-tight text-slate-900">
          Vouchers
        </h2>
        <p className="mt-3 max-w-2xl text-slate-700">
          Cada voucher abona su importe en la cartera, una vez por usuario y antes de su fecha de caducidad.
        </p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {vouchers.map((voucher) => (
            <li key={voucher.code} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-start justify-between gap-3">
                <h3 className="text-4xl font-black text-slate-900">
                  <span className="sr-only">Voucher de </span>
                  {voucher.value}
                </h3>
                {voucher.expiry?.expired ? (
                  <span className="rounded-full bg-slate-200 px-3 py-1 text-sm font-semibold text-slate-800">
                    Caducado
                  </span>
                ) : null}
              </div>
              <p className="mt-2 text-slate-700" data-testid="voucher-expiry">
                {voucher.expiry ? (
                  <>
                    {voucher.expiry.expired ? "Caducó el" : "Caduca el"}{" "}
                    <time dateTime={voucher.expiry.expiresOn}>{voucher.expiry.expiresOnText}</time>
                  </>
                ) : (
                  "No podemos mostrar su fecha de caducidad en este momento."
                )}
              </p>
              <p className="mt-6 flex items-center justify-between gap-3 border-t border-slate-200 pt-4">
                <span className="text-sm text-slate-600">Código</span>
                <code className={`${codeLook} bg-slate-100 text-slate-900`}>{voucher.code}</code>
              </p>
              <div className="mt-4">
                <CodeButton
                  intent={giftIntents.voucher}
                  code={voucher.code}
                  label="Canjear Voucher"
                  className={`${buttonLook} bg-slate-900 text-white hover:bg-slate-700 focus-visible:outline-slate-900`}
                />
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
