// Test helpers: a scripted runtime source (records every command, emits one fact per accepted write), a
// server on a temp SQLite file, and readers for the gateway's SSE and JSON endpoints. Real loopback I/O.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type LogEntry, SseDecoder } from "@agent-ui/client";
import type { AgentUiEvent, ControlCommand, WriteResult } from "@agent-ui/contracts";
import {
  a2aConnector,
  langGraphConnector,
  agUiConnector,
  aiSdkConnector,
  type ReplayOptions,
  replaySource,
  type UpstreamPolicy,
} from "@agent-ui/connectors";
import { demoSource } from "@agent-ui/demo";
import type { RuntimeSink, RuntimeSource, RuntimeSourceFactory, SessionStore } from "../src";
import { pushSource, type RunningServer, type ServerOptions, startServer } from "../src";

/** The peers' captured streams in the standard's shared folder beside the repository root. */
export const PEERS = fileURLToPath(new URL("../../../../shared/peers/streams", import.meta.url));

/** A runtime that emits `script` events on start and one `run.started` fact per accepted send. */
export class ScriptedRuntime implements RuntimeSource {
  readonly kind = "scripted";
  readonly commands: ControlCommand[] = [];
  sink: RuntimeSink | undefined;
  constructor(private readonly script: Partial<AgentUiEvent>[] = []) {}
  async start(context: { sink: RuntimeSink }): Promise<void> {
    this.sink = context.sink;
    if (this.script.length > 0) await context.sink.events(this.script);
  }
  async command(command: ControlCommand): Promise<WriteResult> {
    this.commands.push(command);
    const fact: Partial<AgentUiEvent> = {
      type: command.kind === "respond_action" ? "action.resolved" : "run.started",
      actionId: command.kind === "respond_action" ? command.actionId : undefined,
      payload: { via: command.kind, idempotencyKey: command.idempotencyKey },
    };
    await this.sink?.events([fact]);
    return {
      status: "accepted",
      idempotencyKey: command.idempotencyKey,
      assigned: { n: String(this.commands.length) },
    };
  }
  async stop(): Promise<void> {}
}

export function scriptedFactory(
  script: Partial<AgentUiEvent>[] = [],
): RuntimeSourceFactory & { runtimes: ScriptedRuntime[] } {
  const runtimes: ScriptedRuntime[] = [];
  return {
    kind: "scripted",
    description: "test runtime",
    runtimes,
    create() {
      const runtime = new ScriptedRuntime(script);
      runtimes.push(runtime);
      return runtime;
    },
  };
}

/** A store whose snapshot reads wait until `open()` (again after `hold()`): a projection load stops
 * there. */
export function gatedStore(store: SessionStore) {
  let open = () => {};
  let gate: Promise<void>;
  const hold = () => {
    gate = new Promise<void>((resolve) => {
      open = resolve;
    });
  };
  hold();
  const loads: string[] = [];
  const gated: SessionStore = Object.create(store);
  gated.latestSnapshot = async (sessionId) => {
    loads.push(sessionId);
    await gate;
    return store.latestSnapshot(sessionId);
  };
  return { store: gated, loads, open: () => open(), hold };
}

export function tempDir(prefix = "agent-ui-server-"): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Every source kind `agent-ui start` offers: the demo runtime, the connectors, replay and push. */
export function allSources(
  options: { replay?: ReplayOptions; upstream?: UpstreamPolicy } = {},
): RuntimeSourceFactory[] {
  return [
    demoSource,
    agUiConnector(options.upstream),
    aiSdkConnector(options.upstream),
    a2aConnector(options.upstream),
    langGraphConnector(options.upstream),
    replaySource(options.replay),
    pushSource,
  ];
}

export async function startTestServer(
  options: ServerOptions & { extraSources?: RuntimeSourceFactory[] } = {},
): Promise<RunningServer & { dataDir: string }> {
  const dir = tempDir();
  // A test of the access token passes `token`; the others talk to the API without one.
  const server = await startServer({
    port: 0,
    dataDir: dir.path,
    noAuth: !options.token,
    sources: [...allSources({ replay: { root: PEERS } }), ...(options.extraSources ?? [])],
    ...options,
  });
  return {
    ...server,
    dataDir: dir.path,
    close: async () => {
      await server.close();
      dir.remove();
    },
  };
}

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

export async function getJson(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const response = await fetch(url, { headers });
  return { status: response.status, body: await response.json() };
}

/** Reads SSE entries until `count` entries arrived (or the timeout), then disconnects. */
export async function readSseEntries(
  url: string,
  count: number,
  headers: Record<string, string> = {},
  timeoutMs = 5000,
): Promise<{ entries: LogEntry[]; ready?: { after: number; head: number } }> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  const entries: LogEntry[] = [];
  let ready: { after: number; head: number } | undefined;
  try {
    const response = await fetch(url, {
      headers: { accept: "text/event-stream", ...headers },
      signal: abort.signal,
    });
    if (!response.body) throw new Error(`no body (HTTP ${response.status})`);
    const decoder = new SseDecoder();
    const text = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      for (const message of decoder.push(text.decode(chunk, { stream: true }))) {
        if (message.event === "ready") ready = JSON.parse(message.data);
        if (message.event === "entry") entries.push(JSON.parse(message.data));
      }
      if (entries.length >= count) break;
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
  return { entries, ready };
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error("waitFor: timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Creates a session and waits until its log has at least `minSeq` entries, or (`"completed"`) until the
 * source reports completion. */
export async function createSession(
  server: RunningServer,
  body: Record<string, unknown>,
  minSeq: number | "completed" = 1,
): Promise<{ id: string; lastSeq: number }> {
  const created = await postJson(`${server.url}/api/sessions`, body);
  if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  const id = created.body.session.id as string;
  const lastSeq = await waitFor(async () => {
    const { body: s } = await getJson(`${server.url}/api/sessions/${id}`);
    const done = minSeq === "completed" ? s.session.status === "completed" : s.session.lastSeq >= minSeq;
    return done ? (s.session.lastSeq as number) : undefined;
  });
  return { id, lastSeq };
}

/** A whole gateway in a child process on `dataDir` (./fixtures/gateway-process.ts), so it can be killed
 * without a clean shutdown; resolves with its URL once it listens. */
export function startChildGateway(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess }> {
  const script = join(new URL(".", import.meta.url).pathname, "fixtures/gateway-process.ts");
  const child = spawn(process.execPath, ["--import", "tsx", script, dataDir], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^url (\S+)$/m.exec(out);
      if (match) resolve({ url: match[1], child });
    });
    child.once("exit", (code) => reject(new Error(`gateway process exited (${code})`)));
    child.once("error", reject);
  });
}

/** SIGKILL: no shutdown code runs, like a crash. */
export function crashChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners("exit");
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}
