/** The kinds of refusal the gateway core knows. Transport-free: the HTTP layer maps each kind to its status
 * (`http/error-status.ts`), other front ends may map them their own way. */
export type GatewayErrorKind =
  | "invalid"
  | "not_found"
  | "conflict"
  | "too_large"
  | "unrecognized"
  | "damaged";

/** A request the gateway refuses: its kind and the stable code the API answers with
 * (`{ error: { code, message } }`). */
export class GatewayError extends Error {
  constructor(
    readonly kind: GatewayErrorKind,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}
