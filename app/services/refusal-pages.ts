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
