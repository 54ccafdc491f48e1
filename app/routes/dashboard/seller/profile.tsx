import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import {
  SHOP_DESCRIPTION_MAX_LENGTH,
  SHOP_IMAGE_HINT,
  SHOP_POLICY_MAX_LENGTH,
  VACATION_MAX_DAYS,
  VACATION_NOTE_MAX_LENGTH,
  vacationNotice,
} from "#contract/shop-profile-labels";
import { IDENTITY_CHANGE_REASON_MAX_LENGTH } from "#contract/shop-identity-labels";
import { IdentityChangeValues } from "~/components/dashboard/IdentityChangeValues";
import { FormAlert, SubmitButton, TextareaField, TextField } from "~/components/forms/fields";
import { Card } from "~/components/ui/Card";
import { Field } from "~/components/ui/Field";
import { Choice } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm } from "~/forms/use-schema-form";
import { requireSeller } from "~/services/seller.server";
import { loadProfile, profileAction } from "~/services/seller-profile.server";
import { profileIntents, profileSchemas, type ProfileFormAnswer } from "./profile.forms";

export const meta: MetaFunction = () => [
  { title: "Perfil de la tienda | Mi tienda | Mercado Pádel" },
  {
    name: "description",
    content: "El logo, la portada, la descripción, las políticas y el contacto de tu tienda, y el modo vacaciones.",
  },
  { name: "robots", content: "noindex" },
];

/** /dashboard/seller/profile: the shop's profile and its vacation. */
export async function loader(args: LoaderFunctionArgs) {
  return loadProfile(await requireSeller(args));
}

export async function action(args: ActionFunctionArgs) {
  return profileAction(args, await requireSeller(args));
}

const CHOOSE_IMAGE_AGAIN = "Por seguridad, vuelve a elegir la imagen.";

function ImageField({
  meta,
  label,
  attempt,
}: {
  meta: FieldMetadata<File | undefined>;
  label: string;
  attempt?: string;
}) {
  return (
    <Field
      id={meta.id}
      errorId={meta.errorId}
      label={label}
      errors={meta.errors}
      hint={
        <>
          {SHOP_IMAGE_HINT}
          {attempt ? <span className="mt-1 block font-medium text-amber-900">{CHOOSE_IMAGE_AGAIN}</span> : null}
        </>
      }
    >
      <input
        // A new key after each refused attempt: no browser sends chosen files back.
        key={`${meta.key ?? ""}-${attempt ?? "inicio"}`}
        type="file"
        name={meta.name}
        form={meta.formId}
        accept="image/*"
        className="block w-full max-w-full text-slate-900"
      />
    </Field>
  );
}

function ProfileForm() {
  const { profile, logoSrc, bannerSrc, constraints } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(profileIntents.save) as ProfileFormAnswer | undefined;
  const [form, fields] = useSchemaForm(
    { constraint: constraints.save, load: profileSchemas.save },
    {
      id: "perfil-tienda",
      lastResult: answer?.result,
      defaultValue: {
        country: profile.country,
        description: profile.description,
        returnPolicy: profile.returnPolicy,
        shippingPolicy: profile.shippingPolicy,
        contactEmail: profile.contactEmail ?? "",
        contactPhone: profile.contactPhone ?? "",
      },
    },
  );
  return (
    <Card title="Perfil" titleId="titulo-perfil-form">
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        aria-labelledby="titulo-perfil-form"
        className="space-y-5"
      >
        <FormAlert id={form.errorId} errors={form.errors} />
        <input {...getInputProps(fields.country, { type: "hidden" })} key={fields.country.key} />
        <div className="space-y-2">
          {logoSrc ? (
            <img src={logoSrc} alt="Logo actual" width={96} height={96} className="size-24 rounded-lg object-cover" />
          ) : (
            <p className="text-sm text-slate-700">Tu tienda aún no tiene logo.</p>
          )}
          <ImageField meta={fields.logo} label="Logo (opcional)" attempt={answer?.attempt} />
          {logoSrc ? <Choice name={fields.removeLogo.name} value="on" label="Quitar el logo" /> : null}
        </div>
        <div className="space-y-2">
          {bannerSrc ? (
            <img src={bannerSrc} alt="Portada actual" className="h-24 w-full rounded-lg object-cover" />
          ) : (
            <p className="text-sm text-slate-700">Tu tienda aún no tiene portada.</p>
          )}
          <ImageField meta={fields.banner} label="Portada (opcional)" attempt={answer?.attempt} />
          {bannerSrc ? <Choice name={fields.removeBanner.name} value="on" label="Quitar la portada" /> : null}
        </div>
        <TextareaField
          label="Descripción"
          meta={fields.description}
          rows={5}
          hint={`Texto sin formato, hasta ${SHOP_DESCRIPTION_MAX_LENGTH} caracteres; los saltos de línea se respetan.`}
        />
        <TextareaField
          label="Política de devoluciones"
          meta={fields.returnPolicy}
          rows={4}
          hint={`Hasta ${SHOP_POLICY_MAX_LENGTH} caracteres.`}
        />
        <TextareaField
          label="Política de envíos"
          meta={fields.shippingPolicy}
          rows={4}
          hint={`Hasta ${SHOP_POLICY_MAX_LENGTH} caracteres.`}
        />
        <TextField label="Correo de contacto (opcional)" meta={fields.contactEmail} type="email" autoComplete="email" />
        <TextField
          label="Teléfono de contacto (opcional)"
          meta={fields.contactPhone}
          type="tel"
          autoComplete="tel"
          hint="Un teléfono del país de tu tienda."
        />
        <SubmitButton intent={profileIntents.save} pending="Guardando…">
          Guardar el perfil
        </SubmitButton>
      </Form>
    </Card>
  );
}

/**
 * The shop's name and tax id (decision 0055): they change only once an admin approves, so the page
 * shows the pending change (to withdraw) or the form to ask for one, with the last rejection's reason.
 */
function IdentityForm() {
  const { identity, constraints } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(profileIntents.identityChange);
  const withdrawAnswer = useFormAnswer(profileIntents.identityWithdraw);
  const [form, fields] = useSchemaForm(
    { constraint: constraints.identityChange, load: profileSchemas.identityChange },
    {
      id: "cambio-identidad",
      lastResult: answer?.result,
      defaultValue: { country: identity.country, shopName: identity.shopName, rif: identity.rif, reason: "" },
    },
  );
  const { pending, latest } = identity;
  return (
    <Card title="Nombre e identificador fiscal" titleId="titulo-identidad">
      <div className="space-y-4">
        <dl className="grid gap-2 sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-sm font-semibold text-slate-600">Nombre</dt>
            <dd className="break-words text-slate-900" data-testid="identity-name">
              {identity.shopName}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-sm font-semibold text-slate-600">{identity.taxIdLabel}</dt>
            <dd className="break-words text-slate-900" data-testid="identity-rif">
              {identity.rif}
            </dd>
          </div>
        </dl>
        {pending ? (
          <>
            <Notice tone="info" title="Cambio pendiente de revisión">
              <span data-testid="identity-pending">
                Lo pediste el {pending.askedAt}. Tu tienda conserva sus datos actuales hasta que la administración lo
                apruebe.
              </span>
              <IdentityChangeValues change={pending} />
            </Notice>
            <Form method="post" aria-label="Retirar el cambio pendiente">
              <FormAlert id="retirar-cambio-error" errors={withdrawAnswer?.result?.error?.[""] ?? undefined} />
              <SubmitButton intent={profileIntents.identityWithdraw} pending="Retirando…" variant="secondary">
                Retirar el cambio
              </SubmitButton>
            </Form>
          </>
        ) : (
          <>
            {latest?.status === "rechazado" ? (
              <Notice tone="warning" title="No se aprobó tu último cambio">
                <span data-testid="identity-rejected">Motivo: {latest.rejectionReason}</span>
                <IdentityChangeValues change={latest} />
              </Notice>
            ) : null}
            <p className="text-slate-700">
              La administración revisa cada cambio de nombre o de {identity.taxIdLabel}, como revisó tu solicitud.
              Escribe los datos nuevos y deja igual lo que no cambia.
            </p>
            <Form method="post" {...getFormProps(form)} aria-labelledby="titulo-identidad" className="space-y-4">
              <FormAlert id={form.errorId} errors={form.errors} />
              <input {...getInputProps(fields.country, { type: "hidden" })} key={fields.country.key} />
              <TextField label="Nombre de la tienda" meta={fields.shopName} autoComplete="organization" />
              <TextField label={identity.taxIdLabel} meta={fields.rif} />
              <TextareaField
                label="Motivo del cambio (opcional)"
                meta={fields.reason}
                rows={3}
                hint={`Hasta ${IDENTITY_CHANGE_REASON_MAX_LENGTH} caracteres.`}
              />
              <SubmitButton intent={profileIntents.identityChange} pending="Enviando…">
                Pedir el cambio
              </SubmitButton>
            </Form>
          </>
        )}
      </div>
    </Card>
  );
}

function VacationForm() {
  const { profile, constraints } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(profileIntents.vacationOn);
  const [form, fields] = useSchemaForm(
    { constraint: constraints.vacationOn, load: profileSchemas.vacationOn },
    { id: "vacaciones", lastResult: answer?.result },
  );
  if (profile.vacation) {
    return (
      <Card title="Modo vacaciones" titleId="titulo-vacaciones">
        <div className="space-y-4">
          <Notice tone="warning">
            <span data-testid="seller-vacation">{vacationNotice(profile.vacation.until)}</span>. Tus productos se ven,
            pero no se pueden comprar hasta esa fecha.
          </Notice>
          {profile.vacation.note ? <p className="whitespace-pre-line text-slate-800">{profile.vacation.note}</p> : null}
          <Form method="post" aria-labelledby="titulo-vacaciones">
            <SubmitButton intent={profileIntents.vacationOff} pending="Desactivando…" variant="secondary">
              Desactivar las vacaciones
            </SubmitButton>
          </Form>
        </div>
      </Card>
    );
  }
  return (
    <Card title="Modo vacaciones" titleId="titulo-vacaciones">
      <Form method="post" {...getFormProps(form)} aria-labelledby="titulo-vacaciones" className="space-y-4">
        <p className="text-slate-700">
          Mientras estés de vacaciones tus productos se siguen viendo, pero nadie puede comprarlos. Terminan solas el
          día que vuelves, o cuando las desactives.
        </p>
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField
          label="Vuelvo el día"
          meta={fields.until}
          type="date"
          min={profile.today}
          max={profile.latestReturn}
          hint={`Una fecha posterior a hoy, como mucho dentro de ${VACATION_MAX_DAYS} días.`}
        />
        <TextareaField
          label="Nota para tus clientes (opcional)"
          meta={fields.note}
          rows={3}
          hint={`Hasta ${VACATION_NOTE_MAX_LENGTH} caracteres.`}
        />
        <SubmitButton intent={profileIntents.vacationOn} pending="Activando…">
          Activar las vacaciones
        </SubmitButton>
      </Form>
    </Card>
  );
}

export default function SellerProfile() {
  const { profile, locked } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-perfil" className="space-y-6">
      <div>
        <h1 id="titulo-perfil" className="text-3xl font-bold text-slate-900">
          Perfil de la tienda
        </h1>
        <p className="mt-2 text-slate-700">
          Lo que ven tus clientes en{" "}
          <TextLink to={`/tienda/${encodeURIComponent(profile.slug)}`}>la página de {profile.name}</TextLink>. Los
          cambios del perfil se aplican al momento; los del nombre o el identificador fiscal, cuando la administración
          los aprueba.
        </p>
      </div>
      {locked ? <Notice tone="warning">{locked}</Notice> : null}
      <VacationForm />
      <ProfileForm />
      <IdentityForm />
    </section>
  );
}
