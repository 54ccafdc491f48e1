import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  SHOP_APPROVED,
  SHOP_CHANGES_REQUESTED,
  SHOP_REJECTED,
  shopEndpoints,
  type ShopDocument,
} from "#contract/shops";
import { REJECTION_REASONS, SHOP_COUNTRY_LABELS, SHOP_DOCUMENT_TYPES, TAX_ID_LABELS } from "#contract/shop-labels";
import { longDateTime } from "#contract/store-time";
import { FieldErrors, FormAlert, SubmitButton } from "~/components/forms/fields";
import { textLinkClass } from "~/components/ui/TextLink";
import { adminPaths, shopDocumentPath } from "~/routes/dashboard/admin/paths";
import { adminIntents } from "~/components/admin/admin-intents";
import { approveFormSchema, rejectFormSchema, requestChangesFormSchema } from "~/components/admin/admin-schemas";
import { ReasonChoice, textareaLook } from "~/components/admin/ReasonChoice";
import { DocumentStatusBadge, ShopStatusBadge } from "~/components/admin/ShopStatusBadge";
import type { FieldConstraints } from "~/forms/use-schema-form";
import { useSchemaForm } from "~/forms/use-schema-form";
import { fileSize } from "~/forms/shop-request.forms";
import {
  invalidForm,
  pageErrorOf,
  refusedAction,
  requireAdmin,
  type AdminActionRefusal,
} from "~/services/admin.server";
import { readForm } from "~/services/form.server";
import { redirectWithFlash } from "~/services/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Solicitud de ${data.request.shopName} | Mercado Pádel` : "Solicitud de tienda | Mercado Pádel" },
  { name: "robots", content: "noindex" },
];

const loadApproveSchema = () => import("~/components/admin/admin-schemas").then((module) => module.approveFormSchema);
const loadRejectSchema = () => import("~/components/admin/admin-schemas").then((module) => module.rejectFormSchema);
const loadRequestChangesSchema = () =>
  import("~/components/admin/admin-schemas").then((module) => module.requestChangesFormSchema);

/** A document as the page shows it: its dates written, its size in words, its address through the web. */
function presentDocument(document: ShopDocument) {
  return { ...document, sentAt: longDateTime(document.createdAt), href: shopDocumentPath(document._id) };
}

/** /dashboard/admin/shop-requests/{userId}: one request with its data, documents, history and the decisions. */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAdmin(args);
  const { request } = await account
    .call(shopEndpoints.request, { params: { userId: args.params.userId ?? "" } })
    .catch((error: unknown) => {
      throw pageErrorOf(error);
    });
  return {
    request: {
      ...request,
      sentAt: longDateTime(request.createdAt),
      updatedAtText: longDateTime(request.updatedAt),
      documents: request.documents.map(presentDocument),
      history: request.history.map(presentDocument),
    },
    constraints: {
      approve: getZodConstraint(approveFormSchema),
      reject: getZodConstraint(rejectFormSchema),
      requestChanges: getZodConstraint(requestChangesFormSchema),
    },
  };
}

/**
 * Approve, reject with a reason, or ask for changes on some documents: each a plain POST with its
 * `intent`, a flash after it, and the API's 409 (another admin decided first) said on the page.
 */
export async function action(args: ActionFunctionArgs) {
  const account = requireAdmin(args);
  const userId = args.params.userId ?? "";
  const back = adminPaths.shopRequest(userId);
  const formData = await readForm(args.request);
  const intent = formData.get("intent");

  if (intent === adminIntents.approve) {
    const submission = parseWithZod(formData, { schema: approveFormSchema });
    if (submission.status !== "success") return invalidForm(intent, submission.reply());
    try {
      await account.call(shopEndpoints.decide, { params: { userId }, body: { approved: true } });
    } catch (error) {
      return refusedAction(error, { intent, fields: [], reply: (errors) => submission.reply(errors) });
    }
    return redirectWithFlash(args.context, back, { kind: "success", message: SHOP_APPROVED });
  }

  if (intent === adminIntents.reject) {
    const submission = parseWithZod(formData, { schema: rejectFormSchema });
    if (submission.status !== "success") return invalidForm(intent, submission.reply());
    try {
      await account.call(shopEndpoints.decide, { params: { userId }, body: submission.value });
    } catch (error) {
      return refusedAction(error, {
        intent,
        fields: ["otherReason"],
        fieldNames: { reason: "otherReason" },
        reply: (errors) => submission.reply(errors),
      });
    }
    return redirectWithFlash(args.context, back, { kind: "success", message: SHOP_REJECTED });
  }

  if (intent === adminIntents.requestChanges) {
    const submission = parseWithZod(formData, { schema: requestChangesFormSchema });
    if (submission.status !== "success") return invalidForm(intent, submission.reply());
    try {
      await account.call(shopEndpoints.requestChanges, { params: { userId }, body: submission.value });
    } catch (error) {
      return refusedAction(error, { intent, fields: [], reply: (errors) => submission.reply(errors) });
    }
    return redirectWithFlash(args.context, back, { kind: "success", message: SHOP_CHANGES_REQUESTED });
  }

  throw new Response(null, { status: 400, statusText: "Acción no válida" });
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
    <li
      aria-labelledby={headingId}
      data-testid="shop-document"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
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
        <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950">
          <span className="font-semibold">Nota para el solicitante:</span> {document.note}
        </p>
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
          className="inline-block rounded-full border border-slate-900 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100"
        >
          Descargar el PDF<span className="sr-only"> {document.fileName}</span>
        </a>
      )}
    </li>
  );
}

/** The answer's refusal for one of the forms, if it is this one's. */
function resultFor(actionData: AdminActionRefusal | undefined, intent: string): SubmissionResult<string[]> | undefined {
  return actionData?.intent === intent ? (actionData.result ?? undefined) : undefined;
}

const dangerButtonLook =
  "inline-flex w-full items-center justify-center rounded-full border-2 border-red-700 bg-white px-6 py-3 font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 sm:w-auto";

function ApproveForm({
  constraint,
  lastResult,
}: {
  constraint: FieldConstraints;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form] = useSchemaForm({ constraint, load: loadApproveSchema }, { id: "aprobar", lastResult });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="titulo-aprobar"
      className="space-y-3 rounded-2xl border border-lime-300 bg-lime-50/50 p-5"
    >
      <h3 id="titulo-aprobar" className="text-lg font-bold text-slate-900">
        Aprobar
      </h3>
      <p className="text-slate-700">
        La tienda abre y el solicitante pasa a ser vendedor; se le avisa por notificación y por correo.
      </p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <SubmitButton intent={adminIntents.approve} pending="Aprobando…">
        Aprobar la tienda
      </SubmitButton>
    </Form>
  );
}

function RejectForm({
  constraint,
  lastResult,
}: {
  constraint: FieldConstraints;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm({ constraint, load: loadRejectSchema }, { id: "rechazar", lastResult });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="titulo-rechazar"
      className="space-y-4 rounded-2xl border border-red-200 bg-white p-5"
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
      <button type="submit" name="intent" value={adminIntents.reject} className={dangerButtonLook}>
        Rechazar la solicitud
      </button>
    </Form>
  );
}

function RequestChangesForm({
  documents,
  constraint,
  lastResult,
}: {
  documents: PresentedDocument[];
  constraint: FieldConstraints;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(
    { constraint, load: loadRequestChangesSchema },
    {
      id: "pedir-cambios",
      lastResult,
      defaultValue: { documents: documents.map((document) => ({ documentId: document._id })) },
    },
  );
  const rows = fields.documents.getFieldList();
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="titulo-cambios"
      className="space-y-4 rounded-2xl border border-sky-200 bg-white p-5"
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
          const { key: noteKey, ...noteProps } = getTextareaProps(rowFields.note);
          return (
            <li key={row.key} className="rounded-xl border border-slate-200 p-4">
              <fieldset className="space-y-3">
                <legend className="break-all font-semibold text-slate-900">{document.fileName}</legend>
                <input key={idKey} {...idProps} />
                <div className="flex items-start gap-2">
                  <input key={checkKey} {...checkProps} className="mt-1 size-4 shrink-0 accent-lime-700" />
                  <label htmlFor={rowFields.selected.id} className="text-slate-900">
                    Pedir que reemplace «{document.fileName}»
                  </label>
                </div>
                <div>
                  <label htmlFor={rowFields.note.id} className="block font-semibold text-slate-900">
                    Qué debe cambiar en «{document.fileName}»
                  </label>
                  <textarea key={noteKey} {...noteProps} rows={2} className={textareaLook} />
                  <FieldErrors id={rowFields.note.errorId} errors={rowFields.note.errors} />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <button
        type="submit"
        name="intent"
        value={adminIntents.requestChanges}
        className="inline-flex w-full items-center justify-center rounded-full border-2 border-slate-900 bg-white px-6 py-3 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 sm:w-auto"
      >
        Pedir los cambios
      </button>
    </Form>
  );
}

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? "sm:col-span-2" : ""}`}>
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

export default function ShopRequestPage() {
  const { request, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const notice = actionData?.notice ?? null;
  return (
    <article aria-labelledby="titulo-solicitud" className="space-y-8">
      <div className="space-y-3">
        <p>
          <Link to={adminPaths.shopRequests} className={textLinkClass}>
            ← Solicitudes de tiendas
          </Link>
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
        {notice ? (
          <p role="alert" className="rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 font-medium text-red-900">
            {notice}
          </p>
        ) : null}
      </div>

      <section aria-labelledby="titulo-datos" className="space-y-3">
        <h2 id="titulo-datos" className="text-xl font-bold text-slate-900">
          Datos de la solicitud
        </h2>
        <dl className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2">
          <Field label="Solicitante">
            {request.applicant.name}
            <span className="block break-all text-slate-700">{request.applicant.email}</span>
          </Field>
          <Field label={`Identificador fiscal (${TAX_ID_LABELS[request.country]})`}>{request.rif}</Field>
          <Field label="País">{SHOP_COUNTRY_LABELS[request.country]}</Field>
          <Field label="Estado o provincia">{request.province}</Field>
          <Field label="Ciudad">{request.city}</Field>
          <Field label="Teléfono">{request.phone}</Field>
          <Field label="Dirección" wide>
            {request.address}
          </Field>
          <Field label="Enviada">
            <time dateTime={request.createdAt}>{request.sentAt}</time>
          </Field>
          <Field label="Último cambio">
            <time dateTime={request.updatedAt}>{request.updatedAtText}</time>
          </Field>
        </dl>
        <p className="flex flex-wrap gap-x-6 gap-y-2">
          <Link to={adminPaths.auditOf(request._id)} className={textLinkClass}>
            Ver tus decisiones en el registro de auditoría
          </Link>
          {request.status === "aprobada" ? (
            <Link to={`/tienda/${request.slug}`} className={textLinkClass}>
              Ver la página pública de la tienda
            </Link>
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
        {request.status === "pendiente" ? (
          <div className="space-y-6">
            <ApproveForm constraint={constraints.approve} lastResult={resultFor(actionData, adminIntents.approve)} />
            <RejectForm constraint={constraints.reject} lastResult={resultFor(actionData, adminIntents.reject)} />
            {request.documents.length > 0 ? (
              <RequestChangesForm
                documents={request.documents}
                constraint={constraints.requestChanges}
                lastResult={resultFor(actionData, adminIntents.requestChanges)}
              />
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
            <Link
              to={`${adminPaths.shops}?${new URLSearchParams({ searchValue: request.shopName })}`}
              className={textLinkClass}
            >
              {request.status === "aprobada"
                ? "Suspenderla desde la lista de tiendas"
                : "Reactivarla desde la lista de tiendas"}
            </Link>
          </p>
        )}
      </section>
    </article>
  );
}
