import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  type ShouldRevalidateFunction,
  useNavigation,
} from "@remix-run/react";
import { SHOP_REACTIVATED, SHOP_SUSPENDED, shopEndpoints } from "#contract/shops";
import { SHOP_COUNTRY_LABELS, SHOP_STATUS_LABELS, SUSPENSION_REASONS } from "#contract/shop-labels";
import { longDate } from "#contract/store-time";
import { FormAlert } from "~/components/forms/fields";
import { textLinkClass } from "~/components/ui/TextLink";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { adminIntents, SHOP_STATUS_FILTERS } from "~/components/admin/admin-intents";
import { shopIdField, shopsListQuery, suspendFormSchema } from "~/components/admin/admin-schemas";
import { ReasonChoice } from "~/components/admin/ReasonChoice";
import { ShopCardTitle } from "~/components/admin/ShopCardTitle";
import type { FieldConstraints } from "~/forms/use-schema-form";
import { useSchemaForm } from "~/forms/use-schema-form";
import { Pagination } from "~/components/product/Pagination";
import { secondaryButtonLook } from "~/components/product/shopper-forms";
import {
  invalidForm,
  pageErrorOf,
  refusedAction,
  requireAdmin,
  type AdminActionRefusal,
} from "~/services/admin.server";
import { readForm } from "~/services/form.server";
import { redirectWithFlash } from "~/services/session.server";

export const meta: MetaFunction = () => [
  { title: "Tiendas | Mercado Pádel" },
  { name: "description", content: "Todas las tiendas de Mercado Pádel por estado, para suspenderlas o reactivarlas." },
  { name: "robots", content: "noindex" },
];

const loadSuspendSchema = () => import("~/components/admin/admin-schemas").then((module) => module.suspendFormSchema);
const loadShopIdSchema = () => import("~/components/admin/admin-schemas").then((module) => module.shopIdField);

/** /dashboard/admin/shops?status=&searchValue=&pageNumber=: `GET /admin/shops`, every shop, by status and name. */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAdmin(args);
  const query = shopsListQuery(new URL(args.request.url).searchParams);
  const answer = await account.call(shopEndpoints.list, { query }).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    filter: { status: query.status ?? "todas", searchValue: query.searchValue ?? "" },
    shops: answer.shops.map((shop) => ({ ...shop, since: longDate(shop.createdAt) })),
    totalShop: answer.totalShop,
    page: answer.page,
    totalPages: Math.max(1, Math.ceil(answer.totalShop / answer.parPage)),
    // Once for all the rows: every shop's form of a kind asks the same of its fields.
    constraints: { suspend: getZodConstraint(suspendFormSchema), reactivate: getZodConstraint(shopIdField) },
  };
}

/** Suspend (with a reason) or reactivate one shop, then back to the same list, filters kept. */
export async function action(args: ActionFunctionArgs) {
  const account = requireAdmin(args);
  const url = new URL(args.request.url);
  const back = `${url.pathname}${url.search}`;
  const formData = await readForm(args.request);
  const intent = formData.get("intent");
  const shop = shopIdField.safeParse({ shopId: formData.get("shopId") });
  if (!shop.success) throw new Response(null, { status: 400, statusText: "Tienda no válida" });
  const { shopId } = shop.data;

  if (intent === adminIntents.suspend) {
    const submission = parseWithZod(formData, { schema: suspendFormSchema });
    if (submission.status !== "success") return invalidForm(intent, submission.reply(), shopId);
    try {
      await account.call(shopEndpoints.suspend, { params: { shopId }, body: submission.value });
    } catch (error) {
      return refusedAction(error, {
        intent,
        target: shopId,
        fields: ["otherReason"],
        fieldNames: { reason: "otherReason" },
        reply: (errors) => submission.reply(errors),
      });
    }
    return redirectWithFlash(args.context, back, { kind: "success", message: SHOP_SUSPENDED });
  }

  if (intent === adminIntents.reactivate) {
    const submission = parseWithZod(formData, { schema: shopIdField });
    try {
      await account.call(shopEndpoints.reactivate, { params: { shopId } });
    } catch (error) {
      return refusedAction(error, { intent, target: shopId, fields: [], reply: (errors) => submission.reply(errors) });
    }
    return redirectWithFlash(args.context, back, { kind: "success", message: SHOP_REACTIVATED });
  }

  throw new Response(null, { status: 400, statusText: "Acción no válida" });
}

/** A 409 means someone else changed the record meanwhile: the page reads it again to show its state (other refusals leave the page as it is). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

type ShopsPage = ReturnType<typeof useLoaderData<typeof loader>>;
type ListedShop = ShopsPage["shops"][number];

function SuspendForm({
  shop,
  constraint,
  lastResult,
}: {
  shop: ListedShop;
  constraint: FieldConstraints;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(
    { constraint, load: loadSuspendSchema },
    { id: `suspender-${shop._id}`, lastResult },
  );
  return (
    // Folded until asked for, with or without JavaScript; open when the last try was refused.
    <details open={lastResult ? true : undefined} className="rounded-xl border border-slate-200 bg-slate-50">
      <summary className="rounded-xl px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100">
        Suspender la tienda…
      </summary>
      <Form
        method="post"
        {...getFormProps(form)}
        aria-label={`Suspender ${shop.shopName}`}
        className="space-y-4 px-4 pb-4 pt-2"
      >
        <input type="hidden" name="shopId" value={shop._id} />
        <p className="text-sm text-slate-700">
          Sus productos dejan de mostrarse en la tienda hasta que la reactives. El vendedor verá el motivo.
        </p>
        <FormAlert id={form.errorId} errors={form.errors} />
        <ReasonChoice
          legend="Motivo de la suspensión"
          reasons={SUSPENSION_REASONS}
          choice={fields.reasonChoice}
          other={fields.otherReason}
        />
        <button
          type="submit"
          name="intent"
          value={adminIntents.suspend}
          className="inline-flex w-full items-center justify-center rounded-full border-2 border-red-700 bg-white px-5 py-2.5 font-semibold text-red-800 hover:bg-red-50 sm:w-auto"
        >
          Suspender<span className="sr-only"> {shop.shopName}</span>
        </button>
      </Form>
    </details>
  );
}

function ReactivateForm({
  shop,
  constraint,
  lastResult,
}: {
  shop: ListedShop;
  constraint: FieldConstraints;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form] = useSchemaForm({ constraint, load: loadShopIdSchema }, { id: `reactivar-${shop._id}`, lastResult });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("shopId") === shop._id;
  return (
    <Form method="post" {...getFormProps(form)} aria-label={`Reactivar ${shop.shopName}`} className="space-y-2">
      <input type="hidden" name="shopId" value={shop._id} />
      <FormAlert id={form.errorId} errors={form.errors} />
      <button
        type="submit"
        name="intent"
        value={adminIntents.reactivate}
        disabled={busy}
        className={secondaryButtonLook}
      >
        Reactivar<span className="sr-only"> {shop.shopName}</span>
      </button>
    </Form>
  );
}

function ShopRow({
  shop,
  constraints,
  answer,
}: {
  shop: ListedShop;
  constraints: ShopsPage["constraints"];
  answer: AdminActionRefusal | undefined;
}) {
  const mine = answer?.target === shop._id ? answer : undefined;
  const headingId = `tienda-${shop._id}`;
  return (
    <li
      aria-labelledby={headingId}
      data-testid="shop-row"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <ShopCardTitle headingId={headingId} userId={shop.userId} shopName={shop.shopName} status={shop.status} />
      {mine?.notice ? (
        <p role="alert" className="rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 font-medium text-red-900">
          {mine.notice}
        </p>
      ) : null}
      {shop.statusReason ? (
        <p className="text-sm text-slate-800">
          <span className="font-semibold">Motivo:</span> {shop.statusReason}
        </p>
      ) : null}
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div className="min-w-0">
          <dt className="font-semibold text-slate-600">Titular</dt>
          <dd className="break-words text-slate-900">
            {shop.applicant.name}
            <span className="block break-all text-slate-700">{shop.applicant.email}</span>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="font-semibold text-slate-600">Ubicación</dt>
          <dd className="break-words text-slate-900">
            {shop.city}, {SHOP_COUNTRY_LABELS[shop.country]}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-600">Productos</dt>
          <dd className="text-slate-900">{shop.productCount}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-600">Solicitada</dt>
          <dd className="text-slate-900">
            <time dateTime={shop.createdAt}>{shop.since}</time>
          </dd>
        </div>
      </dl>
      <p className="text-sm">
        <Link to={adminPaths.auditOf(shop._id)} className={textLinkClass}>
          Registro de auditoría<span className="sr-only"> de {shop.shopName}</span>
        </Link>
      </p>
      {shop.status === "aprobada" ? (
        <SuspendForm
          shop={shop}
          constraint={constraints.suspend}
          lastResult={mine?.intent === adminIntents.suspend ? (mine.result ?? undefined) : undefined}
        />
      ) : shop.status === "suspendida" ? (
        <ReactivateForm
          shop={shop}
          constraint={constraints.reactivate}
          lastResult={mine?.intent === adminIntents.reactivate ? (mine.result ?? undefined) : undefined}
        />
      ) : null}
    </li>
  );
}

const controlLook =
  "mt-1.5 block w-full rounded-lg border border-slate-500 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-lime-700";

export default function AdminShops() {
  const { filter, shops, totalShop, page, totalPages, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const filtered = filter.status !== "todas" || filter.searchValue !== "";
  return (
    <section aria-labelledby="titulo-tiendas" className="space-y-6">
      <h1 id="titulo-tiendas" className="text-3xl font-bold text-slate-900">
        Tiendas
      </h1>

      {/* A GET form: the filter is part of the address and works without JavaScript. */}
      <Form
        method="get"
        className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-end"
        aria-label="Filtrar tiendas"
      >
        <div>
          <label htmlFor="estado-tienda" className="block font-semibold text-slate-900">
            Estado de la tienda
          </label>
          <select
            id="estado-tienda"
            name="status"
            defaultValue={filter.status === "todas" ? "" : filter.status}
            key={`estado-${filter.status}`}
            className={controlLook}
          >
            {SHOP_STATUS_FILTERS.map((value) => (
              <option key={value} value={value === "todas" ? "" : value}>
                {value === "todas" ? "Todas" : SHOP_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="buscar-tienda" className="block font-semibold text-slate-900">
            Nombre de la tienda
          </label>
          <input
            id="buscar-tienda"
            type="search"
            name="searchValue"
            defaultValue={filter.searchValue}
            key={`buscar-${filter.searchValue}`}
            maxLength={100}
            className={controlLook}
          />
        </div>
        <button type="submit" className={secondaryButtonLook}>
          Filtrar
        </button>
      </Form>

      <p className="text-slate-700" role="status" data-testid="shop-count">
        {totalShop === 1 ? "1 tienda" : `${totalShop} tiendas`}
        {filtered ? " con estos filtros" : ""}.
      </p>

      {shops.length > 0 ? (
        <ul className="space-y-4" aria-label="Tiendas">
          {shops.map((shop) => (
            <ShopRow key={shop._id} shop={shop} constraints={constraints} answer={actionData} />
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-slate-700">
          {totalShop > 0
            ? "No hay tiendas en esta página."
            : filtered
              ? "Ninguna tienda coincide con estos filtros."
              : "Todavía no hay tiendas."}
        </p>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}
