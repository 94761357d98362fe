// End to end: real AG-UI captures (peers/streams) → framing → adapter (auto) → projection, asserting
// what peers/README.md says a correct projection shows.
import { readFileSync } from "node:fs";
import { adaptRecords } from "@agent-ui/adapters";
import { type ProjectionState, parseRecords } from "@agent-ui/contracts";
import { projectEvents, selectAnswerText } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";

const STREAMS = new URL("../../../../shared/peers/streams/", import.meta.url);
const records = (...names: string[]) =>
  names.flatMap((name) =>
    parseRecords(readFileSync(new URL(name, STREAMS), "utf8")).records.map((r) => r.value),
  );

function project(...names: string[]): ProjectionState {
  const adapted = adaptRecords(records(...names), "auto");
  expect(adapted.detected?.format).toBe("ag-ui");
  return projectEvents(adapted.events);
}

const assistantTexts = (state: ProjectionState) =>
  state.messages.flatMap((m) =>
    m.parts.filter((p) => p.kind === "assistant_text").map((p) => [m.id, p.text]),
  );
const errors = (state: ProjectionState) => state.diagnostics.filter((d) => d.severity === "error");

describe("peers: AG-UI 1.0 run with reasoning, tool, state, activity and subagent", () => {
  it.each([
    "agui.run-tool-state.events.jsonl",
    "agui.http.events.jsonl",
    "agui.run-tool-state.compacted.jsonl",
  ])("TEXT-04 / TOOL / TEAM-02 %s projects like agui.run-tool-state.final.json", (name) => {
    const state = project(name);
    const expected = JSON.parse(readFileSync(new URL("agui.run-tool-state.final.json", STREAMS), "utf8"));
    // Answer text exactly once per message, reasoning kept out of it.
    expect(assistantTexts(state)).toEqual([
      ["msg-1", "Let me check."],
      ["msg-sub-1", "Sub-agent findings."],
      ["msg-2", "It is 21°C in Paris."],
    ]);
    expect(selectAnswerText(state, "msg-2")).toBe("It is 21°C in Paris.");
    const reasoning = state.messages.find((m) => m.id === "rm-1");
    expect(reasoning?.parts.map((p) => [p.kind, p.text])).toEqual([
      ["reasoning_summary", "Need weather; call tool."],
    ]);
    // Tool tc-1 on msg-1 ends output-available {"tempC":21}.
    expect(state.tools["tc-1"]).toMatchObject({
      name: "weather",
      status: "output-available",
      messageId: "msg-1",
    });
    expect(JSON.parse(state.tools["tc-1"].inputSummary ?? "{}")).toEqual({ city: "Paris" });
    expect(JSON.parse(state.tools["tc-1"].outputPreview ?? "{}")).toEqual({ tempC: 21 });
    // Plan activity act-1: step "fetch" done.
    const plan = state.messages.find((m) => m.id === "act-1")?.parts.find((p) => p.kind === "plan");
    expect(plan?.data).toMatchObject({ steps: [{ title: "fetch", status: "done" }] });
    // Subagent researcher with known lineage, completed; its text is attributed.
    expect(state.agents["sub-1"]).toMatchObject({
      name: "researcher",
      status: "completed",
      lineage: "known",
    });
    expect(state.messages.find((m) => m.id === "msg-sub-1")?.agentId).toBe("sub-1");
    // App state equals the reference reducer's, after the JSON Patch.
    expect(state.appState).toEqual(expected.state);
    expect(state.runtime.status).toBe("completed");
    expect(errors(state)).toEqual([]);
  });
});

describe("peers: AG-UI interrupt and resume", () => {
  it("HITL-01 run 1: interrupt int-1 pending for tool tc-rm on m-a; run interrupted, not failed or complete", () => {
    const state = project("agui.interrupt.events.jsonl");
    expect(state.actions["int-1"]).toMatchObject({
      status: "pending",
      type: "tool_approval",
      toolCallId: "tc-rm",
      prompt: "Delete /workspace/demo/x?",
    });
    expect(state.tools["tc-rm"]).toMatchObject({ name: "delete_file", messageId: "m-a", actionId: "int-1" });
    expect(JSON.parse(state.tools["tc-rm"].inputSummary ?? "{}")).toEqual({ path: "/workspace/demo/x" });
    expect(state.tools["tc-rm"].outputPreview).toBeUndefined();
    expect(["output-available", "output-error"]).not.toContain(state.tools["tc-rm"].status);
    expect(state.runtime.status).toBe("interrupted");
    expect(assistantTexts(state)).toEqual([]);
  });

  it("HITL-02 run 2 (resume): int-1 resolved (approved), tc-rm output-available, then m-b 'Done.'", () => {
    const state = project("agui.interrupt.events.jsonl", "agui.resume.events.jsonl");
    expect(state.actions["int-1"]).toMatchObject({ status: "resolved", decision: "approve" });
    expect(Object.values(state.actions).filter((a) => a.status === "pending")).toEqual([]);
    expect(state.tools["tc-rm"]).toMatchObject({ status: "output-available", outputPreview: "deleted" });
    expect(assistantTexts(state)).toEqual([["m-b", "Done."]]);
    expect(state.runtime.status).toBe("completed");
    expect(errors(state)).toEqual([]);
  });

  it("ORD-02 a redelivered run (same runId) changes nothing: its events keep their ids and dedupe", () => {
    const once = project("agui.run-tool-state.events.jsonl");
    const twice = project("agui.run-tool-state.events.jsonl", "agui.run-tool-state.events.jsonl");
    expect(twice.messages).toEqual(once.messages);
    expect(twice.tools).toEqual(once.tools);
    expect(twice.appState).toEqual(once.appState);
  });
});
