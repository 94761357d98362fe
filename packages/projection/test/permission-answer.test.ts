// CTX-03, TEXT-01 (MUST): permission facts — a mode, a sandbox, a decision, a violation, a hook —
// update the permission slice, the tool row and the timeline; they never become answer text.
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

const answerOf = (state: ProjectionState) =>
  state.messages
    .filter((m) => m.role === "assistant")
    .flatMap((m) => m.parts.filter((p) => p.kind === "assistant_text").map((p) => p.text ?? ""))
    .join("");

function mixed(): AgentUiEvent[] {
  const e = stream({ runId: "r1", turnId: "t1" });
  return [
    e("run.started", { payload: { input: "clean up" } }),
    e("text.delta", { messageId: "a1", partId: "a1", payload: { delta: "Checking " } }),
    e("tool.started", { toolCallId: "c1", payload: { name: "delete_file" } }),
    e("action.required", { actionId: "p1", toolCallId: "c1", payload: { actionType: "tool_approval" } }),
    e("permission.changed", {
      actionId: "p1",
      toolCallId: "c1",
      payload: { decision: { id: "d1", decision: "allow", source: "user", reason: "trusted path" } },
    }),
    e("permission.changed", { payload: { mode: "acceptEdits", riskLevel: "high" } }),
    e("permission.changed", { toolCallId: "c1", payload: { violation: { id: "v1", reason: "network" } } }),
    e("permission.changed", {
      toolCallId: "c1",
      payload: { decision: { id: "d2", decision: "deny", source: "policy" } },
    }),
    e("text.delta", { messageId: "a1", partId: "a1", payload: { delta: "done." } }),
    e("text.final", { messageId: "a1", partId: "a1", payload: { text: "Checking done." } }),
    e("run.finished", { payload: { outcome: "success" } }),
  ];
}

describe("permission facts beside the answer", () => {
  it("CTX-03 TEXT-01 the answer equals only the text deltas, at every prefix of a mixed stream", () => {
    const events = mixed();
    let deltas = "";
    for (let i = 1; i <= events.length; i++) {
      const last = events[i - 1];
      if (last.type === "text.delta") deltas += String(last.payload?.delta);
      expect(answerOf(projectEvents(events.slice(0, i))), `after ${last.type}`).toBe(deltas);
    }
  });

  it("CTX-03 no message part anywhere speaks a permission decision", () => {
    const state = projectEvents(mixed());
    const texts = state.messages.flatMap((m) => m.parts.map((p) => p.text ?? ""));
    for (const text of texts) expect(text).not.toMatch(/permission|allow|deny/i);
    expect(state.permissions.decisions.map((d) => [d.id, d.decision])).toEqual([
      ["d1", "allow"],
      ["d2", "deny"],
    ]);
    expect(state.permissions.mode).toBe("acceptEdits");
  });
});
