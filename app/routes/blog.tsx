import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { PageIntro } from "~/components/content/PageIntro";
import { Pagination } from "~/components/product/Pagination";
import { getBlogPage } from "~/services/content.server";
import { NO_SCRIPTS } from "~/browser/page-scripts";

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

export default function Blog() {
  const { posts, page, totalPages } = useLoaderData<typeof loader>();

  return (
    <>
      <PageIntro eyebrow="Blog" title="Noticias y consejos de pádel">
        <p>Análisis de material, técnica, entrenamiento y novedades de nuestras tiendas.</p>
      </PageIntro>

      <div className="mx-auto max-w-3xl px-4 py-14">
        {posts.length === 0 ? (
          <EmptyState message="Todavía no hay artículos publicados." link={null} className="" />
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

        <Pagination
          page={page}
          totalPages={totalPages}
          param="page"
          words={{
            name: "Paginación del blog",
            previous: "Anterior",
            next: "Siguiente",
            page: (number) => `Página ${number} de ${totalPages}`,
          }}
          className="mt-16 flex justify-center border-t border-slate-200 pt-8"
        />
      </div>
    </>
  );
}
