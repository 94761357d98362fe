// "Test connection": what a session on an upstream agent would meet, found before the session exists.
// A2A: the agent card is read (the well-known path beside the URL, at its origin, then the URL itself)
// and must name a streaming JSON-RPC interface. AG-UI and AI SDK: the well-known card path is read first
// (an A2A agent given as AG-UI is named as such), then the endpoint gets the protocol's request without
// messages; the stream is closed after its first event, whose format says which protocol answered.
// Every request goes through the upstream policy (./probe-http); each outcome is a code and a sentence.
import { randomUUID } from "node:crypto";
import { detectFormat } from "@agent-ui/adapters";
import {
  MAX_CONNECTION_TEST_MS,
  SourceConfigError,
  SseDecoder,
  type ConnectionFound as WireFound,
  type ConnectionTestResult as WireResult,
} from "@agent-ui/contracts";
import { cardCandidates, endpointOf } from "../a2a/wire";
import type { UpstreamGuard } from "../upstream/policy";
import { requireUrl, upstreamHeaders } from "../upstream/sse";
import { checkHost, describeBody, type ProbeAnswer, ProbeFailure, probeRequest, statusFailure } from "./http";
import { probeLangGraph } from "./langgraph";

/** Source kinds a connection can be tested for. */
export const TESTABLE_SOURCES = ["a2a", "ag-ui", "ai-sdk", "langgraph"] as const;
export type TestableSource = (typeof TESTABLE_SOURCES)[number];

export const DEFAULT_TEST_TIMEOUT_MS = 8000;
export const MAX_TEST_TIMEOUT_MS = MAX_CONNECTION_TEST_MS;

const PROTOCOL_NAMES: Record<string, string> = {
  a2a: "A2A",
  "ag-ui": "AG-UI",
  "ai-sdk": "the AI SDK UI message stream",
  langgraph: "LangGraph Agent Server",
};

/** What was found (the wire type, with the protocol narrowed). */
export interface ConnectionFound extends WireFound {
  protocol: TestableSource;
}

export interface ConnectionTestResult extends WireResult {
  source: TestableSource;
  found?: ConnectionFound;
}

export interface ConnectionTestInput {
  source: TestableSource;
  /** The session config the test is for: `url` and `headers` are read (validated like the connector's). */
  config: Record<string, unknown>;
  timeoutMs?: number;
}

export function readTestConfig(config: Record<string, unknown>): {
  url: URL;
  headers: Record<string, string>;
} {
  try {
    return { url: new URL(requireUrl(config)), headers: upstreamHeaders(config.headers) ?? {} };
  } catch (error) {
    throw new SourceConfigError((error as Error).message);
  }
}

export async function testConnection(
  input: ConnectionTestInput,
  guard: UpstreamGuard,
): Promise<ConnectionTestResult> {
  const { url, headers } = readTestConfig(input.config);
  const deadline = Date.now() + (input.timeoutMs ?? DEFAULT_TEST_TIMEOUT_MS);
  try {
    await checkHost(url, guard);
    const found =
      input.source === "a2a"
        ? await probeA2a(url, headers, guard, deadline)
        : input.source === "langgraph"
          ? await probeLangGraph(url, assistantIdOf(input.config), headers, guard, deadline)
          : await probeStream(input.source, url, headers, guard, deadline);
    return { ok: true, source: input.source, code: "ok", message: okMessage(found), found };
  } catch (error) {
    if (!(error instanceof ProbeFailure)) throw error;
    return { ok: false, source: input.source, code: error.code, message: error.message };
  }
}

/** The graph or assistant a LangGraph session runs, required like the connector requires it. */
function assistantIdOf(config: Record<string, unknown>): string {
  if (typeof config.assistantId !== "string" || config.assistantId === "")
    throw new SourceConfigError('"config.assistantId" (the graph id or assistant id) is required');
  return config.assistantId;
}

function okMessage(found: ConnectionFound): string {
  if (found.protocol === "langgraph")
    return `LangGraph Agent Server${found.protocolVersion ? ` ${found.protocolVersion}` : ""}: ${found.note}`;
  if (found.protocol === "a2a")
    return `A2A agent "${found.name ?? "unnamed"}" (protocol ${found.protocolVersion}) with ${found.skills?.length ?? 0} skill(s)`;
  return `${PROTOCOL_NAMES[found.protocol]} endpoint answered with an event stream${found.note ? `; ${found.note}` : ""}`;
}

const CARD_HEADERS = { accept: "application/json", "A2A-Version": "1.0" };

/** A card is one JSON document: an event stream answering a card request is read no further. */
const cardEnough = (_body: string, contentType: string) => contentType.includes("text/event-stream");

/** GETs one agent card candidate. A redirect is that candidate's answer (undefined, told to
 * `onRedirect`); any other failure is the host's, and says it all (thrown). */
function readCard(
  candidate: string,
  headers: Record<string, string>,
  guard: UpstreamGuard,
  deadline: number,
  onRedirect?: (failure: ProbeFailure) => void,
): Promise<ProbeAnswer | undefined> {
  return probeRequest({
    url: new URL(candidate),
    method: "GET",
    headers: { ...CARD_HEADERS, ...headers },
    guard,
    deadline,
    enough: cardEnough,
  }).catch((error: unknown) => {
    if (error instanceof ProbeFailure && error.code === "redirected") {
      onRedirect?.(error);
      return undefined;
    }
    throw error;
  });
}

/** The card at `url`, when it answers 2xx with JSON shaped like an agent card. */
function cardOf(answer: ProbeAnswer): Record<string, unknown> | undefined {
  if (describeBody(answer) !== "json") return undefined;
  try {
    const card = JSON.parse(answer.body) as unknown;
    if (card === null || typeof card !== "object" || Array.isArray(card)) return undefined;
    const c = card as Record<string, unknown>;
    const shaped =
      typeof c.name === "string" &&
      (c.capabilities !== undefined || Array.isArray(c.skills) || Array.isArray(c.supportedInterfaces));
    return shaped ? c : undefined;
  } catch {
    return undefined;
  }
}

async function probeA2a(
  url: URL,
  headers: Record<string, string>,
  guard: UpstreamGuard,
  deadline: number,
): Promise<ConnectionFound> {
  const candidates = cardCandidates(url.toString());
  let html: string | undefined;
  let otherJson: string | undefined;
  let postOnly: string | undefined;
  let lastStatus: ProbeFailure | undefined;
  for (const candidate of candidates) {
    const answer = await readCard(candidate, headers, guard, deadline, (redirect) => {
      lastStatus = redirect;
    });
    if (answer === undefined) continue;
    const failure = statusFailure(answer.status, `the agent card at ${candidate}`);
    if (failure?.code === "unauthorized" || failure?.code === "forbidden") throw failure;
    if (failure) {
      if (answer.status === 405) postOnly = candidate;
      else lastStatus = failure;
      continue;
    }
    const card = cardOf(answer);
    if (card === undefined) {
      const kind = describeBody(answer);
      if (kind === "html") html ??= candidate;
      else otherJson ??= candidate;
      continue;
    }
    return describeCard(card, candidate, guard);
  }
  const hint = "if it is an AG-UI or AI SDK endpoint, pick that protocol";
  if (html !== undefined)
    throw new ProbeFailure(
      "wrong_protocol",
      `${html} answers a web page (HTML), not an A2A agent card: give the agent's base URL or its agent card URL`,
    );
  if (otherJson !== undefined || postOnly !== undefined)
    throw new ProbeFailure(
      "wrong_protocol",
      `${otherJson ?? postOnly} is not an A2A agent: it answers ${otherJson ? "something other than an agent card" : "only POST requests"} and no agent card was found at ${candidates[0]}; ${hint}`,
    );
  throw new ProbeFailure(
    lastStatus?.code === "redirected" ? "redirected" : "not_found",
    lastStatus?.code === "redirected"
      ? lastStatus.message
      : `no A2A agent card at ${candidates[0]} (${lastStatus?.message.match(/HTTP \d+/)?.[0] ?? "not found"}); ${hint}`,
  );
}

async function describeCard(
  card: Record<string, unknown>,
  where: string,
  guard: UpstreamGuard,
): Promise<ConnectionFound> {
  const endpoint = endpointOf(card);
  const name = typeof card.name === "string" ? card.name : undefined;
  if (endpoint === undefined)
    throw new ProbeFailure(
      "wrong_protocol",
      `the agent card of "${name}" at ${where} names no streaming JSON-RPC interface; the gateway speaks A2A over JSON-RPC with streaming (capabilities.streaming: true)`,
    );
  // The card's interface is where every message goes: it must pass the policy too.
  await checkHost(new URL(endpoint.rpcUrl), guard);
  const capabilities = (card.capabilities ?? {}) as Record<string, unknown>;
  const skills = Array.isArray(card.skills)
    ? (card.skills as unknown[]).slice(0, 50).flatMap((skill) => {
        const s = skill as Record<string, unknown> | null;
        if (s === null || typeof s !== "object") return [];
        const label = typeof s.name === "string" ? s.name : typeof s.id === "string" ? s.id : undefined;
        if (label === undefined) return [];
        return [{ ...(typeof s.id === "string" ? { id: s.id } : {}), name: label }];
      })
    : [];
  return {
    protocol: "a2a",
    name,
    description: typeof card.description === "string" ? card.description.slice(0, 500) : undefined,
    protocolVersion: endpoint.version,
    skills,
    streaming: capabilities.streaming === true,
    pushNotifications: capabilities.pushNotifications === true,
  };
}

/** The protocol's request that opens no conversation. */
function emptyRequest(source: TestableSource): unknown {
  if (source === "ag-ui")
    return {
      threadId: randomUUID(),
      runId: randomUUID(),
      state: {},
      messages: [],
      tools: [],
      context: [],
      forwardedProps: {},
    };
  return { id: randomUUID(), messages: [] };
}

const EXPECTED_FORMAT: Record<string, string> = { "ag-ui": "ag-ui", "ai-sdk": "ai-sdk" };

async function probeStream(
  source: TestableSource,
  url: URL,
  headers: Record<string, string>,
  guard: UpstreamGuard,
  deadline: number,
): Promise<ConnectionFound> {
  await refuseA2aAgent(source, url, headers, guard, deadline);
  const answer = await probeRequest({
    url,
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream", ...headers },
    body: JSON.stringify(emptyRequest(source)),
    guard,
    deadline,
    enough: (body) => firstRecords(body).length > 0,
  });
  const failure = statusFailure(
    answer.status,
    `the ${PROTOCOL_NAMES[source]} endpoint ${url.origin}${url.pathname}`,
  );
  if (failure) throw failure;
  const kind = describeBody(answer);
  if (kind === "html")
    throw new ProbeFailure(
      "wrong_protocol",
      `${url.origin}${url.pathname} answers a web page (HTML), not an event stream: give the agent endpoint's URL, not a page's`,
    );
  if (kind !== "sse")
    throw new ProbeFailure(
      "wrong_protocol",
      answer.body.includes('"jsonrpc"')
        ? `${url.origin}${url.pathname} answers JSON-RPC, not an event stream: an A2A agent? pick A2A`
        : `${url.origin}${url.pathname} answers ${kind === "json" ? "JSON" : answer.contentType || "an untyped body"}, not an event stream (text/event-stream)`,
    );
  const records = firstRecords(answer.body);
  if (records.length === 0)
    return {
      protocol: source,
      note: "no event arrived in time, so the protocol is confirmed on the first message",
    };
  const detected = detectFormat(records);
  if (detected.format === EXPECTED_FORMAT[source]) return { protocol: source, detected: detected.format };
  const other = Object.entries(EXPECTED_FORMAT).find(([, format]) => format === detected.format)?.[0];
  if (other !== undefined)
    throw new ProbeFailure(
      "wrong_protocol",
      `${url.origin}${url.pathname} speaks ${PROTOCOL_NAMES[other]}, not ${PROTOCOL_NAMES[source]}: pick ${PROTOCOL_NAMES[other]}`,
    );
  if (detected.format !== "unknown")
    throw new ProbeFailure(
      "wrong_protocol",
      `${url.origin}${url.pathname} streams ${detected.format} events, not ${PROTOCOL_NAMES[source]}`,
    );
  return {
    protocol: source,
    note: "its first event was not recognised; the protocol is confirmed on the first message",
  };
}

/** An A2A agent given as AG-UI or AI SDK: its card beside the URL names it (nothing is POSTed to it). */
async function refuseA2aAgent(
  source: TestableSource,
  url: URL,
  headers: Record<string, string>,
  guard: UpstreamGuard,
  deadline: number,
): Promise<void> {
  const wellKnown = cardCandidates(url.toString()).filter((c) => c.endsWith("/.well-known/agent-card.json"));
  for (const candidate of wellKnown) {
    const answer = await readCard(candidate, headers, guard, deadline);
    const card = answer && answer.status >= 200 && answer.status < 300 ? cardOf(answer) : undefined;
    if (card !== undefined)
      throw new ProbeFailure(
        "wrong_protocol",
        `${url.origin} is an A2A agent ("${String(card.name)}", agent card at ${candidate}), not ${PROTOCOL_NAMES[source]}: pick A2A`,
      );
  }
}

/** The JSON `data:` records of the complete SSE frames in `body`. */
function firstRecords(body: string): unknown[] {
  const decoder = new SseDecoder();
  const records: unknown[] = [];
  for (const message of decoder.push(body)) {
    try {
      records.push(JSON.parse(message.data));
    } catch {
      // not JSON: says nothing about the format
    }
  }
  return records;
}

/** The `test` of a connector factory: `kind`'s connection test through the factory's upstream policy. */
export function connectionTester(kind: TestableSource, guard: UpstreamGuard) {
  return (config: Record<string, unknown>, options: { timeoutMs?: number } = {}) =>
    testConnection({ source: kind, config, timeoutMs: options.timeoutMs }, guard);
}
