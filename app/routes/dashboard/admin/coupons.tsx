import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { CouponCard, VoucherCard } from "~/components/admin/PromotionCards";
import { CouponCreateForm, VoucherCreateForm } from "~/components/admin/PromotionCreateForms";
import { requireAdmin } from "~/services/admin.server";
import { loadPromotionsPage, promotionsAction } from "~/services/promotions.server";

export const meta: MetaFunction = () => [
  { title: "Cupones y vouchers | Mercado Pádel" },
  {
    name: "description",
    content: "Crear, cambiar y terminar los cupones y vouchers de Mercado Pádel: fechas y límites de uso.",
  },
  { name: "robots", content: "noindex" },
];

/** /dashboard/admin/coupons: `GET /admin/promotions`, every coupon and voucher with its dates, limit, uses and redemptions. */
export async function loader(args: LoaderFunctionArgs) {
  return loadPromotionsPage(requireAdmin(args));
}

/** A coupon's or a voucher's form, a new one, or a coupon's end: saved, back here with a flash. */
export async function action(args: ActionFunctionArgs) {
  const url = new URL(args.request.url);
  return promotionsAction(args, requireAdmin(args), `${url.pathname}${url.search}`);
}

/** A 409 means another admin saved first: the page reads the record again to show its current values. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

export default function AdminCoupons() {
  const { coupons, vouchers, constraints } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-cupones" className="space-y-8">
      <div>
        <h1 id="titulo-cupones" className="text-3xl font-bold text-slate-900">
          Cupones y vouchers
        </h1>
        <p className="mt-2 text-slate-700">
          Los cupones y vouchers de la tienda. Las fechas son días completos en la hora de la tienda (Madrid): un cupón
          vale desde el comienzo de su primer día hasta el final del último, mientras le queden usos y hasta que lo
          termines; un voucher se canjea una vez por cliente hasta el final de su último día.
        </p>
      </div>

      <section aria-labelledby="titulo-lista-cupones" className="space-y-4">
        <h2 id="titulo-lista-cupones" className="text-xl font-bold text-slate-900">
          Cupones
        </h2>
        {/* A new key once a coupon is created: the form starts empty again. */}
        <CouponCreateForm key={coupons.length} constraint={constraints.createCoupon} />
        <ul className="space-y-4">
          {coupons.map((coupon) => (
            // A new key when the coupon changes: the form starts again from the stored values.
            <CouponCard key={`${coupon.code}|${coupon.version}`} coupon={coupon} constraint={constraints.coupon} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="titulo-lista-vouchers" className="space-y-4">
        <h2 id="titulo-lista-vouchers" className="text-xl font-bold text-slate-900">
          Vouchers
        </h2>
        <ul className="space-y-4">
          {vouchers.map((voucher) => (
            <VoucherCard
              key={`${voucher.code}|${voucher.version}`}
              voucher={voucher}
              constraint={constraints.voucher}
            />
          ))}
        </ul>
        <VoucherCreateForm key={vouchers.length} constraint={constraints.createVoucher} />
      </section>
    </section>
  );
}
