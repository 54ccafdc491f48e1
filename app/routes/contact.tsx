import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import { ContactForm } from "~/components/contact/ContactForm";
import { SEND_CONTACT_MESSAGE } from "~/components/contact/contact-intent";
import { contactSchema } from "~/components/contact/contact-schema";
import { storeContact } from "~/components/contact/store-contact";
import { PageIntro } from "~/components/content/PageIntro";
import { sendContactMessage } from "~/services/content.server";
import { honeypotInputProps, isSpam } from "~/services/honeypot.server";
import { redirectWithFlash } from "~/services/session.server";
import { readForm } from "~/services/form.server";

export const meta: MetaFunction = () => [
  { title: "Contacto | Mercado Pádel" },
  {
    name: "description",
    content:
      "Escribe a Mercado Pádel: dudas sobre pedidos, envíos, devoluciones o cómo abrir tu tienda. Te responderemos pronto.",
  },
];

export function loader() {
  return { honeypot: honeypotInputProps(), constraint: getZodConstraint(contactSchema) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  if (formData.get("intent") !== SEND_CONTACT_MESSAGE) throw new Response(null, { status: 400 });

  const submission = parseWithZod(formData, { schema: contactSchema });
  if (isSpam(formData)) {
    return data(
      {
        result: submission.reply({
          formErrors: ["No pudimos enviar tu mensaje. Recarga la página e inténtalo de nuevo."],
        }),
      },
      { status: 400 },
    );
  }
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });

  const outcome = await sendContactMessage(context.api, submission.value);
  if (outcome.sent) return redirectWithFlash(context, "/contact", { kind: "success", message: outcome.message });
  return data(
    { result: submission.reply({ formErrors: outcome.formErrors, fieldErrors: outcome.fieldErrors }) },
    { status: outcome.status },
  );
}

const linkLook =
  "font-semibold text-slate-900 underline decoration-lime-500 decoration-2 underline-offset-2 hover:decoration-slate-900";

export default function Contact() {
  const { honeypot, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();

  return (
    <>
      <PageIntro eyebrow="Atención al cliente" title="Contacto">
        <p>¿Tienes una duda sobre un pedido, un envío o cómo abrir tu tienda? Escríbenos y te responderemos pronto.</p>
      </PageIntro>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 md:px-6 py-14 lg:grid-cols-[1fr_22rem]">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <HoneypotProvider {...honeypot}>
            {/* A new location after the success redirect remounts the form empty; answers with errors keep it. */}
            <ContactForm
              key={actionData ? "respuesta" : location.key}
              constraint={constraint}
              lastResult={actionData?.result}
            />
          </HoneypotProvider>
        </div>

        <aside aria-labelledby="datos-contacto" className="space-y-6">
          <div className="rounded-2xl bg-slate-900 p-6 text-white sm:p-8">
            <h2 id="datos-contacto" className="text-xl font-bold">
              Otras formas de contactarnos
            </h2>
            <dl className="mt-6 space-y-5">
              <div>
                <dt className="text-sm font-semibold uppercase tracking-widest text-lime-400">Correo electrónico</dt>
                <dd className="mt-1">
                  <a
                    href={`mailto:${storeContact.email}`}
                    className="text-lg underline decoration-lime-400 underline-offset-4 hover:text-lime-400 focus-visible:outline-lime-400"
                  >
                    {storeContact.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold uppercase tracking-widest text-lime-400">Teléfono</dt>
                <dd className="mt-1">
                  <a
                    href={storeContact.phoneHref}
                    className="text-lg underline decoration-lime-400 underline-offset-4 hover:text-lime-400 focus-visible:outline-lime-400"
                  >
                    {storeContact.phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold uppercase tracking-widest text-lime-400">Horario</dt>
                <dd className="mt-1 text-slate-200">{storeContact.hours}</dd>
              </div>
            </dl>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6 text-slate-700">
            <h2 className="font-bold text-slate-900">Antes de escribir</h2>
            <p className="mt-2">
              Quizá tu respuesta ya esté en nuestras políticas de{" "}
              <Link to="/policy#envios" className={linkLook}>
                envíos
              </Link>{" "}
              y{" "}
              <Link to="/policy#devoluciones" className={linkLook}>
                devoluciones
              </Link>
              .
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}
