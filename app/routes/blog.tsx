import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageIntro } from "~/components/content/PageIntro";
import { getBlogPage } from "~/services/content.server";
import { NO_SCRIPTS } from "~/components/layout/page-scripts";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const requested = Number(new URL(request.url).searchParams.get("page"));
  const page = Number.isSafeInteger(requested) && requested > 1 ? requested : 1;
  const blogPage = await getBlogPage(context.api, page);
  if (!blogPage) throw new Response(null, { status: 404 });
  return blogPage;
}

/** Plain text, links and forms that post: scripts would add nothing here. */
export const handle = NO_SCRIPTS;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && data.page > 1 ? `Blog, página ${data.page} | Mercado Pádel` : "Blog | Mercado Pádel" },
  {
    name: "description",
    content:
      "Consejos, análisis de palas, técnica y novedades del mundo del pádel, escritos por el equipo de Mercado Pádel.",
  },
];

function pageHref(page: number): string {
  return page === 1 ? "/blog" : `/blog?page=${page}`;
}

const pageLinkLook =
  "inline-flex min-w-11 items-center justify-center rounded-full px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900";

export default function Blog() {
  const { posts, page, totalPages } = useLoaderData<typeof loader>();

  return (
    <>
      <PageIntro eyebrow="Blog" title="Noticias y consejos de pádel">
        <p>Análisis de material, técnica, entrenamiento y novedades de nuestras tiendas.</p>
      </PageIntro>

      <div className="mx-auto max-w-3xl px-4 py-14">
        {posts.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-lg text-slate-700">
            Todavía no hay artículos publicados.
          </p>
        ) : (
          <div className="space-y-16">
            {posts.map((post, index) => (
              <article key={post.id} id={post.slug} aria-labelledby={`${post.slug}-titulo`} className="scroll-mt-28">
                {post.imageSrc ? (
                  <img
                    src={post.imageSrc}
                    alt=""
                    width={800}
                    height={450}
                    loading={index === 0 ? "eager" : "lazy"}
                    className="aspect-video w-full rounded-2xl bg-slate-100 object-cover"
                  />
                ) : null}
                <p className="mt-6 text-sm text-slate-600">
                  <time dateTime={post.publishedAt}>{post.publishedOn}</time>
                  <span aria-hidden="true"> · </span>
                  Por <span className="font-semibold text-slate-800">{post.author}</span>
                </p>
                <h2 id={`${post.slug}-titulo`} className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
                  {post.title}
                </h2>
                <div className="mt-5 space-y-4 text-lg leading-relaxed text-slate-700">
                  {post.paragraphs.map((paragraph, index) => (
                    <p key={index}>{paragraph}</p>
                  ))}
                </div>
              </article>
            ))}
          </div>
        )}

        {totalPages > 1 ? (
          <nav
            aria-label="Paginación del blog"
            className="mt-16 flex flex-wrap items-center justify-between gap-4 border-t border-slate-200 pt-8"
          >
            {page > 1 ? (
              <Link
                to={pageHref(page - 1)}
                rel="prev"
                className={`${pageLinkLook} bg-slate-900 text-white hover:bg-slate-800`}
              >
                Anterior
              </Link>
            ) : (
              <span />
            )}
            <ol className="flex flex-wrap items-center gap-1">
              {Array.from({ length: totalPages }, (_, index) => index + 1).map((number) => (
                <li key={number}>
                  <Link
                    to={pageHref(number)}
                    aria-label={`Página ${number} de ${totalPages}`}
                    aria-current={number === page ? "page" : undefined}
                    className={`${pageLinkLook} ${
                      number === page ? "bg-lime-400 text-slate-900" : "text-slate-700 hover:bg-slate-100"
                    }`}
                  >
                    {number}
                  </Link>
                </li>
              ))}
            </ol>
            {page < totalPages ? (
              <Link
                to={pageHref(page + 1)}
                rel="next"
                className={`${pageLinkLook} bg-slate-900 text-white hover:bg-slate-800`}
              >
                Siguiente
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </>
  );
}
