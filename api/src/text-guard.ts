import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { INVALID_TEXT } from "#contract/messages";

/**
 * PostgreSQL cannot store or compare a NUL character (U+0000) in text: a query given one fails
 * (SQLSTATE 22021, or 22P05 in JSON), which used to answer 500. Every route refuses it up front
 * instead, in any path parameter, query value or body string (keys too), with 400 and the field.
 * The error handler maps those SQLSTATEs to 400 as well, for input that arrives some other way.
 */

/** A field's place in the input, built into a dotted path only for the field reported. */
interface Place {
  key: string;
  parent: Place | null;
}

const pathOf = (place: Place | null): string => {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join(".");
};

/** Where the first NUL is: a dotted path like `shippingInfo.name` (`""` for the whole value), or null. */
export function findNulCharacter(value: unknown): string | null {
  // A stack rather than recursion, and paths made only on a hit: a body nested 100,000 levels deep
  // must cost neither the call stack nor memory.
  const stack: [unknown, Place | null][] = [[value, null]];
  while (stack.length > 0) {
    const [current, place] = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes("\u0000")) return pathOf(place);
    } else if (Array.isArray(current)) {
      // Pushed last-first, so the first field in the input is the one named.
      for (let index = current.length - 1; index >= 0; index--)
        stack.push([current[index], { key: String(index), parent: place }]);
    } else if (current !== null && typeof current === "object") {
      const keys = Object.keys(current);
      const badKey = keys.find((key) => key.includes("\u0000"));
      if (badKey !== undefined) return pathOf({ key: badKey, parent: place });
      const object = current as Record<string, unknown>;
      for (let index = keys.length - 1; index >= 0; index--)
        stack.push([object[keys[index]!], { key: keys[index]!, parent: place }]);
    }
  }
  return null;
}

async function refuseNulCharacters(request: FastifyRequest, reply: FastifyReply) {
  for (const input of [request.params, request.query, request.body]) {
    const field = findNulCharacter(input);
    if (field !== null)
      return reply.status(400).send({ message: INVALID_TEXT, errors: [{ field, message: INVALID_TEXT }] });
  }
}

/** Before validation, on every route registered after it: a NUL anywhere in the input answers 400. */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook("preValidation", refuseNulCharacters);
}
