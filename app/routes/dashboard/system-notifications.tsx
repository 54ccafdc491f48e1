import { data } from "@remix-run/node";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import type { FieldConstraints } from "~/forms/use-schema-form";
import { useSchemaForm } from "~/forms/use-schema-form";
import { notificationIntents } from "~/components/notifications/notification-intents";
import { notificationLinks } from "~/components/notifications/notification-links";
import { notificationActionSchema } from "~/components/notifications/notification-schemas";
import { ApiError } from "~/services/api.server";
import { requireAccount } from "~/services/auth.server";
import {
  deleteNotification,
  getNotificationsPage,
  markNotificationRead,
  type NotificationsPage,
} from "~/services/notifications.server";
import { NETWORK_OR_SERVER_ERROR } from "#contract/messages";
import { NOTIFICATION_TYPE_LABELS } from "#contract/notification-events";
import { NOTIFICATION_DELETED, NOTIFICATION_MARKED_READ } from "#contract/notifications";
import { shortDateTime } from "#contract/store-time";
import { redirectWithFlash } from "~/services/session.server";
import { readForm } from "~/services/form.server";

export const meta: MetaFunction = () => [
  { title: "Notificaciones del Sistema | Mercado Pádel" },
  { name: "description", content: "Los avisos de tu cuenta de Mercado Pádel: pedidos, pagos y más." },
  { name: "robots", content: "noindex" },
];

const PATH = "/dashboard/system-notifications";

const loadNotificationActionSchema = () =>
  import("~/components/notifications/notification-schemas").then((module) => module.notificationActionSchema);

function pageOf(request: Request): number {
  const page = Number(new URL(request.url).searchParams.get("page"));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export async function loader(args: LoaderFunctionArgs) {
  const account = requireAccount(args);
  // One for the forms of every notification.
  const actionConstraint = getZodConstraint(notificationActionSchema);
  try {
    const page: NotificationsPage = await getNotificationsPage(account, pageOf(args.request));
    const notifications = page.notifications.map((item) => ({ ...item, date: shortDateTime(item.createdAt) }));
    return { ...page, notifications, error: null, actionConstraint };
  } catch (error) {
    if (error instanceof Response) throw error;
    // SPEC.md section 8: a failed load shows 'Error: ' and the server's message, or the network's.
    const answered = error instanceof ApiError;
    const message = answered ? error.message : NETWORK_OR_SERVER_ERROR;
    return data(
      { notifications: [], total: 0, page: 1, totalPages: 1, error: message, actionConstraint },
      { status: answered && error.status < 500 ? error.status : 502 },
    );
  }
}

export async function action(args: ActionFunctionArgs) {
  const account = requireAccount(args);
  const submission = parseWithZod(await readForm(args.request), { schema: notificationActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { intent, notificationId, page } = submission.value;
  const back = page > 1 ? `${PATH}?page=${page}` : PATH;
  try {
    if (intent === notificationIntents.markRead) await markNotificationRead(account, notificationId);
    else await deleteNotification(account, notificationId);
  } catch (error) {
    if (error instanceof Response || !(error instanceof ApiError)) throw error;
    return redirectWithFlash(args.context, back, { kind: "error", message: error.message });
  }
  return redirectWithFlash(args.context, back, {
    kind: "success",
    message: intent === notificationIntents.markRead ? NOTIFICATION_MARKED_READ : NOTIFICATION_DELETED,
  });
}

type ShownNotification = ReturnType<typeof useLoaderData<typeof loader>>["notifications"][number];

const buttonLook =
  "rounded-full border px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-60";

function NotificationCard({
  notification,
  page,
  actionConstraint,
}: {
  notification: ShownNotification;
  page: number;
  actionConstraint: FieldConstraints;
}) {
  const [form] = useSchemaForm(
    { constraint: actionConstraint, load: loadNotificationActionSchema },
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
        {notificationLinks(notification).map((link) => (
          <div key={link.subject} className="flex gap-1">
            <dt className="font-semibold">{link.subject}:</dt>
            <dd>
              <Link to={link.href} className="underline underline-offset-2 hover:text-slate-900">
                {link.text}
              </Link>
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
          <dd>
            {notification.read ? (
              "Leída"
            ) : (
              <span className="rounded-full bg-lime-200 px-2 font-semibold text-slate-900">Nueva</span>
            )}
          </dd>
        </div>
      </dl>
      <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap gap-2">
        <input type="hidden" name="notificationId" value={notification._id} />
        <input type="hidden" name="page" value={page} />
        {notification.read ? null : (
          <button
            type="submit"
            name="intent"
            value={notificationIntents.markRead}
            disabled={busy}
            className={`${buttonLook} border-slate-900 bg-lime-300 text-slate-900 hover:bg-lime-400`}
          >
            Marcar como leída
          </button>
        )}
        <button
          type="submit"
          name="intent"
          value={notificationIntents.remove}
          disabled={busy}
          className={`${buttonLook} border-red-700 text-red-800 hover:bg-red-50`}
        >
          Eliminar
        </button>
      </Form>
    </li>
  );
}

/** 'Anterior' on the first page and 'Siguiente' on the last stay in place, shown as unavailable. */
function PageLinkUnavailable({ children }: { children: string }) {
  return (
    <a role="link" aria-disabled="true" className={`${buttonLook} cursor-not-allowed border-slate-200 text-slate-500`}>
      {children}
    </a>
  );
}

export default function SystemNotifications() {
  const { notifications, page, totalPages, error, actionConstraint } = useLoaderData<typeof loader>();
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
        <p
          role="alert"
          className="mt-4 rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 font-medium text-red-900"
        >
          Error: {error}
        </p>
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
                actionConstraint={actionConstraint}
              />
            ))}
          </ul>
          <nav aria-label="Paginación de notificaciones" className="mt-8 flex items-center justify-between gap-4">
            {page > 1 ? (
              <Link
                to={pageHref(page - 1)}
                rel="prev"
                className={`${buttonLook} border-slate-300 hover:border-slate-900`}
              >
                Anterior
              </Link>
            ) : (
              <PageLinkUnavailable>Anterior</PageLinkUnavailable>
            )}
            <p className="text-sm font-semibold text-slate-700">
              Página {page} de {totalPages}
            </p>
            {page < totalPages ? (
              <Link
                to={pageHref(page + 1)}
                rel="next"
                className={`${buttonLook} border-slate-300 hover:border-slate-900`}
              >
                Siguiente
              </Link>
            ) : (
              <PageLinkUnavailable>Siguiente</PageLinkUnavailable>
            )}
          </nav>
        </>
      )}
    </section>
  );
}
