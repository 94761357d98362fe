// Drives the real Claude Agent SDK (its bundled native CLI) offline: the standard's loopback mock Anthropic
// API answers every model call, and the CLI runs in a fresh sandbox under os.tmpdir() (cwd, config dir,
// HOME and TMPDIR), removed afterwards. The sandbox and the scrubbed env come from the capture recipe
// `claude/tmp-sandbox.mjs`, so live runs and the shared captures see the same environment.
import { mkdirSync, readdirSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { importByUrl, importCapture } from "./support";

/** One content block of a scripted mock answer (the mock streams it as SSE deltas). */
export type MockBlock =
  | { type: "text"; text: string }
  | { type: "thinking"; thinking: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

interface MockRequest {
  tools?: unknown[];
  messages: { role: string; content: string | { type: string; text?: string }[] }[];
}

/** The mock's script: the answer blocks of one `POST /v1/messages`. */
export type MockScript = (call: { req: MockRequest; hasToolResult: boolean; n: number }) => MockBlock[];

interface MockAnthropicModule {
  startMockAnthropic(options?: {
    log?: string;
    script?: MockScript;
  }): Promise<{ server: Server; url: string }>;
}

interface ClaudeSandbox {
  root: string;
  work: string;
  cfg: string;
  cleanup(): void;
}

interface SandboxModule {
  makeClaudeSandbox(prefix?: string): ClaudeSandbox;
  mockEnv(url: string, cfg: string): Record<string, string | undefined>;
}

export type PermissionDecision =
  | { behavior: "allow"; updatedInput?: Record<string, unknown> }
  | { behavior: "deny"; message: string; interrupt?: boolean };

/** The slice of `@anthropic-ai/claude-agent-sdk` these tests use (its types are not installed in the workspace). */
interface ClaudeSdk {
  query(params: {
    prompt: string;
    options: {
      cwd: string;
      includePartialMessages: boolean;
      model: string;
      settingSources: string[];
      persistSession: boolean;
      env: Record<string, string | undefined>;
      abortController: AbortController;
      canUseTool: (
        toolName: string,
        input: Record<string, unknown>,
        options: { toolUseID: string; decisionReason?: string; agentID?: string },
      ) => Promise<PermissionDecision>;
      stderr: (data: string) => void;
    };
  }): AsyncIterable<SdkMessage> & { close(): void; interrupt(): Promise<unknown> };
}

/** An SDKMessage as the client receives it; only `type` is relied on here, the adapter reads the rest. */
export interface SdkMessage {
  type: string;
  [key: string]: unknown;
}

export interface PermissionCall {
  toolName: string;
  input: Record<string, unknown>;
  toolUseID: string;
  agentID?: string;
}

export interface ClaudeRunOptions {
  prompt: string;
  /** The mock's answers; the capture recipe's default script (text + Bash echo, then text) when absent. */
  script?: (workDir: string) => MockScript;
  /** How the `canUseTool` callback answers (it is recorded either way). Default: allow. */
  decide?: (call: PermissionCall) => PermissionDecision;
  /** Stop after this many `result` messages (an async subagent makes the CLI emit a second one). */
  results?: number;
  timeoutMs?: number;
  /** Sees each message as it arrives, with the query's controls (e.g. to interrupt mid-tool). */
  onMessage?: (message: SdkMessage, controls: { interrupt(): Promise<unknown> }) => void;
}

export interface ClaudeRun {
  messages: SdkMessage[];
  permissionCalls: PermissionCall[];
  /** File names in the sandbox working directory after the run (what the CLI really wrote). */
  workFiles: string[];
  workDir: string;
  stderr: string;
}

export async function runClaude(sdkEntryUrl: string, options: ClaudeRunOptions): Promise<ClaudeRun> {
  const sdk = await importByUrl<ClaudeSdk>(sdkEntryUrl);
  const { startMockAnthropic } = await importCapture<MockAnthropicModule>("mock-anthropic.mjs");
  const { makeClaudeSandbox, mockEnv } = await importCapture<SandboxModule>("claude/tmp-sandbox.mjs");
  const sandbox = makeClaudeSandbox("agent-ui-heavy-claude-");
  // HOME and TMPDIR inside the sandbox too: the CLI's own scratch and socket dirs then go with it.
  const home = path.join(sandbox.root, "home");
  const tmp = path.join(sandbox.root, "tmp");
  mkdirSync(home);
  mkdirSync(tmp);
  const { server, url } = await startMockAnthropic({ script: options.script?.(sandbox.work) });
  const messages: SdkMessage[] = [];
  const permissionCalls: PermissionCall[] = [];
  let stderr = "";
  const abortController = new AbortController();
  const timer = setTimeout(() => abortController.abort(), options.timeoutMs ?? 120_000);
  try {
    const q = sdk.query({
      prompt: options.prompt,
      options: {
        cwd: sandbox.work,
        includePartialMessages: true,
        model: "claude-sonnet-4-5",
        settingSources: [],
        persistSession: false,
        env: { ...mockEnv(url, sandbox.cfg), HOME: home, TMPDIR: tmp },
        abortController,
        canUseTool: async (toolName, input, opts) => {
          const call: PermissionCall = { toolName, input, toolUseID: opts.toolUseID };
          if (opts.agentID !== undefined) call.agentID = opts.agentID;
          permissionCalls.push(call);
          return options.decide?.(call) ?? { behavior: "allow", updatedInput: input };
        },
        stderr: (data) => {
          stderr += data;
        },
      },
    });
    let results = 0;
    for await (const message of q) {
      messages.push(message);
      options.onMessage?.(message, q);
      if (message.type === "result") results++;
      if (results >= (options.results ?? 1)) break;
    }
    q.close();
    return { messages, permissionCalls, workFiles: readdirSync(sandbox.work), workDir: sandbox.work, stderr };
  } catch (error) {
    // Say what the CLI did before it failed: the messages so far and the end of its stderr.
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `claude query failed: ${reason}; messages: ${messageKinds(messages).join(" ")}; stderr: ${stderr.slice(-2000)}`,
    );
  } finally {
    clearTimeout(timer);
    server.close();
    sandbox.cleanup();
  }
}

/** `type` or `type:subtype` of each message (stream events as `stream_event:<event type>` when asked),
 * to compare a live run with a capture and to show what the CLI did in failure messages. */
export function messageKinds(messages: readonly unknown[], withStreamEvents = false): string[] {
  const kinds: string[] = [];
  for (const message of messages as readonly SdkMessage[]) {
    if (message.type === "stream_event") {
      if (withStreamEvents)
        kinds.push(`stream_event:${(message.event as { type?: string } | undefined)?.type}`);
    } else
      kinds.push(typeof message.subtype === "string" ? `${message.type}:${message.subtype}` : message.type);
  }
  return kinds;
}
