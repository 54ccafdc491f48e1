import type { FastifyPluginAsync } from "fastify";
import { mediaEndpoints as endpoints, type ImageWidth } from "#contract/media";
import type { Db } from "../../db/client.js";
import { openStoredFile } from "../../files/serve.js";
import type { FileStore } from "../../files/store.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { findImageVariant } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "media",
  description:
    "The store's images. Every uploaded image (profile pictures, categories, products, the seed's) is " +
    'decoded once and kept as WebP in three widths, 200, 400 and 800 px (docs/api/limits.md, "Images"); ' +
    "answers carry only its id. Shapes: `contract/media.ts`.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  image: {
    summary: "An image in one width",
    description:
      "`GET /images/{id}/{200|400|800}.webp`, public: the WebP bytes, `Cache-Control: public, " +
      "max-age=31536000, immutable` and a strong `ETag` (the bytes behind an id and width never change), " +
      "304 for a matching `If-None-Match`; 404 `Imagen no encontrada` otherwise. " +
      "`Cross-Origin-Resource-Policy: cross-origin`, unlike every other answer, so the web can show images " +
      "from its own origin.",
  },
} satisfies Record<string, RouteWords>;

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

/** The web shows these images from another origin (PUBLIC_API_URL): the app's same-origin CORP would block them. */
const IMAGE_HEADERS = { crossOriginResourcePolicy: { policy: "cross-origin" as const } };

const IMAGE_NOT_FOUND = "Imagen no encontrada";

export const mediaRoutes: FastifyPluginAsync<{ db: Db; files: FileStore }> = async (app, { db, files }) => {
  documentModule(app, section);
  route(app, endpoints.image, { ...words.image, helmet: IMAGE_HEADERS }, async (request, reply) => {
    const { id, file } = request.params;
    const width = Number.parseInt(file, 10) as ImageWidth;
    const variant = await findImageVariant(db, id, width);
    if (!variant) return reply.status(404).send({ message: IMAGE_NOT_FOUND });

    // Content is fixed per id and width, so the pair is a strong validator without hashing the bytes.
    const etag = `"${id}-${width}"`;
    // X-Content-Type-Options: nosniff comes with every answer (@fastify/helmet, app.ts).
    const cached = () => reply.header("cache-control", IMMUTABLE).header("etag", etag);
    if (matchesEtag(request.headers["if-none-match"], etag)) return cached().status(304).send();
    // Streamed from the file store (decision 0036): never read whole, never through the database.
    const stored = await openStoredFile(files, variant.fileKey, request.log);
    if (!stored) return reply.status(404).send({ message: IMAGE_NOT_FOUND });
    return cached().header("content-length", stored.sizeBytes).type("image/webp").send(stored.stream);
  });
};
