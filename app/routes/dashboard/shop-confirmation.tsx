import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import type { ShopDocument, ShopRequest } from "#contract/shops";
import {
  SHOP_DOCUMENT_STATUS_LABELS,
  SHOP_DOCUMENT_TYPES,
  SHOP_STATUS_LABELS,
  TAX_ID_LABELS,
} from "#contract/shop-labels";
import { longDate } from "#contract/store-time";
import { FieldErrors, FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { Card } from "~/components/ui/Card";
import { Notice } from "~/components/ui/Notice";
import { TextLink, textLinkClass } from "~/components/ui/TextLink";
import { useFormAnswer } from "~/forms/form-answer";
import {
  CHOOSE_FILES_AGAIN,
  fileSize,
  REPLACEMENT_HINT,
  replacementField,
  SHOP_DOCUMENT_ACCEPT,
  shopIntents,
  shopRequestSchemas,
  type FilesFormAnswer,
} from "~/forms/shop-request.forms";
import { useSchemaForm } from "~/forms/use-schema-form";
import { requireAccount } from "~/services/auth.server";
import { loadShopConfirmation, shopConfirmationAction } from "~/services/shops.server";
import { Detail, DetailList } from "~/components/ui/Details";

/** SPEC.md section 2: the waiting screen's title, verbatim. */
const WAITING_TITLE = "Esperando Confirmación";

const TITLES: Record<ShopRequest["status"], string> = {
  pendiente: WAITING_TITLE,
  requiere_cambios: WAITING_TITLE,
  aprobada: "Tu tienda está aprobada",
  rechazada: "Solicitud rechazada",
  suspendida: "Tienda suspendida",
};

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded ? TITLES[loaded.request.status] : WAITING_TITLE} | Mercado Pádel` },
  { name: "description", content: "El estado de tu solicitud para abrir una tienda en Mercado Pádel." },
  { name: "robots", content: "noindex" },
];

const SHOP_FORM = "/dashboard/shop";

export async function loader(args: LoaderFunctionArgs) {
  return loadShopConfirmation(requireAccount(args));
}

/** Sends the request again with what the admin asked for; it goes back to review. */
export async function action(args: ActionFunctionArgs) {
  return shopConfirmationAction(args, requireAccount(args));
}

function documentKind(document: ShopDocument): string {
  return `${SHOP_DOCUMENT_TYPES[document.contentType]}, ${fileSize(document.size)}`;
}

/** What the status means for the applicant, in a sentence or two. */
function StatusNotice({ request }: { request: ShopRequest }) {
  switch (request.status) {
    case "pendiente":
      return (
        <p className="text-lg text-slate-800">
          Tu solicitud está en proceso. Espera la confirmación: un administrador la revisará y te avisaremos de su
          decisión por notificación y por correo electrónico.
        </p>
      );
    case "requiere_cambios":
      return (
        <div className="space-y-2 text-lg text-slate-800">
          <p>Tu solicitud está en proceso. Espera la confirmación cuando la revisemos de nuevo.</p>
          <div role="alert" className="text-base">
            <Notice tone="warning">
              Un administrador pidió cambios en tu solicitud. Corrige más abajo lo que te indica y envíala de nuevo para
              que vuelva a revisión.
            </Notice>
          </div>
        </div>
      );
    case "aprobada":
      return (
        <div className="space-y-3 text-lg text-slate-800">
          <p>
            ¡Buenas noticias! Tu tienda «{request.shopName}» ya está abierta en Mercado Pádel y tu cuenta es ahora de
            vendedor.
          </p>
          <p>
            <TextLink to={`/tienda/${request.slug}`}>Ver la página de mi tienda</TextLink>
          </p>
        </div>
      );
    case "rechazada":
      return (
        <div className="space-y-3 text-lg text-slate-800">
          <p>Tu solicitud fue rechazada.</p>
          {request.statusReason ? <p data-testid="shop-status-reason">Motivo: {request.statusReason}</p> : null}
          <p>
            <TextLink to={SHOP_FORM}>Volver a solicitar mi tienda</TextLink>
          </p>
        </div>
      );
    case "suspendida":
      return (
        <div className="space-y-3 text-lg text-slate-800">
          <p>Tu tienda está suspendida: tus productos no se muestran en la tienda mientras dure la suspensión.</p>
          {request.statusReason ? <p data-testid="shop-status-reason">Motivo: {request.statusReason}</p> : null}
          <p>Si tienes dudas, escríbenos desde la página de contacto.</p>
        </div>
      );
  }
}

function DocumentItem({ document, testId = "shop-document" }: { document: ShopDocument; testId?: string }) {
  return (
    <li
      data-testid={testId}
      className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-slate-200 py-3 last:border-b-0"
    >
      <div className="min-w-0">
        <a href={`/documentos-tienda/${document._id}`} className={`${textLinkClass} break-all`}>
          {document.fileName}
        </a>
        <span className="ml-2 text-sm text-slate-600">({documentKind(document)})</span>
        {document.note ? <p className="mt-1 text-sm text-slate-800">Nota del administrador: {document.note}</p> : null}
      </div>
      <span data-testid="shop-document-status" className="text-sm font-semibold text-slate-900">
        {SHOP_DOCUMENT_STATUS_LABELS[document.status]}
      </span>
    </li>
  );
}

type Changes = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["changes"]>;

/** The admin's note on a datum, or that they asked to check it. */
function adminNote(note: string | null): string {
  return note ? `Nota del administrador: ${note}` : "El administrador pidió revisarlo.";
}

/**
 * The request sent again in one form (issue 34): each datum the admin named with its inputs, filled
 * with what was sent, and a new file for each document to replace. Without JavaScript it is a plain
 * multipart POST.
 */
function ChangesForm({ changes }: { changes: Changes }) {
  const actionData = useFormAnswer(shopIntents.resend) as FilesFormAnswer | undefined;
  // Memoized: the loader function keys the browser's validators, and the loader's data stay the same object until the page is read again.
  const loadChangesSchema = useMemo(() => shopRequestSchemas.changes(changes.asked), [changes.asked]);
  const [form, fields] = useSchemaForm(
    { constraint: changes.constraints.changes, load: loadChangesSchema },
    {
      id: "enviar-cambios",
      lastResult: actionData?.result,
      shouldValidate: "onSubmit",
      defaultValue: changes.sent,
    },
  );
  const input = (name: string, label: string, hint?: string) => (
    <TextField key={name} label={label} hint={hint} meta={fields[name] as FieldMetadata<string | undefined>} />
  );
  return (
    <Card title="Corregir y enviar de nuevo" titleId="titulo-cambios">
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        aria-labelledby="titulo-cambios"
        className="space-y-5"
      >
        <FormAlert id={form.errorId} errors={form.errors} />
        {changes.fields.map((field) =>
          field.inputs.length === 1 ? (
            input(field.inputs[0]!.name, field.label, adminNote(field.note))
          ) : (
            <fieldset key={field.field} className="space-y-3">
              <legend className="font-semibold text-slate-900">{field.label}</legend>
              <p className="text-sm text-slate-600">{adminNote(field.note)}</p>
              {field.inputs.map((one) => input(one.name, one.label))}
            </fieldset>
          ),
        )}
        {actionData?.filesLost ? <p className="text-sm font-medium text-amber-900">{CHOOSE_FILES_AGAIN}</p> : null}
        {changes.documents.map((document) => {
          const field = fields[replacementField(document._id)] as FieldMetadata<File | undefined>;
          const noteId = `${field.id}-nota`;
          const { key, ...props } = getInputProps(field, { type: "file", ariaDescribedBy: noteId });
          return (
            <div key={document._id}>
              <label htmlFor={field.id} className="block font-semibold text-slate-900">
                Nuevo archivo para «{document.fileName}»
              </label>
              <input
                key={`${key ?? ""}-${actionData?.attempt ?? "inicio"}`}
                {...props}
                accept={SHOP_DOCUMENT_ACCEPT}
                className="mt-1.5 block w-full text-slate-900"
              />
              <p id={noteId} className="mt-1 text-sm text-slate-600">
                {document.note ? `Nota del administrador: ${document.note}` : "El administrador pidió reemplazarlo."}{" "}
                {REPLACEMENT_HINT}
              </p>
              <FieldErrors id={field.errorId} errors={field.errors} />
            </div>
          );
        })}
        <SubmitButton intent={shopIntents.resend} pending="Enviando…">
          Enviar los cambios
        </SubmitButton>
      </Form>
    </Card>
  );
}

export default function ShopConfirmation() {
  const { request, changes, updatedOn } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-confirmacion" className="max-w-3xl space-y-8">
      <div className="space-y-4">
        <h1 id="titulo-confirmacion" className="text-3xl font-bold text-slate-900">
          {TITLES[request.status]}
        </h1>
        <p className="text-slate-700">
          Estado de la solicitud:{" "}
          <strong data-testid="shop-status" className="text-slate-900">
            {SHOP_STATUS_LABELS[request.status]}
          </strong>
        </p>
        <StatusNotice request={request} />
      </div>

      {changes ? <ChangesForm changes={changes} /> : null}

      <Card title="Lo que nos enviaste" titleId="titulo-enviado">
        <DetailList>
          <Detail term="Nombre de la tienda" testId="shop-name">
            {request.shopName}
          </Detail>
          <Detail term={TAX_ID_LABELS[request.country]} testId="shop-tax-id">
            {request.rif}
          </Detail>
          <Detail term="Ubicación" testId="shop-location">
            {request.location}
          </Detail>
          <Detail term="Teléfono" testId="shop-phone">
            {request.phone}
          </Detail>
          <Detail term="Enviada el">{longDate(request.createdAt)}</Detail>
          <Detail term="Última actualización">{updatedOn}</Detail>
        </DetailList>
      </Card>

      <Card title="Documentos" titleId="titulo-documentos">
        <ul aria-labelledby="titulo-documentos">
          {request.documents.map((document) => (
            <DocumentItem key={document._id} document={document} />
          ))}
        </ul>
        {request.history.length > 0 ? (
          <details className="pt-2">
            <summary className="cursor-pointer font-semibold text-slate-900">
              Documentos reemplazados ({request.history.length})
            </summary>
            <ul aria-label="Documentos reemplazados" className="mt-2">
              {request.history.map((document) => (
                <DocumentItem key={document._id} document={document} testId="shop-document-history" />
              ))}
            </ul>
          </details>
        ) : null}
      </Card>
    </section>
  );
}
