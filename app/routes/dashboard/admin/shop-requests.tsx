import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { SHOP_COUNTRY_LABELS } from "#contract/shop-labels";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { ShopCardTitle } from "~/components/admin/ShopCardTitle";
import { useAdminQueue } from "~/components/admin/use-admin-queue";
import { requireAdmin } from "~/services/admin.server";

export const meta: MetaFunction = () => [
  { title: "Solicitudes de tiendas | Mercado Pádel" },
  {
    name: "description",
    content: "Las solicitudes para abrir una tienda que esperan la revisión de un administrador.",
  },
  { name: "robots", content: "noindex" },
];

/** The queue comes with the admin layout (its count is the menu's badge); this loader keeps the page to admins on its own. */
export function loader(args: LoaderFunctionArgs) {
  requireAdmin(args);
  return null;
}

/**
 * /dashboard/admin/shop-requests: `GET /shop/pending-auth`, oldest first: those waiting for an
 * admin, then those waiting for the applicant to replace documents.
 */
export default function ShopRequestsQueue() {
  const { requests, totalPending } = useAdminQueue();
  const waitingForApplicant = requests.length - totalPending;
  return (
    <section aria-labelledby="titulo-solicitudes" className="space-y-6">
      <div>
        <h1 id="titulo-solicitudes" className="text-3xl font-bold text-slate-900">
          Solicitudes de tiendas
        </h1>
        <p className="mt-2 text-slate-700" role="status" data-testid="queue-count">
          {totalPending === 0
            ? "Ninguna solicitud espera tu revisión."
            : totalPending === 1
              ? "1 solicitud espera tu revisión."
              : `${totalPending} solicitudes esperan tu revisión.`}
          {waitingForApplicant > 0
            ? ` ${
                waitingForApplicant === 1 ? "Otra espera" : `Otras ${waitingForApplicant} esperan`
              } a que el solicitante reemplace documentos.`
            : ""}
        </p>
      </div>

      {requests.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-slate-700">
          No hay solicitudes abiertas. Las nuevas aparecerán aquí en cuanto lleguen.{" "}
          <Link to={adminPaths.shops} className="font-semibold underline underline-offset-2">
            Ver todas las tiendas
          </Link>
        </p>
      ) : (
        <ul className="space-y-4" aria-label="Solicitudes abiertas, las más antiguas primero">
          {requests.map((request) => {
            const headingId = `solicitud-${request._id}`;
            return (
              <li
                key={request._id}
                aria-labelledby={headingId}
                data-testid="shop-request-row"
                className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <ShopCardTitle
                  headingId={headingId}
                  userId={request.userId}
                  shopName={request.shopName}
                  status={request.status}
                />
                <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
                  <div className="min-w-0">
                    <dt className="font-semibold text-slate-600">Solicitante</dt>
                    <dd className="break-words text-slate-900">
                      {request.applicant.name}
                      <span className="block break-all text-slate-700">{request.applicant.email}</span>
                    </dd>
                  </div>
                  <div>
                    <dt className="font-semibold text-slate-600">País</dt>
                    <dd className="text-slate-900">{SHOP_COUNTRY_LABELS[request.country]}</dd>
                  </div>
                  <div>
                    <dt className="font-semibold text-slate-600">Enviada</dt>
                    <dd className="text-slate-900">
                      <time dateTime={request.createdAt}>{request.sentAt}</time>
                    </dd>
                  </div>
                  <div>
                    <dt className="font-semibold text-slate-600">Documentos</dt>
                    <dd className="text-slate-900" data-testid="document-count">
                      {request.documentCount}
                    </dd>
                  </div>
                </dl>
                <p className="mt-4">
                  <Link
                    to={adminPaths.shopRequest(request.userId)}
                    className="inline-block rounded-full bg-ink px-4 py-2 text-sm font-bold text-white hover:bg-neutral-800"
                  >
                    Revisar la solicitud<span className="sr-only"> de {request.shopName}</span>
                  </Link>
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
