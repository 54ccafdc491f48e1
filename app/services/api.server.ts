import type { ZodTypeAny } from "zod";
import {
  pathOf,
  type AnswerOf,
  type BodyInput,
  type Endpoint,
  type ParamsInput,
  type QueryInput,
} from "#contract/http";
import { imagePath, type ImageWidth } from "#contract/media";
import { GENERIC_ERROR } from "#contract/messages";
import { webEnv } from "./env.server";

/** An answer of the API other than 2xx, carrying the API's Spanish message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: { field: string; message: string }[] = [],
    /** False when the API answered without a message of its own and `message` is the generic one. */
    readonly hasServerMessage = true,
  ) {
    super(message);
  }
}

/** The API could not be reached or did not answer in time: nothing it said, so nothing to show but "try again". */
export class ApiUnavailableError extends Error {
  constructor(cause: unknown) {
    super("La API no respondió a tiempo o no se pudo alcanzar.", { cause });
  }
}

/** Whether a failure means the store is down or overloaded for now (the page answers 503 with Retry-After). */
export function isApiUnavailable(error: unknown): boolean {
  return error instanceof ApiUnavailableError || (error instanceof ApiError && error.status === 503);
}

type ParamsPart<E> = E extends { params: ZodTypeAny } ? { params: ParamsInput<E> } : { params?: undefined };
type QueryPart<E> = E extends { query: ZodTypeAny } ? { query?: QueryInput<E> } : { query?: undefined };
type BodyPart<E> = E extends { multipart: true }
  ? { body: FormData }
  : E extends { body: ZodTypeAny }
    ? undefined extends BodyInput<E>
      ? { body?: BodyInput<E> }
      : { body: BodyInput<E> }
    : { body?: undefined };

/** What a call sends: the contract's params, query and body, and extra headers (a token, a cookie). */
export type CallInput<E> = ParamsPart<E> & QueryPart<E> & BodyPart<E> & { headers?: Record<string, string> };

/** The input may be left out when the endpoint needs none. */
export type CallArgs<E, Extra = object> =
  object extends CallInput<E> ? [input?: CallInput<E> & Extra] : [input: CallInput<E> & Extra];

/** What every call made for one browser request carries along. */
export interface CallerInfo {
  /** Sent as x-request-id, so the API's log lines of this request can be found from the web's. */
  requestId: string;
  /**
   * The socket address of the browser's request, passed on as X-Forwarded-For so the API's
   * limits count each shopper, not the web server.
   */
  clientAddress?: string;
  /** The browser's request: when it goes away, so do the calls made for it. */
  signal?: AbortSignal;
}

function apiUrl(path: string, query?: Record<string, unknown>): string {
  const url = new URL(path, webEnv.apiUrl);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/**
 * A call whose success is not JSON (a file, `binaryAnswer`): the API's response with its body
 * unread, to be streamed on; a refusal is an ApiError as with callApi.
 */
export async function openApi<E extends Endpoint>(
  caller: CallerInfo,
  definition: E,
  input: CallInput<E> = {} as CallInput<E>,
): Promise<Response> {
  const response = await sendToApi(caller, definition, input);
  if (response.ok) return response;
  throw await refusalFrom(response);
}

async function refusalFrom(response: Response): Promise<ApiError> {
  let data: { message?: string; errors?: { field: string; message: string }[] };
  try {
    data = await response.json();
  } catch {
    // A refusal without a JSON body (a proxy's page) still has its status.
    data = {};
  }
  return new ApiError(response.status, data.message || GENERIC_ERROR, data.errors, Boolean(data.message));
}

/** The web's one way to the API: every loader and action calls through here, named by the contract. */
export async function callApi<E extends Endpoint>(
  caller: CallerInfo,
  definition: E,
  input: CallInput<E> = {} as CallInput<E>,
): Promise<AnswerOf<E>> {
  const response = await sendToApi(caller, definition, input);
  if (!response.ok) throw await refusalFrom(response);
  let data: unknown;
  try {
    data = await response.json();
  } catch (error) {
    // A success cut short has nothing to show.
    throw new ApiUnavailableError(error);
  }
  if (!webEnv.validateApiAnswers) return data as AnswerOf<E>;
  const checked = definition.answer.safeParse(data);
  if (!checked.success) {
    throw new Error(
      `La respuesta de ${definition.method} ${definition.path} no sigue el contrato: ${checked.error.message}`,
    );
  }
  return checked.data as AnswerOf<E>;
}

async function sendToApi<E extends Endpoint>(
  caller: CallerInfo,
  definition: E,
  input: CallInput<E>,
): Promise<Response> {
  const {
    params,
    query,
    body,
    headers: extraHeaders,
  } = input as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
    headers?: Record<string, string>;
  };
  const isMultipart = body instanceof FormData;
  const headers: Record<string, string> = { ...extraHeaders, "x-request-id": caller.requestId };
  if (body !== undefined && !isMultipart) headers["content-type"] = "application/json";
  if (caller.clientAddress) headers["x-forwarded-for"] = caller.clientAddress;
  // Every call has a time limit, so a stalled API or database gives the shopper an answer within seconds.
  const timeLimit = AbortSignal.timeout(definition.timeoutMs ?? webEnv.apiCallTimeoutMs);
  let response: Response;
  try {
    response = await fetch(apiUrl(pathOf(definition, params), query), {
      method: definition.method,
      headers,
      body: body === undefined ? undefined : isMultipart ? body : JSON.stringify(body),
      signal: caller.signal ? AbortSignal.any([caller.signal, timeLimit]) : timeLimit,
    });
  } catch (error) {
    if (caller.signal?.aborted) throw error;
    throw new ApiUnavailableError(error);
  }
  return response;
}

/** The API as anyone may call it (no token): one per request, carrying its id and address. */
export interface ApiClient {
  readonly caller: CallerInfo;
  call<E extends Endpoint>(definition: E, ...args: CallArgs<E>): Promise<AnswerOf<E>>;
  /** Calls refused or unanswered so far: a page drawn after one is not kept for others (page-cache.server.ts). */
  readonly failedCalls: number;
}

export function createApiClient(caller: CallerInfo): ApiClient {
  let failedCalls = 0;
  return {
    caller,
    call: (definition, ...[input]) =>
      callApi(caller, definition, input).catch((error: unknown) => {
        failedCalls++;
        throw error;
      }),
    get failedCalls() {
      return failedCalls;
    },
  };
}

/** Address of a stored image at one of its served widths, as the browser reaches it. */
export function imageUrl(imageId: string, width: ImageWidth = 400): string {
  return `${webEnv.publicApiUrl}${imagePath(imageId, width)}`;
}
