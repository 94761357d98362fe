// `agent-ui start --connect <url> [--protocol …] [--header "Name: value"]…`: the workbench opens on the
// user's own agent instead of the demo. The connection is tested through the gateway's own
// `POST /api/connect/test` (the same upstream policy as the session), so a wrong URL fails at once with
// what went wrong; without `--protocol`, an A2A agent card names the protocol, anything else asks for it.
import type { ConnectionTestResult } from "@agent-ui/contracts";
import type { RunningServer } from "@agent-ui/server";

export const CONNECT_PROTOCOLS = ["ag-ui", "ai-sdk", "a2a", "langgraph"] as const;

export const CONNECT_USAGE = `[--connect URL [--protocol ${CONNECT_PROTOCOLS.join("|")}] [--assistant ID] [--header "Name: value"]...]`;

export const CONNECT_HELP = `  --connect <url>    open the workbench on your own agent instead of the demo (an AG-UI or AI SDK
                     endpoint, an A2A agent or its agent card URL); the connection is tested first
  --protocol <kind>  ${CONNECT_PROTOCOLS.join(", ")}; without it an A2A agent card is looked for
  --assistant <id>   langgraph: the graph id (from langgraph.json) or assistant id to run
  --header "K: V"    a header sent to the agent (repeatable); the session stores only its name`;

export const CONNECT_VALUE_OPTIONS = ["--connect", "--protocol", "--assistant", "--header"];

export interface ConnectArgs {
  connect?: string;
  protocol?: string;
  /** LangGraph's `assistantId`: the graph or assistant a run uses. */
  assistant?: string;
  headers?: Record<string, string>;
}

/** Applies one of CONNECT_VALUE_OPTIONS; an error message when the value is unusable. */
export function applyConnectOption(options: ConnectArgs, arg: string, value: string): string | undefined {
  if (arg === "--connect") {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return `--connect needs an http(s) URL, got '${value}'`;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
      return `--connect needs an http(s) URL, got '${value}'`;
    options.connect = value;
    return undefined;
  }
  if (arg === "--protocol") {
    if (!(CONNECT_PROTOCOLS as readonly string[]).includes(value))
      return `--protocol is one of ${CONNECT_PROTOCOLS.join(", ")}, got '${value}'`;
    options.protocol = value;
    return undefined;
  }
  if (arg === "--assistant") {
    if (value.trim() === "") return "--assistant needs the graph id or assistant id";
    options.assistant = value.trim();
    return undefined;
  }
  const colon = value.indexOf(":");
  const name = colon > 0 ? value.slice(0, colon).trim() : "";
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
    return `--header needs "Name: value", got a value without a name`;
  options.headers = { ...options.headers, [name]: value.slice(colon + 1).trim() };
  return undefined;
}

/** `--protocol`, `--assistant` and `--header` mean something only with `--connect`; a LangGraph server
 * needs the graph to run. */
export function checkConnectArgs(options: ConnectArgs): string | undefined {
  if (options.protocol === "langgraph" && options.assistant === undefined)
    return "--protocol langgraph needs --assistant <graph id or assistant id>";
  if (options.assistant !== undefined && options.protocol !== undefined && options.protocol !== "langgraph")
    return "--assistant is for --protocol langgraph";
  if (options.connect !== undefined) return undefined;
  if (options.protocol !== undefined) return "--protocol needs --connect <url>";
  if (options.assistant !== undefined) return "--assistant needs --connect <url>";
  if (options.headers !== undefined) return "--header needs --connect <url>";
  return undefined;
}

export interface ConnectedSession {
  sessionId: string;
  protocol: string;
  /** What the connection test found, in a sentence (undefined for a connector the gateway cannot test). */
  found?: string;
}

/** Tests the connection (detecting A2A when no protocol is given), then creates the session on it. */
export async function connectSession(server: RunningServer, args: ConnectArgs): Promise<ConnectedSession> {
  const url = args.connect as string;
  const offered = server.gateway.sourceKinds().map((source) => source.kind);
  if (args.protocol !== undefined && !offered.includes(args.protocol))
    throw new Error(
      `this gateway has no ${args.protocol} connector (it offers ${offered.filter((k) => (CONNECT_PROTOCOLS as readonly string[]).includes(k)).join(", ")})`,
    );
  const config: Record<string, unknown> = {
    url,
    ...(args.headers ? { headers: args.headers } : {}),
    ...(args.assistant !== undefined ? { assistantId: args.assistant } : {}),
  };
  const tested = await testThroughGateway(server, args.protocol ?? "a2a", config);
  let protocol = args.protocol;
  if (protocol === undefined) {
    if (tested === undefined || !tested.ok)
      throw new Error(
        `could not detect the protocol of ${url}: ${tested?.message ?? "the gateway cannot test A2A"}. Give --protocol ${CONNECT_PROTOCOLS.join("|")}`,
      );
    protocol = "a2a";
  } else if (tested !== undefined && !tested.ok) {
    throw new Error(`the ${protocol} connection to ${url} failed (${tested.code}): ${tested.message}`);
  }
  const session = await server.gateway.createSession({
    source: protocol,
    config,
    title: `${protocol} · ${new URL(url).host}`,
  });
  return { sessionId: session.id, protocol, found: tested?.message };
}

/** `POST /api/connect/test` on the gateway itself; undefined when it cannot test that protocol. */
async function testThroughGateway(
  server: RunningServer,
  source: string,
  config: Record<string, unknown>,
): Promise<ConnectionTestResult | undefined> {
  const response = await fetch(`${server.url}/api/connect/test`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(server.token ? { authorization: `Bearer ${server.token}` } : {}),
    },
    body: JSON.stringify({ source, config }),
  });
  const body = (await response.json()) as ConnectionTestResult & {
    error?: { code: string; message: string };
  };
  if (response.ok) return body;
  if (body.error?.code === "unknown_source") return undefined;
  throw new Error(body.error?.message ?? `the connection test failed (HTTP ${response.status})`);
}
