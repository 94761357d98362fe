import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const toolParts = (state: State) =>
  state.messages.flatMap((m) =>
    m.parts.filter((p) => p.kind === "tool_call").map((p) => [m.id, p.id, p.title, p.status, p.expanded]),
  );

describe("the inline tool part (PROC-02, PROC-04, HYD-09)", () => {
  it("PROC-02 a tool without a name is titled Tool call until its name arrives", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const events = [
      e("tool.progress", { toolCallId: "c1", payload: { message: "working" } }),
      e("tool.args", { toolCallId: "c1", payload: { name: "grep", delta: "{}" } }),
    ];
    expect(toolParts(projectEvents(events.slice(0, 1)))).toEqual([
      ["m1", "tool:c1", "Tool call", "streaming", true],
    ]);
    expect(toolParts(projectEvents(events))[0][2]).toBe("grep");
  });

  it("PROC-02 the part mirrors the record's input, preview and ref, expanded while active, collapsed once done", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "read", input: { path: "a.txt" } } }),
      e("tool.result", { toolCallId: "c1", payload: { output: "hello", outputRef: "blob://1" } }),
    ]);
    const part = state.messages[0].parts.find((p) => p.id === "tool:c1");
    expect(part).toMatchObject({ status: "done", expanded: false, title: "read" });
    expect(part?.data).toEqual({
      state: "output-available",
      inputSummary: '{"path":"a.txt"}',
      outputPreview: "hello",
      outputRef: "blob://1",
    });
  });

  it("PROC-04 a snapshot that places a live tool in another message moves its one part there", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { messageId: "m1", toolCallId: "c1", payload: { name: "grep" } }),
      e("messages.snapshot", {
        payload: {
          messages: [
            { id: "m1", text: "first" },
            { id: "m2", parts: [{ type: "tool", toolCallId: "c1", toolName: "other" }] },
          ],
        },
      }),
      e("tool.result", { toolCallId: "c1", payload: { output: "ok" } }),
    ]);
    expect(toolParts(state)).toEqual([["m2", "tool:c1", "grep", "done", false]]);
    expect(state.tools.c1).toMatchObject({
      name: "grep",
      messageId: "m2",
      turnId: "t1",
      status: "output-available",
    });
  });

  it("PROC-03 a tool adopted from a snapshot in a turn closes with that turn's end", () => {
    const e = stream();
    const state = projectEvents([
      e("run.started", { turnId: "t1", runId: "r1", payload: { input: "q" } }),
      e("messages.snapshot", {
        payload: { messages: [{ id: "m1", turnId: "t1", parts: [{ type: "tool", toolCallId: "c1" }] }] },
      }),
      e("tool.progress", { toolCallId: "c1", payload: { message: "still going" } }),
      e("run.finished", { turnId: "t1", runId: "r1" }),
    ]);
    expect(state.tools.c1.turnId).toBe("t1");
    expect(state.tools.c1.status).toBe("unknown");
    expect(state.diagnostics.map((d) => d.code)).toContain("tool_unclosed_at_turn_end");
  });

  it("PROC-03 a tool adopted from a snapshot with no state of its own is not held open by its turn", () => {
    const e = stream();
    const state = projectEvents([
      e("run.started", { turnId: "t1", runId: "r1", payload: { input: "q" } }),
      e("messages.snapshot", {
        payload: { messages: [{ id: "m1", turnId: "t1", parts: [{ type: "tool", toolCallId: "c1" }] }] },
      }),
      e("run.finished", { turnId: "t1", runId: "r1" }),
    ]);
    expect(state.tools.c1.status).toBe("unknown");
    expect(state.diagnostics.map((d) => d.code)).not.toContain("tool_unclosed_at_turn_end");
  });

  it("HITL-03 the part names the action a tool waits on", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", actionId: "a1", payload: { name: "rm" } }),
    ]);
    expect(state.tools.c1.actionId).toBe("a1");
    expect(state.messages[0].parts.find((p) => p.id === "tool:c1")?.actionId).toBe("a1");
  });
});
