import { data } from "@remix-run/node";
import { getFormProps, getInputProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { accountIntents as intents } from "~/forms/account.forms";
import { profileImageSchema, profileSchema } from "~/forms/account.schema";
import { FieldErrors, FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { useDashboardProfile } from "~/components/dashboard/use-dashboard-profile";
import { accountEndpoints, PROFILE_IMAGE_TOO_LARGE, PROFILE_UPDATED } from "#contract/accounts";
import { PROFILE_IMAGE_MAX_BYTES } from "#contract/limits";
import { refusalOf } from "~/services/account.server";
import { requireAccount } from "~/services/auth.server";
import { useSchemaForm } from "~/forms/use-schema-form";
import { redirectWithFlash } from "~/services/session.server";
import { MULTIPART_OVERHEAD } from "~/services/body-limits.server";
import { readForm } from "~/services/form.server";

export const meta: MetaFunction = () => [
  { title: "Editar perfil | Mercado Pádel" },
  {
    name: "description",
    content: "Actualiza tu nombre, teléfono, dirección de envío y foto de perfil en Mercado Pádel.",
  },
  { name: "robots", content: "noindex" },
];

const PROFILE_FIELDS = [
  "name",
  "phone",
  "address.line",
  "address.city",
  "address.province",
  "address.area",
  "address.postCode",
];
/** The image plus the multipart framing around it. */
const UPLOAD_MAX_BYTES = PROFILE_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD;

const loadProfileSchema = () => import("~/forms/account.schema").then((module) => module.profileSchema);
const loadProfileImageSchema = () => import("~/forms/account.schema").then((module) => module.profileImageSchema);

export function loader() {
  return { profileConstraint: getZodConstraint(profileSchema), imageConstraint: getZodConstraint(profileImageSchema) };
}

export async function action(args: ActionFunctionArgs) {
  const account = requireAccount(args);
  // An oversized upload is refused before it is read into memory.
  if (Number(args.request.headers.get("content-length") ?? 0) > UPLOAD_MAX_BYTES) {
    return redirectWithFlash(args.context, "/dashboard/edit-profile", {
      kind: "error",
      message: PROFILE_IMAGE_TOO_LARGE,
    });
  }
  const formData = await readForm(args.request);
  const intent = formData.get("intent");

  if (intent === intents.updateProfile) {
    const submission = parseWithZod(formData, { schema: profileSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const { name, phone, address } = submission.value;
    try {
      await account.call(accountEndpoints.updateProfile, {
        body: {
          name,
          phone: phone ?? "",
          address: {
            line: address?.line ?? "",
            city: address?.city ?? "",
            province: address?.province ?? "",
            area: address?.area ?? "",
            postCode: address?.postCode ?? "",
          },
        },
      });
    } catch (error) {
      if (error instanceof Response) throw error;
      const { status, formErrors, fieldErrors } = refusalOf(error, PROFILE_FIELDS);
      return data({ intent, result: submission.reply({ formErrors, fieldErrors }) }, { status });
    }
    account.rememberName(name);
    return redirectWithFlash(args.context, "/dashboard/edit-profile", { kind: "success", message: PROFILE_UPDATED });
  }

  if (intent === intents.uploadProfileImage) {
    const submission = parseWithZod(formData, { schema: profileImageSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const upload = new FormData();
    upload.set("image", submission.value.image);
    try {
      await account.call(accountEndpoints.uploadProfileImage, { body: upload });
    } catch (error) {
      if (error instanceof Response) throw error;
      const { status, formErrors, fieldErrors } = refusalOf(error, ["image"]);
      return data({ intent, result: submission.reply({ formErrors, fieldErrors }) }, { status });
    }
    return redirectWithFlash(args.context, "/dashboard/edit-profile", {
      kind: "success",
      message: "Foto de perfil actualizada.",
    });
  }

  throw new Response(null, { status: 400 });
}

export default function EditProfile() {
  const { profile, imageSrc } = useDashboardProfile();
  const { profileConstraint, imageConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [profileForm, profileFields] = useSchemaForm(
    { constraint: profileConstraint, load: loadProfileSchema },
    {
      id: "perfil",
      lastResult: actionData?.intent === intents.updateProfile ? actionData.result : undefined,
      defaultValue: { name: profile.name, phone: profile.phone, address: profile.address },
    },
  );
  const [imageForm, imageFields] = useSchemaForm(
    { constraint: imageConstraint, load: loadProfileImageSchema },
    {
      id: "foto",
      lastResult: actionData?.intent === intents.uploadProfileImage ? actionData.result : undefined,
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
        className="flex flex-wrap items-end gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
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

      <Form
        method="post"
        {...getFormProps(profileForm)}
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
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
    </section>
  );
}
