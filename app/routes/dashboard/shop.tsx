import { getCollectionProps, getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SHOP_COUNTRIES, SHOP_COUNTRY_LABELS, SHOP_DOCUMENTS_HINT } from "#contract/shop-labels";
import { FieldErrors, FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { Card } from "~/components/ui/Card";
import { Choice, Input } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";
import { useFormAnswer } from "~/forms/form-answer";
import {
  CHOOSE_FILES_AGAIN,
  countryOf,
  SHOP_DOCUMENT_ACCEPT,
  shopIntents,
  shopRequestSchemas,
  taxIdHint,
  taxIdLabel,
  type FilesFormAnswer,
} from "~/forms/shop-request.forms";
import { useSchemaForm } from "~/forms/use-schema-form";
import { requireAccount } from "~/services/auth.server";
import { loadShopApplication, shopApplicationAction } from "~/services/shops.server";

export const meta: MetaFunction = () => [
  { title: "Abrir mi tienda | Mercado Pádel" },
  { name: "description", content: "Solicita abrir tu tienda en Mercado Pádel: datos de la tienda y documentos." },
  { name: "robots", content: "noindex" },
];

export async function loader(args: LoaderFunctionArgs) {
  return loadShopApplication(requireAccount(args));
}

export async function action(args: ActionFunctionArgs) {
  return shopApplicationAction(args, requireAccount(args));
}

/** Every message of a field, its items' included (a refused file is an error of `documents[1]`). */
function allErrorsOf(meta: FieldMetadata<unknown>): string[] | undefined {
  const errors = Object.values(meta.allErrors ?? {}).flat();
  return errors.length > 0 ? errors : undefined;
}

export default function ShopApplication() {
  const { previous, constraints } = useLoaderData<typeof loader>();
  const actionData = useFormAnswer(shopIntents.apply) as FilesFormAnswer | undefined;
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm(
    { constraint: constraints.application, load: shopRequestSchemas.application },
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
        <div data-testid="previous-rejection">
          <Notice tone="warning" title="Tu solicitud anterior fue rechazada.">
            {previous.reason ? <p>Motivo: {previous.reason}</p> : null}
            <p>Corrige lo necesario y vuelve a enviarla con tus documentos.</p>
          </Notice>
        </div>
      ) : null}

      <Card className="sm:p-8">
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
          <FormAlert id={form.errorId} errors={form.errors} />
          <TextField label="Nombre de la tienda" meta={fields.shopName} autoComplete="organization" />

          <fieldset>
            <legend className="font-semibold text-slate-900">País de la tienda</legend>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
              {getCollectionProps(fields.country, { type: "radio", options: [...SHOP_COUNTRIES] }).map(
                ({ key, type: _radio, ...props }) => (
                  <Choice
                    key={key}
                    type="radio"
                    {...props}
                    onChange={() => setChosenCountry(countryOf(props.value))}
                    label={SHOP_COUNTRY_LABELS[props.value as (typeof SHOP_COUNTRIES)[number]]}
                  />
                ),
              )}
            </div>
            <FieldErrors id={fields.country.errorId} errors={fields.country.errors} />
          </fieldset>

          <div>
            <label htmlFor={fields.rif.id} className="block font-semibold text-slate-900">
              {taxIdLabel(country)}
            </label>
            <Input key={rifKey} {...rifProps} autoComplete="off" spellCheck={false} className="mt-1.5" />
            <div id={rifHintId} className="mt-1 text-sm text-slate-600">
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
            <p id={documentsHintId} className="mt-1 text-sm text-slate-600">
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
      </Card>
    </section>
  );
}
