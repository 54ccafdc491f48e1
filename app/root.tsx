import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { Footer } from "~/components/layout/Footer";
import { Header } from "~/components/layout/Header";
import { FlashMessage } from "~/components/FlashMessage";
import { NotFound } from "~/components/NotFound";
import { listCategories } from "~/services/catalog.server";
import { takeFlash } from "~/services/session.server";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [categories, { flash, headers }] = await Promise.all([listCategories(), takeFlash(request)]);
  return data({ categories, flash }, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f172a" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white text-slate-900 antialiased">
        <a href="#contenido" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2">
          Saltar al contenido
        </a>
        <Header />
        <main id="contenido" className="flex-1">
          {rootData?.flash ? <FlashMessage flash={rootData.flash} /> : null}
          {children}
        </main>
        <Footer categories={rootData?.categories ?? []} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Algo salió mal</h1>
      <p className="mt-4 text-slate-700">No pudimos cargar esta página. Intente de nuevo en unos momentos.</p>
      <a href="/" className="mt-8 inline-block rounded bg-slate-900 px-5 py-3 font-semibold text-white">
        Volver al inicio
      </a>
    </section>
  );
}
