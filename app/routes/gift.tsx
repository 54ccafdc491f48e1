import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageIntro } from "~/components/content/PageIntro";

export const meta: MetaFunction = () => [
  { title: "Cupones y Vales de Regalo | Mercado Pádel" },
  {
    name: "description",
    content:
      "Cupones de descuento AHORRA20, REGALO50 y VALE100, vouchers para su monedero y la clase de prueba gratuita de pádel de los sábados.",
  },
];

/** SPEC.md section 2, "Gift page". */
const coupons = [
  { title: "Descuento del 20%", value: "20%", code: "AHORRA20", text: "Un 20% menos en el total de su compra." },
  { title: "Regalo de $50", value: "$50", code: "REGALO50", text: "$50 de regalo para su próximo pedido." },
  { title: "Vale de $100", value: "$100", code: "VALE100", text: "$100 para equiparse con lo que necesite." },
];

const vouchers = [
  { value: "$200", code: "VOUCHER200", expiresOn: "2024-08-31" },
  { value: "$500", code: "VOUCHER500", expiresOn: "2024-09-10" },
  { value: "$1000", code: "VOUCHER1000", expiresOn: "2024-08-17" },
];

/** The spec writes dates day-month-year with hyphens. */
function spanishDay(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day}-${month}-${year}`;
}

/** Expiry is decided on the server so the page and its hydration agree; a voucher is good through its last day. */
export function loader() {
  const now = Date.now();
  return {
    vouchers: vouchers.map((voucher) => ({
      ...voucher,
      expiresOnText: spanishDay(voucher.expiresOn),
      expired: Date.parse(`${voucher.expiresOn}T23:59:59Z`) < now,
    })),
  };
}

const codeLook = "select-all rounded-md px-3 py-1.5 font-mono text-lg font-bold tracking-wider";

export default function Gift() {
  const { vouchers } = useLoaderData<typeof loader>();
  // The cart issue adds the 'Usar Cupón', 'Reserva tu plaza' and 'Canjear Voucher' actions.
  return (
    <>
      <PageIntro eyebrow="Regalos y promociones" title="Cupones y Vales de Regalo">
        <p>Ahorre en su material de pádel, regale saldo para el monedero o venga a probar el pádel gratis un sábado.</p>
      </PageIntro>

      <section aria-labelledby="cupones" className="mx-auto max-w-7xl px-4 md:px-6 py-14">
        <h2 id="cupones" className="text-3xl font-bold tracking-tight text-slate-900">
          Cupones
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {coupons.map((coupon) => (
            <li key={coupon.code} className="flex flex-col overflow-hidden rounded-2xl bg-slate-900 text-white shadow-lg">
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
          <p className="rounded-2xl bg-slate-900 px-6 py-5 text-center text-white">
            <span className="block text-sm uppercase tracking-widest text-lime-400">Sábados</span>
            <span className="mt-1 block text-2xl font-bold">de 10:00 a 11:30</span>
          </p>
        </div>
      </section>

      <section aria-labelledby="vouchers" className="mx-auto max-w-7xl px-4 md:px-6 py-14">
        <h2 id="vouchers" className="text-3xl font-bold tracking-tight text-slate-900">
          Vouchers
        </h2>
        <p className="mt-3 max-w-2xl text-slate-700">Cada voucher abona su importe en el monedero, una vez por usuario y antes de su fecha de caducidad.</p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {vouchers.map((voucher) => (
            <li key={voucher.code} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-start justify-between gap-3">
                <h3 className="text-4xl font-black text-slate-900">
                  <span className="sr-only">Voucher de </span>
                  {voucher.value}
                </h3>
                {voucher.expired ? (
                  <span className="rounded-full bg-slate-200 px-3 py-1 text-sm font-semibold text-slate-800">Caducado</span>
                ) : null}
              </div>
              <p className="mt-2 text-slate-700">
                {voucher.expired ? "Caducó el" : "Caduca el"} <time dateTime={voucher.expiresOn}>{voucher.expiresOnText}</time>
              </p>
              <p className="mt-6 flex items-center justify-between gap-3 border-t border-slate-200 pt-4">
                <span className="text-sm text-slate-600">Código</span>
                <code className={`${codeLook} bg-slate-100 text-slate-900`}>{voucher.code}</code>
              </p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
