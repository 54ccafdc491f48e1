// Apart from racket-finder.ts and without zod, so the finder's page and the product page's
// «¿Es esta tu pala?» draw the questions without loading the schema library.

/**
 * The racket finder's questions (issue 36), in the order the form asks them. Each answer is a
 * query parameter of /racket-finder and of the API's call, so a result can be shared and kept.
 */
export const FINDER_QUESTIONS = {
  nivel: {
    legend: "¿Cuál es tu nivel?",
    options: [
      { value: "empiezo", label: "Empiezo" },
      { value: "intermedio", label: "Intermedio" },
      { value: "avanzado", label: "Avanzado" },
      { value: "competicion", label: "Competición" },
    ],
  },
  frecuencia: {
    legend: "¿Cuánto juegas?",
    options: [
      { value: "ocasional", label: "De vez en cuando" },
      { value: "semanal", label: "Una o dos veces por semana" },
      { value: "frecuente", label: "Tres veces por semana o más" },
    ],
  },
  juego: {
    legend: "¿Qué buscas en tu pala?",
    options: [
      { value: "control", label: "Control" },
      { value: "equilibrio", label: "Equilibrio" },
      { value: "potencia", label: "Potencia" },
    ],
  },
  lado: {
    legend: "¿En qué lado de la pista juegas?",
    options: [
      { value: "derecha", label: "Derecha (drive)" },
      { value: "reves", label: "Revés" },
      { value: "ambos", label: "En los dos" },
    ],
  },
  codo: {
    legend: "¿Tienes molestias en el brazo o el codo?",
    options: [
      { value: "no", label: "No" },
      { value: "si", label: "Sí" },
    ],
  },
  peso: {
    legend: "¿Cómo prefieres el peso?",
    options: [
      { value: "ligera", label: "Ligera (hasta 360 g)" },
      { value: "media", label: "Media (355-370 g)" },
      { value: "pesada", label: "Pesada (desde 360 g)" },
    ],
  },
} as const;

export type FinderChoiceQuestion = keyof typeof FINDER_QUESTIONS;
export const FINDER_CHOICE_QUESTIONS = Object.keys(FINDER_QUESTIONS) as FinderChoiceQuestion[];
export type FinderChoice<Q extends FinderChoiceQuestion> = (typeof FINDER_QUESTIONS)[Q]["options"][number]["value"];

/** The last question: a budget in whole dollars, typed. */
export const BUDGET_QUESTION = {
  legend: "¿Cuál es tu presupuesto?",
  label: "Hasta (US$)",
  hint: "En dólares, sin decimales. Déjalo vacío si no tienes un límite.",
} as const;
/** A budget above the dearest price anyone may set (limits.ts MAX_PRICE_CENTS) filters nothing. */
export const MAX_BUDGET_DOLLARS = 1_000_000;

/** What the form offers to leave a question unanswered (an empty value). */
export const NO_PREFERENCE = "Sin preferencia";

/** Every answer is optional: a question left unanswered does not count for or against a racket. */
export interface FinderAnswers {
  nivel?: FinderChoice<"nivel">;
  frecuencia?: FinderChoice<"frecuencia">;
  juego?: FinderChoice<"juego">;
  lado?: FinderChoice<"lado">;
  codo?: FinderChoice<"codo">;
  peso?: FinderChoice<"peso">;
  /** Whole dollars. */
  presupuesto?: number;
}
export type FinderQuestion = keyof FinderAnswers;
export const FINDER_QUESTION_ORDER: readonly FinderQuestion[] = [...FINDER_CHOICE_QUESTIONS, "presupuesto"];

export const FINDER_MESSAGES = {
  choiceInvalid: "Elige una de las opciones.",
  budgetInvalid: "Escribe el presupuesto en dólares, un número entero entre 1 y 1.000.000.",
  notARacket: "Esta pala no está a la venta o no tiene su ficha de pala.",
  nothingFits: "Ninguna pala encaja con todas tus respuestas.",
  noSingleRelax: "Prueba a dejar alguna pregunta sin responder: ninguna respuesta cambiada por sí sola trae una pala.",
} as const;

/** How a racket fits the answers, best first: what «¿Es esta tu pala?» says. */
export const FIT_LABELS = {
  ideal: "Encaja muy bien contigo",
  buena: "Encaja bien contigo",
  floja: "Hay palas que encajan mejor contigo",
  descartada: "No es la pala que buscas",
} as const;
export type FitLevel = keyof typeof FIT_LABELS;

/** The answers as the query string of /racket-finder (and of the API's call): no empty ones, in the form's order. */
export function finderSearch(answers: FinderAnswers): URLSearchParams {
  const search = new URLSearchParams();
  for (const question of FINDER_QUESTION_ORDER) {
    const value = answers[question];
    if (value !== undefined) search.set(question, String(value));
  }
  return search;
}
