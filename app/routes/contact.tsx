import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import { ContactForm } from "~/components/contact/ContactForm";
import { PageIntro } from "~/components/content/PageIntro";
import { Card } from "~/components/ui/Card";
import { TextLink } from "~/components/ui/TextLink";
import { useFormAnswer } from "~/forms/form-answer";
import { contactAction, loadContact } from "~/services/content.server";
import { storeContact } from "~/services/store-contact";
import { contactIntents } from "./contact.forms";

export const meta: MetaFunction = () => [
  { title: "Contacto | Mercado Pádel" },
  {
    name: "description",
    content:
      "Escribe a Mercado Pádel: dudas sobre pedidos, envíos, devoluciones o cómo abrir tu tienda. Te responderemos pronto.",
  },
];

export function loader() {
  return loadContact();
}

export async function action(args: ActionFunctionArgs) {
  return contactAction(args);
}

export default function Contact() {
  const { honeypot, constraints } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(contactIntents.send);
  const location = useLocation();

  return (
    <>
      <PageIntro eyebrow="Atención al cliente" title="Contacto">
        <p>¿Tienes una duda sobre un pedido, un envío o cómo abrir tu tienda? Escríbenos y te responderemos pronto.</p>
      </PageIntro>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 md:px-6 py-14 lg:grid-cols-[1fr_22rem]">
        <Card className="sm:p-8">
          <HoneypotProvider {...honeypot}>
            {/* A new location after the success redirect remounts the form empty; answers with errors keep it. */}
            <ContactForm key={answer ? "respuesta" : location.key} constraint={constraints.contact} />
          </HoneypotProvider>
        </Card>

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
          <Card tone="muted" title="Antes de escribir" titleId="antes-de-escribir">
            <p className="text-slate-700">
              Quizá tu respuesta ya esté en nuestras políticas de <TextLink to="/policy#envios">envíos</TextLink> y{" "}
              <TextLink to="/policy#devoluciones">devoluciones</TextLink>.
            </p>
          </Card>
        </aside>
      </div>
    </>
  );
}
