import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { SHOP_COUNTRY_LABELS, SHOP_STATUS_LABELS, SUSPENSION_REASONS } from "#contract/shop-labels";
import { ReasonChoice } from "~/components/admin/ReasonChoice";
import { ShopCardTitle } from "~/components/admin/ShopCardTitle";
import { FormAlert, SubmitButton } from "~/components/forms/fields";
import { Pagination } from "~/components/product/Pagination";
import { Button } from "~/components/ui/Button";
import { cardClass } from "~/components/ui/Card";
import { Disclosure } from "~/components/ui/Disclosure";
import { Field } from "~/components/ui/Field";
import { Input, Select } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { adminShopIntents, adminShopSchemas, SHOP_STATUS_FILTERS } from "~/forms/admin-shop.forms";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { requireAdmin } from "~/services/admin.server";
import { loadShops, shopsAction } from "~/services/admin-shops.server";

export const meta: MetaFunction = () => [
  { title: "Tiendas | Mercado Pádel" },
  { name: "description", content: "Todas las tiendas de Mercado Pádel por estado, para suspenderlas o reactivarlas." },
  { name: "robots", content: "noindex" },
];

/** /dashboard/admin/shops?status=&searchValue=&pageNumber=: `GET /admin/shops`, every shop, by status and name. */
export async function loader(args: LoaderFunctionArgs) {
  return loadShops(requireAdmin(args), new URL(args.request.url));
}

/** Suspend (with a reason) or reactivate one shop, then back to the same list, filters kept. */
export async function action(args: ActionFunctionArgs) {
  return shopsAction(args, requireAdmin(args));
}

/** A 409 means someone else changed the record meanwhile: the page reads it again to show its state (other refusals leave the page as it is). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

type ShopsPage = ReturnType<typeof useLoaderData<typeof loader>>;
type ListedShop = ShopsPage["shops"][number];

function SuspendForm({ shop, constraint }: { shop: ListedShop; constraint: FieldConstraints }) {
  const lastResult = useFormAnswer(adminShopIntents.suspend, shop._id)?.result;
  const [form, fields] = useSchemaForm(
    { constraint, load: adminShopSchemas.suspend },
    { id: `suspender-${shop._id}`, lastResult },
  );
  return (
    // Open when the last try was refused.
    <Disclosure summary="Suspender la tienda…" open={Boolean(lastResult)}>
      <Form method="post" {...getFormProps(form)} aria-label={`Suspender ${shop.shopName}`} className="space-y-4">
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
        <SubmitButton
          intent={adminShopIntents.suspend}
          record={{ name: "shopId", value: shop._id }}
          variant="danger"
          pending="Suspendiendo…"
        >
          Suspender<span className="sr-only"> {shop.shopName}</span>
        </SubmitButton>
      </Form>
    </Disclosure>
  );
}

function ReactivateForm({ shop, constraint }: { shop: ListedShop; constraint: FieldConstraints }) {
  const [form] = useSchemaForm(
    { constraint, load: adminShopSchemas.reactivate },
    { id: `reactivar-${shop._id}`, lastResult: useFormAnswer(adminShopIntents.reactivate, shop._id)?.result },
  );
  return (
    <Form method="post" {...getFormProps(form)} aria-label={`Reactivar ${shop.shopName}`} className="space-y-2">
      <input type="hidden" name="shopId" value={shop._id} />
      <FormAlert id={form.errorId} errors={form.errors} />
      <SubmitButton
        intent={adminShopIntents.reactivate}
        record={{ name: "shopId", value: shop._id }}
        variant="secondary"
        size="sm"
        pending="Reactivando…"
      >
        Reactivar<span className="sr-only"> {shop.shopName}</span>
      </SubmitButton>
    </Form>
  );
}

function ShopRow({ shop, constraints }: { shop: ListedShop; constraints: ShopsPage["constraints"] }) {
  // Someone else changed the shop meanwhile (409): the list now shows its state.
  const suspended = useFormAnswer(adminShopIntents.suspend, shop._id);
  const reactivated = useFormAnswer(adminShopIntents.reactivate, shop._id);
  const notice = suspended?.notice ?? reactivated?.notice;
  const headingId = `tienda-${shop._id}`;
  return (
    <li aria-labelledby={headingId} data-testid="shop-row" className={cardClass("plain", "space-y-3")}>
      <ShopCardTitle headingId={headingId} userId={shop.userId} shopName={shop.shopName} status={shop.status} />
      {notice ? <Notice tone="error">{notice}</Notice> : null}
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
        <TextLink to={adminPaths.auditOf(shop._id)}>
          Registro de auditoría<span className="sr-only"> de {shop.shopName}</span>
        </TextLink>
      </p>
      {shop.own && (shop.status === "aprobada" || shop.status === "suspendida") ? (
        <p className="text-sm text-slate-700" data-testid="own-shop">
          Es tu propia tienda: otro administrador debe {shop.status === "aprobada" ? "suspenderla" : "reactivarla"} si
          hace falta.
        </p>
      ) : shop.status === "aprobada" ? (
        <SuspendForm shop={shop} constraint={constraints.suspend} />
      ) : shop.status === "suspendida" ? (
        <ReactivateForm shop={shop} constraint={constraints.reactivate} />
      ) : null}
    </li>
  );
}

export default function AdminShops() {
  const { filter, shops, totalShop, page, totalPages, constraints } = useLoaderData<typeof loader>();
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
        <Field id="estado-tienda" label="Estado de la tienda">
          <Select
            name="status"
            defaultValue={filter.status === "todas" ? "" : filter.status}
            key={`estado-${filter.status}`}
          >
            {SHOP_STATUS_FILTERS.map((value) => (
              <option key={value} value={value === "todas" ? "" : value}>
                {value === "todas" ? "Todas" : SHOP_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="buscar-tienda" label="Nombre de la tienda">
          <Input
            type="search"
            name="searchValue"
            defaultValue={filter.searchValue}
            key={`buscar-${filter.searchValue}`}
            maxLength={100}
          />
        </Field>
        <Button type="submit" variant="secondary">
          Filtrar
        </Button>
      </Form>

      <p className="text-slate-700" role="status" data-testid="shop-count">
        {totalShop === 1 ? "1 tienda" : `${totalShop} tiendas`}
        {filtered ? " con estos filtros" : ""}.
      </p>

      {shops.length > 0 ? (
        <ul className="space-y-4" aria-label="Tiendas">
          {shops.map((shop) => (
            <ShopRow key={shop._id} shop={shop} constraints={constraints} />
          ))}
        </ul>
      ) : (
        <p className={cardClass("empty")}>
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
