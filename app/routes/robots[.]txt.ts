import { webEnv } from "~/services/env.server";

/** Crawlers may read the catalogue and content, never the account, cart or checkout screens. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /card",
    "Disallow: /cart",
    "Disallow: /shipping",
    "Disallow: /payment",
    "Disallow: /order",
    "",
    `Sitemap: ${new URL("/sitemap.xml", webEnv.publicWebUrl).href}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
