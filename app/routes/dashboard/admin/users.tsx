import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ADMIN_USER_SEARCH_MAX } from "#contract/limits";
import { Pagination } from "~/components/product/Pagination";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { cardClass } from "~/components/ui/Card";
import { Field } from "~/components/ui/Field";
import { Input, Select } from "~/components/ui/Input";
import { Table, type CardParts, type TableColumn } from "~/components/ui/Table";
import { TextLink } from "~/components/ui/TextLink";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { requireAdmin } from "~/services/admin.server";
import { adminUsersPage } from "~/services/admin-users.server";

export const meta: MetaFunction = () => [
  { title: "Usuarios | Mercado Pádel" },
  { name: "description", content: "Las cuentas de Mercado Pádel por nombre, correo, rol y fecha de alta." },
  { name: "robots", content: "noindex" },
];

/** /dashboard/admin/users?searchValue=&role=&signedUpFrom=&signedUpTo=&pageNumber=: `GET /admin/users`. */
export async function loader(args: LoaderFunctionArgs) {
  return adminUsersPage(requireAdmin(args), new URL(args.request.url).searchParams);
}

type ListedUser = ReturnType<typeof useLoaderData<typeof loader>>["users"][number];

function UserLink({ user }: { user: ListedUser }) {
  return <TextLink to={adminPaths.user(user._id)}>{user.name}</TextLink>;
}

function BlockedBadge({ user }: { user: ListedUser }) {
  return user.blocked ? <Badge tone="danger">Bloqueado</Badge> : <Badge tone="success">Activo</Badge>;
}

const userColumns: TableColumn<ListedUser>[] = [
  { header: "Nombre", rowHeader: true, inCard: false, cell: (user) => <UserLink user={user} /> },
  { header: "Correo", cell: (user) => <span className="break-all">{user.email}</span> },
  { header: "Rol", cell: (user) => user.roleLabel },
  { header: "Alta", cell: (user) => <time dateTime={user.createdAt}>{user.since}</time> },
  { header: "Estado", inCard: false, cell: (user) => <BlockedBadge user={user} /> },
];

const userCard: CardParts<ListedUser> = {
  title: (user) => <UserLink user={user} />,
  aside: (user) => <BlockedBadge user={user} />,
};

export default function AdminUsers() {
  const { filter, errors, filtered, roles, users, totalUser, page, totalPages } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-usuarios" className="space-y-6">
      <h1 id="titulo-usuarios" className="text-3xl font-bold text-slate-900">
        Usuarios
      </h1>

      {/* A GET form: the filters are part of the address and work without JavaScript. */}
      <Form
        method="get"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,10rem)_minmax(0,10rem)_minmax(0,10rem)_auto] lg:items-end"
        aria-label="Buscar usuarios"
      >
        <Field id="buscar-usuario" label="Nombre o correo" errors={errors.searchValue ? [errors.searchValue] : null}>
          <Input
            type="search"
            name="searchValue"
            defaultValue={filter.searchValue}
            key={`buscar-${filter.searchValue}`}
            maxLength={ADMIN_USER_SEARCH_MAX}
          />
        </Field>
        <Field id="rol-usuario" label="Rol" errors={errors.role ? [errors.role] : null}>
          <Select name="role" defaultValue={filter.role} key={`rol-${filter.role}`}>
            <option value="">Todos</option>
            {roles.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="alta-desde" label="Alta desde" errors={errors.signedUpFrom ? [errors.signedUpFrom] : null}>
          <Input
            type="date"
            name="signedUpFrom"
            defaultValue={filter.signedUpFrom}
            key={`desde-${filter.signedUpFrom}`}
          />
        </Field>
        <Field id="alta-hasta" label="Alta hasta" errors={errors.signedUpTo ? [errors.signedUpTo] : null}>
          <Input type="date" name="signedUpTo" defaultValue={filter.signedUpTo} key={`hasta-${filter.signedUpTo}`} />
        </Field>
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
      </Form>

      <p className="text-slate-700" role="status" data-testid="user-count">
        {totalUser === 1 ? "1 usuario" : `${totalUser} usuarios`}
        {filtered ? " con estos filtros" : ""}.
      </p>

      {users.length > 0 ? (
        <Table
          rows={users}
          rowKey={(user) => user._id}
          columns={userColumns}
          caption="Usuarios, del alta más reciente a la más antigua"
          look="ruled"
          cardsBelow="md"
          card={userCard}
          testIds={{ row: "admin-user-row", card: "admin-user-card" }}
        />
      ) : (
        <p className={cardClass("empty")}>
          {totalUser > 0
            ? "No hay usuarios en esta página."
            : filtered
              ? "Ningún usuario coincide con estos filtros."
              : "Todavía no hay usuarios."}
        </p>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}
