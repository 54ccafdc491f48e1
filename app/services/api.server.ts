import { webEnv } from "./env.server";

/** An answer of the API other than 2xx, carrying the API's Spanish message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: { field: string; message: string }[] = [],
  ) {
    super(message);
  }
}

type QueryValue = string | number | boolean | undefined | null;

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
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
  const response = await fetch(apiUrl(path, request.query), {
    method: request.method ?? "GET",
    headers: request.body === undefined ? undefined : { "content-type": "application/json" },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: request.signal,
  });
  const data = (await response.json().catch(() => ({}))) as { message?: string; errors?: { field: string; message: string }[] };
  if (!response.ok) {
    throw new ApiError(response.status, data.message || "Error en la operación", data.errors);
  }
  return data as T;
}

/** Address of a stored image at one of its served widths, as the browser reaches it. */
export function imageUrl(imageId: string, width: 200 | 400 | 800 = 400): string {
  return `${webEnv.publicApiUrl}/images/${imageId}/${width}.webp`;
}
