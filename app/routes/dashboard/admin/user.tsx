import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { SHOP_STATUS_LABELS } from "#contract/shop-labels";
import { CustomerOrderList } from "~/components/admin/AdminOrderList";
import { FormAlert, SubmitButton, TextareaField } from "~/components/forms/fields";
import { Badge } from "~/components/ui/Badge";
import { cardClass } from "~/components/ui/Card";
import { Notice } from "~/components/ui/Notice";
import { Table, type CardParts, type TableColumn } from "~/components/ui/Table";
import { TextLink } from "~/components/ui/TextLink";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { requireAdmin } from "~/services/admin.server";
import { adminUserAction, adminUserPage } from "~/services/admin-users.server";
import { adminUserIntents as intents, adminUserSchemas } from "./user.forms";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.user.name ?? "Usuario"} | Usuarios | Mercado Pádel` },
  { name: "robots", content: "noindex" },
];

/** /dashboard/admin/users/{userId}: the user's data, orders, shop and wallet, and the block or unblock form. */
export async function loader(args: LoaderFunctionArgs) {
  return adminUserPage(requireAdmin(args), args.params.userId ?? "");
}

export async function action(args: ActionFunctionArgs) {
  return adminUserAction(args, requireAdmin(args), args.params.userId ?? "");
}

/** A 409 means another admin acted first: the page reads the user again to show their state. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

type UserPage = ReturnType<typeof useLoaderData<typeof loader>>;
type Movement = UserPage["wallet"]["movements"][number];

const movementColumns: TableColumn<Movement>[] = [
  { header: "Fecha", inCard: false, cell: (entry) => <time dateTime={entry.createdAt}>{entry.date}</time> },
  {
    header: "Concepto",
    rowHeader: true,
    inCard: false,
    cell: (entry) => <span className="break-words">{entry.reason}</span>,
  },
  { header: "Importe", align: "end", inCard: false, cell: (entry) => entry.amountText },
];

/** On a phone each movement is a card: its reason, the amount beside it, the date under it. */
const movementCard: CardParts<Movement> = {
  title: (entry) => entry.reason,
  aside: (entry) => entry.amountText,
  note: (entry) => <time dateTime={entry.createdAt}>{entry.date}</time>,
};

function BlockForm({ name, constraint }: { name: string; constraint: FieldConstraints }) {
  const [form, fields] = useSchemaForm(
    { constraint, load: adminUserSchemas.block },
    { id: "bloquear-usuario", lastResult: useFormAnswer(intents.block)?.result },
  );
  return (
    <Form method="post" {...getFormProps(form)} aria-label={`Bloquear a ${name}`} className="space-y-4">
      <p className="text-sm text-slate-700">
        Con la cuenta bloqueada no se puede entrar (ni con contraseña ni con Google), las sesiones abiertas se cierran
        al momento y, si la cuenta tiene una tienda aprobada, la tienda se suspende y deja de vender. El motivo se
        muestra al intentar entrar.
      </p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <TextareaField label="Motivo del bloqueo" meta={fields.reason} rows={3} />
      <SubmitButton intent={intents.block} variant="danger" pending="Bloqueando…" wide={false}>
        Bloquear usuario
      </SubmitButton>
    </Form>
  );
}

function UnblockForm() {
  const [form] = useSchemaForm(
    { constraint: {}, load: adminUserSchemas.unblock },
    { id: "desbloquear-usuario", lastResult: useFormAnswer(intents.unblock)?.result },
  );
  return (
    <Form method="post" {...getFormProps(form)} aria-label="Desbloquear usuario" className="space-y-2">
      <p className="text-sm text-slate-700">
        La cuenta vuelve a poder entrar. Si el bloqueo suspendió la tienda y sigue suspendida por él, la tienda vuelve a
        vender.
      </p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <SubmitButton intent={intents.unblock} variant="secondary" pending="Desbloqueando…" wide={false}>
        Desbloquear usuario
      </SubmitButton>
    </Form>
  );
}

export default function AdminUser() {
  const { user, wallet, constraint } = useLoaderData<typeof loader>();
  const blockAnswer = useFormAnswer(intents.block);
  const unblockAnswer = useFormAnswer(intents.unblock);
  const notice = blockAnswer?.notice ?? unblockAnswer?.notice;
  return (
    <section aria-labelledby="titulo-usuario" className="space-y-6">
      <p className="text-sm">
        <TextLink to={adminPaths.users}>← Usuarios</TextLink>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="titulo-usuario" className="break-words text-3xl font-bold text-slate-900">
          {user.name}
        </h1>
        {user.blocked ? <Badge tone="danger">Bloqueado</Badge> : <Badge tone="success">Activo</Badge>}
      </div>
      {notice ? <Notice tone="error">{notice}</Notice> : null}

      <section aria-labelledby="datos-usuario" className={cardClass("plain", "space-y-3")}>
        <h2 id="datos-usuario" className="text-xl font-semibold text-slate-900">
          Datos
        </h2>
        <dl className="grid gap-x-4 gap-y-1 text-sm text-slate-800 sm:grid-cols-[auto_minmax(0,1fr)]">
          <dt className="font-semibold">Correo</dt>
          <dd className="break-all">
            {user.email} {user.emailVerified ? "(verificado)" : "(sin verificar)"}
          </dd>
          <dt className="font-semibold">Rol</dt>
          <dd>{user.roleLabel}</dd>
          <dt className="font-semibold">Alta</dt>
          <dd>
            <time dateTime={user.createdAt}>{user.since}</time>
          </dd>
          <dt className="font-semibold">Teléfono</dt>
          <dd>{user.phone ?? "Sin teléfono"}</dd>
          <dt className="font-semibold">Dirección</dt>
          <dd className="break-words">
            {[user.address.addressLine, user.address.postCode, user.address.city, user.address.province]
              .filter(Boolean)
              .join(", ") || "Sin dirección"}
          </dd>
          <dt className="font-semibold">Google</dt>
          <dd>{user.signsInWithGoogle ? "Entra también con Google" : "No usa Google"}</dd>
        </dl>
      </section>

      <section aria-labelledby="acceso-usuario" className={cardClass("plain", "space-y-3")}>
        <h2 id="acceso-usuario" className="text-xl font-semibold text-slate-900">
          Acceso
        </h2>
        {user.blocked ? (
          <p className="text-sm text-slate-800" data-testid="block-reason">
            Bloqueado el <time dateTime={user.blocked.blockedAt}>{user.blockedOn}</time>.{" "}
            <span className="font-semibold">Motivo:</span> {user.blocked.reason}
          </p>
        ) : null}
        {user.role === "admin" ? (
          <p className="text-sm text-slate-700">
            Es administrador: no se puede bloquear desde aquí, para que la tienda nunca se quede sin quien pueda
            deshacerlo.
          </p>
        ) : user.blocked ? (
          <UnblockForm />
        ) : (
          <BlockForm name={user.name} constraint={constraint} />
        )}
        <p className="text-sm">
          <TextLink to={adminPaths.auditOf(user._id)}>Registro de auditoría de este usuario</TextLink>
        </p>
      </section>

      <section aria-labelledby="tienda-usuario" className={cardClass("plain", "space-y-2")}>
        <h2 id="tienda-usuario" className="text-xl font-semibold text-slate-900">
          Tienda
        </h2>
        {user.shop ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <TextLink to={adminPaths.shopNamed(user.shop.name)}>{user.shop.name}</TextLink>
            <Badge>{SHOP_STATUS_LABELS[user.shop.status]}</Badge>
          </p>
        ) : (
          <p className="text-sm text-slate-700">Sin tienda.</p>
        )}
      </section>

      <section aria-labelledby="pedidos-usuario" className="space-y-3">
        <h2 id="pedidos-usuario" className="text-xl font-semibold text-slate-900">
          Pedidos ({user.totalOrder})
        </h2>
        {user.orders.length > 0 ? (
          <>
            <CustomerOrderList orders={user.orders} />
            {user.totalOrder > user.orders.length ? (
              <p className="text-sm text-slate-700">
                Se muestran los {user.orders.length} más recientes. Busca los demás en{" "}
                <TextLink to={`${adminPaths.orders}?${new URLSearchParams({ searchValue: user.email })}`}>
                  Pedidos
                </TextLink>
                .
              </p>
            ) : null}
          </>
        ) : (
          <p className={cardClass("empty")}>Ningún pedido todavía.</p>
        )}
      </section>

      <section aria-labelledby="cartera-usuario" className="space-y-3">
        <h2 id="cartera-usuario" className="text-xl font-semibold text-slate-900">
          Cartera
        </h2>
        <p className="text-slate-800" data-testid="wallet-balance">
          Saldo: <span className="font-semibold">{wallet.balance}</span>
          {wallet.hasPendingSales ? ` (${wallet.pendingSales} de ventas aún no disponibles)` : ""}
        </p>
        {wallet.movements.length > 0 ? (
          <Table
            rows={wallet.movements}
            rowKey={(entry) => entry._id}
            columns={movementColumns}
            caption={`Últimos movimientos (${wallet.movements.length} de ${wallet.totalMovements})`}
            look="ruled"
            cardsBelow="md"
            card={movementCard}
            ordered
          />
        ) : (
          <p className={cardClass("empty")}>Sin movimientos.</p>
        )}
      </section>
    </section>
  );
}
