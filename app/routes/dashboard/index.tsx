import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { longDate } from "#contract/store-time";
import { textLinkClass } from "~/components/ui/TextLink";
import { ADMIN_HOME } from "~/routes/dashboard/admin/paths";
import { ResendVerificationForm } from "~/components/account/ResendVerificationForm";
import { OrderList } from "~/components/dashboard/OrderList";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { useDashboardProfile } from "~/components/dashboard/use-dashboard-profile";
import { requireAccount } from "~/services/auth.server";
import { getDashboardData, listedOrders } from "~/services/customer-orders.server";

export const meta: MetaFunction = () => [
  { title: "Mi cuenta | Mercado Pádel" },
  { name: "description", content: "Resumen de tu cuenta de Mercado Pádel: tus pedidos, tus datos y accesos rápidos." },
  { name: "robots", content: "noindex" },
];

/** SPEC.md section 2: the dashboard home shows the customer's order totals and recent orders; an admin's home is the admin's dashboard (issue 12). */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAccount(args);
  if (account.user.role === "admin") throw redirect(ADMIN_HOME);
  const { totalOrder, pendingOrder, cancelledOrder, recentOrders } = await getDashboardData(account);
  return { totals: { totalOrder, pendingOrder, cancelledOrder }, recentOrders: listedOrders(recentOrders) };
}

const ROLE_NAMES = { customer: "Cliente", seller: "Vendedor", admin: "Administrador" } as const;

function Total({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <dt className="text-sm font-semibold uppercase tracking-widest text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-extrabold text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export default function DashboardHome() {
  const { profile, shop } = useDashboardProfile();
  const { totals, recentOrders } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-cuenta" className="space-y-8">
      <div>
        <h1 id="titulo-cuenta" className="text-3xl font-bold text-slate-900">
          Hola, {profile.name}
        </h1>
        <p className="mt-2 text-slate-700">Este es el resumen de tu cuenta.</p>
      </div>

      <section aria-labelledby="titulo-totales">
        <h2 id="titulo-totales" className="sr-only">
          Tus pedidos en cifras
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Total label="Pedidos" value={totals.totalOrder} testId="total-orders" />
          <Total label="Pendientes" value={totals.pendingOrder} testId="pending-orders" />
          <Total label="Cancelados" value={totals.cancelledOrder} testId="cancelled-orders" />
        </dl>
      </section>

      <section aria-labelledby="titulo-recientes" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="titulo-recientes" className="text-xl font-bold text-slate-900">
            Pedidos recientes
          </h2>
          {recentOrders.length > 0 ? (
            <Link to="/dashboard/my-orders" className={textLinkClass}>
              Ver todos mis pedidos
            </Link>
          ) : null}
        </div>
        {recentOrders.length > 0 ? (
          <OrderList orders={recentOrders} caption="Tus pedidos más recientes" />
        ) : (
          <p className="text-slate-700">
            Todavía no has hecho ningún pedido.{" "}
            <Link to="/products" className={textLinkClass}>
              Ver productos
            </Link>
          </p>
        )}
      </section>

      <dl className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold uppercase tracking-widest text-slate-600">Correo electrónico</dt>
          <dd className="mt-1 break-all text-slate-900">{profile.email}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold uppercase tracking-widest text-slate-600">Estado del correo</dt>
          <dd className="mt-1 font-medium text-slate-900">{profile.emailVerified ? "Verificado" : "Sin verificar"}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold uppercase tracking-widest text-slate-600">Tipo de cuenta</dt>
          <dd className="mt-1 text-slate-900" data-testid="account-role">
            {ROLE_NAMES[profile.role] ?? profile.role}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold uppercase tracking-widest text-slate-600">Cliente desde</dt>
          <dd className="mt-1 text-slate-900">{longDate(profile.createdAt)}</dd>
        </div>
      </dl>

      {profile.emailVerified ? null : (
        <div className="space-y-4 rounded-2xl border-l-4 border-amber-500 bg-amber-50 p-6 text-amber-950">
          <p>Verifica tu correo electrónico con el enlace que te enviamos. Si no lo encuentras, te mandamos otro.</p>
          <ResendVerificationForm />
        </div>
      )}

      <div>
        <h2 className="text-xl font-bold text-slate-900">Accesos rápidos</h2>
        <ul className="mt-3 space-y-2">
          <li>
            <Link to="/dashboard/edit-profile" className={textLinkClass}>
              Editar mis datos y mi foto
            </Link>
          </li>
          <li>
            <Link to="/dashboard/change-password" className={textLinkClass}>
              Cambiar mi contraseña
            </Link>
          </li>
          {profile.role === "seller" && shop && (shop.status === "aprobada" || shop.status === "suspendida") ? (
            <li>
              <Link to={sellerPaths.products} className={textLinkClass} data-testid="seller-area-link">
                Área de vendedor: mis productos, stock y descuentos
              </Link>
            </li>
          ) : null}
          {shop ? (
            <li>
              <Link to="/dashboard/shop/confirmation" className={textLinkClass}>
                Mi tienda «{shop.name}»: {shop.statusLabel.toLowerCase()}
              </Link>
            </li>
          ) : profile.role === "admin" ? null : (
            <li>
              <Link to="/dashboard/shop" className={textLinkClass}>
                Abrir mi tienda en Mercado Pádel
              </Link>
            </li>
          )}
          <li>
            <Link to="/products" className={textLinkClass}>
              Seguir comprando
            </Link>
          </li>
        </ul>
      </div>
    </section>
  );
}
