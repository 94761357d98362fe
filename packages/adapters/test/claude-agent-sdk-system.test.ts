import { describe, expect, it } from "vitest";
import { of, pushEach as adapt, sessionRecords } from "./claude-support";

const S = "sess-s";
const { sys } = sessionRecords(S);

const toolUse = (id: string, name: string, input: unknown = {}) => ({
  type: "assistant",
  session_id: S,
  parent_tool_use_id: null,
  message: { id: `m-${id}`, role: "assistant", content: [{ type: "tool_use", id, name, input }] },
});
const toolResult = (block: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "user",
  session_id: S,
  parent_tool_use_id: null,
  message: { role: "user", content: [{ type: "tool_result", ...block }] },
  ...extra,
});

describe("claude-agent-sdk system messages", () => {
  it("STAT-08 init opens the session and the run, preparing with its model and permission mode", () => {
    const events = adapt([
      sys("init", { model: "claude-sonnet-4-5", permissionMode: "acceptEdits", uuid: "u-i" }),
    ]);
    expect(events.map((e) => [e.type, e.phase, e.sessionId, e.payload])).toEqual([
      ["session.opened", "hydrating", S, undefined],
      ["run.started", "submitted", S, {}],
      ["run.status", "preparing", S, { status: "preparing", model: "claude-sonnet-4-5" }],
      ["permission.changed", undefined, S, { mode: "acceptEdits" }],
    ]);
    expect(adapt([sys("init")]).at(-1)?.payload).toEqual({ status: "preparing" });
  });

  it("STAT-08 the CLI's status line: requesting waits on the provider, other labels prepare, a cleared one adds nothing", () => {
    const events = adapt([
      sys("status", { status: "requesting" }),
      sys("status", { status: "thinking_v9" }),
      sys("status", { status: null }),
    ]);
    expect(events.map((e) => [e.type, e.phase, e.payload])).toEqual([
      ["run.started", "submitted", {}],
      ["run.status", "preparing", { status: "waiting_provider", label: "requesting" }],
      ["run.status", "preparing", { status: "preparing", label: "thinking_v9" }],
    ]);
  });

  it("CTX-01 a compaction without a status uuid still pairs start and boundary; the next one has its own id", () => {
    const events = adapt([
      sys("status", { status: "compacting" }),
      sys("compact_boundary", { uuid: "b1", compact_metadata: { trigger: "manual", pre_tokens: 900 } }),
      sys("compact_boundary", { uuid: "b2" }),
    ]);
    expect(events.map((e) => [e.type, e.phase, e.payload])).toEqual([
      ["context.compaction.started", undefined, { compactionId: "compaction" }],
      [
        "context.compaction.completed",
        "reconciling",
        { compactionId: "compaction", tokensBefore: 900, trigger: "manual" },
      ],
      ["context.compaction.completed", "reconciling", { compactionId: "b2" }],
    ]);
  });

  it("STAT-08 an API retry is a retrying status with its attempt and the error it names", () => {
    const events = adapt([
      sys("api_retry", { attempt: 2, max_retries: 10, retry_delay_ms: 500, error: "rate_limit" }),
      sys("api_retry", { attempt: 3, error: { message: "Overloaded" } }),
      sys("api_retry", {}),
    ]);
    expect(events.map((e) => [e.type, e.phase, e.retryableOverload, e.payload])).toEqual([
      ["run.status", "preparing", true, { status: "retrying", retryCount: 2, reason: "rate_limit" }],
      ["run.status", "preparing", true, { status: "retrying", retryCount: 3, reason: "Overloaded" }],
      ["run.status", "preparing", true, { status: "retrying" }],
    ]);
  });

  it("ENV-09 a system message without subtype is named as missing", () => {
    expect(adapt([sys(undefined as unknown as string)])[0].payload?.message).toBe(
      "claude-agent-sdk record #0: system subtype missing is not mapped",
    );
  });
});

describe("claude-agent-sdk background tasks", () => {
  it("TEAM-06 a task message without task_id is a missing-correlation warning", () => {
    const events = adapt([sys("task_progress", { description: "x" })]);
    expect(events.map((e) => e.payload)).toEqual([
      { code: "missing_correlation", severity: "warning", message: "claude task_progress without task_id" },
    ]);
  });

  it("TEAM-06 a background shell is a job: no subagent, no agent completion, its statuses mapped", () => {
    const events = adapt([
      sys("task_started", {
        task_id: "b1",
        tool_use_id: "toolu_bash",
        task_type: "local_bash",
        description: "npm run dev",
      }),
      sys("task_progress", { task_id: "b1", last_tool_name: "Bash" }),
      sys("task_updated", { task_id: "b1", patch: { status: "pending" } }),
      sys("task_updated", { task_id: "b1", status: "killed" }),
      sys("task_notification", { task_id: "b1", status: "stopped", summary: "Stopped" }),
    ]);
    expect(events.some((e) => e.type === "agent.spawned" || e.type === "agent.completed")).toBe(false);
    expect(
      of(events, "task.changed").map((e) => [e.runtimeEntity, e.agentId, e.toolCallId, e.payload]),
    ).toEqual([
      ["automation_job", undefined, "toolu_bash", { status: "running", title: "npm run dev" }],
      ["automation_job", undefined, undefined, { status: "running", progress: { message: "Bash" } }],
      ["automation_job", undefined, undefined, { status: "queued" }],
      ["automation_job", undefined, undefined, { status: "cancelled" }],
      ["automation_job", undefined, undefined, { status: "cancelled" }],
    ]);
    expect(
      of(events, "worker.notification").map((e) => [e.workerNotificationId, e.phase, e.payload]),
    ).toEqual([["b1:stopped", "archived", { status: "stopped", summary: "Stopped" }]]);
  });

  it("TEAM-06 a task update without a status keeps the capsule's status; an unknown status is unknown", () => {
    const events = adapt([
      sys("task_updated", { task_id: "t1", description: "Renamed" }),
      sys("task_updated", { task_id: "t1", status: "paused_v9" }),
      sys("task_progress", { task_id: "t1", summary: "Half", description: "Desc" }),
      sys("task_progress", { task_id: "t1", description: "Desc" }),
    ]);
    expect(of(events, "task.changed").map((e) => [e.runtimeEntity, e.payload])).toEqual([
      ["subagent_turn", { title: "Renamed" }],
      ["subagent_turn", { status: "unknown" }],
      ["subagent_turn", { status: "running", title: "Desc", progress: { message: "Half" } }],
      ["subagent_turn", { status: "running", title: "Desc", progress: { message: "Desc" } }],
    ]);
  });

  it("TEAM-06 a subagent's notification completes the agent with the notification's status and usage", () => {
    const run = (status: string | undefined) =>
      adapt([
        toolUse("toolu_a", "Agent", {
          description: "Research",
          prompt: "Find x",
          subagent_type: "researcher",
        }),
        sys("task_started", { task_id: "t1", tool_use_id: "toolu_a", task_type: "local_agent" }),
        sys("task_notification", {
          task_id: "t1",
          tool_use_id: "toolu_a",
          ...(status !== undefined ? { status } : {}),
          summary: "Found x",
          usage: { total_tokens: 100, tool_uses: 2, duration_ms: 900 },
        }),
      ]);
    const events = run("failed");
    expect(of(events, "agent.spawned").map((e) => e.payload)).toEqual([
      { status: "running", parentToolCallId: "toolu_a", agentName: "researcher", spawnReason: "Research" },
    ]);
    expect(of(events, "task.changed").map((e) => e.payload?.status)).toEqual(["running", "failed"]);
    const note = of(events, "worker.notification")[0];
    expect(note).toMatchObject({
      workerNotificationId: "t1:failed",
      agentId: "subagent:toolu_a",
      toolCallId: "toolu_a",
      runtimeEntity: "subagent_turn",
      payload: { status: "failed", summary: "Found x", usage: { total_tokens: 100, tool_uses: 2 } },
    });
    expect(note.eventId).toBe("claude-agent-sdk:task:t1:notification:worker.notification");
    expect(of(events, "agent.completed").map((e) => [e.agentId, e.payload])).toEqual([
      ["subagent:toolu_a", { status: "failed", summary: "Found x" }],
    ]);
    expect(of(run("stopped"), "agent.completed")[0].payload?.status).toBe("killed");
    const bare = run(undefined);
    expect(of(bare, "worker.notification")[0]).toMatchObject({
      workerNotificationId: "t1:done",
      payload: { status: "unknown" },
    });
    expect(of(bare, "agent.completed")[0].payload?.status).toBe("killed");
  });

  it("TEAM-02 a task started for a tool call not seen yet spawns its subagent from the task's description", () => {
    const events = adapt([
      sys("task_started", { task_id: "t1", tool_use_id: "toolu_x", description: "Check logs" }),
    ]);
    expect(of(events, "agent.spawned").map((e) => [e.agentId, e.payload])).toEqual([
      ["subagent:toolu_x", { status: "running", parentToolCallId: "toolu_x", spawnReason: "Check logs" }],
    ]);
    expect(of(events, "task.changed")[0]).toMatchObject({ agentId: "subagent:toolu_x" });
  });

  it("TEAM-06 a shell a subagent started ends without completing that subagent", () => {
    const events = adapt([
      sys("task_started", { task_id: "t1", tool_use_id: "toolu_a", task_type: "local_agent" }),
      sys("task_notification", {
        task_id: "b1",
        task_type: "local_bash",
        parent_tool_use_id: "toolu_a",
        status: "completed",
      }),
    ]);
    expect(of(events, "worker.notification").map((e) => [e.taskId, e.agentId])).toEqual([
      ["b1", "subagent:toolu_a"],
    ]);
    expect(of(events, "agent.completed")).toEqual([]);
  });

  it("TEAM-02 a subagent is named by its type, else its description; its prompt is the spawn reason", () => {
    const events = adapt([
      toolUse("toolu_a", "Task", { description: "Audit", prompt: "Audit the repo" }),
      toolUse("toolu_b", "Task", { prompt: "Only a prompt" }),
      sys("task_started", { task_id: "t1", tool_use_id: "toolu_a" }),
      sys("task_started", { task_id: "t2", tool_use_id: "toolu_b" }),
    ]);
    expect(of(events, "agent.spawned").map((e) => [e.agentId, e.parentSessionId, e.payload])).toEqual([
      [
        "subagent:toolu_a",
        S,
        { status: "running", parentToolCallId: "toolu_a", agentName: "Audit", spawnReason: "Audit" },
      ],
      [
        "subagent:toolu_b",
        S,
        { status: "running", parentToolCallId: "toolu_b", spawnReason: "Only a prompt" },
      ],
    ]);
  });

  it("TEAM-06 a listed task is announced with its own event id; one without id is skipped", () => {
    const events = adapt([
      sys("background_tasks_changed", {
        tasks: [{ description: "no id" }, { task_id: "t9", task_type: "local_agent", description: "Review" }],
      }),
    ]);
    expect(events.map((e) => [e.eventId, e.taskId, e.runtimeEntity, e.payload])).toEqual([
      [
        "claude-agent-sdk:task:t9:listed:task.changed",
        "t9",
        "subagent_turn",
        { status: "running", title: "Review" },
      ],
    ]);
  });
});

describe("claude-agent-sdk tool outcomes", () => {
  it("TOOL-05 a result given as content blocks previews their text and names the other blocks", () => {
    const events = adapt([
      toolUse("t1", "mcp__docs__fetch"),
      toolResult({
        tool_use_id: "t1",
        content: [
          { type: "text", text: "line one" },
          { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBO" } },
          { type: "text" },
          { data: 1 },
        ],
      }),
    ]);
    expect(of(events, "tool.started")[0].payload).toEqual({ kind: "mcp", name: "mcp__docs__fetch" });
    const payload = of(events, "tool.result")[0].payload;
    expect(payload?.outputPreview).toBe("line one\n[image]\n\n[content]");
    // Without the SDK's structured tool_use_result, the blocks themselves are the output.
    expect((payload?.output as unknown[] | undefined)?.[0]).toEqual({ type: "text", text: "line one" });
  });

  it("TOOL-08 a failed tool without output text fails with a generic error", () => {
    const events = adapt([
      toolUse("t1", "Read"),
      toolResult({ tool_use_id: "t1", content: 42, is_error: true }),
    ]);
    expect(of(events, "tool.failed").map((e) => [e.phase, e.payload])).toEqual([
      ["failed", { error: "tool error" }],
    ]);
  });

  it("TOOL-01 the structured tool_use_result is the output; a result restated after the end adds nothing", () => {
    const events = adapt([
      toolUse("t1", "Bash"),
      toolResult({ tool_use_id: "t1", content: "hi" }, { tool_use_result: { stdout: "hi", stderr: "" } }),
      toolResult({ tool_use_id: "t1", content: "again", is_error: true }),
    ]);
    expect(of(events, "tool.result").map((e) => [e.phase, e.payload])).toEqual([
      ["completed", { output: { stdout: "hi", stderr: "" }, outputPreview: "hi" }],
    ]);
    expect(of(events, "tool.failed")).toEqual([]);
    expect(of(events, "permission.changed")).toEqual([]);
  });

  it("ENV-09 a tool_result without tool_use_id is a missing-correlation warning", () => {
    const events = adapt([toolResult({ content: "x" })]);
    expect(of(events, "diagnostic.changed").map((e) => e.payload)).toEqual([
      { code: "missing_correlation", severity: "warning", message: "tool_result without tool_use_id" },
    ]);
  });

  it("PERM-03 each tool's permission decision is stated beside it: its decision, source and reason", () => {
    const events = adapt([
      toolUse("t1", "Edit"),
      toolUse("t2", "Read"),
      toolResult(
        { tool_use_id: "t1", content: "ok" },
        {
          tool_result_meta: [
            { permission_decision: { decision: "accept" } },
            {
              id: "t1",
              permission_decision: { decision: "accept", source: "user_temporary", reason_type: "rule" },
            },
            { id: "t2", permission_decision: { source: "config", reason: "allowed" } },
          ],
        },
      ),
    ]);
    expect(of(events, "permission.changed").map((e) => [e.toolCallId, e.payload])).toEqual([
      ["t1", { decision: { id: "t1", decision: "accept", source: "user_temporary", reason: "rule" } }],
    ]);
    const other = adapt([
      toolUse("t2", "Read"),
      toolResult(
        { tool_use_id: "t2", content: "ok" },
        { tool_result_meta: [{ id: "t2", permission_decision: { source: "config", reason: "allowed" } }] },
      ),
    ]);
    expect(of(other, "permission.changed").map((e) => e.payload)).toEqual([
      { decision: { id: "t2", decision: "unknown", source: "config", reason: "allowed" } },
    ]);
  });

  it("HITL-04 a tool rejected by a permission rule is denied by the policy, and never runs", () => {
    const events = adapt([
      toolUse("t1", "Bash"),
      toolResult(
        { tool_use_id: "t1", content: "Permission to use Bash has been denied.", is_error: true },
        {
          tool_result_meta: [
            {
              id: "t1",
              non_execution_kind: "permission-rule",
              permission_decision: { decision: "reject", source: "config" },
            },
          ],
        },
      ),
    ]);
    expect(of(events, "action.resolved").map((e) => e.payload)).toEqual([
      {
        outcome: "resolved",
        decision: "reject",
        decidedBy: "permission policy",
        reason: "Permission to use Bash has been denied.",
      },
    ]);
    expect(of(events, "tool.failed").map((e) => e.payload?.denied)).toEqual([true]);
  });

  it("HITL-04 a denial of a tool that already ended is audited without failing it again", () => {
    const events = adapt([
      toolUse("t1", "Bash"),
      toolResult({ tool_use_id: "t1", content: "ok" }),
      {
        type: "result",
        subtype: "success",
        is_error: false,
        session_id: S,
        permission_denials: [{ tool_use_id: "t1" }],
      },
    ]);
    expect(of(events, "action.resolved")).toHaveLength(1);
    expect(of(events, "tool.failed")).toEqual([]);
    // Listed again by a later result: already audited, nothing new.
    const again = adapt([
      toolUse("t1", "Bash"),
      {
        type: "result",
        subtype: "success",
        is_error: false,
        session_id: S,
        permission_denials: [{ tool_use_id: "t1" }],
      },
      {
        type: "result",
        subtype: "success",
        is_error: false,
        session_id: S,
        permission_denials: [{ tool_use_id: "t1" }],
      },
    ]);
    expect(again.map((e) => e.type).filter((t) => t.startsWith("action."))).toEqual([
      "action.required",
      "action.resolved",
    ]);
    expect(again.every((e) => typeof e === "object")).toBe(true);
  });

  it("TOOL-01 tool progress names the tool and its elapsed time; without an id it is a diagnostic", () => {
    const events = adapt([
      { type: "tool_progress", session_id: S, tool_use_id: "t1", tool_name: "Bash", elapsed_time_seconds: 4 },
      { type: "tool_progress", session_id: S, tool_use_id: "t1", elapsed_time_seconds: 5 },
      { type: "tool_progress", session_id: S, tool_use_id: "t1" },
      { type: "tool_progress", session_id: S, tool_name: "Bash" },
    ]);
    expect(events.map((e) => [e.type, e.toolCallId, e.payload?.code ?? e.payload?.message])).toEqual([
      ["tool.progress", "t1", "Bash running 4s"],
      ["tool.progress", "t1", "tool running 5s"],
      ["tool.progress", "t1", undefined],
      ["diagnostic.changed", undefined, "unsupported_source_event"],
    ]);
  });

  it("TOOL-04 a tool's kind follows its name; unknown names are custom", () => {
    const events = adapt([
      toolUse("t1", "Grep", { pattern: "TODO" }),
      toolUse("t2", "WebFetch", { url: "https://a.example" }),
      toolUse("t3", "Agent", { description: "Sub" }),
      toolUse("t4", "Frobnicate", { x: 1 }),
      toolUse("t5", "NotebookEdit", { notebook_path: "/n.ipynb" }),
    ]);
    expect(of(events, "tool.started").map((e) => e.payload?.kind)).toEqual([
      "search",
      "browser",
      "agent",
      "custom",
      "file",
    ]);
    expect(of(events, "tool.args").map((e) => e.payload?.inputSummary)).toEqual([
      "TODO",
      "https://a.example",
      "Sub",
      undefined,
      "/n.ipynb",
    ]);
  });
  it("TOOL-04 TOOL-03 each built-in tool has its kind and shows its main input field as the summary", () => {
    const tools: [string, string, string | undefined][] = [
      ["Bash", "command", "command"],
      ["BashOutput", "command", undefined],
      ["KillShell", "command", undefined],
      ["Read", "file", "file_path"],
      ["Write", "file", "file_path"],
      ["Edit", "file", "file_path"],
      ["MultiEdit", "file", "file_path"],
      ["NotebookEdit", "file", "notebook_path"],
      ["Glob", "search", "pattern"],
      ["Grep", "search", "pattern"],
      ["WebSearch", "search", "query"],
      ["WebFetch", "browser", "url"],
      ["Task", "agent", "description"],
      ["Agent", "agent", "description"],
    ];
    const input = Object.fromEntries(
      ["command", "file_path", "notebook_path", "pattern", "query", "url", "description"].map((k) => [
        k,
        `<${k}>`,
      ]),
    );
    const events = adapt(tools.map(([name], k) => toolUse(`t${k}`, name, input)));
    expect(of(events, "tool.started").map((e) => e.payload?.kind)).toEqual(tools.map(([, kind]) => kind));
    expect(of(events, "tool.args").map((e) => e.payload?.inputSummary)).toEqual(
      tools.map(([, , field]) => (field !== undefined ? `<${field}>` : undefined)),
    );
    const unnamed = adapt([toolUse("t_x", undefined as unknown as string, input)]);
    expect(of(unnamed, "tool.started").map((e) => e.payload)).toEqual([{ kind: "custom" }]);
  });
});
