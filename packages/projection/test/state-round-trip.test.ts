// ARCH-04: a snapshot is plain data. Stored as JSON and read back it equals the live state field for field —
// a field no fact gave is absent rather than present with `undefined`, a `null` a fact gave stays `null`
// (inside lists too), lists stay lists — across every family of a busy turn.
import type { ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector } from "../src";
import { stream } from "./helpers";

const stored = (state: ProjectionState): ProjectionState => JSON.parse(JSON.stringify(state));

function busyTurn() {
  const e = stream({ turnId: "t1", runId: "r1" });
  return [
    e("session.opened", { payload: { title: "Work" } }),
    e("run.started", { payload: { input: "go" } }),
    e("reasoning.delta", { messageId: "m1", payload: { delta: "thinking" } }),
    e("text.delta", { messageId: "m1", payload: { delta: "On it" } }),
    e("tool.started", {
      toolCallId: "c1",
      messageId: "m1",
      payload: { name: "search", input: { query: "q", filters: [null, "a", { deep: null }], limit: null } },
    }),
    e("tool.result", { toolCallId: "c1", payload: { output: { hits: [null, 1, [2, null]] } } }),
    e("action.required", {
      actionId: "a1",
      toolCallId: "c1",
      payload: { kind: "approval", title: "Allow?", input: { path: null } },
    }),
    e("action.resolved", { actionId: "a1", payload: { decision: "approved" } }),
    e("agent.spawned", { agentId: "w1", payload: { parentAgentId: "lead", name: "Worker" } }),
    e("task.changed", { taskId: "k1", payload: { title: "Index", status: "running", owner: "w1" } }),
    e("artifact.created", { artifactId: "f1", payload: { title: "notes.md", kind: "file", meta: null } }),
    e("evidence.changed", { evidenceId: "v1", payload: { citations: [{ url: "https://example.com/a" }] } }),
    e("queue.changed", { payload: { items: [{ id: "q1", status: "queued", title: "Next" }] } }),
    e("text.final", { messageId: "m1", payload: { text: "On it. Done." } }),
    e("state.snapshot", { payload: { appState: { rows: [null, { cell: null }, [null, 0]], empty: null } } }),
    e("run.finished", { payload: { status: "completed" } }),
  ];
}

describe("ARCH-04 a snapshot stored as JSON reads back unchanged", () => {
  it("ARCH-04 every slice of a busy turn equals its JSON copy, key for key", () => {
    const p = createProjector();
    p.applyAll(busyTurn());
    const state = p.getState();
    expect(Object.keys(state.tools)).toEqual(["c1"]);
    expect(state.appState).toEqual({ rows: [null, { cell: null }, [null, 0]], empty: null });
    expect(stored(state)).toStrictEqual(state);
  });

  it("ARCH-04 the snapshot read after each event of the turn equals its JSON copy", () => {
    const p = createProjector();
    for (const event of busyTurn()) {
      p.apply(event);
      const state = p.getState();
      expect(stored(state), event.type).toStrictEqual(state);
    }
  });
});
