import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { NotFound } from "~/components/NotFound";
import { NO_SCRIPTS } from "~/browser/page-scripts";

/** Any address no other route claims answers 404 with the 404 page (not the error boundary, so it keeps its title). */
export function loader() {
  return data(null, { status: 404 });
}

/** Plain text, links and forms that post: scripts would add nothing here. */
export const handle = NO_SCRIPTS;

export const meta: MetaFunction = () => [
  { title: "¡Oops! Página no encontrada" },
  { name: "description", content: "La página que busca no existe en Mercado Pádel." },
  { name: "robots", content: "noindex" },
];

export default function NotFoundRoute() {
  return <NotFound />;
}
