import { readFileSync } from "node:fs";
import { parseRecords, streamKeyOf } from "@agent-ui/contracts";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { claudeAgentSdkAdapter } from "../src/claude-agent-sdk";
import { adapt, sessionRecords } from "./claude-support";

const PEER = readFileSync(
  new URL("../../../../shared/peers/streams/claude-agent-sdk.bash-tool.sdkmessages.jsonl", import.meta.url),
  "utf8",
);

const S = "sess-1";
const { sys, result } = sessionRecords(S);

describe("claude-agent-sdk adapter: bash-tool peer stream", () => {
  let events = adapt(parseRecords(PEER).records.map((r) => r.value));
  // Recomputed in each test: what a describe runs while the file loads is outside every test
  // (and every mutant of a mutation run).
  beforeEach(() => {
    events = adapt(parseRecords(PEER).records.map((r) => r.value));
  });
  const of = (type: string) => events.filter((e) => e.type === type);

  it("ENV-02 the SDK session id and run id stay on every event", () => {
    expect(events.every((e) => e.sessionId === "937a7e22-9ca3-45f2-bede-4632bccd9697")).toBe(true);
    expect(of("run.started")).toHaveLength(1);
    expect(
      events.filter((e) => e.type !== "session.opened").every((e) => e.runId === of("run.started")[0].runId),
    ).toBe(true);
  });

  it("TEXT-04 streamed deltas and the per-block snapshot share message and part ids, so the answer shows once", () => {
    const finals = of("text.final");
    expect(finals.map((e) => [e.messageId, e.partId, e.payload?.text])).toEqual([
      ["msg_mock_1", "msg_mock_1:0", "I will run a command."],
      ["msg_mock_2", "msg_mock_2:0", "The command printed hello-from-mock."],
    ]);
    const deltas = of("text.delta").filter((e) => e.partId === "msg_mock_1:0");
    expect(deltas.map((e) => e.payload?.delta).join("")).toBe("I will run a command.");
  });

  it("TOOL-01 Bash streams its input, gets complete input, and ends output-available", () => {
    const tool = events.filter((e) => e.toolCallId === "toolu_mock_1");
    expect(tool.map((e) => e.type)).toEqual([
      "tool.started",
      "tool.args",
      "tool.args",
      "tool.args",
      "permission.changed",
      "tool.result",
    ]);
    expect(tool[0].payload).toMatchObject({ name: "Bash", kind: "command" });
    expect(tool[3].payload).toMatchObject({ complete: true, input: { command: "echo hello-from-mock" } });
    expect(tool.at(-1)?.payload).toMatchObject({ outputPreview: "hello-from-mock" });
  });

  it("HITL-01 no approval is fabricated: the auto-accept is a permission decision, not an action", () => {
    expect(of("action.required")).toEqual([]);
    expect(of("permission.changed").at(-1)?.payload).toMatchObject({
      decision: { decision: "accept", source: "config" },
    });
  });

  it("STAT-08 result/success finishes the run, with usage and cost as metrics", () => {
    expect(events.at(-1)).toMatchObject({ type: "run.finished", payload: { outcome: "success" } });
    const metrics = Object.fromEntries(of("metric.changed").map((e) => [e.metricName, e.payload?.value]));
    expect(metrics).toMatchObject({ "tokens.input": 20, "tokens.output": 40, "run.turns": 2 });
    expect(of("diagnostic.changed")).toEqual([]);
  });
});

describe("claude-agent-sdk adapter: synthetic scenarios", () => {
  const assistant = (content: unknown[], parent: string | null = null, id = "m1") => ({
    type: "assistant",
    session_id: S,
    parent_tool_use_id: parent,
    message: { id, role: "assistant", content },
  });

  it("TEAM-02 a subagent's messages carry its lineage (parent tool call and parent session)", () => {
    const events = adapt([
      sys("init", { model: "m" }),
      assistant([
        {
          type: "tool_use",
          id: "toolu_agent",
          name: "Agent",
          input: { description: "Write notes", subagent_type: "general-purpose" },
        },
      ]),
      {
        type: "user",
        session_id: S,
        parent_tool_use_id: "toolu_agent",
        message: { role: "user", content: "SUBTASK: write notes" },
      },
      assistant([{ type: "text", text: "Subagent wrote notes." }], "toolu_agent", "m2"),
    ]);
    const spawned = events.find((e) => e.type === "agent.spawned");
    expect(spawned).toMatchObject({
      agentId: "subagent:toolu_agent",
      toolCallId: "toolu_agent",
      parentSessionId: S,
      runtimeEntity: "subagent_turn",
    });
    expect(spawned?.payload).toMatchObject({
      agentName: "general-purpose",
      spawnReason: "SUBTASK: write notes",
    });
    expect(events.find((e) => e.type === "text.final" && e.messageId === "m2")).toMatchObject({
      agentId: "subagent:toolu_agent",
    });
    expect(events.some((e) => e.type === "run.started" && e.payload?.input === "SUBTASK: write notes")).toBe(
      false,
    );
  });

  it("TEAM-06 background task messages become capsule updates and a worker notification", () => {
    const events = adapt([
      sys("task_started", {
        task_id: "t1",
        tool_use_id: "toolu_agent",
        description: "Write notes",
        task_type: "local_agent",
      }),
      sys("task_progress", {
        task_id: "t1",
        tool_use_id: "toolu_agent",
        description: "Writing",
        summary: "Half done",
      }),
      sys("task_notification", {
        task_id: "t1",
        tool_use_id: "toolu_agent",
        status: "completed",
        summary: "Done",
        output_file: "/workspace/demo/out.txt",
      }),
    ]);
    expect(events.filter((e) => e.type === "task.changed").map((e) => e.payload?.status)).toEqual([
      "running",
      "running",
      "completed",
    ]);
    const note = events.find((e) => e.type === "worker.notification");
    expect(note).toMatchObject({ taskId: "t1", agentId: "subagent:toolu_agent" });
    expect(note?.payload).toMatchObject({
      status: "completed",
      summary: "Done",
      resultRef: "/workspace/demo/out.txt",
    });
    expect(events.find((e) => e.type === "agent.completed")?.payload).toMatchObject({ status: "completed" });
  });

  it("HITL-04 a permission denial fails the tool as denied and keeps an audited, resolved action", () => {
    const events = adapt([
      assistant([{ type: "tool_use", id: "toolu_w", name: "Write", input: { file_path: "/x" } }]),
      result({ permission_denials: [{ tool_name: "Write", tool_use_id: "toolu_w", tool_input: {} }] }),
    ]);
    expect(events.some((e) => e.type === "tool.result")).toBe(false);
    expect(events.find((e) => e.type === "tool.failed")?.payload).toMatchObject({ denied: true });
    const required = events.find((e) => e.type === "action.required");
    expect(required).toMatchObject({ toolCallId: "toolu_w", actionId: "permission:toolu_w" });
    expect(events.find((e) => e.type === "action.resolved")?.payload).toMatchObject({ decision: "reject" });
  });

  it("HITL-01 a stream-json can_use_tool prompt is a pending approval keyed by the request id, resolved by the response", () => {
    const events = adapt([
      {
        type: "control_request",
        request_id: "req-1",
        request: {
          subtype: "can_use_tool",
          tool_name: "Bash",
          input: { command: "rm x" },
          tool_use_id: "toolu_b",
        },
      },
      {
        type: "control_response",
        response: { subtype: "success", request_id: "req-1", response: { behavior: "deny", message: "no" } },
      },
    ]);
    expect(events[0]).toMatchObject({
      type: "action.required",
      actionId: "req-1",
      toolCallId: "toolu_b",
      payload: { actionType: "tool_approval" },
    });
    expect(events[1]).toMatchObject({ type: "tool.progress", payload: { awaitingActionId: "req-1" } });
    expect(events[2]).toMatchObject({
      type: "action.resolved",
      actionId: "req-1",
      payload: { decision: "reject" },
    });
  });

  it("TOOL-01 is_error tool results fail the tool", () => {
    const events = adapt([
      assistant([{ type: "tool_use", id: "toolu_e", name: "Read", input: {} }]),
      {
        type: "user",
        session_id: S,
        message: {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: "toolu_e", content: "ENOENT", is_error: true }],
        },
      },
    ]);
    expect(events.find((e) => e.type === "tool.failed")?.payload).toMatchObject({ error: "ENOENT" });
  });

  it("CTX-01 compaction status and boundary become compaction start/complete with one id", () => {
    const events = adapt([
      sys("status", { status: "compacting", uuid: "u1" }),
      sys("compact_boundary", { uuid: "u2", compact_metadata: { trigger: "auto", pre_tokens: 5000 } }),
    ]);
    expect(events.map((e) => [e.type, e.payload?.compactionId])).toEqual([
      ["context.compaction.started", "u1"],
      ["context.compaction.completed", "u1"],
    ]);
    expect(events[1].payload).toMatchObject({ tokensBefore: 5000 });
  });

  it("TEXT-07 thinking deltas are reasoning detail, never answer text", () => {
    const events = adapt([
      {
        type: "stream_event",
        session_id: S,
        api_message_id: "m1",
        event: { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "" } },
      },
      {
        type: "stream_event",
        session_id: S,
        api_message_id: "m1",
        event: { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "Hmm." } },
      },
      assistant([{ type: "thinking", thinking: "Hmm." }]),
    ]);
    const reasoning = events.filter((e) => e.type === "reasoning.delta");
    expect(reasoning).toHaveLength(1);
    expect(reasoning[0].payload).toMatchObject({ delta: "Hmm.", visibility: "detail" });
    expect(events.some((e) => e.type.startsWith("text."))).toBe(false);
  });

  it("SEC-02 a secret in streamed tool input JSON is redacted before it is emitted", () => {
    const events = adapt([
      {
        type: "stream_event",
        session_id: S,
        api_message_id: "m1",
        event: {
          type: "content_block_start",
          index: 0,
          content_block: { type: "tool_use", id: "t1", name: "Bash", input: {} },
        },
      },
      {
        type: "stream_event",
        session_id: S,
        api_message_id: "m1",
        event: {
          type: "content_block_delta",
          index: 0,
          delta: { type: "input_json_delta", partial_json: '{"password": "hunter2-very-secret"}' },
        },
      },
    ]);
    expect(JSON.stringify(events)).not.toContain("hunter2-very-secret");
  });

  it("STAT-07 an error result fails the run with its category", () => {
    const events = adapt([
      result({ subtype: "error_max_turns", is_error: true, errors: ["Reached max turns"] }),
    ]);
    expect(events.at(-1)).toMatchObject({
      type: "run.failed",
      payload: { category: "error_max_turns", message: "Reached max turns" },
    });
  });

  it("STAT-08 a stream cut before the result is noted, never completed", () => {
    const events = adapt([
      sys("init"),
      { type: "assistant", session_id: S, message: { id: "m", content: [{ type: "text", text: "Hi" }] } },
    ]);
    expect(events.some((e) => e.type === "run.finished")).toBe(false);
    expect(events.at(-1)?.payload).toMatchObject({ code: "transport_unavailable" });
  });

  it("ORD-02 a redelivered message (same uuid) adds nothing", () => {
    const adapter = claudeAgentSdkAdapter.create();
    const message = { ...assistant([{ type: "text", text: "Hi" }]), uuid: "u-1" };
    expect(adapter.push(message).length).toBeGreaterThan(0);
    expect(adapter.push(message)).toEqual([]);
  });

  it("ENV-09 unknown messages and subtypes are diagnostics", () => {
    const events = adapt([{ type: "mystery", session_id: S }, sys("brand_new_subtype")]);
    expect(events.map((e) => e.payload?.code)).toEqual([
      "unsupported_source_event",
      "unsupported_source_event",
    ]);
  });

  it("detect picks SDK messages and not other peers", () => {
    expect(claudeAgentSdkAdapter.detect(sys("init"))).toBeGreaterThan(0.95);
    expect(claudeAgentSdkAdapter.detect({ type: "stream_event", session_id: S, event: {} })).toBeGreaterThan(
      0.9,
    );
    expect(claudeAgentSdkAdapter.detect({ type: "turn.started" })).toBe(0);
    expect(claudeAgentSdkAdapter.detect({ type: "run_item_stream_event", name: "tool_called" })).toBe(0);
  });

  it("ENV-09 arbitrary JSON never throws", () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 20 }), (records) => {
        adapt(records);
        claudeAgentSdkAdapter.detect(records[0]);
      }),
    );
  });
});

// Findings of the live runs against the real CLI (packages/conformance/heavy, `npm run test:heavy`).
describe("claude-agent-sdk adapter: live-run findings", () => {
  const assistant = (content: unknown[], parent: string | null = null, id = "m1") => ({
    type: "assistant",
    session_id: S,
    parent_tool_use_id: parent,
    message: { id, role: "assistant", content },
  });
  const agentTool = assistant([
    {
      type: "tool_use",
      id: "toolu_agent",
      name: "Agent",
      input: { description: "Run echo", subagent_type: "general-purpose" },
    },
  ]);

  it("ORD-01 diagnostics join the session's stream, so its sequence has no gap to wait on", () => {
    const known = [sys("init", { model: "m" }), assistant([{ type: "text", text: "Hi" }]), result()];
    const unknown = [
      sys("brand_new_subtype"),
      { type: "mystery", session_id: S },
      assistant([{ type: "x" }]),
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...known, ...unknown), { maxLength: 25 }), (records) => {
        const events = adapt(records).filter((e) => e.sequence !== undefined);
        expect(events.every((e) => streamKeyOf(e) === S)).toBe(true);
        expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
      }),
    );
  });

  it("HITL-04 a tool_result rejected by canUseTool fails the tool as denied, audited once as the user's decision", () => {
    const events = adapt([
      sys("init"),
      assistant([{ type: "tool_use", id: "toolu_w", name: "Write", input: { file_path: "/x" } }]),
      {
        type: "user",
        session_id: S,
        parent_tool_use_id: null,
        message: {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "toolu_w", content: "User denied the write", is_error: true },
          ],
        },
        tool_use_result: "Error: User denied the write",
        tool_result_meta: [
          {
            id: "toolu_w",
            non_execution_kind: "permission-rule",
            permission_decision: { decision: "reject", source: "user_reject" },
          },
        ],
      },
      result({ permission_denials: [{ tool_name: "Write", tool_use_id: "toolu_w", tool_input: {} }] }),
    ]);
    expect(events.some((e) => e.type === "tool.result")).toBe(false);
    const failed = events.filter((e) => e.type === "tool.failed");
    expect(failed.map((e) => e.payload)).toEqual([
      { denied: true, error: "User denied the write", outputPreview: "User denied the write" },
    ]);
    expect(events.filter((e) => e.type === "action.required")).toHaveLength(1);
    expect(events.filter((e) => e.type === "action.required")[0]).toMatchObject({
      actionId: "permission:toolu_w",
      payload: { toolName: "Write" },
    });
    const resolved = events.filter((e) => e.type === "action.resolved");
    expect(resolved.map((e) => e.payload)).toEqual([
      { outcome: "resolved", decision: "reject", decidedBy: "user", reason: "User denied the write" },
    ]);
    // The audit sits with the tool: it precedes the run's end.
    const finished = events.findIndex((e) => e.type === "run.finished");
    expect(events.findIndex((e) => e.type === "action.resolved")).toBeLessThan(finished);
  });

  it("TOOL-11 interrupt() mid-tool: the tool is cancelled (not an error, not a denial) and the run cancelled", () => {
    const events = adapt([
      sys("init"),
      assistant([{ type: "tool_use", id: "toolu_s", name: "Bash", input: { command: "sleep 30" } }]),
      {
        type: "user",
        session_id: S,
        parent_tool_use_id: null,
        message: {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "toolu_s",
              content: "The user doesn't want to proceed",
              is_error: true,
            },
          ],
        },
        tool_use_result: "User rejected tool use",
        tool_result_meta: [{ id: "toolu_s", non_execution_kind: "user-rejected" }],
      },
      {
        type: "user",
        session_id: S,
        parent_tool_use_id: null,
        message: {
          role: "user",
          content: [{ type: "text", text: "[Request interrupted by user for tool use]" }],
        },
      },
      result({
        subtype: "error_during_execution",
        is_error: true,
        terminal_reason: "aborted_tools",
        errors: ["[ede_diagnostic] result_type=user"],
      }),
    ]);
    expect(events.find((e) => e.type === "tool.failed")).toMatchObject({
      phase: "cancelled",
      payload: { cancelled: true, reason: "interrupted by user" },
    });
    expect(events.some((e) => e.type === "action.required" || e.type === "run.failed")).toBe(false);
    expect(events.some((e) => e.type === "diagnostic.changed")).toBe(false);
    expect(events.at(-1)).toMatchObject({
      type: "run.finished",
      payload: { outcome: "cancelled", reason: "interrupted by user" },
    });
  });

  it("STAT-07 an abort while streaming cancels the run with the CLI's reason; other errors still fail it", () => {
    const aborted = adapt([
      sys("init"),
      result({ subtype: "error_during_execution", is_error: true, terminal_reason: "aborted_streaming" }),
    ]);
    expect(aborted.at(-1)).toMatchObject({
      type: "run.finished",
      payload: { outcome: "cancelled", reason: "aborted_streaming" },
    });
    const limited = adapt([
      sys("init"),
      result({ subtype: "error_max_turns", is_error: true, terminal_reason: "max_turns" }),
    ]);
    expect(limited.at(-1)).toMatchObject({ type: "run.failed", payload: { category: "error_max_turns" } });
  });

  it("TOOL-03 a Bash row summarizes its command and a Write its path, secrets redacted; other tools keep JSON", () => {
    const secret = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz";
    const events = adapt([
      assistant([
        { type: "tool_use", id: "t_bash", name: "Bash", input: { command: "echo hi", description: "Greet" } },
        {
          type: "tool_use",
          id: "t_key",
          name: "Bash",
          input: { command: `curl -H "x-api-key: ${secret}" api` },
        },
        { type: "tool_use", id: "t_write", name: "Write", input: { file_path: "/w/a.txt", content: "x" } },
        { type: "tool_use", id: "t_mcp", name: "mcp__demo__echo", input: { text: "hi" } },
      ]),
    ]);
    const summaries = Object.fromEntries(
      events.filter((e) => e.type === "tool.args").map((e) => [e.toolCallId, e.payload?.inputSummary]),
    );
    expect(summaries).toMatchObject({ t_bash: "echo hi", t_write: "/w/a.txt", t_mcp: undefined });
    expect(summaries.t_key).toContain("curl -H");
    expect(JSON.stringify(summaries)).not.toContain(secret);
  });

  it("TEAM-02 a subagent first announced by task_started has a known parent (the session)", () => {
    const events = adapt([
      sys("init"),
      agentTool,
      sys("task_started", { task_id: "t1", tool_use_id: "toolu_agent", task_type: "local_agent" }),
    ]);
    expect(events.find((e) => e.type === "agent.spawned")).toMatchObject({
      agentId: "subagent:toolu_agent",
      parentSessionId: S,
      toolCallId: "toolu_agent",
    });
  });

  it("TEAM-06 an async subagent outliving the parent's result opens no parent run and keeps its own turn", () => {
    const events = adapt([
      sys("init"),
      agentTool,
      result(),
      assistant(
        [{ type: "tool_use", id: "toolu_sub", name: "Bash", input: { command: "ls" } }],
        "toolu_agent",
        "m2",
      ),
      assistant([{ type: "text", text: "Sub done." }], "toolu_agent", "m3"),
    ]);
    expect(events.filter((e) => e.type === "run.started")).toHaveLength(1);
    const afterResult = events.slice(events.findIndex((e) => e.type === "run.finished") + 1);
    expect(afterResult.length).toBeGreaterThan(0);
    for (const event of afterResult)
      expect(event).toMatchObject({ agentId: "subagent:toolu_agent", turnId: "subagent:toolu_agent" });
  });

  it("TEAM-06 the background task list announces unseen tasks only, and a task keeps its kind", () => {
    const list = sys("background_tasks_changed", {
      tasks: [{ task_id: "t1", task_type: "local_bash", description: "Watch logs" }],
    });
    const events = adapt([
      list,
      sys("task_started", { task_id: "t1", task_type: "local_bash", description: "Watch logs" }),
      list,
      sys("task_updated", { task_id: "t1", patch: { status: "completed" } }),
      sys("background_tasks_changed", { tasks: [] }),
    ]);
    expect(events.map((e) => e.type)).toEqual(["task.changed", "task.changed", "task.changed"]);
    expect(events[0]).toMatchObject({
      taskId: "t1",
      runtimeEntity: "automation_job",
      payload: { status: "running", title: "Watch logs" },
    });
    expect(events[2]).toMatchObject({ runtimeEntity: "automation_job", payload: { status: "completed" } });
  });
});
