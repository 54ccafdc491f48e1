import type { FastifyInstance } from "fastify";
import { imageUrlOf } from "#contract/media";

const IMAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isImageId = (value: unknown): value is string => typeof value === "string" && IMAGE_ID.test(value);

/**
 * Beside every `image` (an image id or null) an `imageUrl`, and beside every `images` (a list of
 * ids) an `imageUrls`, anywhere in an answer (issue 32). The contract's answers declare both fields
 * where they carry images, so the serializer keeps them there and drops them anywhere else.
 */
export function withImageUrls(value: unknown, publicApiUrl: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withImageUrls(item, publicApiUrl));
  if (value === null || typeof value !== "object" || value instanceof Date || Buffer.isBuffer(value)) return value;
  const answer: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) answer[key] = withImageUrls(item, publicApiUrl);
  if ("image" in answer && !("imageUrl" in answer) && (answer.image === null || isImageId(answer.image)))
    answer.imageUrl = answer.image === null ? null : imageUrlOf(publicApiUrl, answer.image);
  if ("images" in answer && !("imageUrls" in answer) && Array.isArray(answer.images) && answer.images.every(isImageId))
    answer.imageUrls = answer.images.map((id) => imageUrlOf(publicApiUrl, id));
  return answer;
}

/** Adds the addresses to every JSON answer before it is serialized. */
export function registerImageUrls(app: FastifyInstance, publicApiUrl: string): void {
  app.addHook("preSerialization", async (_request, _reply, payload) => withImageUrls(payload, publicApiUrl));
}
