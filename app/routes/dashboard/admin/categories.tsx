import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import {
  CATEGORY_IMAGE_MAX_BYTES,
  SPEC_SHEET_CHOICE_LABELS,
  SPEC_SHEET_CHOICES,
  specSheetChoiceOf,
} from "#contract/category-labels";
import { FormAlert, SelectField, SubmitButton, TextField } from "~/components/forms/fields";
import { Pagination } from "~/components/product/Pagination";
import { Button } from "~/components/ui/Button";
import { Card, cardClass } from "~/components/ui/Card";
import { Disclosure } from "~/components/ui/Disclosure";
import { Field } from "~/components/ui/Field";
import { Input } from "~/components/ui/Input";
import { TextLink } from "~/components/ui/TextLink";
import { answerFor } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { requireAdmin } from "~/services/admin.server";
import { categoriesAction, loadCategories } from "~/services/admin-categories.server";
import { categoryIntents, categorySchemas, type CategoryFormAnswer } from "./categories.forms";

export const meta: MetaFunction = () => [
  { title: "Categorías | Mercado Pádel" },
  {
    name: "description",
    content:
      "Las categorías del catálogo de Mercado Pádel: añadirlas con su imagen y su ficha técnica, y renombrarlas.",
  },
  { name: "robots", content: "noindex" },
];

/**
 * /dashboard/admin/categories?searchValue=&pageNumber=: the public `GET /category-get`, read by an
 * admin, a page of categories by name.
 */
export async function loader(args: LoaderFunctionArgs) {
  return loadCategories(requireAdmin(args), new URL(args.request.url));
}

/** Adds a category (back to the list, searched by its name, so it shows) or edits one (back to the same list). */
export async function action(args: ActionFunctionArgs) {
  return categoriesAction(args, requireAdmin(args));
}

type ListedCategory = ReturnType<typeof useLoaderData<typeof loader>>["categories"][number];

const IMAGE_HINT = `JPG, PNG, WebP, GIF o AVIF de hasta ${
  CATEGORY_IMAGE_MAX_BYTES / (1024 * 1024)
} MB; se comprueba su contenido. La tienda la muestra en la portada.`;
const CHOOSE_IMAGE_AGAIN = "Por seguridad, vuelve a elegir la imagen.";

const NAME_HINT =
  "Su dirección en la tienda se forma con el nombre (por ejemplo, «Palas de Pádel» da /products?category=palas-de-padel).";

const SPEC_SHEET_OPTIONS = SPEC_SHEET_CHOICES.map((choice) => ({
  value: choice,
  label: SPEC_SHEET_CHOICE_LABELS[choice],
}));

function ImageField({
  meta,
  label,
  required,
  attempt,
}: {
  meta: FieldMetadata<File | undefined>;
  label: string;
  required: boolean;
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
          {IMAGE_HINT}
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
        required={required}
        className="block w-full max-w-full text-slate-900"
      />
    </Field>
  );
}

function AddForm({ constraint, answer }: { constraint: FieldConstraints; answer?: CategoryFormAnswer }) {
  const [form, fields] = useSchemaForm(
    { constraint, load: categorySchemas.add },
    { id: "nueva-categoria", lastResult: answer?.result, defaultValue: { specSheet: "ninguna" } },
  );
  return (
    <Card title="Añadir una categoría" titleId="titulo-nueva-categoria">
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        aria-labelledby="titulo-nueva-categoria"
        className="space-y-5"
      >
        <FormAlert id={form.errorId} errors={form.errors} />
        <div className="grid gap-5 lg:grid-cols-2">
          <TextField label="Nombre de la categoría" meta={fields.name} autoComplete="off" hint={NAME_HINT} />
          <SelectField label="Ficha técnica" meta={fields.specSheet} options={SPEC_SHEET_OPTIONS} />
        </div>
        <ImageField meta={fields.image} label="Imagen de la categoría" required attempt={answer?.attempt} />
        <SubmitButton intent={categoryIntents.add} pending="Añadiendo… (puede tardar hasta un minuto)">
          Añadir la categoría
        </SubmitButton>
      </Form>
    </Card>
  );
}

function EditForm({
  category,
  constraint,
  answer,
}: {
  category: ListedCategory;
  constraint: FieldConstraints;
  answer?: CategoryFormAnswer;
}) {
  const [form, fields] = useSchemaForm(
    { constraint, load: categorySchemas.update },
    {
      id: `editar-${category._id}`,
      lastResult: answer?.result,
      defaultValue: { categoryId: category._id, name: category.name, specSheet: specSheetChoiceOf(category.specSheet) },
    },
  );
  const { key: idKey, ...idProps } = getInputProps(fields.categoryId, { type: "hidden" });
  return (
    // Open when the last try was refused.
    <Disclosure
      summary={
        <>
          Renombrar o cambiar la imagen<span className="sr-only"> de {category.name}</span>…
        </>
      }
      open={Boolean(answer)}
    >
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        aria-label={`Editar ${category.name}`}
        className="space-y-4"
      >
        <input key={idKey} {...idProps} />
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField label="Nombre" meta={fields.name} autoComplete="off" hint={NAME_HINT} />
        <SelectField label="Ficha técnica" meta={fields.specSheet} options={SPEC_SHEET_OPTIONS} />
        <ImageField meta={fields.image} label="Imagen nueva (opcional)" required={false} attempt={answer?.attempt} />
        <SubmitButton
          intent={categoryIntents.update}
          record={{ name: "categoryId", value: category._id }}
          variant="secondary"
          pending="Guardando…"
        >
          Guardar los cambios<span className="sr-only"> de {category.name}</span>
        </SubmitButton>
      </Form>
    </Disclosure>
  );
}

function CategoryRow({
  category,
  constraint,
  answer,
}: {
  category: ListedCategory;
  constraint: FieldConstraints;
  answer?: CategoryFormAnswer;
}) {
  const headingId = `categoria-${category._id}`;
  const listing = `/products?${new URLSearchParams({ category: category.slug })}`;
  return (
    <li aria-labelledby={headingId} data-testid="category-row" className={cardClass("plain", "space-y-3")}>
      <div className="flex items-start gap-4">
        {category.imageSrc ? (
          <img
            src={category.imageSrc}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            className="size-16 shrink-0 rounded-xl bg-slate-100 object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-16 shrink-0 place-items-center rounded-xl bg-slate-100 text-xs text-slate-600"
          >
            Sin imagen
          </span>
        )}
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="break-words text-lg font-bold text-slate-900">
            {category.name}
          </h2>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
            <dt className="font-semibold text-slate-600">Dirección</dt>
            <dd className="min-w-0 break-all text-slate-900" data-testid="category-slug">
              {category.slug}
            </dd>
            <dt className="font-semibold text-slate-600">Ficha técnica</dt>
            <dd className="text-slate-900" data-testid="category-spec-sheet">
              {SPEC_SHEET_CHOICE_LABELS[specSheetChoiceOf(category.specSheet)]}
            </dd>
          </dl>
        </div>
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <TextLink to={listing}>
          Ver en la tienda<span className="sr-only"> {category.name}</span>
        </TextLink>
        <TextLink to={adminPaths.auditOf(category._id)}>
          Registro de auditoría<span className="sr-only"> de {category.name}</span>
        </TextLink>
      </p>
      {/* A new key when the category changes: the form starts from its saved values again. */}
      <EditForm
        key={`${category.name}|${category.specSheet}|${category.image}`}
        category={category}
        constraint={constraint}
        answer={answer}
      />
    </li>
  );
}

export default function AdminCategories() {
  const { searchValue, categories, totalCategory, page, totalPages, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const addAnswer: CategoryFormAnswer | undefined = answerFor(actionData, categoryIntents.add);
  return (
    <section aria-labelledby="titulo-categorias" className="space-y-6">
      <div>
        <h1 id="titulo-categorias" className="text-3xl font-bold text-slate-900">
          Categorías
        </h1>
        <p className="mt-2 text-slate-700">
          Las categorías del catálogo, en el orden de la tienda. Un cambio se ve en la tienda en la siguiente visita;
          las direcciones antiguas de una categoría renombrada siguen mostrando sus productos.
        </p>
      </div>

      {/* A new key after each addition (the list searched by the new name): the form starts empty. */}
      <AddForm key={`${searchValue}|${totalCategory}`} constraint={constraints.add} answer={addAnswer} />

      {/* A GET form: the search is part of the address and works without JavaScript. */}
      <Form
        method="get"
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
        aria-label="Buscar categorías"
      >
        <Field id="buscar-categoria" label="Buscar por nombre">
          <Input
            type="search"
            name="searchValue"
            defaultValue={searchValue}
            key={`buscar-${searchValue}`}
            maxLength={100}
          />
        </Field>
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
      </Form>

      <p className="text-slate-700" role="status" data-testid="category-count">
        {totalCategory === 1 ? "1 categoría" : `${totalCategory} categorías`}
        {searchValue ? ` con «${searchValue}»` : ""}.
        {searchValue ? (
          <>
            {" "}
            <TextLink to={adminPaths.categories}>Ver todas</TextLink>
          </>
        ) : null}
      </p>

      {categories.length > 0 ? (
        <ul className="space-y-4" aria-label="Categorías">
          {categories.map((category) => (
            <CategoryRow
              key={category._id}
              category={category}
              constraint={constraints.update}
              answer={answerFor(actionData, categoryIntents.update, category._id)}
            />
          ))}
        </ul>
      ) : (
        <p className={cardClass("empty")}>
          {totalCategory > 0
            ? "No hay categorías en esta página."
            : searchValue
              ? "Ninguna categoría coincide con la búsqueda."
              : "Todavía no hay categorías."}
        </p>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}
