import { getCollectionProps, getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SHOP_REQUEST_SENT } from "#contract/shops";
import { SHOP_COUNTRIES, SHOP_COUNTRY_LABELS, SHOP_DOCUMENTS_HINT } from "#contract/shop-labels";
import { FieldErrors, FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { useSchemaForm } from "~/forms/use-schema-form";
import {
  CHOOSE_FILES_AGAIN,
  countryOf,
  SHOP_DOCUMENT_ACCEPT,
  shopIntents,
  taxIdHint,
  taxIdLabel,
} from "~/components/shop/shop-form-fields";
import { SHOP_APPLICATION_FIELDS, shopApplicationSchema } from "~/components/shop/shop-schemas";
import { refusalOf } from "~/services/account.server";
import { requireAccount } from "~/services/auth.server";
import { carriesFiles, readForm } from "~/services/form.server";
import { redirectWithFlash } from "~/services/session.server";
import { applyForShop, getMyShopRequest } from "~/services/shops.server";

export const meta: MetaFunction = () => [
  { title: "Abrir mi tienda | Mercado Pádel" },
  { name: "description", content: "Solicita abrir tu tienda en Mercado Pádel: datos de la tienda y documentos." },
  { name: "robots", content: "noindex" },
];

const CONFIRMATION = "/dashboard/shop/confirmation";

const loadShopApplicationSchema = () =>
  import("~/components/shop/shop-schemas").then((module) => module.shopApplicationSchema);

/**
 * SPEC.md section 2 "shop": the application. A user who has applied already waits on the
 * confirmation page; after a rejection the form comes back filled with what they sent, and why.
 */
export async function loader(args: LoaderFunctionArgs) {
  const request = await getMyShopRequest(requireAccount(args));
  if (request && request.status !== "rechazada") throw redirect(CONFIRMATION);
  const previous = request
    ? {
        fields: {
          shopName: request.shopName,
          rif: request.rif,
          country: request.country,
          province: request.province,
          city: request.city,
          address: request.address,
          phone: request.phone,
        },
        reason: request.statusReason,
      }
    : null;
  return { previous, constraint: getZodConstraint(shopApplicationSchema) };
}

export async function action(args: ActionFunctionArgs) {
  const account = requireAccount(args);
  const formData = await readForm(args.request);
  if (formData.get("intent") !== shopIntents.apply) throw new Response(null, { status: 400 });
  // Each refused attempt empties the file input (no browser sends chosen files back, and the page
  // says so when files were chosen).
  const attempt = crypto.randomUUID();
  const filesLost = carriesFiles(formData);
  const submission = parseWithZod(formData, { schema: shopApplicationSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), attempt, filesLost }, { status: 400 });
  const { documents, ...fields } = submission.value;
  try {
    await applyForShop(account, args.context, fields, documents);
  } catch (error) {
    if (error instanceof Response) throw error;
    const { status, formErrors, fieldErrors } = refusalOf(error, SHOP_APPLICATION_FIELDS);
    return data({ result: submission.reply({ formErrors, fieldErrors }), attempt, filesLost }, { status });
  }
  return redirectWithFlash(args.context, CONFIRMATION, { kind: "success", message: SHOP_REQUEST_SENT });
}

const hintLook = "mt-1 text-sm text-slate-600";
const controlLook =
  "mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-lime-700 border-slate-500 aria-[invalid=true]:border-red-600";

/** Every message of a field, its items' included (a refused file is an error of `documents[1]`). */
function allErrorsOf(meta: FieldMetadata<unknown>): string[] | undefined {
  const errors = Object.values(meta.allErrors ?? {}).flat();
  return errors.length > 0 ? errors : undefined;
}

export default function ShopApplication() {
  const { previous, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm(
    { constraint, load: loadShopApplicationSchema },
    {
      id: "solicitud-tienda",
      lastResult: actionData?.result,
      defaultValue: previous?.fields,
    },
  );
  // The tax id's name follows the chosen country once JavaScript runs; without it the label names all three.
  const [chosenCountry, setChosenCountry] = useState(countryOf(fields.country.initialValue));
  const country = hydrated ? chosenCountry : null;

  const rifHintId = `${fields.rif.id}-ayuda`;
  const { key: rifKey, ...rifProps } = getInputProps(fields.rif, { type: "text", ariaDescribedBy: rifHintId });
  const documentErrors = allErrorsOf(fields.documents as FieldMetadata<unknown>);
  const documentsHintId = `${fields.documents.id}-ayuda`;
  const againId = `${fields.documents.id}-otra-vez`;
  const describedBy = [
    documentsHintId,
    actionData?.filesLost ? againId : null,
    documentErrors ? fields.documents.errorId : null,
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <section aria-labelledby="titulo-tienda" className="max-w-2xl space-y-8">
      <div>
        <h1 id="titulo-tienda" className="text-3xl font-bold text-slate-900">
          Abrir mi tienda
        </h1>
        <p className="mt-2 text-slate-700">
          Cuéntanos sobre tu tienda y adjunta tus documentos. Un administrador revisará la solicitud y te avisaremos de
          su decisión por notificación y por correo electrónico.
        </p>
      </div>

      {previous ? (
        <div
          className="rounded-2xl border-l-4 border-amber-500 bg-amber-50 p-5 text-amber-950"
          data-testid="previous-rejection"
        >
          <p className="font-semibold">Tu solicitud anterior fue rechazada.</p>
          {previous.reason ? <p className="mt-1">Motivo: {previous.reason}</p> : null}
          <p className="mt-1">Corrige lo necesario y vuelve a enviarla con tus documentos.</p>
        </div>
      ) : null}

      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField label="Nombre de la tienda" meta={fields.shopName} autoComplete="organization" />

        <fieldset>
          <legend className="font-semibold text-slate-900">País de la tienda</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {getCollectionProps(fields.country, { type: "radio", options: [...SHOP_COUNTRIES] }).map(
              ({ key, ...props }) => (
                <label key={key} htmlFor={props.id} className="inline-flex items-center gap-2 text-slate-900">
                  <input
                    {...props}
                    onChange={() => setChosenCountry(countryOf(props.value))}
                    className="size-4 accent-lime-600"
                  />
                  {SHOP_COUNTRY_LABELS[props.value as (typeof SHOP_COUNTRIES)[number]]}
                </label>
              ),
            )}
          </div>
          <FieldErrors id={fields.country.errorId} errors={fields.country.errors} />
        </fieldset>

        <div>
          <label htmlFor={fields.rif.id} className="block font-semibold text-slate-900">
            {taxIdLabel(country)}
          </label>
          <input key={rifKey} {...rifProps} autoComplete="off" spellCheck={false} className={controlLook} />
          <div id={rifHintId} className={hintLook}>
            {taxIdHint(country).map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
          <FieldErrors id={fields.rif.errorId} errors={fields.rif.errors} />
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Estado o provincia" meta={fields.province} autoComplete="address-level1" />
          <TextField label="Ciudad" meta={fields.city} autoComplete="address-level2" />
        </div>
        <TextField
          label="Dirección"
          meta={fields.address}
          autoComplete="street-address"
          hint="Calle, número y local u oficina."
        />
        <TextField
          label="Teléfono"
          meta={fields.phone}
          type="tel"
          autoComplete="tel"
          hint="Un teléfono del país de la tienda; con el prefijo internacional si quieres, por ejemplo +58 212 285 4410."
        />

        <div>
          <label htmlFor={fields.documents.id} className="block font-semibold text-slate-900">
            Documentos de la tienda
          </label>
          <input
            key={`${fields.documents.key ?? ""}-${actionData?.attempt ?? "inicio"}`}
            type="file"
            id={fields.documents.id}
            name={fields.documents.name}
            form={form.id}
            multiple
            required
            accept={SHOP_DOCUMENT_ACCEPT}
            aria-invalid={documentErrors ? true : undefined}
            aria-describedby={describedBy}
            className="mt-1.5 block w-full text-slate-900"
          />
          <p id={documentsHintId} className={hintLook}>
            {SHOP_DOCUMENTS_HINT} Por ejemplo: el registro mercantil, el documento del identificador fiscal y el
            documento de identidad del responsable.
          </p>
          {actionData?.filesLost ? (
            <p id={againId} className="mt-1 text-sm font-medium text-amber-900">
              {CHOOSE_FILES_AGAIN}
            </p>
          ) : null}
          <FieldErrors id={fields.documents.errorId} errors={documentErrors} />
        </div>

        <SubmitButton intent={shopIntents.apply} pending="Enviando…">
          Enviar solicitud
        </SubmitButton>
      </Form>
    </section>
  );
}
