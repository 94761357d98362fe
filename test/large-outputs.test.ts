// A tool output over the offload limit (TOOL-02/03, EVID-10) keeps a working ref in every format that
// carries one: the event holds `{ ref, preview, bytes, offloaded }`, and the body under that ref is the
// whole output — printed by `agent-ui project --detail <ref>` and served by the gateway's detail route
// (`GET /api/sessions/:id/details/:ref`). AG-UI and the AI SDK run their real SDKs offline, and the body
// is compared with the output the SDK's own reducer holds (`agent.messages`, `readUIMessageStream`); the
// other formats are the peers' captured streams with their tool output made large.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AbstractAgent } from "@ag-ui/client";
import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { type BaseEvent, EventType, type RunAgentInput } from "@ag-ui/core";
import { type UIMessage, type UIMessageChunk, readUIMessageStream, streamText, tool } from "ai";
import { MockLanguageModelV4, convertArrayToReadableStream } from "ai/test";
import { Observable } from "rxjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { projectCommand } from "../packages/cli/src/commands/project";
import { type RunningServer, startServer } from "../packages/server/src";
import { ROOT } from "./support/packages";

const PEERS = join(ROOT, "..", "shared", "peers", "streams");
/** ~40 KB, over the adapters' 16 KiB default; a line number per row so a cut body cannot pass. */
const BIG = Array.from({ length: 800 }, (_, i) => `line ${i}: ${"x".repeat(40)}`).join("\n");

/** Runs `agent-ui project` on `text` (stdin); resolves with the exit code and stdout. */
async function cli(args: string[], text: string): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await projectCommand.run([...args, "-"], {
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
    stdin: () => [text],
  });
  return { code, out, err };
}

// ---------------------------------------------------------------------------------------------------
// Real SDK producers

type AgentObservable = ReturnType<AbstractAgent["run"]>;

class BigResultAgent extends AbstractAgent {
  run(input: RunAgentInput): AgentObservable {
    const { threadId, runId } = input;
    const events: BaseEvent[] = [
      { type: EventType.RUN_STARTED, threadId, runId } as BaseEvent,
      {
        type: EventType.TOOL_CALL_START,
        toolCallId: "tc-read",
        toolCallName: "read_log",
        parentMessageId: "m-1",
      } as BaseEvent,
      { type: EventType.TOOL_CALL_ARGS, toolCallId: "tc-read", delta: '{"path":"build.log"}' } as BaseEvent,
      { type: EventType.TOOL_CALL_END, toolCallId: "tc-read" } as BaseEvent,
      {
        type: EventType.TOOL_CALL_RESULT,
        toolCallId: "tc-read",
        messageId: "r-1",
        content: BIG,
      } as BaseEvent,
      { type: EventType.RUN_FINISHED, threadId, runId } as BaseEvent,
    ];
    return new Observable<BaseEvent>((subscriber) => {
      for (const event of events) subscriber.next(event);
      subscriber.complete();
    }) as unknown as AgentObservable;
  }
}

async function agUiStream(): Promise<{ records: unknown[]; expected: string }> {
  const agent = new BigResultAgent({ threadId: "t-big" });
  const records: unknown[] = [];
  await agent.runAgent(
    { runId: "run-big" },
    { onEvent: ({ event }) => void records.push(structuredClone(event)) },
  );
  const result = agent.messages.find((m) => m.role === "tool");
  if (result === undefined || typeof result.content !== "string") throw new Error("no tool message");
  return { records, expected: result.content };
}

async function aiSdkStream(): Promise<{ records: unknown[]; expected: string }> {
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 1, text: 1, reasoning: 0 },
  };
  let calls = 0;
  const model = new MockLanguageModelV4({
    doStream: async () => ({
      stream: convertArrayToReadableStream<LanguageModelV4StreamPart>(
        calls++ === 0
          ? [
              { type: "stream-start", warnings: [] },
              {
                type: "tool-call",
                toolCallId: "call-read",
                toolName: "read_log",
                input: '{"path":"build.log"}',
              },
              { type: "finish", finishReason: { unified: "tool-calls", raw: "tool-calls" }, usage },
            ]
          : [
              { type: "stream-start", warnings: [] },
              { type: "text-start", id: "t" },
              { type: "text-delta", id: "t", delta: "Read it." },
              { type: "text-end", id: "t" },
              { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
            ],
      ),
    }),
  });
  const readLog = tool({
    inputSchema: z.object({ path: z.string() }),
    execute: async () => BIG,
  });
  const result = streamText({
    model,
    tools: { read_log: readLog },
    prompt: "Read the build log",
    stopWhen: ({ steps }) => steps.length >= 2,
  });
  const records: UIMessageChunk[] = [];
  for await (const chunk of result.toUIMessageStream()) records.push(chunk);
  let message: UIMessage | undefined;
  for await (const m of readUIMessageStream({ stream: convertArrayToReadableStream(records) })) message = m;
  const part = message?.parts.find((p) => p.type === "tool-read_log");
  if (part === undefined || !("output" in part) || typeof part.output !== "string")
    throw new Error("no tool output in the SDK's message");
  return { records, expected: part.output };
}

/** A peers' capture with one tool output (`small`, as it appears in the JSON text) replaced by BIG. */
function capture(file: string, small: string): { records: unknown[]; expected: string } {
  const text = readFileSync(join(PEERS, file), "utf8");
  const escaped = JSON.stringify(BIG).slice(1, -1);
  if (!text.includes(small)) throw new Error(`${file} no longer holds ${small}`);
  const records = text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line.split(small).join(escaped)));
  return { records, expected: BIG };
}

/** A Lime runtime stream (profile shape) whose tool result carries its output beside the ref it names. */
async function limeRecords(): Promise<{ records: unknown[]; expected: string }> {
  const base = {
    schemaVersion: "lime-profile-0.4.0",
    runtimeId: "rt",
    sessionId: "sess",
    threadId: "th",
    turnId: "turn-1",
  };
  const tool = { stepId: "step-1", toolCallId: "call-log" };
  const records = [
    { type: "turn.started", payload: {} },
    { type: "tool.started", payload: { toolName: "read_log", safeArgs: { path: "build.log" } }, ...tool },
    { type: "tool.result", payload: { output: BIG, outputRef: "output://turn-1/build.log" }, ...tool },
    { type: "turn.completed", payload: { status: "completed" } },
  ].map((r, i) => ({
    ...base,
    ...r,
    eventId: `evt-${i + 1}`,
    sequence: i + 1,
    timestamp: "2026-05-11T10:00:00Z",
  }));
  return { records, expected: BIG };
}

const CASES: {
  format: string;
  toolCallId: string;
  stream: () => Promise<{ records: unknown[]; expected: string }>;
}[] = [
  { format: "ag-ui", toolCallId: "tc-read", stream: agUiStream },
  { format: "lime", toolCallId: "call-log", stream: limeRecords },
  { format: "ai-sdk", toolCallId: "call-read", stream: aiSdkStream },
  {
    format: "claude-agent-sdk",
    toolCallId: "toolu_mock_1",
    stream: async () => capture("claude-agent-sdk.bash-tool.sdkmessages.jsonl", "hello-from-mock"),
  },
  {
    format: "codex",
    toolCallId: "",
    stream: async () => capture("codex-sdk.exec-patch-plan.threadevents.jsonl", "hello-from-codex-mock\\n"),
  },
  {
    format: "mcp",
    toolCallId: "",
    stream: async () => capture("mcp.tool-progress-elicitation.jsonrpc.jsonl", "deployed to staging"),
  },
  {
    format: "langgraph",
    toolCallId: "call_rm",
    stream: async () => capture("langgraph.run2-resume.stream-chunks.jsonl", "deleted /workspace/demo/x"),
  },
  {
    format: "openai-agents",
    toolCallId: "call_rm",
    stream: async () =>
      capture("openai-agents.approval-resume.runstreamevents.jsonl", "deleted /workspace/demo/x"),
  },
];

interface ToolRow {
  outputPreview?: string;
  outputText?: string;
  toolCallId: string;
  outputRef?: string;
}

/** The tool whose output was offloaded (the named one when the format names it). */
function offloadedTool(state: { tools: Record<string, ToolRow> }, toolCallId: string): ToolRow {
  const rows = Object.values(state.tools).filter(
    (t) => t.outputRef !== undefined && !t.outputRef.startsWith("ref:"),
  );
  const row = toolCallId === "" ? rows[0] : rows.find((t) => t.toolCallId === toolCallId);
  if (row === undefined)
    throw new Error(`no tool with an offloaded output among ${Object.keys(state.tools)}`);
  return row;
}

describe("TOOL-03 / EVID-10 RT-AS-03 a large tool output keeps a working ref in every format", () => {
  let server: RunningServer;
  const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-large-outputs-"));
  beforeAll(async () => {
    server = await startServer({ port: 0, dataDir, noAuth: true });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const { format, toolCallId, stream } of CASES)
    it(`${format}: the CLI and the gateway serve the whole output under the same ref`, async () => {
      const { records, expected } = await stream();
      expect(expected.length).toBeGreaterThan(16_384);
      const text = records.map((r) => JSON.stringify(r)).join("\n");

      // CLI: the snapshot names the ref, --detail prints the body.
      const projected = await cli(["--from", format], text);
      expect(projected.code).toBe(0);
      const tool = offloadedTool(JSON.parse(projected.out), toolCallId);
      const ref = tool.outputRef as string;
      // A short preview stands in the row; the whole output lives only under the ref (TOOL-02).
      expect(tool.outputPreview?.length).toBeGreaterThan(0);
      expect(tool.outputPreview?.length).toBeLessThanOrEqual(4_096);
      expect(tool.outputText ?? "").not.toContain("line 799:");
      expect(projected.out).not.toContain(expected.slice(0, 2_000));
      const detail = await cli(["--from", format, "--detail", ref], text);
      expect(detail.err).toBe("");
      expect(detail.code).toBe(0);
      if (detail.out.startsWith("{") || detail.out.startsWith("["))
        expect(detail.out).toContain(JSON.stringify(expected).slice(1, 2_000));
      else expect(detail.out).toBe(expected);

      // Gateway: pushed records, the same ref in its snapshot, the same body from the detail route.
      const created = await fetch(`${server.url}/api/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ source: "push", config: { format } }),
      }).then((r) => r.json());
      const id = created.session.id as string;
      const pushed = await fetch(`${server.url}/api/sessions/${id}/ingest?format=${format}`, {
        method: "POST",
        headers: { "content-type": "application/x-ndjson" },
        body: text,
      });
      expect(pushed.status).toBe(200);
      const snapshot = await fetch(`${server.url}/api/sessions/${id}/snapshot`).then((r) => r.json());
      const state = snapshot.state ?? snapshot.snapshot?.state ?? snapshot;
      expect(offloadedTool(state, toolCallId).outputRef).toBe(ref);
      const served = await fetch(
        `${server.url}/api/sessions/${id}/details/${encodeURIComponent(ref)}?format=raw`,
      );
      expect(served.status).toBe(200);
      expect(await served.text()).toBe(detail.out);
    });

  it("TOOL-03 a ref the stream does not keep is an error, not an empty body", async () => {
    const { records } = await agUiStream();
    const text = records.map((r) => JSON.stringify(r)).join("\n");
    const missing = await cli(["--from", "ag-ui", "--detail", "detail://body/1-0000000000000000"], text);
    expect(missing.code).toBe(1);
    expect(missing.out).toBe("");
    expect(missing.err).toContain("no body is kept");
  });
});
