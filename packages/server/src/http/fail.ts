import type { ErrorBody } from "@agent-ui/contracts";
import type { Context } from "hono";

/** Every refusal and failure the gateway answers: `{ error: { code, message } }` with its status. */
export function fail(c: Context, status: number, code: string, message: string): Response {
  const body: ErrorBody = { error: { code, message } };
  return c.json(body, status as 400);
}
