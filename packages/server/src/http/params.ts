import { GatewayError } from "../gateway/errors";

export function badRequest(message: string): GatewayError {
  return new GatewayError("invalid", "invalid_request", message);
}

/** Parses an integer query parameter, with a 400 on anything else. */
export function intParam(
  raw: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw)) throw badRequest(`"${name}" must be a non-negative integer`);
  const value = Number(raw);
  if (value < min || value > max) throw badRequest(`"${name}" must be between ${min} and ${max}`);
  return value;
}
