import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { findImageVariant, type ImageWidth } from "./service.js";

const imageParams = z.object({
  id: z.string().uuid("Identificador de imagen no válido"),
  file: z.enum(["200.webp", "400.webp", "800.webp"], {
    errorMap: () => ({ message: "Tamaño de imagen no válido: use 200.webp, 400.webp o 800.webp" }),
  }),
});

/** The bytes behind an image id and width never change, so browsers and proxies may keep them for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** If-None-Match may list several tags, weak ones (W/"...") included, or be `*`. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

export const mediaRoutes: FastifyPluginAsync<{ db: Db }> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/images/:id/:file", { schema: { params: imageParams } }, async (request, reply) => {
    const { id, file } = request.params;
    const width = Number.parseInt(file, 10) as ImageWidth;
    const data = await findImageVariant(db, id, width);
    if (!data) return reply.status(404).send({ message: "Imagen no encontrada" });

    // Content is fixed per id and width, so the pair is a strong validator without hashing the bytes.
    const etag = `"${id}-${width}"`;
    reply.header("cache-control", IMMUTABLE).header("etag", etag).header("x-content-type-options", "nosniff");
    if (matchesEtag(request.headers["if-none-match"], etag)) return reply.status(304).send();
    return reply.type("image/webp").send(data);
  });
};
