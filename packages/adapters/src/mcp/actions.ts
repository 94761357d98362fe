// MCP requests the user answers (elicitations, sampling) as action payloads, and the protocol plumbing
// that carries no fact a user sees.
import { type JsonObject, asRecord, compact, readNumber, readString } from "../shared/record";

/** Protocol plumbing that carries no fact a user sees (capability lists, keep-alives, log levels). */
export const QUIET_METHODS = new Set([
  "ping",
  "tools/list",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "resources/subscribe",
  "resources/unsubscribe",
  "prompts/list",
  "prompts/get",
  "completion/complete",
  "logging/setLevel",
  "roots/list",
  "notifications/initialized",
  "notifications/tools/list_changed",
  "notifications/resources/list_changed",
  "notifications/resources/updated",
  "notifications/prompts/list_changed",
  "notifications/roots/list_changed",
]);

/** `elicitation/create`: a form asks for structured input with the requested schema; a URL sends the user
 * out of band (OAuth, payment, credentials) so nothing sensitive passes through the client. */
export function elicitationPayload(
  params: JsonObject,
  mode: "form" | "url",
  safe: (value: unknown) => unknown,
): JsonObject {
  const message = readString(params, "message");
  const decisions = ["accept", "decline", "cancel"];
  if (mode === "url") {
    const url = safe(readString(params, "url"));
    return compact({
      actionType: "credential_request",
      sourceType: "mcp.elicitation.url",
      title: message,
      prompt: message,
      url,
      link: compact({ url, label: message }),
      availableDecisions: decisions,
    });
  }
  return compact({
    actionType: "structured_input",
    sourceType: "mcp.elicitation.form",
    title: message,
    prompt: message,
    schema: asRecord(params.requestedSchema),
    availableDecisions: decisions,
  });
}

/** `sampling/createMessage`: the server asks the client's model to generate; hosts gate it on the user. */
export function samplingPayload(params: JsonObject): JsonObject {
  return compact({
    actionType: "permission_grant",
    sourceType: "mcp.sampling",
    title: "Model request from the MCP server",
    prompt: readString(params, "systemPrompt"),
    scope: compact({
      maxTokens: readNumber(params, "maxTokens"),
      messages: Array.isArray(params.messages) ? params.messages.length : undefined,
    }),
    availableDecisions: ["approve", "reject"],
  });
}
