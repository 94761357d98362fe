// Drives the real Codex SDK (its bundled native `codex exec --experimental-json`) offline: the standard's
// loopback mock Responses API answers every model call, and the CLI runs with HOME, CODEX_HOME and the
// working directory in a fresh dir under os.tmpdir(), removed afterwards (as capture/codex/stream.mjs does).
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { type Server, createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { importByUrl, importCapture } from "./support";

/** One output item of a scripted mock response (Responses API shapes). */
export type ResponseItem =
  | { type: "reasoning"; id: string; summary: { type: "summary_text"; text: string }[] }
  | { type: "message"; id: string; role: "assistant"; content: { type: "output_text"; text: string }[] }
  | { type: "function_call"; id: string; call_id: string; name: string; arguments: string }
  | { type: "custom_tool_call"; id: string; call_id: string; name: string; input: string }
  | { type: "web_search_call"; id: string; status: "completed"; action: { type: "search"; query: string } };

/** The mock's script: the output items of the n-th `POST /v1/responses` (tools = what the CLI advertised). */
export type ResponsesScript = (call: { req: { tools?: { name?: string }[] }; n: number }) => ResponseItem[];

interface MockResponsesModule {
  startMockResponses(options: {
    script: ResponsesScript;
    log?: string;
  }): Promise<{ server: Server; url: string }>;
}

/** A ThreadEvent as the SDK yields it; only `type` is relied on here, the adapter reads the rest. */
export interface ThreadEvent {
  type: string;
  [key: string]: unknown;
}

/** The slice of `@openai/codex-sdk` these tests use (its types are not installed in the workspace). */
interface CodexSdk {
  Codex: new (options: {
    apiKey: string;
    config: Record<string, unknown>;
    env: Record<string, string | undefined>;
  }) => {
    startThread(options: {
      workingDirectory: string;
      skipGitRepoCheck: boolean;
      model?: string;
      sandboxMode: string;
      approvalPolicy: string;
    }): {
      readonly id: string | null;
      runStreamed(
        input: string,
        options: { signal: AbortSignal },
      ): Promise<{ events: AsyncIterable<ThreadEvent> }>;
    };
  };
}

export interface CodexRunOptions {
  /** One prompt per turn, all on the same thread (a later turn resumes the thread). */
  prompts: string[];
  /** The mock's answers; or `failWith`: every model call gets this HTTP error instead. */
  script?: ResponsesScript;
  failWith?: { status: number; body: unknown };
  /** `gpt-5.5` advertises exec_command + apply_patch; the default model advertises no tools. */
  model?: string;
  /** Default `never` (as the captures): `codex exec` cannot prompt, so anything else declines. */
  approvalPolicy?: string;
  /** Default `workspace-write` (as the captures). */
  sandboxMode?: string;
  timeoutMs?: number;
}

export interface CodexRun {
  /** Every turn's events in order, as one client would have collected them. */
  events: ThreadEvent[];
  threadId: string | null;
  /** File names in the working directory after the run (what the CLI really wrote). */
  workFiles: string[];
  /** Set when `runStreamed` threw (the CLI exits non-zero after a failed turn); the events stay collected. */
  exitError?: string;
}

/** A model endpoint that answers every request with one HTTP error (a provider outage). */
function startFailingModel(status: number, body: unknown): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}/v1` });
    }),
  );
}

export async function runCodex(sdkEntryUrl: string, options: CodexRunOptions): Promise<CodexRun> {
  const { Codex } = await importByUrl<CodexSdk>(sdkEntryUrl);
  const { startMockResponses } = await importCapture<MockResponsesModule>("mock-openai-responses.mjs");
  const root = mkdtempSync(path.join(os.tmpdir(), "agent-ui-heavy-codex-"));
  const home = path.join(root, "home");
  const work = path.join(root, "work");
  mkdirSync(home);
  mkdirSync(work);
  const { server, url } =
    options.failWith !== undefined
      ? await startFailingModel(options.failWith.status, options.failWith.body)
      : await startMockResponses({ script: options.script ?? (() => []) });
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), options.timeoutMs ?? 120_000);
  const events: ThreadEvent[] = [];
  try {
    const codex = new Codex({
      apiKey: "sk-mock",
      config: {
        model_provider: "mock",
        model_providers: {
          mock: {
            name: "mock",
            base_url: url,
            wire_api: "responses",
            env_key: "CODEX_API_KEY",
            // Without it the CLI first tries ws://…/v1/responses five times ("Reconnecting…").
            supports_websockets: false,
            request_max_retries: 0,
            stream_max_retries: 0,
          },
        },
      },
      env: { PATH: process.env.PATH, HOME: home, CODEX_HOME: home },
    });
    const thread = codex.startThread({
      workingDirectory: work,
      skipGitRepoCheck: true,
      model: options.model,
      sandboxMode: options.sandboxMode ?? "workspace-write",
      approvalPolicy: options.approvalPolicy ?? "never",
    });
    let exitError: string | undefined;
    try {
      for (const prompt of options.prompts) {
        const { events: turn } = await thread.runStreamed(prompt, { signal: abort.signal });
        for await (const event of turn) events.push(event);
      }
    } catch (error) {
      exitError = error instanceof Error ? error.message.slice(0, 2000) : String(error);
    }
    const run: CodexRun = { events, threadId: thread.id, workFiles: readdirSync(work) };
    if (exitError !== undefined) run.exitError = exitError;
    return run;
  } finally {
    clearTimeout(timer);
    server.close();
    if (!process.env.KEEP_TMP) rmSync(root, { recursive: true, force: true });
  }
}

/** `type`, or `type:item type` for item events: to compare a live thread with a capture. */
export function eventKinds(events: readonly unknown[]): string[] {
  return (events as readonly ThreadEvent[]).map((event) => {
    const item = event.item as { type?: string } | undefined;
    return item?.type !== undefined ? `${event.type}:${item.type}` : event.type;
  });
}
