import { z, type ZodTypeAny } from "zod";

/**
 * One API call as both halves know it: the API registers its route from this (validation, the
 * answer's shape, the OpenAPI document) and the web calls it through the typed client, so a path,
 * a field or an answer is written once.
 */
export interface Endpoint {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Fastify's spelling: `:name` is a path parameter (SPEC.md section 7's paths, spellings included). */
  path: string;
  params?: ZodTypeAny;
  query?: ZodTypeAny;
  body?: ZodTypeAny;
  /** The body is multipart/form-data (files); its parts are read and checked by the route itself. */
  multipart?: true;
  /** The answer of a success: nothing the schema does not name leaves the API. */
  answer: ZodTypeAny;
  /** The success statuses the answer comes with; 200 unless said. */
  statuses?: readonly number[];
  /** How long the web waits for this call when it may take longer than most (SPEC.md section 9: 60 s for product add). */
  timeoutMs?: number;
  /** Refusals that carry more than `errorAnswer`, by status. */
  refusals?: Readonly<Record<number, ZodTypeAny>>;
}

/** Keeps an endpoint's literal types (path, schemas), which the API's route helper and the web's client read. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

export const fieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;

/** Every refusal (4xx) and failure (5xx): a Spanish message, and per field when the input was at fault. */
export const errorAnswer = z.object({ message: z.string(), errors: z.array(fieldError).optional() });
export type ErrorAnswer = z.infer<typeof errorAnswer>;

export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;

/** The bytes of a file (an image): the OpenAPI document says so; no JSON is serialised. */
export const binaryAnswer = z.unknown().describe("binary");

/** Calls that take no query or body say so, so every route states what it accepts. */
export const noInput = z.object({});
/** A POST, PUT or PATCH without a body: clients may send none, `{}` or `null`. */
export const noBody = z.object({}).nullish();

type Schema<E, Key extends "params" | "query" | "body"> = E extends { [K in Key]: infer S extends ZodTypeAny }
  ? S
  : never;

/** What a handler receives after validation. */
export type ParamsOf<E> = [Schema<E, "params">] extends [never] ? undefined : z.output<Schema<E, "params">>;
export type QueryOf<E> = [Schema<E, "query">] extends [never] ? undefined : z.output<Schema<E, "query">>;
export type BodyOf<E> = [Schema<E, "body">] extends [never] ? undefined : z.output<Schema<E, "body">>;

/** What the API answers on success, as the web receives it. */
export type AnswerOf<E extends Endpoint> = z.output<E["answer"]>;

/** What a client may send: inputs before the API's own trimming, defaults and coercions. */
export type ParamsInput<E> = z.input<Schema<E, "params">>;
export type BodyInput<E> = z.input<Schema<E, "body">>;
/** A query string carries text; the API's schema turns it into numbers and choices. */
export type QueryInput<E> = {
  [K in keyof z.output<Schema<E, "query">>]?: string | number | boolean | null | undefined;
};

/** The path with its parameters filled in, each one encoded. */
export function pathOf(definition: Endpoint, params: Record<string, string> | undefined): string {
  return definition.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Falta el parámetro «${name}» de ${definition.method} ${definition.path}`);
    return encodeURIComponent(value);
  });
}
