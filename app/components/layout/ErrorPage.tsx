import { NotFound } from "~/components/NotFound";
import { buttonClass } from "~/components/ui/Button";
import { errorPageOf } from "~/services/refusal-pages";

/**
 * The page an error boundary shows in place of the whole screen: the 404 page, a refusal the shopper
 * can act on (refusal-pages.ts), or "Algo salió mal". `status` is the refused answer's, or null when
 * the page itself failed.
 */
export function ErrorPage({ status }: { status: number | null }) {
  if (status === 404) return <NotFound />;
  const page = errorPageOf(status);
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{page.title}</h1>
      <p className="mt-4 text-neutral-700">{page.message}</p>
      {/* A full load: whatever failed starts again from the home page. */}
      <a href="/" className={buttonClass({ variant: "dark", className: "mt-8" })}>
        Volver al inicio
      </a>
    </section>
  );
}
