import { ButtonLink } from "~/components/ui/Button";
import { NOT_FOUND_PAGE } from "~/services/refusal-pages";

/** The page for any address the store does not have (SPEC.md section 2). */
export function NotFound() {
  return (
    <section
      aria-labelledby="no-encontrada"
      className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center"
    >
      {/* The zero is drawn as a padel ball. */}
      <p aria-hidden="true" className="flex items-center gap-2 text-8xl font-black tracking-tight text-slate-900">
        4<span className="inline-block size-[0.72em] rounded-full border-[0.06em] border-slate-900 bg-lime-400" />4
      </p>
      <h1 id="no-encontrada" className="mt-4 text-3xl font-bold text-slate-900 sm:text-4xl">
        {NOT_FOUND_PAGE.title}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{NOT_FOUND_PAGE.message}</p>
      <ButtonLink to="/" className="mt-8">
        Volver al inicio
      </ButtonLink>
    </section>
  );
}
