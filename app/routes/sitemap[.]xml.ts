import { buildSitemap } from "~/services/sitemap.server";

export async function loader() {
  try {
    return new Response(await buildSitemap(), {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });
  } catch (error) {
    // A partial sitemap would tell crawlers that pages were removed; ask them to come back instead.
    console.error("No se pudo generar el sitemap:", error);
    return new Response("Sitemap no disponible en este momento.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "600", "Cache-Control": "no-store" },
    });
  }
}
