import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { longDate } from "#contract/store-time";
import { Card } from "~/components/ui/Card";
import { Detail, DetailList } from "~/components/ui/Details";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { ADMIN_HOME } from "~/routes/dashboard/admin/paths";
import { ResendVerificationForm } from "~/components/account/ResendVerificationForm";
import { OrderList } from "~/components/dashboard/OrderList";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { useDashboardProfile } from "./use-dashboard-profile";
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
    <Detail boxed term={label} testId={testId}>
      <span className="text-3xl font-extrabold">{value}</span>
    </Detail>
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
          {recentOrders.length > 0 ? <TextLink to="/dashboard/my-orders">Ver todos mis pedidos</TextLink> : null}
        </div>
        {recentOrders.length > 0 ? (
          <OrderList orders={recentOrders} caption="Tus pedidos más recientes" />
        ) : (
          <p className="text-slate-700">
            Todavía no has hecho ningún pedido. <TextLink to="/products">Ver productos</TextLink>
          </p>
        )}
      </section>

      <Card>
        <DetailList>
          <Detail term="Correo electrónico">
            <span className="break-all">{profile.email}</span>
          </Detail>
          <Detail term="Estado del correo">{profile.emailVerified ? "Verificado" : "Sin verificar"}</Detail>
          <Detail term="Tipo de cuenta" testId="account-role">
            {ROLE_NAMES[profile.role] ?? profile.role}
          </Detail>
          <Detail term="Cliente desde">{longDate(profile.createdAt)}</Detail>
        </DetailList>
      </Card>

      {profile.emailVerified ? null : (
        <Notice tone="warning" className="space-y-4 p-6 font-normal">
          <p>Verifica tu correo electrónico con el enlace que te enviamos. Si no lo encuentras, te mandamos otro.</p>
          <ResendVerificationForm />
        </Notice>
      )}

      <div>
        <h2 className="text-xl font-bold text-slate-900">Accesos rápidos</h2>
        <ul className="mt-3 space-y-2">
          <li>
            <TextLink to="/dashboard/edit-profile">Editar mis datos y mi foto</TextLink>
          </li>
          <li>
            <TextLink to="/dashboard/change-password">Cambiar mi contraseña</TextLink>
          </li>
          {profile.role === "seller" && shop && (shop.status === "aprobada" || shop.status === "suspendida") ? (
            <li>
              <TextLink to={sellerPaths.products} data-testid="seller-area-link">
                Área de vendedor: mis productos, stock y descuentos
              </TextLink>
            </li>
          ) : null}
          {shop ? (
            <li>
              <TextLink to="/dashboard/shop/confirmation">
                Mi tienda «{shop.name}»: {shop.statusLabel.toLowerCase()}
              </TextLink>
            </li>
          ) : profile.role === "admin" ? null : (
            <li>
              <TextLink to="/dashboard/shop">Abrir mi tienda en Mercado Pádel</TextLink>
            </li>
          )}
          <li>
            <TextLink to="/products">Seguir comprando</TextLink>
          </li>
        </ul>
      </div>
    </section>
  );
}
