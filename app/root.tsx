import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, isRouteErrorResponse, Links, Meta, Outlet, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Footer } from "~/components/layout/Footer";
import { Header } from "~/components/layout/Header";
import { FlashMessage } from "~/components/FlashMessage";
import { useFlashOfThisPage } from "~/browser/use-flash-of-this-page";
import { InlineStylesheet } from "~/components/InlineStylesheet";
import { useNonce } from "~/components/Nonce";
import { ErrorPage } from "~/components/layout/ErrorPage";
import { PageScripts } from "~/components/layout/PageScripts";
import { RegionFromBrowser } from "~/components/layout/RegionFromBrowser";
import { usePageLoadsScripts } from "~/browser/page-scripts";
import { getUser } from "~/services/auth.server";
import { listCategories } from "~/services/catalog.server";
import { webEnv } from "~/services/env.server";
import { getCounts, getShopper, NO_COUNTS } from "~/services/shopper.server";
import { logError } from "~/services/log.server";
import { regionWasChosen, requestRegion } from "~/services/times.server";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader(args: LoaderFunctionArgs) {
  const { context } = args;
  const shopper = getShopper(args);
  const flash = context.session.takeFlash();
  const [categories, counts] = await Promise.all([
    // The footer's categories must not take pages that need no catalogue down with the API.
    listCategories(context.api).catch((error: unknown) => {
      logError("No se pudieron cargar las categorías", error);
      return [];
    }),
    // SPEC.md section 4: the header's cart, favourites, compare and unread notification counts. A
    // visitor with no lists costs no call; an unreachable API shows none rather than taking the page down.
    getCounts(shopper).catch((error: unknown) => {
      if (error instanceof Response) throw error;
      logError("No se pudieron cargar los contadores", error);
      return NO_COUNTS;
    }),
  ]);
  // Read once the counts call is done: it refreshes a stale access token (a role changed, as on a
  // shop's approval, docs/decisions/0009), so this very page shows the role the API now holds.
  const user = getUser(args);
  // Only what the layout shows: never the tokens.
  const signedInUser = user ? { id: user.id, name: user.name, role: user.role } : null;
  // The counts are this shopper's: no shared cache may keep a page that shows them.
  const headers = new Headers(shopper.id ? { "Cache-Control": "private, no-store" } : {});
  // Only a signed-in page opens the real-time connection (the bell), so only it learns where the API is.
  const realtimeUrl = signedInUser ? webEnv.publicApiUrl : null;
  // The header marks the chosen flag (decision 0039).
  const region = requestRegion();
  const regionChosen = regionWasChosen();
  return data({ categories, flash, user: signedInUser, counts, realtimeUrl, region, regionChosen }, { headers });
}

/**
 * Defaults for every page; routes that set caching start from these (their parentHeaders). The
 * security headers are server.ts's (helmet), on every answer alike.
 */
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  // A shopper's page (their counts in the header) is never cached; see catalogPageHeaders.
  ...(loaderHeaders.has("Cache-Control") ? { "Cache-Control": loaderHeaders.get("Cache-Control")! } : {}),
});

/** Titles of the pages the root error boundary renders, and the fallback of pages without their own. */
export const meta: MetaFunction = ({ error }) => {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return [{ title: "¡Oops! Página no encontrada" }, { name: "robots", content: "noindex" }];
  }
  return [{ title: error ? "Algo salió mal | Mercado Pádel" : "Mercado Pádel" }];
};

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const flash = useFlashOfThisPage(rootData?.flash ?? null);
  const nonce = useNonce();
  const loadsScripts = usePageLoadsScripts();
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a0a0a" />
        <Meta />
        <Links />
        <InlineStylesheet />
      </head>
      <body className="flex min-h-screen flex-col bg-white text-ink antialiased">
        <a
          href="#contenido"
          className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-ball focus:px-4 focus:py-2 focus:font-bold focus:text-ink"
        >
          Saltar al contenido
        </a>
        <Header
          user={rootData?.user ?? null}
          cartCount={rootData?.counts.cart ?? 0}
          favoriteCount={rootData?.counts.wishlist ?? 0}
          compareCount={rootData?.counts.compare ?? 0}
          notificationCount={rootData?.counts.notifications ?? 0}
          realtimeUrl={rootData?.realtimeUrl ?? null}
          region={rootData?.region ?? "es"}
        />
        <main id="contenido" tabIndex={-1} className="flex-1 focus:outline-none">
          {flash ? <FlashMessage flash={flash} /> : null}
          {children}
        </main>
        <Footer categories={rootData?.categories ?? []} />
        {loadsScripts ? <PageScripts nonce={nonce} /> : null}
        {rootData && !rootData.regionChosen ? <RegionFromBrowser /> : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** The error page: a refusal the shopper can act on says what it is (refusal-pages.ts); anything else is "Algo salió mal". */
export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : null} />;
}
