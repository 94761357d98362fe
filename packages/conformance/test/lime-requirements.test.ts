// Runtime-profile requirements that concern what a user sees, checked end to end: Lime AgentRuntime
// records → adapter (auto-detected) → projection → snapshot. One `it` per requirement ID.
import { describe, expect, it } from "vitest";
import { limeStream, projectLime } from "./lime-stream";

const parts = (state: ReturnType<typeof projectLime>) => state.messages.flatMap((m) => m.parts);
const answerTexts = (state: ReturnType<typeof projectLime>) =>
  parts(state)
    .filter((p) => p.kind === "assistant_text")
    .map((p) => p.text);

describe("Lime profile requirements, end to end", () => {
  it("TEXT-12 / TEXT-13 model.delta merges by payload.messageId; model.completed replaces, never appends", () => {
    const ev = limeStream();
    const state = projectLime([
      ev("turn.started"),
      ev("model.requested", { model: "gpt-5.4" }),
      ev("model.delta", { messageId: "m-1", delta: "First " }),
      ev("model.delta", { messageId: "m-1", delta: "answer" }),
      ev("model.completed", { messageId: "m-1", text: "First answer." }),
      ev("model.delta", { messageId: "m-2", delta: "Second" }),
      ev("model.completed", { messageId: "m-2", text: "Second answer." }),
      ev("turn.completed"),
    ]);
    expect(answerTexts(state)).toEqual(["First answer.", "Second answer."]);
  });

  it("TEXT-02 typed parts are kept: reasoning, tool and answer are separate parts, not one Markdown string", () => {
    const ev = limeStream();
    const state = projectLime([
      ev("turn.started"),
      ev("reasoning.delta", { delta: "Think about the file." }),
      ev("tool.started", { toolName: "read_file", safeArgs: { path: "a.txt" } }, { toolCallId: "c-1" }),
      ev("tool.result", { output: "contents" }, { toolCallId: "c-1" }),
      ev("model.delta", { delta: "The file says hello." }),
      ev("turn.completed"),
    ]);
    const kinds = parts(state).map((p) => p.kind);
    expect(kinds).toEqual(expect.arrayContaining(["tool_call", "assistant_text"]));
    expect(kinds.some((k) => k === "reasoning_summary" || k === "reasoning_detail")).toBe(true);
    expect(answerTexts(state)).toEqual(["The file says hello."]);
    const answer = answerTexts(state).join(" ");
    expect(answer).not.toContain("Think about the file");
    expect(answer).not.toContain("contents");
  });

  it("DIAG-03 runtime.warning is a diagnostic; a fatal runtime.error fails the turn; neither enters the answer", () => {
    const ev = limeStream();
    const state = projectLime([
      ev("turn.started"),
      ev("model.delta", { delta: "Working." }),
      ev("runtime.warning", { message: "WARNTEXT provider slow" }),
      ev("runtime.error", { message: "ERRTEXT sandbox died", fatal: true }),
    ]);
    expect(state.diagnostics.map((d) => d.code)).toEqual(
      expect.arrayContaining(["runtime_warning", "runtime_error"]),
    );
    expect(state.runtime.status).toBe("failed");
    expect(answerTexts(state)).toEqual(["Working."]);
    // The failure may show as a typed `error` part (seed 001 part taxonomy); a warning never enters a message.
    expect(JSON.stringify(state.messages)).not.toContain("WARNTEXT");
    const errorParts = parts(state).filter((p) => p.kind === "error");
    expect(errorParts).toHaveLength(1);
  });

  it("TASK-13 cancellation records intent first (cancelling), then the terminal cancelled state", () => {
    const ev = limeStream();
    const task = { taskId: "task-1" };
    const records = [
      ev("task.created", { title: "Index repo" }, task),
      ev("task.started", {}, task),
      ev("task.cancel_requested", { reason: "user" }, task),
    ];
    const requested = projectLime(records);
    expect(requested.tasks["task-1"].status).toBe("cancelling");
    const done = projectLime([...records, ev("task.cancelled", {}, task)]);
    expect(done.tasks["task-1"].status).toBe("cancelled");
  });

  it("TOOL-12 a command's process.* lifecycle reaches a terminal tool state with its output ref", () => {
    const ev = limeStream();
    const proc = { toolCallId: "c-cmd", processId: "p-1" };
    const state = projectLime([
      ev("turn.started"),
      ev("tool.started", { toolName: "shell", safeArgs: { command: "make" } }, proc),
      ev("process.started", { command: "make" }, proc),
      ev("process.output", { stream: "stdout", preview: "building" }, proc),
      ev("process.completed", { exitCode: 0, outputRef: "out://p-1" }, proc),
      ev("tool.result", { outputRef: "out://p-1", output: "built" }, proc),
      ev("turn.completed"),
    ]);
    expect(state.tools["c-cmd"].status).toBe("output-available");
    expect(JSON.stringify(state.messages)).not.toContain("building");
  });

  it("PERM-05 a hook that blocks the tool is not hidden by the final tool result", () => {
    const ev = limeStream();
    const call = { toolCallId: "c-hook" };
    const state = projectLime([
      ev("turn.started"),
      ev("tool.started", { toolName: "write_file" }, call),
      ev("hook.started", { hookName: "pre-write", phase: "pre_tool" }, call),
      ev("hook.completed", { hookName: "pre-write", decision: "block", reason: "protected path" }, call),
      ev("tool.failed", { error: "blocked by hook pre-write" }, call),
      ev("turn.completed"),
    ]);
    expect(state.tools["c-hook"].status).toBe("output-error");
    const visible = JSON.stringify([state.diagnostics, state.timeline, state.permissions]);
    expect(visible).toContain("pre-write");
  });

  it("PERM-06 a remote approval keeps its requesting peer and never becomes a user message", () => {
    const ev = limeStream();
    const state = projectLime([
      ev("turn.started"),
      ev(
        "channel.permission_forwarded",
        { peer: "remote-agent", prompt: "REMOTEPROMPT allow deploy?" },
        {
          actionId: "act-remote",
        },
      ),
      ev(
        "action.required",
        { actionType: "tool_permission", prompt: "REMOTEPROMPT allow deploy?", requestedBy: "remote-agent" },
        { actionId: "act-remote" },
      ),
    ]);
    expect(state.actions["act-remote"].status).toBe("pending");
    const userText = state.messages
      .filter((m) => m.role === "user")
      .flatMap((m) => m.parts.map((p) => p.text ?? ""))
      .join(" ");
    expect(userText).not.toContain("REMOTEPROMPT");
  });

  it("ART-11 / §E-4 artifact.changed with snake_case refs gives the artifact its read, version and diff refs", () => {
    const ev = limeStream();
    const state = projectLime([
      ev("turn.started"),
      ev(
        "artifact.changed",
        {
          artifact_id: "art-1",
          read_ref: "artifact://art-1",
          version_id: "v2",
          preview_ref: "preview://art-1/v2",
          diff_ref: "diff://art-1/v1..v2",
          title: "Report",
        },
        { artifactId: "art-1" },
      ),
    ]);
    expect(state.artifacts["art-1"]).toMatchObject({
      readRef: "artifact://art-1",
      diffRef: "diff://art-1/v1..v2",
      currentVersionId: "v2",
      title: "Report",
    });
  });

  it("PROSE-03 a tool result without a call id is not joined to a tool by its prose", () => {
    const ev = limeStream();
    const state = projectLime([
      ev("turn.started"),
      ev("tool.started", { toolName: "read_file" }, { toolCallId: "c-1" }),
      ev("tool.result", { output: "result of read_file for c-1" }),
    ]);
    expect(state.tools["c-1"].status).not.toBe("output-available");
    expect(state.diagnostics.some((d) => d.code === "missing_correlation")).toBe(true);
  });

  it("HITL-12 a credential request never exposes the secret in text, actions or diagnostics", () => {
    const ev = limeStream();
    const secret = "sk-live-ABCDEFGHIJKLMNOPQRSTUVWX";
    const state = projectLime([
      ev("turn.started"),
      ev(
        "action.required",
        { actionType: "credential_request", prompt: "Provide the API key", currentValue: secret },
        { actionId: "act-cred" },
      ),
      ev("runtime.warning", { message: `token ${secret} expires soon` }),
    ]);
    expect(state.actions["act-cred"].status).toBe("pending");
    expect(JSON.stringify(state)).not.toContain(secret);
  });

  it("TASK-11 task.dependency.updated draws the dependency edge the runtime stated", () => {
    const ev = limeStream();
    const state = projectLime([
      ev("turn.started"),
      ev("task.created", { title: "Build" }, { taskId: "build" }),
      ev("task.created", { title: "Deploy" }, { taskId: "deploy" }),
      ev("task.dependency.updated", { dependencies: [{ taskId: "build" }] }, { taskId: "deploy" }),
      ev("turn.completed"),
    ]);
    expect(state.tasks.deploy.dependsOn).toEqual(["build"]);
    expect(state.tasks.build.dependsOn).toBeUndefined();
  });
});
