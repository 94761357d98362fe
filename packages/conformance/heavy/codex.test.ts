// Live: the real Codex SDK 0.163.0 (bundled `codex exec --experimental-json` native CLI) against the
// standard's loopback mock Responses API, ThreadEvents collected from `runStreamed()` → auto-detected
// adapter → projection. The shared capture (codex-sdk.exec-patch-plan.*) covers the first run in the
// default suite; the others (a failing command followed by a resumed turn on the same thread, a hosted web
// search, a provider failure) have none.
import { beforeAll, expect, it } from "vitest";
import { assistantTexts, framed } from "../test/peers-support";
import { type CodexRun, type ResponseItem, type ResponsesScript, eventKinds, runCodex } from "./codex-live";
import { HEAVY_PINS, type LiveProjection, adaptLive, describeHeavy, visibleDiagnostics } from "./support";

const SDK = "@openai/codex-sdk";

const message = (id: string, text: string): ResponseItem => ({
  type: "message",
  id,
  role: "assistant",
  content: [{ type: "output_text", text }],
});
const call = (id: string, callId: string, name: string, args: unknown): ResponseItem => ({
  type: "function_call",
  id,
  call_id: callId,
  name,
  arguments: JSON.stringify(args),
});

/** The capture recipe's exec-patch-plan run (FORCE_PLAN: an update_plan call gpt-5.5 does not advertise). */
const execPatchPlan: ResponsesScript = ({ n }) => {
  if (n > 0) return [message("msg_2", "Command printed hello-from-codex-mock.")];
  return [
    {
      type: "reasoning",
      id: "rs_1",
      summary: [{ type: "summary_text", text: "**Plan** run echo then report." }],
    },
    message("msg_1", "Running a command."),
    call("fc_1", "call_exec_1", "exec_command", { cmd: "echo hello-from-codex-mock" }),
    call("fc_2", "call_plan_1", "update_plan", {
      plan: [
        { step: "Run echo", status: "completed" },
        { step: "Report", status: "in_progress" },
      ],
    }),
    {
      type: "custom_tool_call",
      id: "ct_1",
      call_id: "call_patch_1",
      name: "apply_patch",
      input: "*** Begin Patch\n*** Add File: hello.txt\n+hello\n*** End Patch\n",
    },
  ];
};

/** Turn 1: a command that fails (exit 3, output on stdout and stderr), then an answer. Turn 2: text only. */
const failThenResume: ResponsesScript = ({ n }) => {
  if (n === 0)
    return [call("fc_f", "call_fail_1", "exec_command", { cmd: "echo partial; echo boom >&2; exit 3" })];
  if (n === 1) return [message("msg_f", "The command failed with exit code 3.")];
  return [message("msg_r", "Second turn: nothing to run.")];
};

describeHeavy("heavy: codex live exec-patch-plan run", SDK, (pkg) => {
  let run: CodexRun;
  let live: LiveProjection;
  beforeAll(async () => {
    run = await runCodex(pkg.entryUrl, { prompts: ["run echo"], script: execPatchPlan, model: "gpt-5.5" });
    live = adaptLive(run.events);
  });

  it("ENV-01 the pinned SDK produced the thread, and auto-detection picks codex", () => {
    expect(pkg.version).toBe(HEAVY_PINS[SDK]);
    expect(run.exitError).toBeUndefined();
    expect(run.events.map((e) => e.type)).toContain("turn.completed");
    expect(live.detected).toBe("codex");
    expect(live.state.runtime.threadId).toBe(run.threadId);
  });

  it("ENV-01 the CLI still emits the shared capture's event sequence (the default suite's input is current)", () => {
    const captured = framed("codex-sdk.exec-patch-plan.threadevents.jsonl").map((r) => r.value);
    expect(eventKinds(run.events)).toEqual(eventKinds(captured));
  });

  it("ENV-03 the same events written as JSONL and read back project identically", () => {
    expect(adaptLive(JSON.parse(JSON.stringify(run.events))).state).toEqual(live.state);
  });

  it("TEXT-06 reasoning is process, never answer; each agent message shows once", () => {
    expect(assistantTexts(live.state).map(([, , text]) => text)).toEqual([
      "Running a command.",
      "Command printed hello-from-codex-mock.",
    ]);
    const reasoning = live.state.messages
      .flatMap((m) => m.parts)
      .filter((p) => p.kind === "reasoning_summary");
    expect(reasoning.map((p) => p.text)).toEqual(["**Plan** run echo then report."]);
  });

  it("TOOL-01 the command really ran: completed, exit 0, with its output", () => {
    const commands = Object.values(live.state.tools).filter((t) => t.kind === "command");
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({
      status: "output-available",
      outputPreview: "hello-from-codex-mock\n",
    });
    expect(commands[0].inputSummary).toBe("/bin/bash -lc 'echo hello-from-codex-mock'");
    const completed = run.events.find(
      (e) => e.type === "item.completed" && (e.item as { type?: string }).type === "command_execution",
    );
    expect(completed?.item).toMatchObject({ exit_code: 0, status: "completed" });
  });

  it("TOOL-09 the patch really applied: the file change completes and links a file artifact, no diff invented", () => {
    expect(run.workFiles).toContain("hello.txt");
    const artifacts = Object.values(live.state.artifacts);
    expect(artifacts).toHaveLength(1);
    expect(artifacts[0].title?.endsWith("/hello.txt")).toBe(true);
    expect(artifacts[0].diffRef).toBeUndefined();
    const patch = live.state.tools[artifacts[0].toolCallId ?? ""];
    expect(patch).toMatchObject({ status: "output-available", artifactIds: [artifacts[0].artifactId] });
  });

  it("STAT-08 the turn completes with usage; no plan (update_plan is not advertised) and no approval", () => {
    expect(live.state.runtime.status).toBe("completed");
    expect(live.state.metrics).toMatchObject({ "tokens.input": 20, "tokens.output": 10 });
    expect(live.state.actions).toEqual({});
    expect(live.state.messages.flatMap((m) => m.parts).some((p) => p.kind === "plan")).toBe(false);
    expect(visibleDiagnostics(live.state)).toEqual([]);
  });
});

describeHeavy("heavy: codex live failing command, then a resumed turn", SDK, (pkg) => {
  let run: CodexRun;
  let live: LiveProjection;
  beforeAll(async () => {
    run = await runCodex(pkg.entryUrl, {
      prompts: ["run the failing command", "and now?"],
      script: failThenResume,
      model: "gpt-5.5",
    });
    live = adaptLive(run.events);
  });

  it("TOOL-01 a non-zero exit is output-error with the exit code and the output kept, never success", () => {
    expect(run.exitError).toBeUndefined();
    const commands = Object.values(live.state.tools).filter((t) => t.kind === "command");
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({
      status: "output-error",
      error: { message: "exit code 3" },
      outputPreview: "partial\nboom\n",
    });
  });

  it("ORD-02 the resumed turn reuses Codex's item ids, yet both turns' answers are kept, each once", () => {
    const firstIds = run.events
      .filter((e) => e.type === "item.completed")
      .map((e) => (e.item as { id: string }).id);
    expect(firstIds.filter((id) => id === "item_0")).toHaveLength(2);
    expect(assistantTexts(live.state).map(([, , text]) => text)).toEqual([
      "The command failed with exit code 3.",
      "Second turn: nothing to run.",
    ]);
    expect(new Set(assistantTexts(live.state).map(([id]) => id)).size).toBe(2);
  });

  it("STAT-08 both turns complete on one thread; usage is the thread's running total, not summed again", () => {
    expect(run.events.filter((e) => e.type === "turn.completed")).toHaveLength(2);
    expect(new Set(run.events.filter((e) => e.type === "thread.started").map((e) => e.thread_id))).toEqual(
      new Set([run.threadId]),
    );
    expect(live.state.runtime.status).toBe("completed");
    const lastUsage = run.events.filter((e) => e.type === "turn.completed").at(-1)?.usage as {
      input_tokens: number;
    };
    expect(live.state.metrics["tokens.input"]).toBe(lastUsage.input_tokens);
    expect(visibleDiagnostics(live.state)).toEqual([]);
  });
});

describeHeavy("heavy: codex live hosted web search", SDK, (pkg) => {
  let live: LiveProjection;
  beforeAll(async () => {
    const search: ResponsesScript = () => [
      {
        type: "web_search_call",
        id: "ws_1",
        status: "completed",
        action: { type: "search", query: "weather in paris" },
      },
      message("msg_s", "Searched the web."),
    ];
    live = adaptLive(
      (await runCodex(pkg.entryUrl, { prompts: ["search"], script: search, model: "gpt-5.5" })).events,
    );
  });

  it("TOOL-04 a hosted web search is a completed search row with its query, never answer text", () => {
    const searches = Object.values(live.state.tools).filter((t) => t.kind === "search");
    expect(searches).toHaveLength(1);
    expect(searches[0]).toMatchObject({ name: "web_search", status: "output-available" });
    expect(searches[0].inputSummary).toBe("weather in paris");
    expect(assistantTexts(live.state).map(([, , text]) => text)).toEqual(["Searched the web."]);
    expect(live.state.runtime.status).toBe("completed");
    expect(visibleDiagnostics(live.state)).toEqual([]);
  });
});

describeHeavy("heavy: codex live provider failure", SDK, (pkg) => {
  let run: CodexRun;
  let live: LiveProjection;
  beforeAll(async () => {
    // No retries are configured, so the first HTTP error ends the turn: `error`, then `turn.failed`.
    run = await runCodex(pkg.entryUrl, {
      prompts: ["run echo"],
      model: "gpt-5.5",
      failWith: { status: 400, body: { error: { message: "mock overloaded", type: "server_error" } } },
    });
    live = adaptLive(run.events);
  });

  it("STAT-07 the run fails once with the provider's own message, never completed", () => {
    expect(run.events.map((e) => e.type)).toEqual(["thread.started", "turn.started", "error", "turn.failed"]);
    expect(run.exitError).toContain("exited with code 1");
    expect(live.state.runtime.status).toBe("failed");
    expect(live.state.runtime.failure).toMatchObject({
      category: "server_error",
      message: "mock overloaded",
    });
    expect(live.events.filter((e) => e.type === "run.failed")).toHaveLength(1);
    expect(live.state.diagnostics.map((d) => d.code)).toEqual(["runtime_error"]);
  });

  it("TEXT-04 a failed turn invents no answer and no tool", () => {
    expect(assistantTexts(live.state)).toEqual([]);
    expect(live.state.tools).toEqual({});
  });
});
