import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { formatRate } from "#contract/commission-labels";
import { FormAlert, SelectField, SubmitButton, TextField } from "~/components/forms/fields";
import { Card } from "~/components/ui/Card";
import { Table, type TableColumn } from "~/components/ui/Table";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { commissionAction, loadCommission } from "~/services/admin-commission.server";
import { commissionIntents as intents, commissionSchemas } from "./commission.forms";

export const meta: MetaFunction = () => [
  { title: "Comisión | Administración | Mercado Pádel" },
  {
    name: "description",
    content: "La comisión de Mercado Pádel: la general y las propias de cada tienda o categoría.",
  },
  { name: "robots", content: "noindex" },
];

export async function loader(args: LoaderFunctionArgs) {
  return loadCommission(args);
}

export async function action(args: ActionFunctionArgs) {
  return commissionAction(args);
}

type Page = ReturnType<typeof useLoaderData<typeof loader>>;
type Choice = Page["choices"]["shops"][number];

const RATE_HINT = "Un porcentaje entre 0 y 100, con dos decimales como mucho (por ejemplo, 7,5).";

function StoreRateForm({ store, constraint }: { store: Page["store"]; constraint: FieldConstraints }) {
  const [form, fields] = useSchemaForm(
    { constraint, load: commissionSchemas.store },
    { id: "comision-general", lastResult: useFormAnswer(intents.store)?.result, defaultValue: { rateBp: store.typed } },
  );
  return (
    <Card title="Comisión general" titleId="titulo-comision-general">
      <p className="mb-4 text-slate-700" data-testid="store-rate">
        Ahora: <strong className="text-slate-900">{formatRate(store.rateBp)}</strong>
        {store.changedOn ? (
          <>
            , cambiada por {store.updatedBy} el <time dateTime={store.updatedAt ?? undefined}>{store.changedOn}</time>.
          </>
        ) : (
          ", la de la configuración de la tienda: ninguna persona la ha cambiado aún."
        )}
      </p>
      <Form method="post" {...getFormProps(form)} aria-labelledby="titulo-comision-general" className="space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField label="Comisión general (%)" meta={fields.rateBp} inputMode="decimal" hint={RATE_HINT} />
        <SubmitButton intent={intents.store} pending="Guardando…" wide={false}>
          Guardar la comisión general
        </SubmitButton>
      </Form>
    </Card>
  );
}

/** One override per shop or per category: who it is for, the rate, when it changed, and a button to remove it. */
type Override = Page["shops"][number];

function RemoveButton({
  override,
  intent,
  constraint,
  load,
}: {
  override: Override;
  intent: typeof intents.removeShop | typeof intents.removeCategory;
  constraint: FieldConstraints;
  load: (typeof commissionSchemas)["removeShop" | "removeCategory"];
}) {
  const answer = useFormAnswer(intent, override.id);
  const [form] = useSchemaForm({ constraint, load }, { id: `${intent}-${override.id}`, lastResult: answer?.result });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <FormAlert id={form.errorId} errors={form.errors ?? (answer?.notice ? [answer.notice] : undefined)} />
      <input type="hidden" name="targetId" value={override.id} />
      <SubmitButton
        intent={intent}
        record={{ name: "targetId", value: override.id }}
        variant="secondary"
        size="sm"
        wide={false}
        pending="Quitando…"
      >
        Quitar<span className="sr-only"> la comisión propia de {override.name}</span>
      </SubmitButton>
    </Form>
  );
}

function OverrideSection({
  kind,
  overrides,
  choices,
  constraints,
}: {
  kind: "shop" | "category";
  overrides: Override[];
  choices: Choice[];
  constraints: { set: FieldConstraints; remove: FieldConstraints };
}) {
  const shop = kind === "shop";
  const titleId = shop ? "titulo-comision-tiendas" : "titulo-comision-categorias";
  const setIntent = shop ? intents.shop : intents.category;
  const removeIntent = shop ? intents.removeShop : intents.removeCategory;
  const [form, fields] = useSchemaForm(
    { constraint: constraints.set, load: shop ? commissionSchemas.shop : commissionSchemas.category },
    { id: setIntent, lastResult: useFormAnswer(setIntent)?.result },
  );
  const columns: TableColumn<Override>[] = [
    {
      header: shop ? "Tienda" : "Categoría",
      rowHeader: true,
      inCard: false,
      className: "break-words",
      cell: (row) => row.name,
    },
    { header: "Comisión", align: "end", cell: (row) => formatRate(row.rateBp) },
    {
      header: "Cambiada",
      cell: (row) => (
        <>
          <time dateTime={row.updatedAt}>{row.changedOn}</time> por {row.updatedBy}
        </>
      ),
    },
    {
      header: "Quitar",
      headerHidden: true,
      inCard: false,
      cell: (row) => (
        <RemoveButton
          override={row}
          intent={removeIntent}
          constraint={constraints.remove}
          load={shop ? commissionSchemas.removeShop : commissionSchemas.removeCategory}
        />
      ),
    },
  ];
  return (
    <Card title={shop ? "Comisión propia de una tienda" : "Comisión propia de una categoría"} titleId={titleId}>
      <div className="space-y-5">
        <p className="text-slate-700">
          {shop
            ? "Vale para todos los productos de la tienda, en cualquier categoría."
            : "Vale para los productos de la categoría cuya tienda no tiene comisión propia."}
        </p>
        {overrides.length === 0 ? (
          <p className="text-slate-700">
            {shop ? "Ninguna tienda tiene comisión propia." : "Ninguna categoría tiene comisión propia."}
          </p>
        ) : (
          <Table
            rows={overrides}
            rowKey={(row) => row.id}
            columns={columns}
            caption={shop ? "Tiendas con comisión propia" : "Categorías con comisión propia"}
            cardsBelow="md"
            card={{ title: (row) => row.name, footer: (row) => columns[3]!.cell(row) }}
          />
        )}
        <Form method="post" {...getFormProps(form)} aria-labelledby={`${titleId}-formulario`} className="space-y-4">
          <h3 id={`${titleId}-formulario`} className="font-semibold text-slate-900">
            {shop ? "Poner o cambiar la comisión de una tienda" : "Poner o cambiar la comisión de una categoría"}
          </h3>
          <FormAlert id={form.errorId} errors={form.errors} />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <SelectField
              label={shop ? "Tienda" : "Categoría"}
              meta={fields.targetId}
              options={choices}
              placeholder={shop ? "Elige una tienda" : "Elige una categoría"}
            />
            <TextField label="Comisión (%)" meta={fields.rateBp} inputMode="decimal" hint={RATE_HINT} />
          </div>
          <SubmitButton intent={setIntent} pending="Guardando…" wide={false}>
            {shop ? "Guardar la comisión de la tienda" : "Guardar la comisión de la categoría"}
          </SubmitButton>
        </Form>
      </div>
    </Card>
  );
}

export default function AdminCommission() {
  const { store, shops, categories, choices, constraints } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-comision" className="max-w-4xl space-y-6">
      <div className="space-y-2">
        <h1 id="titulo-comision" className="text-3xl font-bold text-slate-900">
          Comisión
        </h1>
        <p className="text-slate-700">
          Lo que Mercado Pádel se queda de cada venta. A cada producto se le aplica la comisión propia de la tienda que
          lo vende, si la tiene; si no, la de la categoría del producto; si no, la general. Un cambio vale para los
          pedidos que se hagan después: cada pedido guarda la comisión con la que se hizo, y el vendedor la ve en cada
          línea.
        </p>
      </div>
      <StoreRateForm store={store} constraint={constraints.store} />
      <OverrideSection
        kind="shop"
        overrides={shops}
        choices={choices.shops}
        constraints={{ set: constraints.shop, remove: constraints.removeShop }}
      />
      <OverrideSection
        kind="category"
        overrides={categories}
        choices={choices.categories}
        constraints={{ set: constraints.category, remove: constraints.removeCategory }}
      />
    </section>
  );
}
