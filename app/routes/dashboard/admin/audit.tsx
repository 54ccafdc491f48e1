import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { auditEndpoints, type AuditEntry } from "#contract/audit";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_ENTITY_LABELS } from "#contract/audit-labels";
import { longDateTime } from "#contract/store-time";
import { FieldErrors } from "~/components/forms/fields";
import { textLinkClass } from "~/components/ui/TextLink";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { auditListQuery } from "~/components/admin/admin-schemas";
import { auditChanges } from "~/components/admin/audit-format";
import { Pagination } from "~/components/product/Pagination";
import { secondaryButtonLook } from "~/components/product/shopper-forms";
import { pageErrorOf, requireAdmin } from "~/services/admin.server";

export const meta: MetaFunction = () => [
  { title: "Registro de auditoría | Mercado Pádel" },
  {
    name: "description",
    content:
      "Cada decisión de los administradores de Mercado Pádel: quién, qué, sobre qué registro, antes y después, y por qué.",
  },
  { name: "robots", content: "noindex" },
];

/** An entry as the page shows it: what was done in words, the record's page, the changes, the date. */
function presentEntry(entry: AuditEntry) {
  const recordName = entry.record?.name ?? `${AUDIT_ENTITY_LABELS[entry.entity]} ${entry.entityId}`;
  const recordHref =
    entry.entity === "tienda" && entry.record?.ownerId
      ? adminPaths.shopRequest(entry.record.ownerId)
      : entry.entity === "pedido" && entry.record
        ? adminPaths.order(entry.entityId)
        : null;
  return {
    _id: entry._id,
    actor: entry.actor,
    action: AUDIT_ACTION_LABELS[entry.action],
    entity: AUDIT_ENTITY_LABELS[entry.entity],
    entityId: entry.entityId,
    recordName,
    recordHref,
    changes: auditChanges(entry.before, entry.after, longDateTime, entry),
    reason: entry.reason,
    createdAt: entry.createdAt,
    when: longDateTime(entry.createdAt),
  };
}

/**
 * /dashboard/admin/audit?action=&entityId=&actorId=&pageNumber=: `GET /admin/audit`, newest first.
 * The filters are a GET form; one the API would refuse (a record id that is no id) is said next
 * to its field and nothing is listed until it is corrected.
 */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAdmin(args);
  const { query, typed, errors } = auditListQuery(new URL(args.request.url).searchParams);
  const answer = await account.call(auditEndpoints.list, { query: query ?? { parPage: 1 } }).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    typed,
    errors,
    actors: answer.actors,
    entries: query ? answer.entries.map(presentEntry) : [],
    totalEntry: query ? answer.totalEntry : 0,
    page: answer.page,
    totalPages: query ? Math.max(1, Math.ceil(answer.totalEntry / answer.parPage)) : 1,
  };
}

type ListedEntry = ReturnType<typeof useLoaderData<typeof loader>>["entries"][number];

const controlLook =
  "mt-1.5 block w-full rounded-lg border border-slate-500 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-lime-700 aria-[invalid=true]:border-red-600";

function EntryCard({ entry }: { entry: ListedEntry }) {
  const headingId = `entrada-${entry._id}`;
  return (
    <li
      aria-labelledby={headingId}
      data-testid="audit-entry"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="font-bold text-slate-900">
          {entry.actor.name}: {entry.action}
        </h2>
        <p className="text-sm text-slate-700">
          <time dateTime={entry.createdAt}>{entry.when}</time>
        </p>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
        <dt className="font-semibold text-slate-600">{entry.entity}</dt>
        <dd className="min-w-0 break-words text-slate-900">
          {entry.recordHref ? (
            <Link to={entry.recordHref} className={textLinkClass}>
              {entry.recordName}
            </Link>
          ) : (
            entry.recordName
          )}{" "}
          <Link
            to={adminPaths.auditOf(entry.entityId)}
            className="whitespace-nowrap text-slate-700 underline underline-offset-2 hover:text-slate-900"
          >
            (solo este registro)
          </Link>
        </dd>
        <dt className="font-semibold text-slate-600">Antes → después</dt>
        <dd className="min-w-0 text-slate-900">
          {entry.changes.length === 0 ? (
            "Sin cambios registrados."
          ) : (
            <ul className="space-y-1">
              {entry.changes.map((change) => (
                <li key={change.field} className="break-words" data-testid="audit-change">
                  <span className="font-semibold">{change.field}:</span> {change.before}{" "}
                  <span aria-hidden="true">→</span> <span className="sr-only">pasó a</span> {change.after}
                </li>
              ))}
            </ul>
          )}
        </dd>
        {entry.reason ? (
          <>
            <dt className="font-semibold text-slate-600">Motivo</dt>
            <dd className="min-w-0 break-words text-slate-900" data-testid="audit-reason">
              {entry.reason}
            </dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

export default function AuditLog() {
  const { typed, errors, actors, entries, totalEntry, page, totalPages } = useLoaderData<typeof loader>();
  const filtered = typed.action !== "" || typed.entityId !== "" || typed.actorId !== "";
  return (
    <section aria-labelledby="titulo-auditoria" className="space-y-6">
      <div>
        <h1 id="titulo-auditoria" className="text-3xl font-bold text-slate-900">
          Registro de auditoría
        </h1>
        <p className="mt-2 text-slate-700">
          Cada decisión de un administrador, la más reciente primero. Nada de lo escrito aquí se puede cambiar ni
          borrar.
        </p>
      </div>

      {/* A GET form: the filters are part of the address and work without JavaScript. */}
      <Form
        method="get"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-start"
        aria-label="Filtrar el registro"
      >
        <div>
          <label htmlFor="auditoria-accion" className="block font-semibold text-slate-900">
            Acción
          </label>
          <select
            id="auditoria-accion"
            name="action"
            defaultValue={typed.action}
            key={`accion-${typed.action}`}
            aria-invalid={errors?.action ? true : undefined}
            aria-describedby={errors?.action ? "auditoria-accion-error" : undefined}
            className={controlLook}
          >
            <option value="">Todas</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </select>
          <FieldErrors id="auditoria-accion-error" errors={errors?.action ? [errors.action] : undefined} />
        </div>
        <div>
          <label htmlFor="auditoria-registro" className="block font-semibold text-slate-900">
            Registro (identificador)
          </label>
          <input
            id="auditoria-registro"
            name="entityId"
            defaultValue={typed.entityId}
            key={`registro-${typed.entityId}`}
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors?.entityId ? true : undefined}
            aria-describedby={errors?.entityId ? "auditoria-registro-error" : undefined}
            className={controlLook}
          />
          <FieldErrors id="auditoria-registro-error" errors={errors?.entityId ? [errors.entityId] : undefined} />
        </div>
        <div>
          <label htmlFor="auditoria-admin" className="block font-semibold text-slate-900">
            Autor
          </label>
          <select
            id="auditoria-admin"
            name="actorId"
            defaultValue={typed.actorId}
            key={`admin-${typed.actorId}`}
            aria-invalid={errors?.actorId ? true : undefined}
            aria-describedby={errors?.actorId ? "auditoria-admin-error" : undefined}
            className={controlLook}
          >
            <option value="">Todos</option>
            {actors.map((actor) => (
              <option key={actor._id} value={actor._id}>
                {actor.name} ({actor.email})
              </option>
            ))}
          </select>
          <FieldErrors id="auditoria-admin-error" errors={errors?.actorId ? [errors.actorId] : undefined} />
        </div>
        <button type="submit" className={`${secondaryButtonLook} lg:mt-8`}>
          Filtrar
        </button>
      </Form>

      {errors ? (
        <p className="text-slate-700">Corrige los filtros marcados para ver el registro.</p>
      ) : (
        <p className="text-slate-700" role="status" data-testid="audit-count">
          {totalEntry === 1 ? "1 entrada" : `${totalEntry} entradas`}
          {filtered ? " con estos filtros" : ""}.
          {filtered ? (
            <>
              {" "}
              <Link to={adminPaths.audit} className={textLinkClass}>
                Quitar los filtros
              </Link>
            </>
          ) : null}
        </p>
      )}

      {entries.length > 0 ? (
        <ul className="space-y-4" aria-label="Entradas del registro">
          {entries.map((entry) => (
            <EntryCard key={entry._id} entry={entry} />
          ))}
        </ul>
      ) : errors ? null : (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-slate-700">
          {totalEntry > 0
            ? "No hay entradas en esta página."
            : filtered
              ? "Ninguna entrada coincide con estos filtros."
              : "Todavía no hay decisiones registradas."}
        </p>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}
