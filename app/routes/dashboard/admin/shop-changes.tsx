import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { IdentityChangeValues } from "~/components/dashboard/IdentityChangeValues";
import { FormAlert, SubmitButton, TextareaField } from "~/components/forms/fields";
import { Badge } from "~/components/ui/Badge";
import { cardClass } from "~/components/ui/Card";
import { Disclosure } from "~/components/ui/Disclosure";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { requireAdmin } from "~/services/admin.server";
import { loadShopChanges, shopChangesAction } from "~/services/shop-identity.server";
import { shopChangeIntents, shopChangeSchemas } from "./shop-changes.forms";

export const meta: MetaFunction = () => [
  { title: "Cambios de tiendas | Administración | Mercado Pádel" },
  {
    name: "description",
    content:
      "Los cambios de nombre o de identificador fiscal que piden las tiendas aprobadas: aprobarlos o rechazarlos.",
  },
  { name: "robots", content: "noindex" },
];

/** /dashboard/admin/shop-changes: `GET /admin/shop-changes`, the longest waiting first. */
export async function loader(args: LoaderFunctionArgs) {
  return loadShopChanges(requireAdmin(args));
}

/** Approve, or reject with a reason, one change; then back here with a flash. */
export async function action(args: ActionFunctionArgs) {
  return shopChangesAction(args, requireAdmin(args));
}

/** A 409 means another admin decided first (or the seller withdrew it): the list is read again to show it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

type ChangesPage = ReturnType<typeof useLoaderData<typeof loader>>;
type ListedChange = ChangesPage["changes"][number];

function ApproveForm({ change, constraint }: { change: ListedChange; constraint: FieldConstraints }) {
  const [form] = useSchemaForm(
    { constraint, load: shopChangeSchemas.approve },
    { id: `aprobar-${change._id}`, lastResult: useFormAnswer(shopChangeIntents.approve, change._id)?.result },
  );
  return (
    <Form method="post" {...getFormProps(form)} aria-label={`Aprobar el cambio de ${change.shopName}`}>
      <input type="hidden" name="changeId" value={change._id} />
      <FormAlert id={form.errorId} errors={form.errors} className="mb-3" />
      <SubmitButton
        intent={shopChangeIntents.approve}
        record={{ name: "changeId", value: change._id }}
        pending="Aprobando…"
      >
        Aprobar el cambio<span className="sr-only"> de {change.shopName}</span>
      </SubmitButton>
    </Form>
  );
}

function RejectForm({ change, constraint }: { change: ListedChange; constraint: FieldConstraints }) {
  const lastResult = useFormAnswer(shopChangeIntents.reject, change._id)?.result;
  const [form, fields] = useSchemaForm(
    { constraint, load: shopChangeSchemas.reject },
    { id: `rechazar-${change._id}`, lastResult, defaultValue: { changeId: change._id } },
  );
  return (
    // Open when the last try was refused.
    <Disclosure summary="Rechazar el cambio…" open={Boolean(lastResult)}>
      <Form
        method="post"
        {...getFormProps(form)}
        aria-label={`Rechazar el cambio de ${change.shopName}`}
        className="space-y-3"
      >
        <input type="hidden" name="changeId" value={change._id} />
        <p className="text-sm text-slate-700">La tienda conserva sus datos; el vendedor leerá el motivo.</p>
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextareaField label="Motivo del rechazo" meta={fields.reason} rows={3} />
        <SubmitButton
          intent={shopChangeIntents.reject}
          record={{ name: "changeId", value: change._id }}
          variant="danger"
          pending="Rechazando…"
        >
          Rechazar<span className="sr-only"> el cambio de {change.shopName}</span>
        </SubmitButton>
      </Form>
    </Disclosure>
  );
}

function ChangeRow({ change, constraints }: { change: ListedChange; constraints: ChangesPage["constraints"] }) {
  const headingId = `cambio-${change._id}`;
  // Another admin decided first, or the seller withdrew it (409): the list now shows it gone.
  const approved = useFormAnswer(shopChangeIntents.approve, change._id);
  const rejected = useFormAnswer(shopChangeIntents.reject, change._id);
  const notice = approved?.notice ?? rejected?.notice;
  return (
    <li aria-labelledby={headingId} data-testid="shop-change" className={cardClass("plain", "space-y-3")}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className="min-w-0 break-words text-lg font-bold text-slate-900">
          <TextLink to={adminPaths.shopRequest(change.ownerId)}>{change.shopName}</TextLink>
        </h2>
        <Badge tone="warning">{change.statusLabel}</Badge>
      </div>
      {notice ? <Notice tone="error">{notice}</Notice> : null}
      <IdentityChangeValues change={change} withReason />
      <p className="break-words text-sm text-slate-700">
        Pedido por {change.requestedBy} el <time dateTime={change.createdAt}>{change.askedAt}</time>
      </p>
      {change.own ? (
        <p className="text-sm text-slate-700" data-testid="own-shop">
          Es tu propia tienda: otro administrador debe decidir sobre este cambio.
        </p>
      ) : (
        <div className="space-y-3">
          <ApproveForm change={change} constraint={constraints.approve} />
          <RejectForm change={change} constraint={constraints.reject} />
        </div>
      )}
    </li>
  );
}

export default function ShopChanges() {
  const { changes, totalPending, constraints } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-cambios" className="space-y-6">
      <div>
        <h1 id="titulo-cambios" className="text-3xl font-bold text-slate-900">
          Cambios de tiendas
        </h1>
        <p className="mt-2 text-slate-700" role="status" data-testid="shop-change-count">
          {totalPending === 0
            ? "Ningún cambio de nombre o identificador fiscal espera tu revisión."
            : totalPending === 1
              ? "1 cambio de nombre o identificador fiscal espera tu revisión."
              : `${totalPending} cambios de nombre o identificador fiscal esperan tu revisión.`}{" "}
          Al aprobarlo, la tienda usa sus datos nuevos al momento; la dirección de su página no cambia.
        </p>
      </div>
      {changes.length === 0 ? (
        <p className={cardClass("empty")}>
          No hay cambios pendientes. <TextLink to={adminPaths.shops}>Ver todas las tiendas</TextLink>
        </p>
      ) : (
        <ul className="space-y-4" aria-label="Cambios pendientes, los más antiguos primero">
          {changes.map((change) => (
            <ChangeRow key={change._id} change={change} constraints={constraints} />
          ))}
        </ul>
      )}
    </section>
  );
}
