import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { FinderForm } from "~/components/racket-finder/FinderForm";
import { FinderResults } from "~/components/racket-finder/FinderResults";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { catalogPageHeaders, PERSONAL_PAGE_CACHE } from "~/services/catalog.server";
import { answered, findRackets, keepAnswers, readFinderForm, relaxLinks } from "~/services/racket-finder.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { values, errors, answers } = readFinderForm(new URL(request.url).searchParams);
  if (!answers || !answered(answers)) return data({ values, errors, results: null, relax: [] });
  const results = await findRackets(context.api, answers);
  // The last answers, for «¿Es esta tu pala?» on each racket's page (decision 0058).
  return data(
    { values, errors, results, relax: relaxLinks(answers, results.relax) },
    { headers: { "Set-Cookie": await keepAnswers(answers) } },
  );
}

/** Without answers the page is the catalogue's; with them it keeps them in a cookie, for this visitor alone. */
export const headers: HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const headers = catalogPageHeaders({ parentHeaders });
  const kept = loaderHeaders.get("Set-Cookie");
  if (kept) {
    headers.set("Cache-Control", PERSONAL_PAGE_CACHE);
    headers.append("Set-Cookie", kept);
  }
  return headers;
};

export const meta: MetaFunction = () => [
  { title: "Buscador de palas: encuentra tu pala de pádel | Mercado Pádel" },
  {
    name: "description",
    content:
      "Responde siete preguntas sobre tu juego y te proponemos las palas de pádel en stock que mejor encajan contigo, con el porqué.",
  },
];

export default function RacketFinderPage() {
  const { values, errors, results, relax } = useLoaderData<typeof loader>();
  const invalid = Object.keys(errors).length > 0;
  return (
    <div className="page-container py-8 lg:py-10">
      <Breadcrumbs crumbs={[{ label: "Inicio", href: "/" }, { label: "Buscador de palas" }]} />
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Buscador de palas</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Cuéntanos cómo juegas y te proponemos las palas en stock que mejor encajan contigo, con el porqué. Deja sin
        responder lo que no sepas.
      </p>
      {results ? (
        <p className="mt-2 lg:hidden">
          <TextLink to="#buscador-resultados">Ir a tus palas</TextLink>
        </p>
      ) : null}
      <div className="mt-8 grid gap-10 lg:grid-cols-[22rem_1fr]">
        <div>
          <h2 className="sr-only">Tus respuestas</h2>
          {invalid ? (
            <div role="alert" className="mb-4">
              <Notice tone="warning">Revisa las respuestas marcadas.</Notice>
            </div>
          ) : null}
          <FinderForm values={values} errors={errors} />
        </div>
        {results ? <FinderResults results={results} relax={relax} /> : null}
      </div>
    </div>
  );
}
