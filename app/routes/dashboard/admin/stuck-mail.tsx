import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/forms/fields";
import { cardClass } from "~/components/ui/Card";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { loadStuckMail, stuckMailAction } from "~/services/admin-mail.server";
import { stuckMailIntents as intents, stuckMailSchemas } from "./stuck-mail.forms";

export const meta: MetaFunction = () => [
  { title: "Correos atascados | Administración | Mercado Pádel" },
  { name: "description", content: "Los correos que no se pudieron enviar tras varios intentos." },
  { name: "robots", content: "noindex" },
];

export async function loader(args: LoaderFunctionArgs) {
  return loadStuckMail(args);
}

export async function action(args: ActionFunctionArgs) {
  return stuckMailAction(args);
}

type ShownMail = ReturnType<typeof useLoaderData<typeof loader>>["mails"][number];

function StuckMailCard({ mail, constraint }: { mail: ShownMail; constraint: FieldConstraints }) {
  const [form] = useSchemaForm({ constraint, load: stuckMailSchemas.retry }, { id: `correo-${mail.id}` });
  const titleId = `correo-${mail.id}-asunto`;
  return (
    <li aria-labelledby={titleId} className={cardClass("plain", "space-y-3")} data-testid="stuck-mail">
      <h2 id={titleId} className="break-words text-lg font-semibold text-slate-900">
        {mail.subject}
      </h2>
      <dl className="grid gap-x-4 gap-y-1 text-sm text-slate-800 sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-semibold">Para</dt>
        <dd className="break-all">{mail.to}</dd>
        <dt className="font-semibold">Tipo</dt>
        <dd>{mail.kindLabel}</dd>
        <dt className="font-semibold">Intentos</dt>
        <dd>{mail.attempts}</dd>
        <dt className="font-semibold">Último error</dt>
        <dd className="break-words">{mail.lastError ?? "Sin error registrado"}</dd>
        <dt className="font-semibold">Próximo intento</dt>
        <dd>
          <time dateTime={mail.nextAttemptAt}>{mail.nextAttemptOn}</time>
        </dd>
        <dt className="font-semibold">Creado</dt>
        <dd>
          <time dateTime={mail.createdAt}>{mail.createdOn}</time>
        </dd>
      </dl>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="mailId" value={mail.id} />
        <SubmitButton
          intent={intents.retry}
          record={{ name: "mailId", value: mail.id }}
          pending="Reintentando…"
          size="sm"
          wide={false}
        >
          Reintentar ahora
        </SubmitButton>
      </Form>
    </li>
  );
}

export default function AdminStuckMail() {
  const { mails, stuckAfterAttempts, constraints } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-atascados" className="max-w-3xl space-y-6">
      <div className="space-y-2">
        <h1 id="titulo-atascados" className="text-3xl font-bold text-slate-900">
          Correos atascados
        </h1>
        <p className="text-slate-700">
          Los correos que no se enviaron tras {stuckAfterAttempts} intentos. Se siguen reintentando cada seis horas;
          «Reintentar ahora» los envía en cuanto el servidor de correo responda.
        </p>
      </div>
      {mails.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-lg font-semibold text-slate-800">
          No hay correos atascados.
        </p>
      ) : (
        <ul aria-label="Correos atascados" className="space-y-4">
          {mails.map((mail) => (
            <StuckMailCard key={mail.id} mail={mail} constraint={constraints.retry} />
          ))}
        </ul>
      )}
    </section>
  );
}
