import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import type { Role } from "#contract/accounts";
import { NOTIFICATION_TYPE_LABELS } from "#contract/notification-events";
import { Badge } from "~/components/ui/Badge";
import { Button, ButtonLink, buttonClass } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { loadNotificationsScreen, notificationsScreenAction } from "~/services/notifications.server";
import { notificationLinks } from "./notification-links";
import { notificationIntents, notificationSchemas } from "./system-notifications.forms";

export const meta: MetaFunction = () => [
  { title: "Notificaciones del Sistema | Mercado Pádel" },
  { name: "description", content: "Los avisos de tu cuenta de Mercado Pádel: pedidos, pagos y más." },
  { name: "robots", content: "noindex" },
];

const PATH = "/dashboard/system-notifications";

export async function loader(args: LoaderFunctionArgs) {
  return loadNotificationsScreen(args);
}

export async function action(args: ActionFunctionArgs) {
  return notificationsScreenAction(args);
}

type ShownNotification = ReturnType<typeof useLoaderData<typeof loader>>["notifications"][number];

function NotificationCard({
  notification,
  page,
  role,
  actionConstraint,
}: {
  notification: ShownNotification;
  page: number;
  role: Role;
  actionConstraint: FieldConstraints;
}) {
  const [form] = useSchemaForm(
    { constraint: actionConstraint, load: notificationSchemas.item },
    { id: `notificacion-${notification._id}` },
  );
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("notificationId") === notification._id;
  const titleId = `notificacion-${notification._id}-texto`;
  return (
    <li
      data-testid="notification"
      data-read={notification.read ? "true" : "false"}
      aria-labelledby={titleId}
      className={`rounded-2xl border p-5 shadow-sm ${
        notification.read ? "border-slate-200 bg-slate-50 text-slate-600" : "border-lime-400 bg-white text-slate-900"
      }`}
    >
      <p id={titleId} className={notification.read ? "font-normal" : "font-semibold"}>
        {notification.message}
      </p>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {notificationLinks(notification, role).map((link) => (
          <div key={link.subject} className="flex gap-1">
            <dt className="font-semibold">{link.subject}:</dt>
            <dd>
              <TextLink to={link.href} className="font-normal">
                {link.text}
              </TextLink>
            </dd>
          </div>
        ))}
        <div className="flex gap-1">
          <dt className="font-semibold">Tipo:</dt>
          <dd>{NOTIFICATION_TYPE_LABELS[notification.type] ?? notification.type}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="font-semibold">Fecha:</dt>
          <dd>
            <time dateTime={notification.createdAt}>{notification.date}</time>
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="sr-only">Estado</dt>
          <dd>{notification.read ? "Leída" : <Badge tone="success">Nueva</Badge>}</dd>
        </div>
      </dl>
      <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap gap-2">
        <input type="hidden" name="notificationId" value={notification._id} />
        <input type="hidden" name="page" value={page} />
        {notification.read ? null : (
          <Button type="submit" name="intent" value={notificationIntents.markRead} disabled={busy} size="sm">
            Marcar como leída
          </Button>
        )}
        <Button
          type="submit"
          name="intent"
          value={notificationIntents.remove}
          disabled={busy}
          variant="danger"
          size="sm"
        >
          Eliminar
        </Button>
      </Form>
    </li>
  );
}

/** 'Anterior' on the first page and 'Siguiente' on the last stay in place, shown as unavailable. */
function PageLinkUnavailable({ children }: { children: string }) {
  return (
    <a
      role="link"
      aria-disabled="true"
      className={buttonClass({ variant: "secondary", size: "sm", className: "cursor-not-allowed opacity-60" })}
    >
      {children}
    </a>
  );
}

export default function SystemNotifications() {
  const { notifications, page, totalPages, error, constraints, role } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  // The JS-on client reloads this screen (paging, after a button) while the old list stays shown.
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const pageHref = (target: number) => (target > 1 ? `${PATH}?page=${target}` : PATH);

  return (
    <section aria-labelledby="titulo-notificaciones" className="max-w-3xl">
      <h1 id="titulo-notificaciones" className="text-3xl font-bold text-slate-900">
        Notificaciones del Sistema
      </h1>
      <p role="status" className="mt-2 min-h-6 text-slate-700">
        {loading ? "Cargando..." : ""}
      </p>
      {error ? (
        <Notice tone="error" className="mt-4">
          Error: {error}
        </Notice>
      ) : notifications.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-lg font-semibold text-slate-800">
          No hay notificaciones nuevas.
        </p>
      ) : (
        <>
          <ul aria-label="Notificaciones" className={`mt-6 space-y-4 ${loading ? "opacity-60" : ""}`}>
            {notifications.map((notification) => (
              <NotificationCard
                key={notification._id}
                notification={notification}
                page={page}
                role={role}
                actionConstraint={constraints.item}
              />
            ))}
          </ul>
          <nav aria-label="Paginación de notificaciones" className="mt-8 flex items-center justify-between gap-4">
            {page > 1 ? (
              <ButtonLink to={pageHref(page - 1)} rel="prev" variant="secondary" size="sm">
                Anterior
              </ButtonLink>
            ) : (
              <PageLinkUnavailable>Anterior</PageLinkUnavailable>
            )}
            <p className="text-sm font-semibold text-slate-700">
              Página {page} de {totalPages}
            </p>
            {page < totalPages ? (
              <ButtonLink to={pageHref(page + 1)} rel="next" variant="secondary" size="sm">
                Siguiente
              </ButtonLink>
            ) : (
              <PageLinkUnavailable>Siguiente</PageLinkUnavailable>
            )}
          </nav>
        </>
      )}
    </section>
  );
}
