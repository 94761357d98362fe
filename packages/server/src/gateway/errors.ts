/** A request the gateway refuses, with the HTTP status and stable code the API answers with
 * (`{ error: { code, message } }`). */
export class GatewayError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 409 | 413 | 422 | 503,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}
