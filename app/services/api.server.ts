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

type QueryValue = string | number | boolean | undefined | null;

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, QueryValue>;
  /** JSON, or FormData sent as multipart (file uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers: the bearer token, the refresh-token cookie. */
  headers?: Record<string, string>;
  /**
   * The socket address of the browser's request (the load context's clientAddress), passed on as
   * X-Forwarded-For so the API's limits count each shopper, not the web server.
   */
  clientAddress?: string;
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(path, webEnv.apiUrl);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** The web's one way to the API: every loader and action goes through here. */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const isMultipart = request.body instanceof FormData;
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined && !isMultipart) headers["content-type"] = "application/json";
  if (request.clientAddress) headers["x-forwarded-for"] = request.clientAddress;
  const response = await fetch(apiUrl(path, request.query), {
    method: request.method ?? "GET",
    headers,
    body: request.body === undefined ? undefined : isMultipart ? (request.body as FormData) : JSON.stringify(request.body),
    signal: request.signal,
  });
  const data = (await response.json().catch(() => ({}))) as { message?: string; errors?: { field: string; message: string }[] };
  if (!response.ok) {
    throw new ApiError(response.status, data.message || "Error en la operación", data.errors, Boolean(data.message));
  }
  return data as T;
}

/** Address of a stored image at one of its served widths, as the browser reaches it. */
export function imageUrl(imageId: string, width: 200 | 400 | 800 = 400): string {
  return `${webEnv.publicApiUrl}/images/${imageId}/${width}.webp`;
}
