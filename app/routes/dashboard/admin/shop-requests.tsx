import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { SHOP_COUNTRY_LABELS } from "#contract/shop-labels";
import { ShopCardTitle } from "~/components/admin/ShopCardTitle";
import { ButtonLink } from "~/components/ui/Button";
import { cardClass } from "~/components/ui/Card";
import { TextLink } from "~/components/ui/TextLink";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import type { loader as adminLayoutLoader } from "~/routes/dashboard/admin/layout";
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

/** The shop requests' queue and its count, as the admin layout loaded them for every admin screen. */
function useAdminQueue() {
  const admin = useRouteLoaderData<typeof adminLayoutLoader>("routes/dashboard/admin/layout");
  if (!admin) throw new Error("useAdminQueue solo funciona bajo /dashboard/admin");
  return admin;
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
        <p className={cardClass("empty")}>
          No hay solicitudes abiertas. Las nuevas aparecerán aquí en cuanto lleguen.{" "}
          <TextLink to={adminPaths.shops}>Ver todas las tiendas</TextLink>
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
                className={cardClass("plain")}
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
                  <ButtonLink to={adminPaths.shopRequest(request.userId)} variant="dark" size="sm">
                    Revisar la solicitud<span className="sr-only"> de {request.shopName}</span>
                  </ButtonLink>
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
