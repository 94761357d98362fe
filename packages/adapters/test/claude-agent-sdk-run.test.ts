import { describe, expect, it } from "vitest";
import { adapt, of, sessionRecords } from "./claude-support";

const S = "sess-r";
const { sys, user, result } = sessionRecords(S);

const text = (t: string, id = "m1") => ({
  type: "assistant",
  session_id: S,
  parent_tool_use_id: null,
  message: { id, role: "assistant", content: [{ type: "text", text: t }] },
});

describe("claude-agent-sdk records", () => {
  it("ENV-02 each event names the record it came from: type and subtype, its uuid and timestamp", () => {
    const events = adapt([
      sys("init", { uuid: "u-init" }),
      { ...text("Hi"), uuid: "u-a", timestamp: "2026-01-02T03:04:05.000Z" },
    ]);
    expect(events.map((e) => [e.type, e.source?.sourceType, e.source?.index, e.rawEventRef])).toEqual([
      ["session.opened", "system/init", 0, "claude:u-init"],
      ["run.started", "system/init", 0, "claude:u-init"],
      ["run.status", "system/init", 0, "claude:u-init"],
      ["text.final", "assistant", 1, "claude:u-a"],
      ["diagnostic.changed", undefined, undefined, undefined],
    ]);
    expect(of(events, "text.final")[0].timestamp).toBe("2026-01-02T03:04:05.000Z");
  });

  it("ORD-01 a record without a session joins the session first named; its diagnostics too", () => {
    const events = adapt([text("Hi"), { type: "mystery_v9" }, { type: "user", message: { content: [] } }]);
    expect(events.map((e) => [e.type, e.sessionId, e.sequence])).toEqual([
      ["run.started", S, 1],
      ["text.final", S, 2],
      ["diagnostic.changed", S, 3],
      ["diagnostic.changed", S, 4],
    ]);
  });

  it("ORD-01 a record of another session numbers its diagnostics in that session's stream", () => {
    const events = adapt([
      sys("init"),
      { type: "mystery_v9", session_id: "sess-other" },
      { ...text("Other"), session_id: "sess-other" },
    ]);
    expect(events.map((e) => [e.type, e.sessionId, e.sequence])).toEqual([
      ["session.opened", S, 1],
      ["run.started", S, 2],
      ["run.status", S, 3],
      ["diagnostic.changed", "sess-other", 1],
      ["text.final", "sess-other", 2],
      ["diagnostic.changed", S, 4],
    ]);
  });

  it("ORD-01 a forked session's init names the session that records without their own join", () => {
    const events = adapt([
      { ...text("Hi"), session_id: "sess-parent" },
      sys("init", { session_id: "sess-fork" }),
      { type: "mystery_v9" },
    ]);
    expect(events.map((e) => [e.type, e.sessionId])).toEqual([
      ["run.started", "sess-parent"],
      ["text.final", "sess-parent"],
      ["session.opened", "sess-fork"],
      ["run.status", "sess-fork"],
      ["diagnostic.changed", "sess-fork"],
      ["diagnostic.changed", "sess-fork"],
    ]);
  });

  it("ENV-09 a record that is not an object is an unsupported-event diagnostic", () => {
    const events = adapt(["assistant", 7, null]);
    expect(events.map((e) => e.payload?.code)).toEqual(Array(3).fill("unsupported_source_event"));
  });

  it("STAT-08 a cut stream notes, once, that the result never came, on the open run", () => {
    const events = adapt([sys("init", { uuid: "u-run" }), text("Hi")]);
    expect(events.at(-1)).toMatchObject({
      type: "diagnostic.changed",
      sessionId: S,
      runId: "u-run",
      payload: {
        code: "transport_unavailable",
        severity: "info",
        message: "claude stream ended before the result message",
      },
    });
    expect(adapt([sys("init"), result()]).some((e) => e.payload?.code === "transport_unavailable")).toBe(
      false,
    );
    const noRunId = adapt([text("Hi")]).at(-1);
    expect(noRunId?.payload?.code).toBe("transport_unavailable");
    expect(noRunId).not.toHaveProperty("runId");
  });
});

describe("claude-agent-sdk user messages", () => {
  it("TEXT-09 the prompt opens the run with its text and message id; text blocks join by line", () => {
    const events = adapt([
      user(
        [
          { type: "text", text: "Look at this:" },
          { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBO" } },
          { type: "text" },
          { type: "text", text: "what is it?" },
        ],
        { uuid: "u-prompt" },
      ),
    ]);
    expect(events.map((e) => [e.type, e.runId, e.payload])).toEqual([
      ["run.started", "u-prompt", { input: "Look at this:\n\nwhat is it?", userMessageId: "u-prompt" }],
      ["diagnostic.changed", "u-prompt", expect.objectContaining({ code: "transport_unavailable" })],
    ]);
  });

  it("TEXT-09 a prompt without uuid opens the run without a message id", () => {
    expect(adapt([user("Hello")])[0]).toMatchObject({ type: "run.started", payload: { input: "Hello" } });
    expect(adapt([user("Hello")])[0].payload).not.toHaveProperty("userMessageId");
  });

  it("TEXT-09 a user record without a message body has nothing to state", () => {
    expect(adapt([{ type: "user", session_id: S, parent_tool_use_id: null }])).toEqual([]);
  });

  it("ENV-09 a user content block of an unknown type is named; an image is not", () => {
    const events = adapt([
      sys("init"),
      user([{ type: "document_v9" }, { type: "image", source: {} }]),
      user([{ source: {} }]),
    ]);
    expect(of(events, "diagnostic.changed").map((e) => e.payload?.message)).toEqual([
      "claude-agent-sdk record #1: user content block document_v9 is not mapped",
      "claude-agent-sdk record #2: user content block undefined is not mapped",
      "claude stream ended before the result message",
    ]);
  });

  it("TEXT-09 user text that arrives mid-run starts no new run and says so", () => {
    const events = adapt([sys("init"), user("And also this", { uuid: "u-2" }), result()]);
    expect(of(events, "run.started")).toHaveLength(1);
    expect(of(events, "diagnostic.changed")).toEqual([
      expect.objectContaining({
        rawEventRef: "claude:u-2",
        payload: {
          code: "missing_correlation",
          severity: "info",
          message: "user input arrived mid-run; it starts no new run here",
        },
      }),
    ]);
  });

  it("TOOL-11 only the CLI's exact interrupt marker cancels the run as interrupted by the user", () => {
    const run = (marker: string) =>
      adapt([
        sys("init"),
        user([{ type: "text", text: marker }]),
        result({ subtype: "error_during_execution", is_error: true, terminal_reason: "aborted_streaming" }),
      ]);
    for (const marker of ["[Request interrupted by user]", "[Request interrupted by user for tool use]"]) {
      const events = run(marker);
      expect(of(events, "diagnostic.changed")).toEqual([]);
      expect(events.at(-1)?.payload).toEqual({ outcome: "cancelled", reason: "interrupted by user" });
    }
    for (const said of ["[Request interrupted by user] please", "x [Request interrupted by user]"]) {
      const events = run(said);
      expect(of(events, "diagnostic.changed")).toHaveLength(1);
      expect(events.at(-1)?.payload).toEqual({ outcome: "cancelled", reason: "aborted_streaming" });
    }
  });

  it("STAT-07 a result ends the run: the next prompt opens a new one with its own id, and an interrupt is not carried over", () => {
    const events = adapt([
      user("first", { uuid: "u-1" }),
      user("[Request interrupted by user]"),
      result({ subtype: "error_during_execution", is_error: true, terminal_reason: "aborted_tools" }),
      user("second", { uuid: "u-2" }),
      result({ subtype: "error_during_execution", is_error: true, terminal_reason: "aborted_tools" }),
      text("after"),
    ]);
    expect(of(events, "run.started").map((e) => [e.runId, e.payload?.input])).toEqual([
      ["u-1", "first"],
      ["u-2", "second"],
      [undefined, undefined],
    ]);
    expect(of(events, "run.finished").map((e) => [e.runId, e.payload?.reason])).toEqual([
      ["u-1", "interrupted by user"],
      ["u-2", "aborted_tools"],
    ]);
  });
});

describe("claude-agent-sdk results", () => {
  it("DIAG-02 usage, cost, durations and turns become metrics with their units", () => {
    const events = adapt([
      result({
        usage: { input_tokens: 12, output_tokens: 34 },
        total_cost_usd: 0.5,
        duration_ms: 1200,
        duration_api_ms: 800,
        num_turns: 3,
      }),
    ]);
    expect(of(events, "metric.changed").map((e) => [e.metricName, e.payload])).toEqual([
      ["tokens.input", { value: 12, unit: "tokens" }],
      ["tokens.output", { value: 34, unit: "tokens" }],
      ["cost.usd", { value: 0.5, unit: "usd" }],
      ["run.duration_ms", { value: 1200, unit: "ms" }],
      ["model.duration_ms", { value: 800, unit: "ms" }],
      ["run.turns", { value: 3, unit: "count" }],
    ]);
  });

  it("STAT-07 a success result marked as an error fails the run with its result text", () => {
    const events = adapt([result({ is_error: true, result: "API Error: 500" })]);
    expect(events.at(-1)).toMatchObject({
      type: "run.failed",
      phase: "failed",
      payload: { category: "success", message: "API Error: 500" },
    });
  });

  it("STAT-07 a failed run names its string errors, else its result, else its subtype", () => {
    const failed = (extra: Record<string, unknown>) =>
      adapt([result({ subtype: "error_during_execution", is_error: true, ...extra })]).at(-1)?.payload;
    expect(failed({ errors: ["one", 2, "two"], result: "r" })).toEqual({
      category: "error_during_execution",
      message: "one; two",
    });
    expect(failed({ errors: [], result: "r" })).toEqual({ category: "error_during_execution", message: "r" });
    expect(failed({})).toEqual({ category: "error_during_execution", message: "error_during_execution" });
    expect(adapt([{ type: "result", session_id: S }]).at(-1)?.payload).toEqual({
      category: "unknown",
      message: "unknown",
    });
  });

  it("STAT-07 a run cancelled by an abort ends cancelled with the abort's reason", () => {
    const events = adapt([
      result({ subtype: "error_during_execution", is_error: true, terminal_reason: "aborted_streaming" }),
    ]);
    expect(events.at(-1)).toMatchObject({
      type: "run.finished",
      phase: "cancelled",
      payload: { outcome: "cancelled", reason: "aborted_streaming" },
    });
    const bare = adapt([result()]);
    expect(bare.map((e) => e.type)).toEqual(["run.started", "run.finished"]);
    expect(bare.at(-1)).toMatchObject({ phase: "completed" });
  });

  it("HITL-04 a denial without a tool id is skipped; one for an unknown call names the denied tool", () => {
    const events = adapt([
      result({
        permission_denials: [
          { tool_name: "Bash", tool_input: {} },
          { tool_name: "Write", tool_use_id: "toolu_w", tool_input: { file_path: "/x" } },
        ],
      }),
    ]);
    expect(of(events, "action.required").map((e) => [e.toolCallId, e.payload])).toEqual([
      [
        "toolu_w",
        {
          actionType: "tool_approval",
          sourceType: "claude.permission_denial",
          toolName: "Write",
          availableDecisions: ["allow", "deny"],
        },
      ],
    ]);
    expect(of(events, "action.resolved").map((e) => e.payload)).toEqual([
      { outcome: "resolved", decision: "reject", decidedBy: "permission policy" },
    ]);
    expect(of(events, "tool.failed").map((e) => [e.phase, e.payload])).toEqual([
      ["failed", { denied: true, error: "permission denied" }],
    ]);
  });
});

describe("claude-agent-sdk permission prompts (stream-json)", () => {
  const request = (req: Record<string, unknown>, id: string | null = "req-1") => ({
    type: "control_request",
    ...(id !== null ? { request_id: id } : {}),
    request: { subtype: "can_use_tool", ...req },
  });
  const response = (res: Record<string, unknown>) => ({ type: "control_response", response: res });

  it("HITL-01 a prompt states the tool, its title and reason, and its safe input as the scope", () => {
    const events = adapt([
      request({
        tool_name: "Bash",
        display_name: "Run a command",
        description: "The model wants to run a command",
        input: { command: "rm -rf build", token: "sk-ant-api03-abcdefghijklmnopqrstuvwxyz" },
      }),
    ]);
    expect(events.map((e) => e.type)).toEqual(["action.required"]);
    expect(events[0]).toMatchObject({ actionId: "req-1", phase: "waiting" });
    expect(events[0].payload).toMatchObject({
      actionType: "tool_approval",
      sourceType: "claude.can_use_tool",
      toolName: "Bash",
      title: "Run a command",
      prompt: "The model wants to run a command",
      scope: { command: "rm -rf build" },
      availableDecisions: ["allow", "deny"],
    });
    expect(JSON.stringify(events)).not.toContain("abcdefghijklmnopqrstuvwxyz");
    const titled = adapt([request({ title: "Allow Bash?", decision_reason: "Rule: ask" })])[0].payload;
    expect(titled).toMatchObject({ title: "Allow Bash?", prompt: "Rule: ask" });
  });

  it("ENV-09 a control request that is no tool prompt, or has no request id, is a diagnostic", () => {
    const events = adapt([
      { type: "control_request", request_id: "r", request: { subtype: "interrupt" } },
      request({ tool_name: "Bash" }, null),
      response({ subtype: "success", response: { behavior: "allow" } }),
      { type: "control_response" },
    ]);
    expect(events.map((e) => [e.type, e.payload?.code])).toEqual(
      Array(4).fill(["diagnostic.changed", "unsupported_source_event"]),
    );
    expect(events[3].payload?.message).toBe("claude-agent-sdk record #3: not understood by this adapter");
  });

  it("HITL-03 the response resolves the prompt: allowed, denied with a reason, other decisions kept, errors cancelled", () => {
    const resolved = (res: Record<string, unknown>) =>
      adapt([response({ request_id: "req-1", ...res })]).map((e) => [e.type, e.actionId, e.payload]);
    expect(resolved({ subtype: "success", response: { behavior: "allow", updatedInput: {} } })).toEqual([
      ["action.resolved", "req-1", { outcome: "resolved", decision: "approve" }],
    ]);
    expect(resolved({ subtype: "success", response: { behavior: "deny", message: "Not now" } })).toEqual([
      ["action.resolved", "req-1", { outcome: "resolved", decision: "reject", reason: "Not now" }],
    ]);
    expect(resolved({ subtype: "success", response: { behavior: "ask" } })).toEqual([
      ["action.resolved", "req-1", { outcome: "resolved", decision: "ask" }],
    ]);
    expect(resolved({ subtype: "error", error: "Tool permission request aborted" })).toEqual([
      ["action.resolved", "req-1", { outcome: "cancelled", reason: "Tool permission request aborted" }],
    ]);
  });
});
