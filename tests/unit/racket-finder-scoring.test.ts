import { describe, expect, it } from "vitest";
import type { RacketSpecs } from "#contract/catalog";
import type { FinderAnswers } from "#contract/racket-finder-fields";
import {
  fitLevel,
  racketTraits,
  rankRackets,
  relaxHints,
  scoreRacket,
  type FinderRacket,
} from "#contract/racket-finder-scoring";

/** Issue 36: the finder's scoring pinned on hand-made rackets and players. */

const sheet = (specs: RacketSpecs) => specs;
const CONTROL = sheet({
  forma: "Redonda",
  peso: "345-360 g",
  balance: "Bajo",
  nucleo: "EVA Soft",
  cara: "Fibra de vidrio",
  nivel: "Iniciación",
});
const ALL_ROUND = sheet({
  forma: "Lágrima",
  peso: "355-370 g",
  balance: "Medio",
  nucleo: "EVA",
  cara: "Fibra de vidrio y carbono",
  nivel: "Intermedio",
});
const POWER = sheet({
  forma: "Diamante",
  peso: "365-380 g",
  balance: "Alto",
  nucleo: "Black EVA",
  cara: "Carbono 18K",
  nivel: "Profesional",
});
const ADVANCED_TEARDROP = sheet({
  forma: "Lágrima",
  peso: "360-375 g",
  balance: "Medio",
  nucleo: "EVA Hard",
  cara: "Carbono 12K",
  nivel: "Avanzado",
});

interface Named extends FinderRacket {
  name: string;
}
const racket = (name: string, specs: RacketSpecs, dollars: number): Named => ({
  name,
  traits: racketTraits(specs),
  salePrice: dollars * 100,
});
const SHOP = [
  racket("Potencia", POWER, 300),
  racket("Polivalente", ALL_ROUND, 150),
  racket("Control", CONTROL, 80),
  racket("Lágrima avanzada", ADVANCED_TEARDROP, 220),
];
const names = (answers: FinderAnswers) => rankRackets(answers, SHOP).map(({ racket }) => racket.name);

describe("racketTraits", () => {
  it("lee la ficha de pala como la rellena el vendedor", () => {
    expect(racketTraits(POWER)).toEqual({
      forma: "Diamante",
      balance: "Alto",
      peso: { min: 365, max: 380, label: "365-380 g" },
      dureza: "duro",
      cara: "carbono",
      nivel: 3,
      nivelLabel: "Profesional",
    });
    expect(racketTraits(ALL_ROUND)).toMatchObject({ dureza: "medio", cara: "mixta", nivel: 1 });
    expect(racketTraits(CONTROL)).toMatchObject({ dureza: "blando", cara: "vidrio", nivel: 0 });
  });

  it("deja fuera lo que falta o no conoce, sin romperse", () => {
    expect(racketTraits(null)).toEqual({});
    expect(racketTraits({ forma: "Cuadrada", peso: "ligera", nivel: "Leyenda" })).toEqual({
      forma: undefined,
      balance: undefined,
      peso: undefined,
      dureza: undefined,
      cara: undefined,
      nivel: undefined,
      nivelLabel: undefined,
    });
  });
});

describe("scoreRacket", () => {
  it("sin respuestas no cuenta nada ni descarta nada", () => {
    for (const candidate of SHOP)
      expect(scoreRacket({}, candidate)).toEqual({ points: 0, pros: [], cons: [], excludedBy: [] });
  });

  it("un principiante con el codo dolorido que busca control: la redonda y blanda, por sus razones", () => {
    const answers: FinderAnswers = { nivel: "empiezo", juego: "control", codo: "si", frecuencia: "ocasional" };
    const score = scoreRacket(answers, SHOP[2]!);
    // Shape and balance 4, soft core 4, level 3, elbow's balance 3 (round too), light for the arm 2, glass face 1.
    expect(score.points).toBe(17);
    expect(score.pros).toEqual([
      "Forma redonda y balance bajo: más control",
      "Núcleo blando: menos vibración para tu codo",
      "Nivel Iniciación: pensada para jugadores como tú",
    ]);
    expect(score.excludedBy).toEqual([]);
  });

  it("un codo dolorido descarta el núcleo duro y el balance alto, y dice por qué", () => {
    const score = scoreRacket({ codo: "si" }, SHOP[0]!);
    expect(score.excludedBy).toEqual(["codo", "codo"]);
    expect(score.cons).toEqual([
      "Núcleo duro: más vibración para tu codo",
      "Balance alto: más carga para tu codo",
      "Pesada (365-380 g): más carga para tu brazo",
    ]);
    expect(scoreRacket({ codo: "no" }, SHOP[0]!).excludedBy).toEqual([]);
  });

  it("el nivel: el propio suma, uno por debajo algo, uno por encima resta y dos descartan", () => {
    const level = (nivel: FinderAnswers["nivel"], frecuencia?: FinderAnswers["frecuencia"]) =>
      scoreRacket({ nivel, frecuencia }, SHOP[3]!);
    expect(level("avanzado").points).toBe(4); // 3 for its level, 1 for the carbon face
    expect(level("competicion").pros[0]).toBe("Nivel Avanzado: fácil de manejar para tu juego");
    expect(level("intermedio").cons).toEqual(["Nivel Avanzado: exigente para tu nivel"]);
    // Who plays three times a week or more may take the step up.
    expect(level("intermedio", "frecuente").pros).toContain("Nivel Avanzado: un paso más, para quien juega a menudo");
    expect(level("empiezo").excludedBy).toEqual(["nivel"]);
  });

  it("la potencia pide diamante y balance alto; desde el revés, el balance alto suma", () => {
    const answers: FinderAnswers = { juego: "potencia", lado: "reves", nivel: "competicion", frecuencia: "frecuente" };
    expect(scoreRacket(answers, SHOP[0]!).pros).toEqual([
      "Forma de diamante y balance alto: más potencia en el remate",
      "Nivel Profesional: pensada para jugadores como tú",
      "Núcleo duro: más respuesta, y aguanta si juegas a menudo",
    ]);
    expect(scoreRacket(answers, SHOP[2]!).cons).toContain("Forma redonda: menos potencia en el remate");
  });

  it("el peso: el lado equivocado de 360 g descarta; el medio suma a lo que queda en medio", () => {
    expect(scoreRacket({ peso: "ligera" }, SHOP[0]!).excludedBy).toEqual(["peso"]);
    expect(scoreRacket({ peso: "pesada" }, SHOP[2]!).excludedBy).toEqual(["peso"]);
    expect(scoreRacket({ peso: "ligera" }, SHOP[2]!).pros).toEqual(["Ligera (345-360 g), como la prefieres"]);
    // 355-370 g is neither light nor heavy: no preference rules it out.
    expect(scoreRacket({ peso: "ligera" }, SHOP[1]!).excludedBy).toEqual([]);
    expect(scoreRacket({ peso: "media" }, SHOP[1]!).points).toBe(2);
    expect(scoreRacket({ peso: "media" }, SHOP[0]!).points).toBe(-1);
  });

  it("el presupuesto descarta lo que cuesta más, al céntimo", () => {
    expect(scoreRacket({ presupuesto: 80 }, SHOP[2]!).excludedBy).toEqual([]);
    expect(scoreRacket({ presupuesto: 79 }, SHOP[2]!)).toMatchObject({
      excludedBy: ["presupuesto"],
      cons: ["Su precio pasa de tu presupuesto"],
    });
  });
});

describe("rankRackets", () => {
  it("ordena por puntos, luego por precio, luego como llegan", () => {
    expect(names({ juego: "control" })).toEqual(["Control", "Polivalente", "Lágrima avanzada", "Potencia"]);
    expect(names({ juego: "equilibrio" })).toEqual(["Polivalente", "Lágrima avanzada", "Control", "Potencia"]);
    expect(names({ juego: "potencia", nivel: "avanzado" })).toEqual(["Lágrima avanzada", "Potencia", "Polivalente"]);
    // No answer: everything, cheapest first.
    expect(names({})).toEqual(["Control", "Polivalente", "Lágrima avanzada", "Potencia"]);
  });

  it("un codo dolorido deja las palas blandas, ligeras, redondas y de balance bajo arriba", () => {
    expect(names({ codo: "si" })).toEqual(["Control", "Polivalente"]);
  });
});

describe("relaxHints", () => {
  it("cuando nada encaja, propone la respuesta que más palas trae y el presupuesto que haría falta", () => {
    // Without the level the round racket fits; without the elbow or the budget, none would.
    const answers: FinderAnswers = { nivel: "competicion", codo: "si", presupuesto: 100 };
    expect(names(answers)).toEqual([]);
    expect(relaxHints(answers, SHOP)).toEqual([
      {
        question: "nivel",
        value: null,
        message: "Deja sin responder «¿Cuál es tu nivel?»: encontrarías 1 pala.",
        count: 1,
      },
    ]);
    expect(relaxHints({ nivel: "empiezo", presupuesto: 50 }, SHOP)).toEqual([
      {
        question: "presupuesto",
        value: "80",
        message: "Sube tu presupuesto a 80 US$: encontrarías 1 pala.",
        count: 1,
      },
    ]);
  });

  it("no propone nada que no traiga ninguna pala", () => {
    // Each of the three answers empties the list with either other one.
    expect(relaxHints({ nivel: "competicion", codo: "si", presupuesto: 10 }, SHOP)).toEqual([]);
  });
});

describe("fitLevel", () => {
  it("descartada, ideal cerca de la mejor, buena a la mitad, floja por debajo", () => {
    const score = (points: number, excludedBy: ("codo" | "nivel")[] = []) => ({
      points,
      pros: [],
      cons: [],
      excludedBy,
    });
    expect(fitLevel(score(10, ["codo"]), 10)).toBe("descartada");
    expect(fitLevel(score(8), 10)).toBe("ideal");
    expect(fitLevel(score(5), 10)).toBe("buena");
    expect(fitLevel(score(4), 10)).toBe("floja");
  });
});
