import type { Context } from "hono";
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

/** A page request's `limit` (1–`max`, `fallback` when absent) and `before` cursor (the end when absent). */
export function pageParams(c: Context, fallback: number, max: number): { limit: number; before: number } {
  return {
    limit: intParam(c.req.query("limit"), "limit", fallback, 1, max),
    before: intParam(c.req.query("before"), "before", Number.MAX_SAFE_INTEGER, 0, Number.MAX_SAFE_INTEGER),
  };
}

/** The request body as a JSON object (already capped by the body-limit middleware), or a 400
 * `invalid_json`. `emptyIs`: what an empty body stands for, where the route has a default. */
export async function readJsonObject(
  c: Context,
  emptyIs?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text === "" && emptyIs !== undefined) return emptyIs;
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error("not an object");
    return value as Record<string, unknown>;
  } catch {
    throw new GatewayError("invalid", "invalid_json", "the request body must be a JSON object");
  }
}
