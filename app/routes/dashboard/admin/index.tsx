import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { adminPaths } from "~/components/admin/admin-paths";
import { useAdminQueue } from "~/components/admin/use-admin-queue";
import { textLinkLook } from "~/components/account/FormControls";
import { requireAdmin } from "~/services/admin.server";

export const meta: MetaFunction = () => [
  { title: "Administración | Mercado Pádel" },
  { name: "description", content: "Resumen de la administración de Mercado Pádel: lo que espera su revisión." },
  { name: "robots", content: "noindex" },
];

/** The layout reads the queue; this loader only keeps the page to admins on its own. */
export function loader(args: LoaderFunctionArgs) {
  requireAdmin(args);
  return null;
}

/** /dashboard/admin: where an admin lands after signing in; what waits for them, and the way to each screen. */
export default function AdminHome() {
  const { totalPending } = useAdminQueue();
  return (
    <section aria-labelledby="titulo-admin" className="space-y-8">
      <div>
        <h1 id="titulo-admin" className="text-3xl font-bold text-slate-900">
          Administración
        </h1>
        <p className="mt-2 text-slate-700">Revise las solicitudes de tiendas, gestione las tiendas abiertas y consulte quién decidió qué.</p>
      </div>

      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm font-semibold uppercase tracking-widest text-slate-600">Solicitudes por revisar</p>
        <p className="mt-1 text-4xl font-extrabold text-slate-900" data-testid="admin-pending-total">
          {totalPending}
        </p>
        <p className="mt-3">
          <Link to={adminPaths.shopRequests} className={textLinkLook}>
            {totalPending === 0 ? "Ver las solicitudes" : totalPending === 1 ? "Revisar la solicitud pendiente" : `Revisar las ${totalPending} solicitudes pendientes`}
          </Link>
        </p>
      </div>

      <ul className="grid gap-4 sm:grid-cols-2">
        <li className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-lg font-bold text-slate-900">
            <Link to={adminPaths.shops} className={textLinkLook}>
              Tiendas
            </Link>
          </h2>
          <p className="mt-2 text-slate-700">Todas las tiendas por estado; suspenda una con su motivo o reactívela.</p>
        </li>
        <li className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-lg font-bold text-slate-900">
            <Link to={adminPaths.audit} className={textLinkLook}>
              Registro de auditoría
            </Link>
          </h2>
          <p className="mt-2 text-slate-700">Cada decisión de un administrador: quién, qué, sobre qué registro, antes y después, y por qué.</p>
        </li>
      </ul>
    </section>
  );
}
