import type { FastifyInstance } from "fastify";
import { FINDER_MESSAGES } from "#contract/racket-finder-fields";
import { racketFinderEndpoints as endpoints } from "#contract/racket-finder";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { findRackets, racketFit } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "racket-finder",
  description:
    "The racket finder (issue 36): rackets in stock ranked against a player's answers. Public: anyone may " +
    "call, none needs a token. Questions and shapes: `contract/racket-finder-fields.ts`, " +
    "`contract/racket-finder.ts`; the scoring, in one place: `contract/racket-finder-scoring.ts`. The " +
    "answers are query parameters, each optional: `nivel` (empiezo, intermedio, avanzado, competicion), " +
    "`frecuencia` (ocasional, semanal, frecuente), `juego` (control, equilibrio, potencia), `lado` " +
    "(derecha, reves, ambos), `codo` (no, si), `peso` (ligera, media, pesada) and `presupuesto` " +
    "(whole dollars, 1-1000000); a wrong one answers 400 with its Spanish message per field. A racket is " +
    "a product of a category with the `pala` spec sheet and its sheet filled in, in the store (as the " +
    "catalogue lists it), in stock and of a shop not on vacation.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  find: {
    summary: "Rackets ranked for a player's answers",
    description:
      "`{rackets, total, relax}`: the best 12 rackets that fit, each a product card with its `sizes`, its " +
      "`points` and up to three `reasons` (Spanish sentences, strongest first); `total` rackets fit in " +
      "all. A racket is ruled out by a level two steps away, a sore elbow (hard core or high balance), a " +
      "weight on the wrong side of 360 g or a price over the budget. When none fits, `relax` lists the " +
      "answers to change (`question`, `value`: the new answer or null to leave it unanswered, `message`, " +
      "`count` of rackets it would bring), most rackets first.",
  },
  fit: {
    summary: "How one racket fits a player's answers",
    description:
      "«¿Es esta tu pala?» on a racket's page: `{fit, label, pros, cons}`, `fit` one of ideal (within two " +
      "points of the best racket that fits), buena (at least half its points), floja, descartada (ruled " +
      "out: `cons` starts with why). 404 `Esta pala no está a la venta o no tiene su ficha de pala.` for a " +
      "product that is not a racket with its sheet filled in or not in the store.",
  },
} satisfies Record<string, RouteWords>;

/** The racket finder's page and the racket page's «¿Es esta tu pala?». */
export async function racketFinderRoutes(app: FastifyInstance, opts: { db: Db }) {
  documentModule(app, section);
  const { db } = opts;

  route(app, endpoints.find, words.find, (request) => findRackets(db, request.query));

  route(app, endpoints.fit, words.fit, async (request) => {
    const fit = await racketFit(db, request.params.slug, request.query);
    if (!fit) throw new HttpError(404, FINDER_MESSAGES.notARacket);
    return fit;
  });
}
