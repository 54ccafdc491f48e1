import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from "#contract/audit-labels";
import { Pagination } from "~/components/product/Pagination";
import { Button } from "~/components/ui/Button";
import { cardClass } from "~/components/ui/Card";
import { Field } from "~/components/ui/Field";
import { Input, Select } from "~/components/ui/Input";
import { TextLink } from "~/components/ui/TextLink";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { requireAdmin } from "~/services/admin.server";
import { loadAudit } from "~/services/audit.server";

export const meta: MetaFunction = () => [
  { title: "Registro de auditoría | Mercado Pádel" },
  {
    name: "description",
    content:
      "Cada decisión de los administradores de Mercado Pádel: quién, qué, sobre qué registro, antes y después, y por qué.",
  },
  { name: "robots", content: "noindex" },
];

/**
 * /dashboard/admin/audit?action=&entityId=&actorId=&pageNumber=: `GET /admin/audit`, newest first.
 * The filters are a GET form; one the API would refuse is said next to its field.
 */
export async function loader(args: LoaderFunctionArgs) {
  return loadAudit(requireAdmin(args), new URL(args.request.url));
}

type ListedEntry = ReturnType<typeof useLoaderData<typeof loader>>["entries"][number];

function EntryCard({ entry }: { entry: ListedEntry }) {
  const headingId = `entrada-${entry._id}`;
  return (
    <li aria-labelledby={headingId} data-testid="audit-entry" className={cardClass("plain", "space-y-3")}>
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
          {entry.recordHref ? <TextLink to={entry.recordHref}>{entry.recordName}</TextLink> : entry.recordName}{" "}
          <TextLink to={adminPaths.auditOf(entry.entityId)} className="whitespace-nowrap">
            (solo este registro)
          </TextLink>
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
        <Field id="auditoria-accion" label="Acción" errors={errors?.action ? [errors.action] : null}>
          <Select name="action" defaultValue={typed.action} key={`accion-${typed.action}`}>
            <option value="">Todas</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="auditoria-registro"
          label="Registro (identificador)"
          errors={errors?.entityId ? [errors.entityId] : null}
        >
          <Input
            name="entityId"
            defaultValue={typed.entityId}
            key={`registro-${typed.entityId}`}
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        <Field id="auditoria-admin" label="Autor" errors={errors?.actorId ? [errors.actorId] : null}>
          <Select name="actorId" defaultValue={typed.actorId} key={`admin-${typed.actorId}`}>
            <option value="">Todos</option>
            {actors.map((actor) => (
              <option key={actor._id} value={actor._id}>
                {actor.name} ({actor.email})
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="secondary" className="lg:mt-8">
          Filtrar
        </Button>
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
              <TextLink to={adminPaths.audit}>Quitar los filtros</TextLink>
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
        <p className={cardClass("empty")}>
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
