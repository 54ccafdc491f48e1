import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { categoryListQuery } from "#contract/catalog";
import {
  ADMIN_CATEGORIES_PER_PAGE,
  CATEGORY_ADDED,
  CATEGORY_FORM_FIELDS,
  CATEGORY_UPDATED,
  categoryAddForm,
  categoryEndpoints,
  categoryUpdateForm,
} from "#contract/categories";
import {
  CATEGORY_IMAGE_MAX_BYTES,
  SPEC_SHEET_CHOICE_LABELS,
  SPEC_SHEET_CHOICES,
  specSheetChoiceOf,
} from "#contract/category-labels";
import { NETWORK_OR_SERVER_ERROR } from "#contract/messages";
import { FieldErrors, FormAlert } from "~/components/forms/fields";
import { textLinkClass } from "~/components/ui/TextLink";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import type { FieldConstraints } from "~/forms/use-schema-form";
import { useSchemaForm } from "~/forms/use-schema-form";
import { Pagination } from "~/components/product/Pagination";
import { secondaryButtonLook } from "~/components/product/shopper-forms";
import { forbidden, pageErrorOf, requireAdmin } from "~/services/admin.server";
import { refusalOf } from "~/services/account.server";
import { ApiError, imageUrl } from "~/services/api.server";
import { carriesFiles, readForm } from "~/services/form.server";
import { logError } from "~/services/log.server";
import { redirectWithFlash } from "~/services/session.server";

export const meta: MetaFunction = () => [
  { title: "Categorías | Mercado Pádel" },
  {
    name: "description",
    content:
      "Las categorías del catálogo de Mercado Pádel: añadirlas con su imagen y su ficha técnica, y renombrarlas.",
  },
  { name: "robots", content: "noindex" },
];

/** Every mutation of this page names itself. */
const INTENTS = { add: "crear-categoria", update: "editar-categoria" } as const;

const loadAddSchema = () => import("#contract/categories").then((module) => module.categoryAddForm);
const loadUpdateSchema = () => import("#contract/categories").then((module) => module.categoryUpdateForm);

/**
 * /dashboard/admin/categories?searchValue=&pageNumber=: the public `GET /category-get`, read by an
 * admin, a page of categories by name. A value the API would refuse (a search too long, a page that
 * is no number) is left out rather than answered with an error page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAdmin(args);
  const params = new URL(args.request.url).searchParams;
  const searchValue = categoryListQuery.shape.searchValue.safeParse(params.get("searchValue") ?? undefined);
  const page = categoryListQuery.shape.page.safeParse(params.get("pageNumber") ?? undefined);
  const query = { searchValue: searchValue.success ? searchValue.data : undefined, page: page.success ? page.data : 1 };
  const answer = await account
    .call(categoryEndpoints.list, { query: { ...query, parPage: ADMIN_CATEGORIES_PER_PAGE } })
    .catch((error: unknown) => {
      throw pageErrorOf(error);
    });
  return {
    searchValue: query.searchValue ?? "",
    categories: answer.categorys.map((category) => ({
      ...category,
      imageSrc: category.image ? imageUrl(category.image, 200) : null,
    })),
    totalCategory: answer.totalCategory,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(answer.totalCategory / ADMIN_CATEGORIES_PER_PAGE)),
    // Once for all the rows: every category's edit form asks the same of its fields.
    constraints: { add: getZodConstraint(categoryAddForm), update: getZodConstraint(categoryUpdateForm) },
  };
}

interface CategoryFormAnswer {
  intent: string;
  /** The category of an edit form (one per row). */
  target?: string;
  result: SubmissionResult<string[]>;
  /**
   * A new value on a refusal of a post that carried an image: the file input starts empty again, as
   * no browser sends files back, and the form asks for the image again. None when no image was chosen.
   */
  attempt?: string;
}

/** A fresh `attempt` when the post carried an image. */
function attemptOf(formData: FormData): string | undefined {
  return carriesFiles(formData) ? crypto.randomUUID() : undefined;
}

/**
 * The API's refusal as the form's messages: beside each field, or above the form. The API out of
 * reach or failing is SPEC.md section 8's 'Error de red o servidor'; a role refused is the 403 page.
 */
function refused(
  error: unknown,
  intent: string,
  reply: (errors: { formErrors: string[]; fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]>,
  attempt: string | undefined,
  target?: string,
) {
  if (error instanceof Response) throw error;
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) throw forbidden();
  if (!(error instanceof ApiError) || error.status >= 500) {
    logError(`Categorías: ${intent} falló`, error);
    const answer: CategoryFormAnswer = {
      intent,
      target,
      result: reply({ formErrors: [NETWORK_OR_SERVER_ERROR], fieldErrors: {} }),
      attempt,
    };
    return data(answer, { status: 503 });
  }
  const { status, formErrors, fieldErrors } = refusalOf(error, CATEGORY_FORM_FIELDS);
  const answer: CategoryFormAnswer = { intent, target, result: reply({ formErrors, fieldErrors }), attempt };
  return data(answer, { status });
}

/** Adds a category (back to the list, searched by its name, so it shows) or edits one (back to the same list). */
export async function action(args: ActionFunctionArgs) {
  const account = requireAdmin(args);
  const url = new URL(args.request.url);
  const formData = await readForm(args.request);
  const intent = formData.get("intent");

  if (intent === INTENTS.add) {
    const submission = parseWithZod(formData, { schema: categoryAddForm });
    if (submission.status !== "success") {
      const answer: CategoryFormAnswer = { intent, result: submission.reply(), attempt: attemptOf(formData) };
      return data(answer, { status: 400 });
    }
    const { name, specSheet, image } = submission.value;
    const body = new FormData();
    body.set("name", name);
    body.set("specSheet", specSheet);
    body.set("image", image, image.name);
    try {
      await account.call(categoryEndpoints.add, { body });
    } catch (error) {
      return refused(error, intent, (errors) => submission.reply(errors), attemptOf(formData));
    }
    return redirectWithFlash(args.context, `${url.pathname}?${new URLSearchParams({ searchValue: name })}`, {
      kind: "success",
      message: CATEGORY_ADDED,
    });
  }

  if (intent === INTENTS.update) {
    const submission = parseWithZod(formData, { schema: categoryUpdateForm });
    const target = typeof formData.get("categoryId") === "string" ? String(formData.get("categoryId")) : undefined;
    if (submission.status !== "success") {
      const answer: CategoryFormAnswer = { intent, target, result: submission.reply(), attempt: attemptOf(formData) };
      return data(answer, { status: 400 });
    }
    const { categoryId, name, specSheet, image } = submission.value;
    const body = new FormData();
    body.set("name", name);
    body.set("specSheet", specSheet);
    if (image) body.set("image", image, image.name);
    try {
      await account.call(categoryEndpoints.update, { params: { categoryId }, body });
    } catch (error) {
      return refused(error, intent, (errors) => submission.reply(errors), attemptOf(formData), categoryId);
    }
    return redirectWithFlash(args.context, `${url.pathname}${url.search}`, {
      kind: "success",
      message: CATEGORY_UPDATED,
    });
  }

  throw new Response(null, { status: 400, statusText: "Acción no válida" });
}

type ListedCategory = ReturnType<typeof useLoaderData<typeof loader>>["categories"][number];

const controlLook =
  "mt-1.5 block w-full rounded-lg border border-slate-500 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-lime-700 aria-[invalid=true]:border-red-600";
const hintLook = "mt-1 text-sm text-slate-600";
const primaryButtonLook =
  "inline-flex w-full items-center justify-center rounded-full bg-lime-400 px-6 py-3 font-semibold text-slate-900 shadow-sm transition hover:bg-lime-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-70 sm:w-auto";

const IMAGE_HINT = `JPG, PNG, WebP, GIF o AVIF de hasta ${
  CATEGORY_IMAGE_MAX_BYTES / (1024 * 1024)
} MB; se comprueba su contenido. La tienda la muestra en la portada.`;
const CHOOSE_IMAGE_AGAIN = "Por seguridad, vuelve a elegir la imagen.";

function NameField({ meta, label }: { meta: FieldMetadata<string>; label: string }) {
  const hintId = `${meta.id}-ayuda`;
  const { key, ...props } = getInputProps(meta, { type: "text", ariaDescribedBy: hintId });
  return (
    <div>
      <label htmlFor={meta.id} className="block font-semibold text-slate-900">
        {label}
      </label>
      <input key={key} {...props} autoComplete="off" className={controlLook} />
      <p id={hintId} className={hintLook}>
        Su dirección en la tienda se forma con el nombre (por ejemplo, «Palas de Pádel» da
        /products?category=palas-de-padel).
      </p>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

function SpecSheetField({ meta }: { meta: FieldMetadata<string> }) {
  const { key, ...props } = getSelectProps(meta);
  return (
    <div>
      <label htmlFor={meta.id} className="block font-semibold text-slate-900">
        Ficha técnica
      </label>
      <select key={key} {...props} className={controlLook}>
        {SPEC_SHEET_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {SPEC_SHEET_CHOICE_LABELS[choice]}
          </option>
        ))}
      </select>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

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
  const hintId = `${meta.id}-ayuda`;
  const againId = `${meta.id}-otra-vez`;
  const describedBy = [hintId, attempt ? againId : null, meta.errors ? meta.errorId : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={meta.id} className="block font-semibold text-slate-900">
        {label}
      </label>
      <input
        key={`${meta.key ?? ""}-${attempt ?? "inicio"}`}
        type="file"
        id={meta.id}
        name={meta.name}
        form={meta.formId}
        accept="image/*"
        required={required}
        aria-invalid={meta.errors ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1.5 block w-full max-w-full text-slate-900"
      />
      <p id={hintId} className={hintLook}>
        {IMAGE_HINT}
      </p>
      {attempt ? (
        <p id={againId} className="mt-1 text-sm font-medium text-amber-900">
          {CHOOSE_IMAGE_AGAIN}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

function useBusy(intent: string, categoryId?: string): boolean {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (categoryId === undefined || navigation.formData?.get("categoryId") === categoryId)
  );
}

function AddForm({ constraint, answer }: { constraint: FieldConstraints; answer?: CategoryFormAnswer }) {
  const [form, fields] = useSchemaForm(
    { constraint, load: loadAddSchema },
    { id: "nueva-categoria", lastResult: answer?.result, defaultValue: { specSheet: "ninguna" } },
  );
  const busy = useBusy(INTENTS.add);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      aria-labelledby="titulo-nueva-categoria"
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="titulo-nueva-categoria" className="text-xl font-bold text-slate-900">
        Añadir una categoría
      </h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      <div className="grid gap-5 lg:grid-cols-2">
        <NameField meta={fields.name} label="Nombre de la categoría" />
        <SpecSheetField meta={fields.specSheet} />
      </div>
      <ImageField meta={fields.image} label="Imagen de la categoría" required attempt={answer?.attempt} />
      <button type="submit" name="intent" value={INTENTS.add} disabled={busy} className={primaryButtonLook}>
        {busy ? "Añadiendo… (puede tardar hasta un minuto)" : "Añadir la categoría"}
      </button>
    </Form>
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
    { constraint, load: loadUpdateSchema },
    {
      id: `editar-${category._id}`,
      lastResult: answer?.result,
      defaultValue: { categoryId: category._id, name: category.name, specSheet: specSheetChoiceOf(category.specSheet) },
    },
  );
  const busy = useBusy(INTENTS.update, category._id);
  const { key: idKey, ...idProps } = getInputProps(fields.categoryId, { type: "hidden" });
  return (
    // Folded until asked for, with or without JavaScript; open when the last try was refused.
    <details open={answer ? true : undefined} className="rounded-xl border border-slate-200 bg-slate-50">
      <summary className="rounded-xl px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100">
        Renombrar o cambiar la imagen<span className="sr-only"> de {category.name}</span>…
      </summary>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        aria-label={`Editar ${category.name}`}
        className="space-y-4 px-4 pb-4 pt-2"
      >
        <input key={idKey} {...idProps} />
        <FormAlert id={form.errorId} errors={form.errors} />
        <NameField meta={fields.name} label="Nombre" />
        <SpecSheetField meta={fields.specSheet} />
        <ImageField meta={fields.image} label="Imagen nueva (opcional)" required={false} attempt={answer?.attempt} />
        <button type="submit" name="intent" value={INTENTS.update} disabled={busy} className={secondaryButtonLook}>
          {busy ? "Guardando…" : "Guardar los cambios"}
          <span className="sr-only"> de {category.name}</span>
        </button>
      </Form>
    </details>
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
    <li
      aria-labelledby={headingId}
      data-testid="category-row"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
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
        <Link to={listing} className={textLinkClass}>
          Ver en la tienda<span className="sr-only"> {category.name}</span>
        </Link>
        <Link to={adminPaths.auditOf(category._id)} className={textLinkClass}>
          Registro de auditoría<span className="sr-only"> de {category.name}</span>
        </Link>
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
  const answer = useActionData<typeof action>();
  const addAnswer = answer?.intent === INTENTS.add ? answer : undefined;
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
        <div>
          <label htmlFor="buscar-categoria" className="block font-semibold text-slate-900">
            Buscar por nombre
          </label>
          <input
            id="buscar-categoria"
            type="search"
            name="searchValue"
            defaultValue={searchValue}
            key={`buscar-${searchValue}`}
            maxLength={100}
            className={controlLook}
          />
        </div>
        <button type="submit" className={secondaryButtonLook}>
          Buscar
        </button>
      </Form>

      <p className="text-slate-700" role="status" data-testid="category-count">
        {totalCategory === 1 ? "1 categoría" : `${totalCategory} categorías`}
        {searchValue ? ` con «${searchValue}»` : ""}.
        {searchValue ? (
          <>
            {" "}
            <Link to={adminPaths.categories} className={textLinkClass}>
              Ver todas
            </Link>
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
              answer={answer?.intent === INTENTS.update && answer.target === category._id ? answer : undefined}
            />
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-slate-700">
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
