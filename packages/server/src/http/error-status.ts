// The one table from the gateway core's refusal kinds to HTTP statuses.
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { GatewayErrorKind } from "../gateway/errors";

export const HTTP_STATUS_OF = {
  invalid: 400,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unrecognized: 422,
  damaged: 503,
} as const satisfies Record<GatewayErrorKind, ContentfulStatusCode>;
