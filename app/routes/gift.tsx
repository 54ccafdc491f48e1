import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { PageIntro } from "~/components/content/PageIntro";
import { SubmitButton, useSubmitting } from "~/components/forms/fields";
import { Badge } from "~/components/ui/Badge";
import { Button, type ButtonLook } from "~/components/ui/Button";
import { giftAction, loadGift } from "~/services/gift.server";
import { giftIntents, type GIFT_COUPON_CODES, type GIFT_VOUCHER_CODES } from "./gift.forms";

export const meta: MetaFunction = () => [
  { title: "Cupones y Vales de Regalo | Mercado Pádel" },
  {
    name: "description",
    content:
      "Cupones de descuento AHORRA20, REGALO50 y VALE100, vouchers para tu cartera y la clase de prueba gratuita de pádel de los sábados.",
  },
];

/** SPEC.md section 2, "Gift page". */
const coupons: { title: string; value: string; code: (typeof GIFT_COUPON_CODES)[number]; text: string }[] = [
  { title: "Descuento del 20%", value: "20%", code: "AHORRA20", text: "Un 20% menos en el total de tu compra." },
  { title: "Regalo de $50", value: "$50", code: "REGALO50", text: "$50 de regalo para tu próximo pedido." },
  { title: "Vale de $100", value: "$100", code: "VALE100", text: "$100 para equiparte con lo que necesites." },
];

const vouchers: { value: string; code: (typeof GIFT_VOUCHER_CODES)[number] }[] = [
  { value: "$200", code: "VOUCHER200" },
  { value: "$500", code: "VOUCHER500" },
  { value: "$1000", code: "VOUCHER1000" },
];

export async function loader(args: LoaderFunctionArgs) {
  return loadGift(args);
}

/** 'Usar Cupón', 'Canjear Voucher' and 'Reserva tu plaza': plain POST forms, a redirect with a flash either way. */
export async function action(args: ActionFunctionArgs) {
  return giftAction(args);
}

/** One button in its own POST form, sending the code. */
function CodeButton({ intent, code, label, look }: { intent: string; code: string; label: string; look: ButtonLook }) {
  const sending = useSubmitting(intent);
  return (
    <Form method="post">
      <input type="hidden" name="code" value={code} />
      {/* The code in the name tells the three buttons apart for a screen reader. */}
      <Button
        type="submit"
        name="intent"
        value={intent}
        disabled={sending}
        aria-label={`${label} ${code}`}
        {...look}
        className="w-full"
      >
        {label}
      </Button>
    </Form>
  );
}

/**
 * The next class's free places and the 'Reserva tu plaza' button (a POST form): a full class says
 * so instead, and a booked user sees their place with a link to cancel it.
 */
function TrialClassBooking({ trialClass }: { trialClass: SerializeFrom<typeof loader>["trialClass"] }) {
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
          <SubmitButton intent={giftIntents.trialClass} pending="Reservando…" variant="ball" className="w-full">
            Reserva tu plaza
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}

/** A code to copy: selected whole with one click. */
function Code({ code, className }: { code: string; className: string }) {
  return (
    <code className={`select-all rounded-md px-3 py-1.5 font-mono text-lg font-bold tracking-wider ${className}`}>
      {code}
    </code>
  );
}

export default function Gift() {
  const { voucherExpiries, trialClass } = useLoaderData<typeof loader>();
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
                <Code code={coupon.code} className="bg-lime-400 text-slate-900" />
              </p>
              <div className="px-6 pb-6">
                <CodeButton
                  intent={giftIntents.coupon}
                  code={coupon.code}
                  label="Usar Cupón"
                  look={{ variant: "ball" }}
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
          {vouchers
            .map(({ code, value }) => ({ code, value, expiry: voucherExpiries[code] }))
            .map((voucher) => (
              <li
                key={voucher.code}
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <div className="flex items-start justify-between gap-3">
                  <h3 className="text-4xl font-black text-slate-900">
                    <span className="sr-only">Voucher de </span>
                    {voucher.value}
                  </h3>
                  {voucher.expiry?.expired ? <Badge>Caducado</Badge> : null}
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
                  <Code code={voucher.code} className="bg-slate-100 text-slate-900" />
                </p>
                <div className="mt-4">
                  <CodeButton
                    intent={giftIntents.voucher}
                    code={voucher.code}
                    label="Canjear Voucher"
                    look={{ variant: "dark" }}
                  />
                </div>
              </li>
            ))}
        </ul>
      </section>
    </>
  );
}
