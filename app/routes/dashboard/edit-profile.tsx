import { getFormProps, getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { FieldErrors, FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { Card, cardClass } from "~/components/ui/Card";
import { accountIntents as intents, accountSchemas } from "~/forms/account.forms";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm } from "~/forms/use-schema-form";
import { requireAccount } from "~/services/auth.server";
import { profilePageAction, profilePageConstraints } from "~/services/dashboard-account.server";
import { useDashboardProfile } from "./use-dashboard-profile";

export const meta: MetaFunction = () => [
  { title: "Editar perfil | Mercado Pádel" },
  {
    name: "description",
    content: "Actualiza tu nombre, teléfono, dirección de envío y foto de perfil en Mercado Pádel.",
  },
  { name: "robots", content: "noindex" },
];

export function loader() {
  return profilePageConstraints();
}

export async function action(args: ActionFunctionArgs) {
  return profilePageAction(args, requireAccount(args));
}

export default function EditProfile() {
  const { profile, imageSrc } = useDashboardProfile();
  const { constraints } = useLoaderData<typeof loader>();
  const [profileForm, profileFields] = useSchemaForm(
    { constraint: constraints.profile, load: accountSchemas.profile },
    {
      id: "perfil",
      lastResult: useFormAnswer(intents.updateProfile)?.result,
      defaultValue: { name: profile.name, phone: profile.phone, address: profile.address },
    },
  );
  const [imageForm, imageFields] = useSchemaForm(
    { constraint: constraints.image, load: accountSchemas.profileImage },
    {
      id: "foto",
      lastResult: useFormAnswer(intents.uploadProfileImage)?.result,
      shouldValidate: "onSubmit",
    },
  );
  const address = profileFields.address.getFieldset();
  const { key: imageKey, ...imageInputProps } = getInputProps(imageFields.image, { type: "file" });

  return (
    <section aria-labelledby="titulo-perfil" className="max-w-2xl space-y-10">
      <h1 id="titulo-perfil" className="text-3xl font-bold text-slate-900">
        Editar perfil
      </h1>

      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(imageForm)}
        className={cardClass("plain", "flex flex-wrap items-end gap-6 sm:p-8")}
      >
        <FormAlert id={imageForm.errorId} errors={imageForm.errors} />
        {imageSrc ? (
          <img
            src={imageSrc}
            alt="Tu foto de perfil actual"
            width={96}
            height={96}
            className="size-24 rounded-full object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="grid size-24 place-items-center rounded-full bg-slate-200 text-3xl font-bold text-slate-600"
          >
            {profile.name.slice(0, 1).toUpperCase()}
          </div>
        )}
        <div className="min-w-56 flex-1">
          <label htmlFor={imageFields.image.id} className="block font-semibold text-slate-900">
            Foto de perfil
          </label>
          <input key={imageKey} {...imageInputProps} accept="image/*" className="mt-1.5 block w-full text-slate-900" />
          <FieldErrors id={imageFields.image.errorId} errors={imageFields.image.errors} />
        </div>
        <SubmitButton intent={intents.uploadProfileImage} pending="Subiendo…">
          Subir foto
        </SubmitButton>
      </Form>

      <Card className="sm:p-8">
        <Form method="post" {...getFormProps(profileForm)} className="space-y-5">
          <FormAlert id={profileForm.errorId} errors={profileForm.errors} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Nombre" meta={profileFields.name} autoComplete="name" />
            <TextField label="Teléfono" meta={profileFields.phone} type="tel" autoComplete="tel" />
          </div>
          <fieldset className="space-y-5">
            <legend className="text-lg font-bold text-slate-900">Dirección de envío</legend>
            <TextField label="Dirección" meta={address.line} autoComplete="address-line1" />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField label="Ciudad" meta={address.city} autoComplete="address-level2" />
              <TextField label="Provincia" meta={address.province} autoComplete="address-level1" />
              <TextField label="Zona" meta={address.area} autoComplete="address-level3" />
              <TextField label="Código postal" meta={address.postCode} autoComplete="postal-code" />
            </div>
          </fieldset>
          <SubmitButton intent={intents.updateProfile} pending="Guardando…">
            Guardar cambios
          </SubmitButton>
        </Form>
      </Card>
    </section>
  );
}
