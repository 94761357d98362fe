// End to end: real AI SDK UI message streams (peers/streams) → framing → adapter (auto) → projection,
// asserting what peers/README.md and the reference reducer's final messages show.
import { readFileSync } from "node:fs";
import { adaptRecords } from "@agent-ui/adapters";
import { type ProjectionState, parseRecords } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";

const STREAMS = new URL("../../../../shared/peers/streams/", import.meta.url);
const records = (...names: string[]) =>
  names.flatMap((name) =>
    parseRecords(readFileSync(new URL(name, STREAMS), "utf8")).records.map((r) => r.value),
  );

function project(...names: string[]): ProjectionState {
  const adapted = adaptRecords(records(...names), "auto");
  expect(adapted.detected?.format).toBe("ai-sdk");
  return projectEvents(adapted.events);
}

const assistants = (state: ProjectionState) => state.messages.filter((m) => m.role === "assistant");
const errors = (state: ProjectionState) => state.diagnostics.filter((d) => d.severity === "error");

describe("peers: AI SDK text + tool run", () => {
  it.each(["ai-sdk.text-tool.uimessagechunks.jsonl", "ai-sdk.text-tool.sse.txt"])(
    "TEXT-04 / PROC-01 %s: one assistant message with parts in the reference order, text once",
    (name) => {
      const state = project(name);
      const reference = JSON.parse(
        readFileSync(new URL("ai-sdk.text-tool.uimessage-snapshots.jsonl", STREAMS), "utf8")
          .trim()
          .split("\n")
          .at(-1) ?? "",
      );
      expect(assistants(state)).toHaveLength(1);
      const parts = assistants(state)[0].parts;
      // The reference parts minus its presentational step-start, in the same order; a source is an
      // evidence_ref part (a citation by id, no text).
      const expected = (reference.parts as { type: string; text?: string; toolCallId?: string }[])
        .filter((p) => p.type !== "step-start")
        .map((p) =>
          p.type === "reasoning"
            ? ["reasoning_summary", p.text]
            : p.type === "text"
              ? ["assistant_text", p.text]
              : p.type === "source-url"
                ? ["evidence_ref", undefined]
                : ["tool_call", p.toolCallId],
        );
      expect(parts.map((p) => [p.kind, p.kind === "tool_call" ? p.toolCallId : p.text])).toEqual(expected);
      expect(state.tools["call-1"]).toMatchObject({ name: "weather", status: "output-available" });
      expect(JSON.parse(state.tools["call-1"].outputPreview ?? "{}")).toEqual({ city: "Paris", tempC: 21 });
      // The source-url is an evidence citation, never answer text.
      expect(state.evidence["src-1"]).toBeDefined();
      expect(parts.some((p) => p.text?.includes("example.com"))).toBe(false);
      expect(state.runtime.status).toBe("completed");
      expect(errors(state)).toEqual([]);
    },
  );
});

describe("peers: AI SDK tool approval and continuation", () => {
  it("HITL-01 approval request: tool danger call-9 approval-requested and pending; waiting, not done", () => {
    const state = project("ai-sdk.approval-request.uimessagechunks.jsonl");
    expect(state.tools["call-9"]).toMatchObject({ name: "danger", status: "approval-requested" });
    expect(state.tools["call-9"].outputPreview).toBeUndefined();
    expect(state.actions["call-9"]).toMatchObject({
      status: "pending",
      type: "tool_approval",
      toolCallId: "call-9",
    });
    expect(state.runtime.status).not.toBe("completed");
    expect(state.messages.flatMap((m) => m.parts).filter((p) => p.kind === "assistant_text")).toEqual([]);
  });

  it("the continuation stream continues msg-asst-1: no second bubble; output before start-step accepted", () => {
    const state = project("ai-sdk.approval-resume.uimessagechunks.jsonl");
    const reference = JSON.parse(
      readFileSync(new URL("ai-sdk.approval-resume.final-message.json", STREAMS), "utf8"),
    );
    expect(assistants(state).map((m) => m.id)).toEqual([reference.id]);
    expect(state.tools["call-9"]).toMatchObject({ status: "output-available" });
    expect(JSON.parse(state.tools["call-9"].outputPreview ?? "{}")).toEqual({ deleted: "/workspace/demo/x" });
    const texts = assistants(state)[0]
      .parts.filter((p) => p.kind === "assistant_text")
      .map((p) => p.text);
    expect(texts).toEqual(["Deleted /workspace/demo/x."]);
    expect(state.runtime.status).toBe("completed");
  });

  it("HITL-02 request then continuation: the approval resolves and the tool ends output-available", () => {
    const state = project(
      "ai-sdk.approval-request.uimessagechunks.jsonl",
      "ai-sdk.approval-resume.uimessagechunks.jsonl",
    );
    expect(state.actions["call-9"]).toMatchObject({ status: "resolved" });
    // The continuation chunks do not state the decision (it is in the client's message): not invented.
    expect(state.actions["call-9"].decision).toBeUndefined();
    expect(state.tools["call-9"]).toMatchObject({ name: "danger", status: "output-available" });
    expect(errors(state)).toEqual([]);
  });
});
