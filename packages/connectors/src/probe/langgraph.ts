// The LangGraph Agent Server's connection test: `GET /info` says an Agent Server answers (its version),
// then the assistant or graph the session names must exist — `POST /assistants/search` by graph id, else
// `GET /assistants/<id>` by assistant id. Nothing is run: no thread or run is created.
import type { ConnectionFound as WireFound } from "@agent-ui/contracts";
import { endpoint } from "../langgraph/wire";
import type { UpstreamGuard } from "../upstream/policy";
import { describeBody, ProbeFailure, probeRequest, statusFailure } from "./http";

type ConnectionFound = WireFound & { protocol: "langgraph" };

const JSON_HEADERS = { accept: "application/json" };

function parsed(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

export async function probeLangGraph(
  base: URL,
  assistantId: string,
  headers: Record<string, string>,
  guard: UpstreamGuard,
  deadline: number,
): Promise<ConnectionFound> {
  const where = `${base.origin}${base.pathname}`;
  const info = await probeRequest({
    url: endpoint(base, "/info"),
    method: "GET",
    headers: { ...JSON_HEADERS, ...headers },
    guard,
    deadline,
  });
  if (info.status === 401 || info.status === 403)
    throw statusFailure(info.status, `the Agent Server at ${where}`);
  const kind = describeBody(info);
  const body = parsed(info.body) as Record<string, unknown> | undefined;
  if (info.status !== 200 || kind !== "json" || body === undefined || typeof body !== "object")
    throw new ProbeFailure(
      "wrong_protocol",
      kind === "html"
        ? `${where} answers a web page (HTML), not a LangGraph Agent Server: give the server's base URL, e.g. http://localhost:2024`
        : `${where} is not a LangGraph Agent Server: it has no /info (HTTP ${info.status})`,
    );
  const version = typeof body.version === "string" ? body.version : undefined;
  const search = await probeRequest({
    url: endpoint(base, "/assistants/search"),
    method: "POST",
    headers: { "content-type": "application/json", ...JSON_HEADERS, ...headers },
    body: JSON.stringify({ graph_id: assistantId, limit: 1 }),
    guard,
    deadline,
  });
  const failure = statusFailure(search.status, `the assistants of ${where}`);
  if (failure) throw failure;
  const byGraph = parsed(search.body);
  if (Array.isArray(byGraph) && byGraph.length > 0) return found(assistantId, version, "graph");
  const byId = await probeRequest({
    url: endpoint(base, `/assistants/${encodeURIComponent(assistantId)}`),
    method: "GET",
    headers: { ...JSON_HEADERS, ...headers },
    guard,
    deadline,
  });
  if (byId.status >= 200 && byId.status < 300) return found(assistantId, version, "assistant");
  if (byId.status === 401 || byId.status === 403)
    throw statusFailure(byId.status, `the assistant ${assistantId} at ${where}`);
  throw new ProbeFailure(
    "not_found",
    `the Agent Server at ${where} has no graph or assistant "${assistantId}": check "assistantId" (a graph id from langgraph.json, or an assistant id)`,
  );
}

function found(assistantId: string, version: string | undefined, by: "graph" | "assistant"): ConnectionFound {
  return {
    protocol: "langgraph",
    name: assistantId,
    ...(version !== undefined ? { protocolVersion: version } : {}),
    note: by === "graph" ? `graph "${assistantId}" found` : `assistant "${assistantId}" found`,
  };
}
