import { METHOD_NOT_ALLOWED_PAGE } from "./refusal-pages";

/**
 * The Spanish page server.ts answers itself, before Remix runs: a request refused at the door (too
 * large, from another site, an unknown method) or a failure of the server itself. No script, no
 * external file: it must render whatever else is broken.
 */
export interface PlainPage {
  status: number;
  title: string;
  message: string;
}

export const PLAIN_PAGES = {
  tooLarge: {
    status: 413,
    title: "Contenido demasiado grande",
    message:
      "Lo que enviaste es más grande de lo que admite este formulario. Vuelve atrás e inténtalo con menos datos o un archivo más pequeño.",
  },
  crossSite: {
    status: 403,
    title: "Petición rechazada",
    message:
      "Por tu seguridad, no aceptamos formularios enviados desde otro sitio. Vuelve a la tienda e inténtalo desde allí.",
  },
  methodNotAllowed: { status: 405, ...METHOD_NOT_ALLOWED_PAGE },
  failure: {
    status: 500,
    title: "Algo salió mal",
    message: "No pudimos atender tu petición. Intenta de nuevo en unos momentos.",
  },
} satisfies Record<string, PlainPage>;

const escape = (text: string) => text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);

export function plainPageHtml({ title, message }: PlainPage): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(
    title,
  )} | Mercado Pádel</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:4rem 1rem;color:#0a0a0a;text-align:center}main{max-width:36rem;margin:auto}a{color:#0a0a0a;font-weight:600}</style></head>
<body><main><h1>${escape(title)}</h1><p>${escape(
    message,
  )}</p><p><a href="/">Volver al inicio</a></p></main></body></html>`;
}
