import { beforeAll, describe, expect, it } from "vitest";
import type { ErrorAnswer } from "#contract/http";
import type { FinderAnswer, RacketFitAnswer } from "#contract/racket-finder";
import type { RacketSpecs } from "#contract/catalog";
import { postgresAvailable } from "../support/postgres";
import { type Catalogue, insertCatalogue, insertProduct, insertShop, insertUser, useTestApi } from "./support";

/** The same answers on the embedded PGlite and on a real PostgreSQL (DESIGN.md section 1). */
const engines = postgresAvailable() ? (["PGlite", "PostgreSQL"] as const) : (["PGlite"] as const);

/** Issue 36: the racket finder's calls on the small catalogue plus rackets of this test's own. */
describe.each(engines)("buscador de palas en %s", (engine) => {
  const api = useTestApi({ engine });
  let catalogue: Catalogue;

  async function get<T>(url: string): Promise<{ status: number; body: T }> {
    const response = await api.app.inject({ method: "GET", url });
    return { status: response.statusCode, body: response.json() as T };
  }

  const SOFT_ROUND: RacketSpecs = {
    forma: "Redonda",
    peso: "345-360 g",
    balance: "Bajo",
    nucleo: "Foam",
    cara: "Fibra de vidrio",
    nivel: "Iniciación",
  };
  const TEARDROP: RacketSpecs = {
    forma: "Lágrima",
    peso: "355-370 g",
    balance: "Medio",
    nucleo: "EVA Soft",
    cara: "Carbono 3K",
    nivel: "Intermedio",
  };

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    const { centro, smash } = catalogue.shops;
    const palas = catalogue.categories.palas.id;
    const racket = (slug: string, values: Partial<Parameters<typeof insertProduct>[1]> = {}) =>
      insertProduct(api.db, {
        shopId: centro.id,
        categoryId: palas,
        name: `Pala ${slug}`,
        slug,
        brand: "Nox",
        price: 9000,
        color: "Azul",
        tag: "Control",
        stock: 4,
        specs: SOFT_ROUND,
        imageCount: 0,
        ...values,
      });
    await racket("pala-control-blanda");
    await racket("pala-lagrima-media", { shopId: smash.id, price: 15000, specs: TEARDROP, stock: 2 });
    // None of these is offered: sold out, a draft, a suspended shop's, a shop on vacation's, balls with a racket's sheet.
    await racket("pala-agotada", { stock: 0 });
    await racket("pala-borrador", { state: "borrador" });
    const suspended = await insertShop(api.db, {
      ownerId: (await insertUser(api.db, { role: "seller" })).id,
      name: "Tienda Suspendida",
      slug: "tienda-suspendida",
      status: "suspendida",
    });
    await racket("pala-de-tienda-suspendida", { shopId: suspended.id });
    const away = await insertShop(api.db, {
      ownerId: (await insertUser(api.db, { role: "seller" })).id,
      name: "Tienda de Vacaciones",
      slug: "tienda-de-vacaciones",
      vacationUntil: "2999-01-01",
    });
    await racket("pala-de-vacaciones", { shopId: away.id });
    await racket("pelotas-con-ficha", { categoryId: catalogue.categories.pelotas.id });
  });

  it("sin respuestas ofrece las palas en stock con su ficha, y nada más", async () => {
    const { status, body } = await get<FinderAnswer>("/home/racket-finder");
    expect(status).toBe(200);
    // The small catalogue's Vertex 04 has its sheet; its AT10 and Delta Pro have none, its Hack 03 is sold out.
    expect(body.rackets.map((racket) => racket.slug).sort()).toEqual([
      "pala-bullpadel-vertex-04",
      "pala-control-blanda",
      "pala-lagrima-media",
    ]);
    expect(body.total).toBe(3);
    expect(body.relax).toEqual([]);
  });

  it("un codo dolorido y el control llevan a la pala redonda y blanda, con sus razones", async () => {
    const { status, body } = await get<FinderAnswer>("/home/racket-finder?nivel=empiezo&juego=control&codo=si");
    expect(status).toBe(200);
    // The Vertex 04 (high balance) is ruled out by the elbow; the intermediate teardrop is one step up.
    expect(body.rackets.map((racket) => racket.slug)).toEqual(["pala-control-blanda", "pala-lagrima-media"]);
    const [best] = body.rackets;
    expect(best).toMatchObject({
      name: "Pala pala-control-blanda",
      salePrice: 9000,
      sizes: [],
      shopSlug: "centro-padel",
    });
    expect(best!.reasons).toEqual([
      "Forma redonda y balance bajo: más control",
      "Núcleo blando: menos vibración para tu codo",
      "Nivel Iniciación: pensada para jugadores como tú",
    ]);
    expect(best!.points).toBeGreaterThan(body.rackets[1]!.points);
  });

  it("cuando nada encaja dice qué respuesta relajar", async () => {
    // Heavy or in between (355-370 g): the Vertex 04 (200 US$) and the teardrop (150 US$); dropping the weight brings none under 50.
    const { body } = await get<FinderAnswer>("/home/racket-finder?presupuesto=50&peso=pesada");
    expect(body.rackets).toEqual([]);
    expect(body.total).toBe(0);
    expect(body.relax).toEqual([
      {
        question: "presupuesto",
        value: "150",
        message: "Sube tu presupuesto a 150 US$: encontrarías 1 pala.",
        count: 1,
      },
    ]);
  });

  it.each([
    ["presupuesto=abc", "presupuesto", "Escribe el presupuesto en dólares, un número entero entre 1 y 1.000.000."],
    ["presupuesto=0", "presupuesto", "Escribe el presupuesto en dólares, un número entero entre 1 y 1.000.000."],
    ["nivel=experto", "nivel", "Elige una de las opciones."],
    ["codo=si&codo=no", "codo", "Elige una de las opciones."],
  ])("?%s responde 400 con el mensaje de su pregunta", async (query, field, message) => {
    const { status, body } = await get<ErrorAnswer>(`/home/racket-finder?${query}`);
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ field, message }]);
  });

  it("«¿Es esta tu pala?» dice cómo encaja una pala y por qué", async () => {
    const ruledOut = await get<RacketFitAnswer>("/home/racket-finder/pala-bullpadel-vertex-04?codo=si&nivel=empiezo");
    expect(ruledOut.status).toBe(200);
    expect(ruledOut.body.fit).toBe("descartada");
    expect(ruledOut.body.label).toBe("No es la pala que buscas");
    expect(ruledOut.body.cons.slice(0, 2).sort()).toEqual(
      ["Balance alto: más carga para tu codo", "Nivel Avanzado: lejos de tu nivel"].sort(),
    );

    const ideal = await get<RacketFitAnswer>("/home/racket-finder/pala-control-blanda?nivel=empiezo&juego=control");
    expect(ideal.body).toMatchObject({ fit: "ideal", label: "Encaja muy bien contigo", cons: [] });
    expect(ideal.body.pros[0]).toBe("Forma redonda y balance bajo: más control");

    // A sold-out racket still has a page: it is judged all the same.
    const soldOut = await get<RacketFitAnswer>("/home/racket-finder/pala-agotada?juego=potencia");
    expect(soldOut.body.cons).toEqual(["Forma redonda: menos potencia en el remate"]);
  });

  it("responde 404 a lo que no es una pala con ficha en la tienda", async () => {
    for (const slug of ["pelotas-head-padel-pro", "pala-nox-at10-genius", "pala-borrador", "no-existe"]) {
      const { status, body } = await get<ErrorAnswer>(`/home/racket-finder/${slug}?nivel=empiezo`);
      expect(status, slug).toBe(404);
      expect(body.message).toBe("Esta pala no está a la venta o no tiene su ficha de pala.");
    }
  });
});
