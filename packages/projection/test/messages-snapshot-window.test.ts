import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const placed = (state: State) =>
  state.messages
    .filter((m) => m.role !== "user")
    .map((m) => [m.id, m.turnId, m.runId, m.agentId, m.createdAt]);
/** Each list of messages as one `messages.snapshot` of a stream with `defaults`, projected. */
const windows = (defaults: Partial<AgentUiEvent>, ...lists: Record<string, unknown>[][]) => {
  const e = stream(defaults);
  return projectEvents(lists.map((messages) => e("messages.snapshot", { payload: { messages } })));
};

describe("where a window message lands (HYD-09)", () => {
  it("HYD-09 a message naming another turn keeps no run of the delivering event; one of the same turn does", () => {
    const state = windows({ turnId: "t9", runId: "r9" }, [
      { id: "m1", turnId: "t1", text: "Old" },
      { id: "m2", turnId: "t9", text: "Now" },
      { id: "m3", text: "Unscoped" },
    ]);
    expect(placed(state)).toEqual([
      ["m1", "t1", undefined, undefined, undefined],
      ["m2", "t9", "r9", undefined, undefined],
      ["m3", "t9", "r9", undefined, undefined],
    ]);
  });

  it("HYD-09 a scoped message takes the delivering event's author and time, even without text or parts", () => {
    const state = windows({ agentId: "w7", timestamp: "2026-01-02T03:04:05.000Z" }, [
      { id: "m1", turnId: "t1" },
      { id: "m2", runId: "r2" },
    ]);
    expect(placed(state)).toEqual([
      ["m1", "t1", undefined, "w7", "2026-01-02T03:04:05.000Z"],
      ["m2", "r2", "r2", "w7", "2026-01-02T03:04:05.000Z"],
    ]);
  });

  it("HYD-09 a message naming the turn `default` keeps that turn id", () => {
    const state = windows({}, [{ id: "m1", turnId: "default", text: "x" }]);
    expect(placed(state)).toEqual([["m1", "default", undefined, undefined, undefined]]);
  });

  it("HYD-09 a later window without the message's author keeps it", () => {
    const state = windows(
      { turnId: "t1" },
      [{ id: "m1", agentId: "w1", text: "a" }],
      [{ id: "m1", text: "b" }],
    );
    expect(state.messages.map((m) => [m.id, m.agentId, m.parts.map((p) => p.text)])).toEqual([
      ["m1", "w1", ["b"]],
    ]);
  });
});

describe("what a window part shows (HYD-09, TEXT-06)", () => {
  it("TEXT-06 a text part of a user or notification message is that role's text", () => {
    const state = windows({ turnId: "t1" }, [
      { id: "u1", role: "user", parts: [{ type: "text", text: "hi" }] },
      { id: "n1", role: "notification", parts: [{ kind: "assistant_text", text: "done" }] },
    ]);
    expect(state.messages.map((m) => [m.id, m.parts.map((p) => [p.kind, p.text])])).toEqual([
      ["u1", [["user_text", "hi"]]],
      ["n1", [["worker_notification", "done"]]],
    ]);
  });

  it("HYD-09 a process part without text comes back done and collapsed; an answer part is not collapsed", () => {
    const parts = [
      { id: "r", type: "reasoning" },
      { id: "a", type: "text" },
    ];
    const state = windows({ turnId: "t1" }, [{ id: "m1", parts }]);
    expect(state.messages[0].parts.map((p) => [p.id, p.kind, p.status, p.expanded])).toEqual([
      ["r", "reasoning_summary", "done", false],
      ["a", "assistant_text", "done", undefined],
    ]);
  });

  it("HYD-09 a part restated without its call id or fact ids keeps those it had", () => {
    const first = [
      { id: "tool:c1", kind: "tool_call", toolCallId: "c1", toolName: "grep" },
      { id: "p1", kind: "artifact_ref", artifactId: "a1", taskId: "k1" },
    ];
    const again = [
      { id: "tool:c1", kind: "tool_call" },
      { id: "p1", kind: "artifact_ref" },
    ];
    const state = windows({ turnId: "t1" }, [{ id: "m1", parts: first }], [{ id: "m1", parts: again }]);
    expect(state.messages[0].parts.map((p) => [p.id, p.toolCallId, p.artifactId, p.taskId])).toEqual([
      ["tool:c1", "c1", undefined, undefined],
      ["p1", undefined, "a1", "k1"],
    ]);
  });
});

describe("a tool part a window moves out of its turn (HYD-09, TOOL-01)", () => {
  it("TOOL-01 a running tool restated in a message outside any turn keeps a status outside any turn tool_running", () => {
    const state = projectEvents([
      { type: "tool.started", eventId: "e1", turnId: "t1", toolCallId: "c1", payload: { name: "grep" } },
      {
        type: "messages.snapshot",
        eventId: "e2",
        payload: {
          messages: [{ id: "m9", role: "assistant", parts: [{ kind: "tool_call", toolCallId: "c1" }] }],
        },
      },
      { type: "run.status", eventId: "e3", payload: { status: "running" } },
    ] as AgentUiEvent[]);
    expect(state.runtime.status).toBe("tool_running");
    expect(state.messages.map((m) => [m.id, m.parts.map((p) => [p.id, p.status])])).toEqual([
      ["t1:assistant", []],
      ["m9", [["tool:c1", "streaming"]]],
    ]);
  });
});
