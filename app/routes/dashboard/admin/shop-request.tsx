import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { REJECTION_REASONS, SHOP_COUNTRY_LABELS, SHOP_DOCUMENT_TYPES, TAX_ID_LABELS } from "#contract/shop-labels";
import { ReasonChoice } from "~/components/admin/ReasonChoice";
import { DocumentStatusBadge, ShopStatusBadge } from "~/components/admin/ShopStatusBadge";
import { IdentityChangeValues } from "~/components/dashboard/IdentityChangeValues";
import { FieldErrors, FormAlert, SubmitButton, TextareaField } from "~/components/forms/fields";
import { Badge } from "~/components/ui/Badge";
import { buttonClass } from "~/components/ui/Button";
import { cardClass } from "~/components/ui/Card";
import { Detail, DetailList } from "~/components/ui/Details";
import { Choice } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { adminShopIntents, adminShopSchemas } from "~/forms/admin-shop.forms";
import { answerFor, useFormAnswer } from "~/forms/form-answer";
import { fileSize } from "~/forms/shop-request.forms";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { requireAdmin } from "~/services/admin.server";
import { loadShopRequest, shopRequestAction } from "~/services/admin-shops.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Solicitud de ${data.request.shopName} | Mercado Pádel` : "Solicitud de tienda | Mercado Pádel" },
  { name: "robots", content: "noindex" },
];

/** /dashboard/admin/shop-requests/{userId}: one request with its data, documents, history and the decisions. */
export async function loader(args: LoaderFunctionArgs) {
  return loadShopRequest(requireAdmin(args), args.params.userId);
}

/**
 * Approve, reject with a reason, or ask for changes on some data and documents: each a plain POST with its
 * `intent`, a flash after it, and the API's 409 (another admin decided first) said on the page.
 */
export async function action(args: ActionFunctionArgs) {
  return shopRequestAction(args, requireAdmin(args), args.params.userId);
}

/** A 409 means someone else changed the record meanwhile: the page reads it again to show its state (other refusals leave the page as it is). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type PresentedRequest = Loaded["request"];
type PresentedDocument = PresentedRequest["documents"][number];
type ChangeableField = Loaded["changeableFields"][number];

function DocumentCard({ document, headingLevel = "h3" }: { document: PresentedDocument; headingLevel?: "h3" | "h4" }) {
  const Heading = headingLevel;
  const isImage = document.contentType.startsWith("image/");
  const kind = SHOP_DOCUMENT_TYPES[document.contentType];
  const headingId = `documento-${document._id}`;
  return (
    <li aria-labelledby={headingId} data-testid="shop-document" className={cardClass("plain", "space-y-3")}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading id={headingId} className="min-w-0 break-all font-bold text-slate-900">
          {document.fileName}
        </Heading>
        <DocumentStatusBadge status={document.status} />
      </div>
      <p className="text-sm text-slate-700">
        {kind}, {fileSize(document.size)}. Enviado el <time dateTime={document.createdAt}>{document.sentAt}</time>.
      </p>
      {document.note ? (
        <Notice tone="info" className="text-sm">
          <p>
            <span className="font-semibold">Nota para el solicitante:</span> {document.note}
          </p>
        </Notice>
      ) : null}
      {isImage ? (
        <a href={document.href} className="block w-fit max-w-full">
          <img
            src={document.href}
            alt={`Documento ${document.fileName}`}
            loading="lazy"
            className="max-h-80 max-w-full rounded-lg border border-slate-200 object-contain"
          />
          <span className="mt-1 block text-sm font-semibold underline underline-offset-2">
            Abrir la imagen<span className="sr-only"> {document.fileName}</span>
          </span>
        </a>
      ) : (
        <a
          href={document.href}
          download={document.fileName}
          className={buttonClass({ variant: "secondary", size: "sm" })}
        >
          Descargar el PDF<span className="sr-only"> {document.fileName}</span>
        </a>
      )}
    </li>
  );
}

function ApproveForm({ constraint }: { constraint: FieldConstraints }) {
  const [form] = useSchemaForm(
    { constraint, load: adminShopSchemas.approve },
    { id: "aprobar", lastResult: useFormAnswer(adminShopIntents.approve)?.result },
  );
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="titulo-aprobar"
      className={cardClass("plain", "space-y-3")}
    >
      <h3 id="titulo-aprobar" className="text-lg font-bold text-slate-900">
        Aprobar
      </h3>
      <p className="text-slate-700">
        La tienda abre y el solicitante pasa a ser vendedor; se le avisa por notificación y por correo.
      </p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <SubmitButton intent={adminShopIntents.approve} pending="Aprobando…">
        Aprobar la tienda
      </SubmitButton>
    </Form>
  );
}

function RejectForm({ constraint }: { constraint: FieldConstraints }) {
  const [form, fields] = useSchemaForm(
    { constraint, load: adminShopSchemas.reject },
    { id: "rechazar", lastResult: useFormAnswer(adminShopIntents.reject)?.result },
  );
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="titulo-rechazar"
      className={cardClass("plain", "space-y-4")}
    >
      <h3 id="titulo-rechazar" className="text-lg font-bold text-slate-900">
        Rechazar
      </h3>
      <p className="text-slate-700">El solicitante verá el motivo y podrá volver a solicitar.</p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <ReasonChoice
        legend="Motivo del rechazo"
        reasons={REJECTION_REASONS}
        choice={fields.reasonChoice}
        other={fields.otherReason}
      />
      <SubmitButton intent={adminShopIntents.reject} variant="danger" pending="Rechazando…">
        Rechazar la solicitud
      </SubmitButton>
    </Form>
  );
}

/** One row of «Pedir cambios»: a checkbox naming it and the note for the applicant. */
function ChangeRow({
  legend,
  hidden,
  selected,
  note,
  choice,
  noteLabel,
}: {
  legend: string;
  hidden: FieldMetadata<string | undefined>;
  selected: FieldMetadata<boolean | undefined>;
  note: FieldMetadata<string | undefined>;
  choice: string;
  noteLabel: string;
}) {
  const { key: hiddenKey, ...hiddenProps } = getInputProps(hidden, { type: "hidden" });
  const { key: checkKey, ...checkProps } = getInputProps(selected, { type: "checkbox" });
  return (
    <li className={cardClass("muted")}>
      <fieldset className="space-y-3">
        <legend className="break-all font-semibold text-slate-900">{legend}</legend>
        <input key={hiddenKey} {...hiddenProps} />
        <Choice key={checkKey} {...checkProps} label={choice} />
        <FieldErrors id={selected.errorId} errors={selected.errors} />
        <TextareaField label={noteLabel} meta={note} rows={2} />
      </fieldset>
    </li>
  );
}

function RequestChangesForm({
  changeable,
  documents,
  constraint,
}: {
  changeable: ChangeableField[];
  documents: PresentedDocument[];
  constraint: FieldConstraints;
}) {
  const [form, fields] = useSchemaForm(
    { constraint, load: adminShopSchemas.requestChanges },
    {
      id: "pedir-cambios",
      lastResult: useFormAnswer(adminShopIntents.requestChanges)?.result,
      defaultValue: {
        fields: changeable.map((datum) => ({ field: datum.field })),
        documents: documents.map((document) => ({ documentId: document._id })),
      },
    },
  );
  const dataRows = fields.fields.getFieldList();
  const documentRows = fields.documents.getFieldList();
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="titulo-cambios"
      className={cardClass("plain", "space-y-4")}
    >
      <h3 id="titulo-cambios" className="text-lg font-bold text-slate-900">
        Pedir cambios
      </h3>
      <p className="text-slate-700">
        Marca los datos que el solicitante debe corregir y los documentos que debe reemplazar; di qué tiene que cambiar
        en cada uno (la nota de un dato es opcional).
      </p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <h4 className="font-bold text-slate-900">Datos de la solicitud</h4>
      <ul className="space-y-4">
        {dataRows.map((row, index) => {
          const datum = changeable[index];
          if (!datum) return null;
          const rowFields = row.getFieldset();
          return (
            <ChangeRow
              key={row.key}
              legend={datum.label}
              hidden={rowFields.field}
              selected={rowFields.selected}
              note={rowFields.note}
              choice={`Pedir que corrija «${datum.label}»`}
              noteLabel={`Qué debe corregir en «${datum.label}» (opcional)`}
            />
          );
        })}
      </ul>
      {documents.length > 0 ? (
        <>
          <h4 className="font-bold text-slate-900">Documentos</h4>
          <ul className="space-y-4">
            {documentRows.map((row, index) => {
              const document = documents[index];
              if (!document) return null;
              const rowFields = row.getFieldset();
              return (
                <ChangeRow
                  key={row.key}
                  legend={document.fileName}
                  hidden={rowFields.documentId}
                  selected={rowFields.selected}
                  note={rowFields.note}
                  choice={`Pedir que reemplace «${document.fileName}»`}
                  noteLabel={`Qué debe cambiar en «${document.fileName}»`}
                />
              );
            })}
          </ul>
        </>
      ) : null}
      <SubmitButton intent={adminShopIntents.requestChanges} variant="secondary" pending="Enviando…">
        Pedir los cambios
      </SubmitButton>
    </Form>
  );
}

/** Each time the applicant sent the request again: the data as they were, and what they became. */
function Versions({ versions }: { versions: PresentedRequest["versions"] }) {
  if (versions.length === 0)
    return <p className="text-slate-700">Los datos de la solicitud no han cambiado desde que se envió.</p>;
  return (
    <ul className="space-y-4">
      {versions.map((version) => (
        <li
          key={version._id}
          data-testid="request-version"
          aria-labelledby={`version-${version._id}`}
          className={cardClass("plain", "space-y-3")}
        >
          <h3 id={`version-${version._id}`} className="font-bold text-slate-900">
            Versión anterior, hasta el {version.resubmittedAt}
          </h3>
          <p className="text-sm text-slate-700">Cambios pedidos el {version.requestedAt}.</p>
          <DetailList>
            {version.changes.map((change) => (
              <Detail key={change.field} term={change.label}>
                <span className="block">
                  <span className="font-semibold">Antes:</span> {change.before}
                </span>
                <span className="block">
                  <span className="font-semibold">Ahora:</span> {change.after}
                </span>
                {change.note ? (
                  <span className="block text-sm text-slate-700">Nota para el solicitante: {change.note}</span>
                ) : null}
              </Detail>
            ))}
          </DetailList>
        </li>
      ))}
    </ul>
  );
}

/** The shop's changes of name or tax id (decision 0055), newest first: what, when, and who decided. */
function IdentityChanges({ changes }: { changes: Loaded["identityChanges"] }) {
  if (changes.length === 0)
    return <p className="text-slate-700">La tienda no ha pedido cambiar su nombre ni su identificador fiscal.</p>;
  return (
    <ul className="space-y-4">
      {changes.map((change) => (
        <li
          key={change._id}
          data-testid="identity-change"
          aria-labelledby={`cambio-${change._id}`}
          className={cardClass("plain", "space-y-2")}
        >
          <h3 id={`cambio-${change._id}`} className="flex flex-wrap items-center gap-2 font-bold text-slate-900">
            Pedido el {change.askedAt}
            <Badge tone={IDENTITY_CHANGE_TONES[change.status]}>{change.statusLabel}</Badge>
          </h3>
          <IdentityChangeValues change={change} withReason />
          {change.decidedAtText ? (
            <p className="break-words text-sm text-slate-700" data-testid="identity-decision">
              {change.status === "retirado"
                ? `Retirado por el vendedor el ${change.decidedAtText}.`
                : `${change.statusLabel} por ${change.decidedBy ?? "un administrador"} el ${change.decidedAtText}.`}
              {change.rejectionReason ? ` Motivo: ${change.rejectionReason}` : ""}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const IDENTITY_CHANGE_TONES = {
  pendiente: "warning",
  aprobado: "success",
  rechazado: "danger",
  retirado: "neutral",
} as const;

export default function ShopRequestPage() {
  const { request, ownRequest, changeableFields, constraints, identityChanges } = useLoaderData<typeof loader>();
  // Another admin decided first (409): the page now shows the request's state.
  const actionData = useActionData<typeof action>();
  const notice = Object.values(adminShopIntents)
    .map((intent) => answerFor(actionData, intent)?.notice)
    .find(Boolean);
  return (
    <article aria-labelledby="titulo-solicitud" className="space-y-8">
      <div className="space-y-3">
        <p>
          <TextLink to={adminPaths.shopRequests}>← Solicitudes de tiendas</TextLink>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="titulo-solicitud" className="min-w-0 break-words text-3xl font-bold text-slate-900">
            {request.shopName}
          </h1>
          <ShopStatusBadge status={request.status} />
        </div>
        {request.statusReason ? (
          <p className="text-slate-800" data-testid="status-reason">
            <span className="font-semibold">Motivo:</span> {request.statusReason}
          </p>
        ) : null}
        {notice ? <Notice tone="error">{notice}</Notice> : null}
      </div>

      <section aria-labelledby="titulo-datos" className="space-y-3">
        <h2 id="titulo-datos" className="text-xl font-bold text-slate-900">
          Datos de la solicitud
        </h2>
        <DetailList className={cardClass("plain")}>
          <Detail term="Solicitante">
            {request.applicant.name}
            <span className="block break-all text-slate-700">{request.applicant.email}</span>
          </Detail>
          <Detail term={`Identificador fiscal (${TAX_ID_LABELS[request.country]})`}>{request.rif}</Detail>
          <Detail term="País">{SHOP_COUNTRY_LABELS[request.country]}</Detail>
          <Detail term="Estado o provincia">{request.province}</Detail>
          <Detail term="Ciudad">{request.city}</Detail>
          <Detail term="Teléfono">{request.phone}</Detail>
          <Detail term="Dirección" className="sm:col-span-2">
            {request.address}
          </Detail>
          <Detail term="Enviada">
            <time dateTime={request.createdAt}>{request.sentAt}</time>
          </Detail>
          <Detail term="Último cambio">
            <time dateTime={request.updatedAt}>{request.updatedAtText}</time>
          </Detail>
        </DetailList>
        <p className="flex flex-wrap gap-x-6 gap-y-2">
          <TextLink to={adminPaths.auditOf(request._id)}>Ver tus decisiones en el registro de auditoría</TextLink>
          {request.status === "aprobada" ? (
            <TextLink to={`/tienda/${request.slug}`}>Ver la página pública de la tienda</TextLink>
          ) : null}
        </p>
      </section>

      <section aria-labelledby="titulo-documentos" className="space-y-3">
        <h2 id="titulo-documentos" className="text-xl font-bold text-slate-900">
          Documentos
        </h2>
        {request.documents.length === 0 ? (
          <p className="text-slate-700">La solicitud no tiene documentos en vigor.</p>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {request.documents.map((document) => (
              <DocumentCard key={document._id} document={document} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="titulo-historial" className="space-y-3">
        <h2 id="titulo-historial" className="text-xl font-bold text-slate-900">
          Documentos reemplazados
        </h2>
        {request.history.length === 0 ? (
          <p className="text-slate-700">Ningún documento se ha reemplazado todavía.</p>
        ) : (
          <>
            <p className="text-slate-700">
              Los más recientes primero; cada uno con la nota por la que se pidió cambiarlo.
            </p>
            <ul className="grid gap-4 lg:grid-cols-2" data-testid="document-history">
              {request.history.map((document) => (
                <DocumentCard key={document._id} document={document} />
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="titulo-versiones" className="space-y-3">
        <h2 id="titulo-versiones" className="text-xl font-bold text-slate-900">
          Versiones anteriores de los datos
        </h2>
        <Versions versions={request.versions} />
      </section>

      <section aria-labelledby="titulo-cambios-identidad" className="space-y-3">
        <h2 id="titulo-cambios-identidad" className="text-xl font-bold text-slate-900">
          Cambios de nombre e identificador fiscal
        </h2>
        <IdentityChanges changes={identityChanges} />
      </section>

      <section aria-labelledby="titulo-decision" className="space-y-4">
        <h2 id="titulo-decision" className="text-xl font-bold text-slate-900">
          Decisión
        </h2>
        {ownRequest ? (
          <Notice tone="info">
            <p data-testid="own-request">
              Es tu propia solicitud: otro administrador debe decidirla. Nadie aprueba, rechaza, suspende ni reactiva su
              propia tienda, para que cada tienda la revise alguien que no gana con ella.
            </p>
          </Notice>
        ) : request.status === "pendiente" ? (
          <div className="space-y-6">
            <ApproveForm constraint={constraints.approve} />
            <RejectForm constraint={constraints.reject} />
            <RequestChangesForm
              changeable={changeableFields}
              documents={request.documents}
              constraint={constraints.requestChanges}
            />
          </div>
        ) : request.status === "requiere_cambios" ? (
          <div className="space-y-2 text-slate-700">
            <p>
              Se pidieron cambios. Cuando el solicitante los envíe, la solicitud volverá a esta cola para decidirla.
            </p>
            {request.fieldsToFix.length > 0 ? (
              <p data-testid="fields-to-fix">
                Datos por corregir:{" "}
                {request.fieldsToFix
                  .map((entry) => (entry.note ? `${entry.label} (${entry.note})` : entry.label))
                  .join("; ")}
                .
              </p>
            ) : null}
          </div>
        ) : request.status === "rechazada" ? (
          <p className="text-slate-700">
            La solicitud está rechazada. El solicitante puede volver a solicitar; entonces aparecerá de nuevo en la
            cola.
          </p>
        ) : (
          <p className="text-slate-700">
            La tienda está {request.status === "aprobada" ? "abierta" : "suspendida"}.{" "}
            <TextLink to={`${adminPaths.shops}?${new URLSearchParams({ searchValue: request.shopName })}`}>
              {request.status === "aprobada"
                ? "Suspenderla desde la lista de tiendas"
                : "Reactivarla desde la lista de tiendas"}
            </TextLink>
          </p>
        )}
      </section>
    </article>
  );
}
