/** An error whose message is safe to show: the API answers it with its status as `{ message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent as `Retry-After` (a 503 or 429 the client may try again after). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A refusal of the input with the fields at fault: answered as `{ message, errors: [{ field, message }] }`. */
export class FieldsError extends HttpError {
  constructor(
    statusCode: number,
    readonly errors: { field: string; message: string }[],
    message: string = errors[0]?.message ?? "",
  ) {
    super(statusCode, message);
  }
}
