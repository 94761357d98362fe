import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";

// A stored projection restored (HYD-09, PROC-09) and read-model tool calls placed on their messages
// (HYD-09, D.6): part-id floors, part order, and entries a stranger's read model may hold.

const thread = (fields: Record<string, unknown>) =>
  ({ kind: "thread", thread: { threadId: "th1", status: "completed", ...fields } }) as never;
/** Window message m1 of the assistant, with its parts as the read model lists them. */
const answer = (parts: Record<string, unknown>[]) => ({ id: "m1", role: "assistant", parts });
const kinds = (p: ReturnType<typeof createProjector>, index = 0) =>
  p.getState().messages[index].parts.map((part) => [part.kind, part.toolCallId ?? part.text]);

describe("hydration restore rules", () => {
  it("PROC-09 ARCH-04 after a restore, the twelfth discarded step of a message keeps its own timeline entry", () => {
    const fact = (eventId: string, type: string, payload: Record<string, unknown>) =>
      ({ eventId, type, turnId: "t1", messageId: "msg-7", payload }) as AgentUiEvent;
    const before: AgentUiEvent[] = [];
    for (let i = 0; i < 12; i++)
      before.push(
        fact(`d${i}`, "reasoning.delta", { delta: `Try ${i}.` }),
        fact(`s${i}`, "reasoning.summary", { text: "", discarded: true }),
      );
    const after = [fact("r", "reasoning.delta", { delta: "Right file." })];
    const resumed = createProjector();
    resumed.hydrate({ kind: "projection", state: projectEvents(before) });
    resumed.applyAll(after);
    const live = projectEvents([...before, ...after]);
    const ids = (state: { timeline: { id: string }[] }) => state.timeline.map((entry) => entry.id);
    expect(ids(resumed.getState())).toStrictEqual(ids(live));
    expect(ids(live).at(-1)).toBe("reasoning:msg-7:reasoning:12");
  });

  it("HYD-09 TOOL-01 a stored tool still running in a message outside any turn keeps the run tool_running, as live", () => {
    const started = {
      type: "tool.started",
      eventId: "e1",
      toolCallId: "c1",
      payload: { name: "grep" },
    } as AgentUiEvent;
    const running = { type: "run.status", eventId: "e2", payload: { status: "running" } } as AgentUiEvent;
    const stored = projectEvents([started]);
    expect(stored.messages.map((m) => [m.turnId, m.parts.map((part) => part.toolCallId)])).toEqual([
      [undefined, ["c1"]],
    ]);
    const resumed = createProjector();
    resumed.hydrate({ kind: "projection", state: stored });
    resumed.apply(running);
    expect(resumed.getState().runtime.status).toBe("tool_running");
    expect(projectEvents([started, running]).runtime.status).toBe("tool_running");
  });

  it.each([
    ["named", { name: "grep" }, "grep", "grep"],
    ["unnamed", {}, "Tool call", "unknown"],
  ])(
    "HYD-09 PROC-04 a stored %s tool part whose record the window left out is the one part a later result finishes",
    (_label, payload, title, name) => {
      const started = { type: "tool.started", eventId: "e1", turnId: "t1", toolCallId: "c1", payload };
      const stored = projectEvents([started as AgentUiEvent]);
      const resumed = createProjector();
      resumed.hydrate({ kind: "projection", state: { ...stored, tools: {} } });
      expect(resumed.getState().messages[0].parts.map((part) => part.toolCallId)).toEqual(["c1"]);
      resumed.apply({
        type: "tool.result",
        eventId: "e2",
        turnId: "t1",
        toolCallId: "c1",
        payload: { output: "3 matches" },
      } as AgentUiEvent);
      const after = resumed.getState();
      expect(after.messages[0].parts.map((part) => [part.id, part.status, part.title, part.data])).toEqual([
        ["tool:c1", "done", title, { state: "output-available", outputPreview: "3 matches" }],
      ]);
      // The record keeps the name the part showed; a part titled as an unnamed tool names none.
      expect(after.tools.c1).toMatchObject({ name, messageId: "t1:assistant", status: "output-available" });
      expect(after.diagnostics).toEqual([]);
    },
  );

  it("HYD-09 a read-model tool part goes after the message's reasoning and before its answer", () => {
    const p = createProjector();
    p.hydrate(
      thread({
        messages: [
          answer([
            { kind: "reasoning", text: "Look first." },
            { kind: "assistant_text", text: "Found it." },
          ]),
        ],
        toolCalls: [{ toolCallId: "c1", name: "grep", status: "completed", messageId: "m1" }],
      }),
    );
    expect(kinds(p)).toEqual([
      ["reasoning_summary", "Look first."],
      ["tool_call", "c1"],
      ["assistant_text", "Found it."],
    ]);
  });

  it("HYD-09 a tool already shown live in the message is not placed twice when its read model arrives", () => {
    const p = createProjector();
    p.applyAll([
      {
        type: "tool.started",
        eventId: "e1",
        turnId: "t1",
        messageId: "m1",
        toolCallId: "c1",
        payload: { name: "grep" },
      },
      { type: "text.delta", eventId: "e2", turnId: "t1", messageId: "m1", payload: { delta: "Found it." } },
    ] as AgentUiEvent[]);
    p.hydrate(
      thread({
        messages: [{ id: "m1", role: "assistant", turnId: "t1", toolCallIds: ["c1"] }],
        toolCalls: [{ toolCallId: "c1", name: "grep", status: "completed", messageId: "m1" }],
      }),
    );
    expect(kinds(p)).toEqual([
      ["tool_call", "c1"],
      ["assistant_text", "Found it."],
    ]);
    expect(p.getState().messages[0].parts[0].status).toBe("done");
  });

  it("HYD-09 ENV-09 read-model tool calls and messages that are not objects, or name no tool, add no part", () => {
    const p = createProjector();
    p.hydrate(
      thread({
        messages: [null, { id: "m1", role: "assistant", text: "Done." }],
        toolCalls: [null, { messageId: "m1", name: "grep" }, { toolCallId: 7, messageId: "m1" }],
      }),
    );
    expect(kinds(p)).toEqual([["assistant_text", "Done."]]);
    expect(Object.keys(p.getState().tools)).toEqual([]);
  });

  it("HYD-09 ART-01 HITL-01 a window restating an artifact or action card whose record is unknown keeps the part", () => {
    const p = createProjector();
    p.hydrate(
      thread({
        messages: [
          answer([
            { kind: "artifact_ref", id: "artifact:a9", artifactId: "a9" },
            { kind: "action_required", id: "action:x9", actionId: "x9" },
          ]),
        ],
      }),
    );
    expect(
      p.getState().messages[0].parts.map((part) => [part.kind, part.artifactId ?? part.actionId]),
    ).toEqual([
      ["artifact_ref", "a9"],
      ["action_required", "x9"],
    ]);
  });
});
