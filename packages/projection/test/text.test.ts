import { describe, expect, it } from "vitest";
import { projectEvents, selectAnswerText } from "../src";
import { stream } from "./helpers";

describe("text family", () => {
  it("TEXT-03 deltas append verbatim (no inserted spaces) into one assistant_text part", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Hel" } }),
      e("text.delta", { payload: { delta: "lo" } }),
      e("text.delta", { payload: { delta: " wor" } }),
      e("text.delta", { payload: { delta: "ld" } }),
    ]);
    expect(selectAnswerText(state)).toBe("Hello world");
    const parts = state.messages[0].parts;
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ kind: "assistant_text", status: "streaming" });
  });

  it("TEXT-04 deltas + identical final give the text once, not reconciled", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Hel" } }),
      e("text.delta", { payload: { delta: "lo" } }),
      e("text.final", { payload: { text: "Hello" } }),
    ]);
    expect(selectAnswerText(state)).toBe("Hello");
    expect(state.messages[0].parts[0].reconciled).toBeUndefined();
    expect(state.messages[0].parts[0].status).toBe("done");
  });

  it("TEXT-04 final-only gives the final; deltas with no final keep the deltas", () => {
    const a = stream({ turnId: "t1", messageId: "m1" });
    expect(selectAnswerText(projectEvents([a("text.final", { payload: { text: "Only final" } })]))).toBe(
      "Only final",
    );
    const b = stream({ turnId: "t1", messageId: "m1" });
    expect(selectAnswerText(projectEvents([b("text.delta", { payload: { delta: "kept" } })]))).toBe("kept");
  });

  it("TEXT-05 a differing final replaces the stream and is marked reconciled", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Helo" } }),
      e("text.final", { payload: { text: "Hello" } }),
    ]);
    expect(selectAnswerText(state)).toBe("Hello");
    expect(state.messages[0].parts[0].reconciled).toBe(true);
  });

  it("TEXT-04 whatever the delta boundaries and whitespace, the final wins exactly once", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "  Hello,\n" } }),
      e("reasoning.summary", { payload: { text: "checked" } }),
      e("text.delta", { payload: { delta: "world  " } }),
      e("text.final", { payload: { text: "Hello, world" } }),
    ]);
    expect(selectAnswerText(state)).toBe("Hello, world");
    expect(state.messages[0].parts.filter((p) => p.kind === "assistant_text")).toHaveLength(1);
  });

  it("TEXT-04 partId-keyed finals reconcile only their own part", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { partId: "p1", payload: { delta: "A" } }),
      e("text.delta", { partId: "p2", payload: { delta: "B" } }),
      e("text.final", { partId: "p1", payload: { text: "A1" } }),
    ]);
    expect(selectAnswerText(state)).toBe("A1B");
  });

  it("TEXT-01 answer text contains only text facts in a mixed stream", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("run.started", { payload: { input: "q" } }),
      e("reasoning.delta", { payload: { delta: "secret thoughts" } }),
      e("plan.delta", { payload: { delta: "step 1" } }),
      e("tool.started", { toolCallId: "c1", payload: { name: "ls" } }),
      e("tool.result", { toolCallId: "c1", payload: { output: "file.txt" } }),
      e("action.required", { actionId: "a1", payload: { actionType: "tool_approval", title: "Approve" } }),
      e("diagnostic.changed", { payload: { code: "runtime_warning", message: "slow" } }),
      e("context.compaction.completed", { payload: { summary: "compacted" } }),
      e("permission.changed", { payload: { mode: "plan" } }),
      e("worker.notification", { agentId: "w1", payload: { status: "done", summary: "worker result" } }),
      e("run.status", { payload: { status: "streaming" } }),
      e("text.delta", { payload: { delta: "The answer." } }),
    ]);
    expect(selectAnswerText(state, "m1")).toBe("The answer.");
  });

  it("STAT-08 a text final never completes the run", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("run.started", {}),
      e("text.delta", { payload: { delta: "x" } }),
      e("text.final", { payload: { text: "x" } }),
    ]);
    expect(state.runtime.status).toBe("streaming");
  });

  it("TEXT-03 a delta without a string payload is a diagnostic, not a crash", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([e("text.delta", { payload: { delta: 42 } as never })]);
    expect(state.messages).toHaveLength(0);
    expect(state.diagnostics[0].code).toBe("schema_mismatch");
  });
});
