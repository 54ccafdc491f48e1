/**
 * What a refused request's page says, by status, written once: the root's error boundary shows it
 * for refusals Remix or a loader answers, and server.ts's plain page for the same refusal at the door.
 */
interface RefusalPage {
  title: string;
  message: string;
}

/** A method the store does not take, or a form sent to a page that receives none. */
export const METHOD_NOT_ALLOWED_PAGE: RefusalPage = {
  title: "Método no permitido",
  message: "Esta dirección no admite ese tipo de petición.",
};

export const REFUSAL_PAGES: Partial<Record<number, RefusalPage>> = {
  400: {
    title: "Petición no válida",
    message: "Lo que enviaste no se pudo leer. Vuelve a la página y envía el formulario de nuevo.",
  },
  403: { title: "Sin permiso", message: "No tienes permiso para ver esta página." },
  405: METHOD_NOT_ALLOWED_PAGE,
};

/** An address the store does not have, or a record that is not there (SPEC.md section 2). */
export const NOT_FOUND_PAGE: RefusalPage = {
  title: "¡Oops! Página no encontrada",
  message:
    "La página que buscas no existe o ha cambiado de dirección. Revisa el enlace o sigue comprando desde el inicio.",
};

/** Anything that is no refusal the shopper can act on. */
export const ERROR_PAGE: RefusalPage = {
  title: "Algo salió mal",
  message: "No pudimos cargar esta página. Intenta de nuevo en unos momentos.",
};

/** What an error page says for an answer's status (null: no answer, the page itself failed). */
export function errorPageOf(status: number | null): RefusalPage {
  if (status === 404) return NOT_FOUND_PAGE;
  return (status === null ? undefined : REFUSAL_PAGES[status]) ?? ERROR_PAGE;
}
