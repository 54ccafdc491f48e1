import { getFormProps, getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { REJECTION_REASONS, SHOP_COUNTRY_LABELS, SHOP_DOCUMENT_TYPES, TAX_ID_LABELS } from "#contract/shop-labels";
import { ReasonChoice } from "~/components/admin/ReasonChoice";
import { DocumentStatusBadge, ShopStatusBadge } from "~/components/admin/ShopStatusBadge";
import { FieldErrors, FormAlert, SubmitButton, TextareaField } from "~/components/forms/fields";
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
 * Approve, reject with a reason, or ask for changes on some documents: each a plain POST with its
 * `intent`, a flash after it, and the API's 409 (another admin decided first) said on the page.
 */
export async function action(args: ActionFunctionArgs) {
  return shopRequestAction(args, requireAdmin(args), args.params.userId);
}

/** A 409 means someone else changed the record meanwhile: the page reads it again to show its state (other refusals leave the page as it is). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

type PresentedRequest = ReturnType<typeof useLoaderData<typeof loader>>["request"];
type PresentedDocument = PresentedRequest["documents"][number];

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

function RequestChangesForm({
  documents,
  constraint,
}: {
  documents: PresentedDocument[];
  constraint: FieldConstraints;
}) {
  const [form, fields] = useSchemaForm(
    { constraint, load: adminShopSchemas.requestChanges },
    {
      id: "pedir-cambios",
      lastResult: useFormAnswer(adminShopIntents.requestChanges)?.result,
      defaultValue: { documents: documents.map((document) => ({ documentId: document._id })) },
    },
  );
  const rows = fields.documents.getFieldList();
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
        Marca los documentos que el solicitante debe reemplazar y di qué tiene que cambiar en cada uno.
      </p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <FieldErrors id={fields.documents.errorId} errors={fields.documents.errors} />
      <ul className="space-y-4">
        {rows.map((row, index) => {
          const document = documents[index];
          if (!document) return null;
          const rowFields = row.getFieldset();
          const { key: idKey, ...idProps } = getInputProps(rowFields.documentId, { type: "hidden" });
          const { key: checkKey, ...checkProps } = getInputProps(rowFields.selected, { type: "checkbox" });
          return (
            <li key={row.key} className={cardClass("muted")}>
              <fieldset className="space-y-3">
                <legend className="break-all font-semibold text-slate-900">{document.fileName}</legend>
                <input key={idKey} {...idProps} />
                <Choice key={checkKey} {...checkProps} label={`Pedir que reemplace «${document.fileName}»`} />
                <TextareaField label={`Qué debe cambiar en «${document.fileName}»`} meta={rowFields.note} rows={2} />
              </fieldset>
            </li>
          );
        })}
      </ul>
      <SubmitButton intent={adminShopIntents.requestChanges} variant="secondary" pending="Enviando…">
        Pedir los cambios
      </SubmitButton>
    </Form>
  );
}

export default function ShopRequestPage() {
  const { request, ownRequest, constraints } = useLoaderData<typeof loader>();
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
            {request.documents.length > 0 ? (
              <RequestChangesForm documents={request.documents} constraint={constraints.requestChanges} />
            ) : null}
          </div>
        ) : request.status === "requiere_cambios" ? (
          <p className="text-slate-700">
            Se pidieron cambios en algunos documentos. Cuando el solicitante los reemplace, la solicitud volverá a esta
            cola para decidirla.
          </p>
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
