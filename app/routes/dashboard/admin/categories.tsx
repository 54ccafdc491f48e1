import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  CATEGORY_IMAGE_MAX_BYTES,
  SPEC_SHEET_CHOICE_LABELS,
  SPEC_SHEET_CHOICES,
  specSheetChoiceOf,
} from "#contract/category-labels";
import { FormAlert, SelectField, SubmitButton, TextField } from "~/components/forms/fields";
import { Pagination } from "~/components/product/Pagination";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { Card, cardClass } from "~/components/ui/Card";
import { Disclosure } from "~/components/ui/Disclosure";
import { Field } from "~/components/ui/Field";
import { Input } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { Thumbnail } from "~/components/ui/Thumbnail";
import { answerFor } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { requireAdmin } from "~/services/admin.server";
import { categoriesAction, loadCategories } from "~/services/admin-categories.server";
import { CATEGORY_ROW_BUTTONS, categoryIntents, categorySchemas, type CategoryFormAnswer } from "./categories.forms";

export const meta: MetaFunction = () => [
  { title: "Categorías | Mercado Pádel" },
  {
    name: "description",
    content:
      "Las categorías del catálogo de Mercado Pádel: añadirlas con su imagen y su ficha técnica, renombrarlas, ordenarlas, ocultarlas y borrarlas.",
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

/** A form of the row that sends only its category: its button says what it does. */
function RowButton({
  category,
  intent,
  pending,
  variant = "secondary",
  children,
}: {
  category: ListedCategory;
  intent: (typeof CATEGORY_ROW_BUTTONS)[number];
  pending: string;
  variant?: "secondary" | "danger";
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="categoryId" value={category._id} />
      <SubmitButton
        intent={intent}
        record={{ name: "categoryId", value: category._id }}
        variant={variant}
        size="sm"
        wide={false}
        pending={pending}
      >
        {children}
      </SubmitButton>
    </Form>
  );
}

function MoveProductsForm({
  category,
  targets,
  constraint,
  answer,
}: {
  category: ListedCategory;
  targets: { value: string; label: string }[];
  constraint: FieldConstraints;
  answer?: CategoryFormAnswer;
}) {
  const [form, fields] = useSchemaForm(
    { constraint, load: categorySchemas.moveProducts },
    { id: `mover-${category._id}`, lastResult: answer?.result, defaultValue: { categoryId: category._id } },
  );
  const { key: idKey, ...idProps } = getInputProps(fields.categoryId, { type: "hidden" });
  return (
    <Disclosure
      summary={
        <>
          Mover sus productos a otra categoría<span className="sr-only"> ({category.name})</span>…
        </>
      }
      open={Boolean(answer)}
    >
      <Form
        method="post"
        {...getFormProps(form)}
        aria-label={`Mover los productos de ${category.name}`}
        className="space-y-4"
      >
        <input key={idKey} {...idProps} />
        <FormAlert id={form.errorId} errors={form.errors} />
        <SelectField
          label="Categoría de destino"
          meta={fields.toCategoryId}
          options={targets}
          placeholder="Elige una categoría"
          hint="Se mueven todos sus productos, también los archivados."
        />
        <SubmitButton
          intent={categoryIntents.moveProducts}
          record={{ name: "categoryId", value: category._id }}
          variant="secondary"
          pending="Moviendo…"
        >
          Mover los productos<span className="sr-only"> de {category.name}</span>
        </SubmitButton>
      </Form>
    </Disclosure>
  );
}

/** How many products a category holds, and whether shoppers see it. */
function CategoryStanding({ category }: { category: ListedCategory }) {
  const inBooks = category.products === 1 ? "1 producto" : `${category.products} productos`;
  const published = category.published === 1 ? "1 publicado" : `${category.published} publicados`;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800" data-testid="category-standing">
      {category.hidden ? (
        <Badge tone="warning">Oculta</Badge>
      ) : category.published === 0 ? (
        <Badge tone="neutral">Sin productos publicados: no se muestra</Badge>
      ) : (
        <Badge tone="success">Visible en la tienda</Badge>
      )}
      <span>
        {inBooks} ({published})
        {category.archived > 0
          ? `, y ${category.archived === 1 ? "1 archivado" : `${category.archived} archivados`}`
          : ""}
        .
      </span>
    </p>
  );
}

/** The row's tools: order, visibility, moving its products and deleting it. */
function CategoryTools({
  category,
  place,
  targets,
  constraint,
  answers,
}: {
  category: ListedCategory;
  place: { first: boolean; last: boolean; ordered: boolean };
  targets: { value: string; label: string }[];
  constraint: FieldConstraints;
  answers: { buttons?: CategoryFormAnswer; move?: CategoryFormAnswer };
}) {
  const held = category.products + category.archived;
  const refusal = answers.buttons?.result?.error?.[""];
  return (
    <div className="space-y-3">
      {refusal ? (
        <Notice tone="error" className="text-sm">
          {refusal.join(" ")}
        </Notice>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {place.ordered && !place.first ? (
          <RowButton category={category} intent={categoryIntents.up} pending="Subiendo…">
            Subir<span className="sr-only"> {category.name}</span>
          </RowButton>
        ) : null}
        {place.ordered && !place.last ? (
          <RowButton category={category} intent={categoryIntents.down} pending="Bajando…">
            Bajar<span className="sr-only"> {category.name}</span>
          </RowButton>
        ) : null}
        {category.hidden ? (
          <RowButton category={category} intent={categoryIntents.show} pending="Mostrando…">
            Mostrar en la tienda<span className="sr-only"> {category.name}</span>
          </RowButton>
        ) : (
          <RowButton category={category} intent={categoryIntents.hide} pending="Ocultando…">
            Ocultar<span className="sr-only"> {category.name}</span>
          </RowButton>
        )}
        {held === 0 ? (
          <RowButton category={category} intent={categoryIntents.remove} variant="danger" pending="Borrando…">
            Borrar la categoría<span className="sr-only"> {category.name}</span>
          </RowButton>
        ) : null}
      </div>
      {held > 0 ? (
        <>
          <p className="text-sm text-slate-700">Para borrarla, mueve antes sus productos a otra categoría.</p>
          <MoveProductsForm category={category} targets={targets} constraint={constraint} answer={answers.move} />
        </>
      ) : null}
    </div>
  );
}

function CategoryRow({
  category,
  constraints,
  answer,
  place,
  targets,
  answers,
}: {
  category: ListedCategory;
  constraints: { update: FieldConstraints; moveProducts: FieldConstraints };
  answer?: CategoryFormAnswer;
  place: { first: boolean; last: boolean; ordered: boolean };
  targets: { value: string; label: string }[];
  answers: { buttons?: CategoryFormAnswer; move?: CategoryFormAnswer };
}) {
  const headingId = `categoria-${category._id}`;
  const listing = `/products?${new URLSearchParams({ category: category.slug })}`;
  return (
    <li aria-labelledby={headingId} data-testid="category-row" className={cardClass("plain", "space-y-3")}>
      <div className="flex items-start gap-4">
        {category.imageSrc ? (
          <Thumbnail src={category.imageSrc} />
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
      <CategoryStanding category={category} />
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
        constraint={constraints.update}
        answer={answer}
      />
      <CategoryTools
        category={category}
        place={place}
        targets={targets.filter((target) => target.value !== category._id)}
        constraint={constraints.moveProducts}
        answers={answers}
      />
    </li>
  );
}

export default function AdminCategories() {
  const { searchValue, categories, totalCategory, page, totalPages, firstIndex, constraints, targets } =
    useLoaderData<typeof loader>();
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
          {categories.map((category, index) => (
            <CategoryRow
              key={category._id}
              category={category}
              constraints={constraints}
              answer={answerFor(actionData, categoryIntents.update, category._id)}
              // The order is the store's only in the whole list, not in a search's.
              place={{
                ordered: !searchValue,
                first: firstIndex + index === 0,
                last: firstIndex + index === totalCategory - 1,
              }}
              targets={targets}
              answers={{
                buttons: CATEGORY_ROW_BUTTONS.map((intent) => answerFor(actionData, intent, category._id)).find(
                  Boolean,
                ),
                move: answerFor(actionData, categoryIntents.moveProducts, category._id),
              }}
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
