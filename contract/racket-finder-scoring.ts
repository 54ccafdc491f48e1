import { FINDER_QUESTIONS, type FinderAnswers, type FinderQuestion, type FitLevel } from "./racket-finder-fields";

/**
 * The racket finder's scoring (issue 36), written down in this one place: pure functions from a
 * racket's spec sheet (contract/spec-sheet-fields.ts, «Ficha de pala») and a player's answers to
 * points, the reasons for them and the answers that rule a racket out. The API ranks the catalogue
 * with it (api/src/modules/racket-finder); tests/unit/racket-finder-scoring.test.ts pins it.
 *
 * Each criterion gives points for (or against) a racket and at most one sentence saying why; a
 * racket's reasons are its best-scoring sentences; for a sore elbow the core weighs most. Only four answers rule a racket out: a level two
 * steps away, a sore elbow (hard core or high balance), a weight on the wrong side of 360 g and
 * the budget. An unanswered question counts neither way.
 */

export type Hardness = "blando" | "medio" | "duro";
export type Face = "vidrio" | "mixta" | "carbono";

/** What the scoring reads from a racket's sheet; a field the seller left out is undefined. */
export interface RacketTraits {
  forma?: "Redonda" | "Lágrima" | "Diamante" | "Híbrida";
  balance?: "Bajo" | "Medio" | "Alto";
  /** Grams, as the sheet gives a range («355-370 g»). */
  peso?: { min: number; max: number; label: string };
  dureza?: Hardness;
  cara?: Face;
  /** 0 Iniciación … 3 Profesional. */
  nivel?: number;
  /** The sheet's level as written, for the reasons. */
  nivelLabel?: string;
}

/** A racket as the finder weighs it: its traits and its price after discount (cents). */
export interface FinderRacket {
  traits: RacketTraits;
  salePrice: number;
}

const SHAPES = ["Redonda", "Lágrima", "Diamante", "Híbrida"] as const;
const BALANCES = ["Bajo", "Medio", "Alto"] as const;
const RACKET_LEVELS = ["Iniciación", "Intermedio", "Avanzado", "Profesional"];
const PLAYER_LEVELS = FINDER_QUESTIONS.nivel.options.map((option) => option.value);
/** The sheet's cores (spec-sheet-fields.ts), by how much they give. */
const HARDNESS: Record<string, Hardness> = {
  Foam: "blando",
  "EVA Soft": "blando",
  EVA: "medio",
  "EVA Hard": "duro",
  "Black EVA": "duro",
};
/** Where a light racket ends and a heavy one starts. */
const WEIGHT_LINE = 360;

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** A filled-in «Ficha de pala» as the scoring reads it; values it does not know are left out. */
export function racketTraits(specs: Record<string, string> | null | undefined): RacketTraits {
  if (!specs) return {};
  const weight = /^(\d{3})-(\d{3}) g$/.exec(specs.peso ?? "");
  const level = RACKET_LEVELS.indexOf(specs.nivel ?? "");
  const face = specs.cara ?? "";
  return {
    forma: oneOf(SHAPES, specs.forma),
    balance: oneOf(BALANCES, specs.balance),
    peso: weight ? { min: Number(weight[1]), max: Number(weight[2]), label: specs.peso! } : undefined,
    dureza: HARDNESS[specs.nucleo ?? ""],
    cara: face.startsWith("Carbono") ? "carbono" : face.includes("carbono") ? "mixta" : face ? "vidrio" : undefined,
    nivel: level >= 0 ? level : undefined,
    nivelLabel: level >= 0 ? specs.nivel : undefined,
  };
}

/** One criterion's verdict on a racket. */
interface Judgement {
  points: number;
  reason?: string;
  /** The answer that rules the racket out. */
  excludedBy?: FinderQuestion;
}

const NOTHING: Judgement = { points: 0 };

function levelJudgement(answers: FinderAnswers, traits: RacketTraits): Judgement {
  if (answers.nivel === undefined || traits.nivel === undefined) return NOTHING;
  const step = traits.nivel - PLAYER_LEVELS.indexOf(answers.nivel);
  const level = traits.nivelLabel;
  if (step === 0) return { points: 3, reason: `Nivel ${level}: pensada para jugadores como tú` };
  if (step === -1) return { points: 1, reason: `Nivel ${level}: fácil de manejar para tu juego` };
  if (step === 1 && answers.frecuencia === "frecuente")
    return { points: 1, reason: `Nivel ${level}: un paso más, para quien juega a menudo` };
  if (step === 1) return { points: -2, reason: `Nivel ${level}: exigente para tu nivel` };
  return { points: -3, reason: `Nivel ${level}: lejos de tu nivel`, excludedBy: "nivel" };
}

/** What the player wants against the racket's shape and balance: the two that set control or power. */
function playJudgement(answers: FinderAnswers, { forma, balance }: RacketTraits): Judgement {
  if (answers.juego === undefined || forma === undefined) return NOTHING;
  const teardrop = forma === "Lágrima" || forma === "Híbrida";
  const shapeName = { Redonda: "redonda", Lágrima: "de lágrima", Diamante: "de diamante", Híbrida: "híbrida" }[forma];
  switch (answers.juego) {
    case "control":
      if (forma === "Redonda" && balance === "Bajo")
        return { points: 4, reason: "Forma redonda y balance bajo: más control" };
      if (forma === "Redonda") return { points: 3, reason: "Forma redonda: punto dulce amplio y más control" };
      if (teardrop)
        return {
          points: balance === "Alto" ? 0 : 1,
          reason: `Forma ${shapeName}: control sin renunciar a la potencia`,
        };
      return { points: -2, reason: "Forma de diamante: menos control" };
    case "potencia":
      if (forma === "Diamante" && balance === "Alto")
        return { points: 4, reason: "Forma de diamante y balance alto: más potencia en el remate" };
      if (forma === "Diamante") return { points: 3, reason: "Forma de diamante: más potencia en el remate" };
      if (teardrop)
        return { points: balance === "Bajo" ? 0 : 1, reason: `Forma ${shapeName}: potencia sin perder control` };
      return { points: -2, reason: "Forma redonda: menos potencia en el remate" };
    case "equilibrio":
      if (teardrop && balance === "Medio")
        return { points: 4, reason: `Forma ${shapeName} y balance medio: equilibrio entre control y potencia` };
      if (teardrop) return { points: 3, reason: `Forma ${shapeName}: equilibrio entre control y potencia` };
      return { points: 0 };
  }
}

function sideJudgement(answers: FinderAnswers, { balance }: RacketTraits): Judgement {
  if (balance === undefined) return NOTHING;
  if (answers.lado === "reves" && balance === "Alto")
    return { points: 1, reason: "Balance alto: remates más fuertes desde el revés" };
  if (answers.lado === "derecha" && balance !== "Alto")
    return {
      points: 1,
      reason: `Balance ${balance.toLowerCase()}: manejable para construir el punto desde la derecha`,
    };
  return NOTHING;
}

/** A sore elbow wants a low balance and a round head; a high balance is ruled out. */
function elbowBalanceJudgement(answers: FinderAnswers, { balance, forma }: RacketTraits): Judgement {
  if (answers.codo !== "si") return NOTHING;
  if (balance === "Alto") return { points: -3, reason: "Balance alto: más carga para tu codo", excludedBy: "codo" };
  if (balance === "Bajo")
    return { points: forma === "Redonda" ? 3 : 2, reason: "Balance bajo: menos palanca sobre tu brazo" };
  return NOTHING;
}

/** The core: soft for a sore elbow (a hard one is ruled out) and for the occasional player, hard for the keen one. */
function coreJudgement(answers: FinderAnswers, { dureza }: RacketTraits): Judgement {
  if (dureza === undefined) return NOTHING;
  if (answers.codo === "si") {
    if (dureza === "duro") return { points: -3, reason: "Núcleo duro: más vibración para tu codo", excludedBy: "codo" };
    if (dureza === "blando") return { points: 4, reason: "Núcleo blando: menos vibración para tu codo" };
  }
  if (answers.frecuencia === "ocasional" || answers.nivel === "empiezo") {
    if (dureza === "blando") return { points: 1, reason: "Núcleo blando: salida de bola fácil y perdona más" };
    if (dureza === "duro") return { points: -1, reason: "Núcleo duro: pide más fuerza para sacar la bola" };
  }
  if (answers.frecuencia === "frecuente" && dureza === "duro")
    return { points: 1, reason: "Núcleo duro: más respuesta, y aguanta si juegas a menudo" };
  return NOTHING;
}

/** The weight against the preference (the wrong side of 360 g is ruled out) and a sore elbow. */
function weightJudgement(answers: FinderAnswers, { peso }: RacketTraits): Judgement {
  if (peso === undefined) return NOTHING;
  const light = peso.max <= WEIGHT_LINE;
  const heavy = peso.min >= WEIGHT_LINE;
  const elbow = answers.codo === "si";
  if (answers.peso === "ligera" && heavy)
    return { points: -3, reason: `${peso.label}: más pesada de lo que prefieres`, excludedBy: "peso" };
  if (answers.peso === "pesada" && light)
    return { points: -3, reason: `${peso.label}: más ligera de lo que prefieres`, excludedBy: "peso" };
  if (elbow && light)
    return { points: answers.peso === "ligera" ? 4 : 2, reason: `Ligera (${peso.label}): menos carga para tu brazo` };
  if (elbow && peso.min >= 365) return { points: -2, reason: `Pesada (${peso.label}): más carga para tu brazo` };
  if (answers.peso === "ligera" && light) return { points: 2, reason: `Ligera (${peso.label}), como la prefieres` };
  if (answers.peso === "pesada" && heavy) return { points: 2, reason: `${peso.label}: con el peso que prefieres` };
  if (answers.peso === "media") {
    const middle = (peso.min + peso.max) / 2;
    return middle >= 357.5 && middle <= 367.5
      ? { points: 2, reason: `Peso medio (${peso.label}), como lo prefieres` }
      : { points: -1, reason: `${peso.label}: fuera del peso medio que prefieres` };
  }
  return NOTHING;
}

function faceJudgement(answers: FinderAnswers, { cara }: RacketTraits): Judgement {
  if (answers.nivel === undefined || cara === undefined) return NOTHING;
  const learning = answers.nivel === "empiezo" || answers.nivel === "intermedio";
  if (learning && cara === "vidrio")
    return { points: 1, reason: "Cara de fibra de vidrio: más salida de bola con menos esfuerzo" };
  if (!learning && cara === "carbono") return { points: 1, reason: "Cara de carbono: más precisión y respuesta" };
  return NOTHING;
}

function budgetJudgement(answers: FinderAnswers, racket: FinderRacket): Judgement {
  return answers.presupuesto !== undefined && racket.salePrice > answers.presupuesto * 100
    ? { points: 0, reason: "Su precio pasa de tu presupuesto", excludedBy: "presupuesto" }
    : NOTHING;
}

/** In the order that breaks ties between reasons of equal points: the first says it. */
const CRITERIA = [
  levelJudgement,
  playJudgement,
  coreJudgement,
  elbowBalanceJudgement,
  weightJudgement,
  sideJudgement,
  faceJudgement,
] as const;

/** How many reasons a result gives, at most. */
export const REASONS_SHOWN = 3;

export interface RacketScore {
  points: number;
  /** What speaks for it, strongest first, at most REASONS_SHOWN. */
  pros: string[];
  /** What speaks against it, strongest first. */
  cons: string[];
  /** The answers that rule it out; empty when it fits. */
  excludedBy: FinderQuestion[];
}

/** A racket against the answers. */
export function scoreRacket(answers: FinderAnswers, racket: FinderRacket): RacketScore {
  const judgements = [
    ...CRITERIA.map((criterion) => criterion(answers, racket.traits)),
    budgetJudgement(answers, racket),
  ];
  // Stable sorts: on equal points the criteria's order (level first) decides.
  const pros = judgements.filter((judgement) => judgement.points > 0).sort((a, b) => b.points - a.points);
  const cons = judgements
    .filter((judgement) => judgement.points < 0 || judgement.excludedBy)
    .sort((a, b) => Number(Boolean(b.excludedBy)) - Number(Boolean(a.excludedBy)) || a.points - b.points);
  return {
    points: judgements.reduce((sum, judgement) => sum + judgement.points, 0),
    pros: pros.flatMap((judgement) => judgement.reason ?? []).slice(0, REASONS_SHOWN),
    cons: cons.flatMap((judgement) => judgement.reason ?? []),
    excludedBy: judgements.flatMap((judgement) => judgement.excludedBy ?? []),
  };
}

export interface Ranked<R> {
  racket: R;
  score: RacketScore;
}

/**
 * The rackets that fit, best first: most points, then the cheaper, then in the order given (the
 * caller's stable order, by name), so the same answers always give the same list.
 */
export function rankRackets<R extends FinderRacket>(answers: FinderAnswers, rackets: readonly R[]): Ranked<R>[] {
  return rackets
    .map((racket) => ({ racket, score: scoreRacket(answers, racket) }))
    .filter(({ score }) => score.excludedBy.length === 0)
    .sort((a, b) => b.score.points - a.score.points || a.racket.salePrice - b.racket.salePrice);
}

/** One answer to relax when nothing fits, and what it would bring. */
export interface RelaxHint {
  question: FinderQuestion;
  /** The answer to give instead; null: leave the question unanswered. */
  value: string | null;
  message: string;
  /** Rackets that would fit. */
  count: number;
}

const rackets = (count: number) => (count === 1 ? "1 pala" : `${count} palas`);

/**
 * When no racket fits: for each answer that rules rackets out, how many would fit without it (for
 * the budget, the budget that would let the cheapest of them in). Most rackets first; an answer
 * whose relaxing brings none is not offered.
 */
export function relaxHints(answers: FinderAnswers, pool: readonly FinderRacket[]): RelaxHint[] {
  const hints: RelaxHint[] = [];
  for (const question of ["nivel", "peso", "presupuesto", "codo"] as const) {
    if (answers[question] === undefined) continue;
    const relaxed: FinderAnswers = { ...answers, [question]: undefined };
    const fitting = pool.filter((racket) => scoreRacket(relaxed, racket).excludedBy.length === 0);
    if (fitting.length === 0) continue;
    if (question === "presupuesto") {
      const budget = Math.ceil(Math.min(...fitting.map((racket) => racket.salePrice)) / 100);
      const count = fitting.filter((racket) => racket.salePrice <= budget * 100).length;
      hints.push({
        question,
        value: String(budget),
        message: `Sube tu presupuesto a ${budget} US$: encontrarías ${rackets(count)}.`,
        count,
      });
    } else {
      const legend = FINDER_QUESTIONS[question].legend;
      hints.push({
        question,
        value: null,
        message: `Deja sin responder «${legend}»: encontrarías ${rackets(fitting.length)}.`,
        count: fitting.length,
      });
    }
  }
  return hints.sort((a, b) => b.count - a.count);
}

/**
 * How a racket fits, for «¿Es esta tu pala?»: ruled out; close to the best that fits (within two
 * points of the top); at least half the top; or below that.
 */
export function fitLevel(score: RacketScore, topPoints: number): FitLevel {
  if (score.excludedBy.length > 0) return "descartada";
  if (score.points >= topPoints - 2) return "ideal";
  if (score.points * 2 >= topPoints) return "buena";
  return "floja";
}
