// `GET /api/sessions/:id/details/:ref` (open_detail, EVID-10, TOOL-03): the body the gateway kept for a
// detail ref — full tool output, an artifact version, a diff, a worker's notes — loaded only when a user
// opens it. The ref is one URL-encoded path segment. Bodies were redacted before they were stored and are
// redacted again here, so a secret never leaves even if an older row predates a redaction rule.
// `?format=raw` answers the bare body as text (never as HTML: no script runs from a detail).
import type { DetailContent } from "@agent-ui/contracts";
import { redact } from "@agent-ui/contracts";
import type { Context } from "hono";
import type { Gateway } from "../gateway/gateway";
import { badRequest } from "./params";

const MAX_REF_LENGTH = 2048;

export function detailRoute(gateway: Gateway) {
  return async (c: Context): Promise<Response> => {
    const sessionId = c.req.param("id") ?? "";
    const ref = c.req.param("ref") ?? "";
    if (ref === "" || ref.length > MAX_REF_LENGTH)
      throw badRequest(`"ref" must be a non-empty detail ref of at most ${MAX_REF_LENGTH} characters`);
    const detail = await gateway.readDetail(sessionId, ref);
    const body = redact(detail.body).value;
    if (c.req.query("format") === "raw") {
      const json = detail.mediaType === "application/json";
      return c.body(body, 200, {
        "content-type": `${json ? "application/json" : "text/plain"}; charset=utf-8`,
        "x-content-type-options": "nosniff",
      });
    }
    const content: DetailContent = {
      sessionId,
      ref: detail.ref,
      mediaType: detail.mediaType,
      bytes: detail.bytes,
      body,
    };
    return c.json(content);
  };
}
