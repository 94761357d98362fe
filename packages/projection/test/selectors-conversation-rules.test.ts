// The conversation selectors as a reader sees them: the answer of a message (TEXT-01/04), the inline
// process of a turn (PROC-02) and the timeline archive with one expanded rendering per fact (PROC-04).
import type { Message, MessagePart, ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import {
  createProjector,
  projectEvents,
  selectAnswerText,
  selectInlineProcess,
  selectMessages,
  selectTimeline,
} from "../src";
import { stream } from "./helpers";

/** A projector resumed from `state` as a gateway stores it (ARCH-04). */
function resumed(state: ProjectionState): ProjectionState {
  const p = createProjector();
  p.hydrate({ kind: "projection", state });
  return p.getState();
}

const placeholders = (state: ProjectionState) =>
  Object.fromEntries(selectTimeline(state).map((item) => [item.id, item.placeholder]));

describe("answer text (TEXT-01, TEXT-04)", () => {
  it("TEXT-01 nothing said yet is an empty answer, for the latest message and for an unknown id", () => {
    const state = createProjector().getState();
    expect(selectAnswerText(state)).toBe("");
    const e = stream({ turnId: "t1", messageId: "m1" });
    const spoken = projectEvents([e("text.delta", { payload: { delta: "Hi" } })]);
    expect(selectAnswerText(spoken, "m9")).toBe("");
  });

  it("TEXT-01 the latest answer is the last assistant message's, even when the user spoke after it", () => {
    const e = stream();
    const state = projectEvents([
      e("text.delta", { turnId: "t1", messageId: "m1", payload: { delta: "First answer." } }),
      e("run.started", { turnId: "t2", payload: { input: "And then?" } }),
    ]);
    expect(state.messages.map((m) => m.role)).toEqual(["assistant", "user"]);
    expect(selectAnswerText(state)).toBe("First answer.");
  });

  const steps: [string, unknown[], string][] = [
    [
      "after a tool, unspaced",
      [
        { kind: "text", text: "Looking." },
        { kind: "tool_call", id: "c" },
        { kind: "text", text: "Found." },
      ],
      "Looking.\n\nFound.",
    ],
    [
      "after a tool result, unspaced",
      [
        { kind: "text", text: "Looking." },
        { kind: "tool_result", id: "r" },
        { kind: "text", text: "Found." },
      ],
      "Looking.\n\nFound.",
    ],
    [
      "after a tool, the earlier text ends with a space",
      [
        { kind: "text", text: "Looking. " },
        { kind: "tool_call", id: "c" },
        { kind: "text", text: "Found." },
      ],
      "Looking. Found.",
    ],
    [
      "after a tool, the later text starts with a newline",
      [
        { kind: "text", text: "Looking." },
        { kind: "tool_call", id: "c" },
        { kind: "text", text: "\nFound." },
      ],
      "Looking.\nFound.",
    ],
    [
      "after reasoning only",
      [
        { kind: "text", text: "Looking." },
        { kind: "reasoning", id: "r", text: "hm" },
        { kind: "text", text: "Found." },
      ],
      "Looking.Found.",
    ],
    [
      "a tool before any text",
      [
        { kind: "tool_call", id: "c" },
        { kind: "text", text: "Found." },
        { kind: "text", text: "More." },
      ],
      "Found.More.",
    ],
    [
      "beside a text part without text",
      [
        { kind: "text", text: "Looking." },
        { kind: "text", id: "blank" },
        { kind: "text", text: " Found." },
      ],
      "Looking. Found.",
    ],
  ];
  it.each(steps)("TEXT-04 a later step's text %s joins as %j", (_name, parts, answer) => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("messages.snapshot", { payload: { messages: [{ id: "m1", role: "assistant", parts }] } }),
    ]);
    expect(selectAnswerText(state, "m1")).toBe(answer);
  });

  it("TEXT-04 an empty text part after a tool adds no paragraph break (resumed projection)", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const live = projectEvents([
      e("text.delta", { payload: { delta: "Looking." } }),
      e("tool.started", { toolCallId: "c1", payload: { name: "grep" } }),
      e("tool.result", { toolCallId: "c1", payload: { output: "ok" } }),
    ]);
    const [message] = live.messages;
    const blank: MessagePart = { id: "blank", kind: "assistant_text", status: "done", text: "" };
    const state = resumed({ ...live, messages: [{ ...message, parts: [...message.parts, blank] }] });
    expect(state.messages[0].parts.map((part) => [part.kind, part.text])).toEqual([
      ["assistant_text", "Looking."],
      ["tool_call", undefined],
      ["assistant_text", ""],
    ]);
    expect(selectAnswerText(state, "m1")).toBe("Looking.");
  });

  it("TEXT-01 selectMessages hands out the projected messages as they are", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([e("text.delta", { payload: { delta: "Hi" } })]);
    expect(selectMessages(state)).toBe(state.messages);
    expect(selectMessages(state).map((m) => m.id)).toEqual(["m1"]);
  });
});

describe("inline process (PROC-02)", () => {
  const ids = (items: { part: MessagePart }[]) => items.map((item) => item.part.id);

  it("PROC-02 the latest turn by default, any named turn on request", () => {
    const e = stream();
    const state = projectEvents([
      e("tool.started", { turnId: "t1", messageId: "m1", toolCallId: "c1", payload: { name: "grep" } }),
      e("tool.started", { turnId: "t2", messageId: "m2", toolCallId: "c2", payload: { name: "ls" } }),
    ]);
    expect(ids(selectInlineProcess(state))).toEqual(["tool:c2"]);
    expect(ids(selectInlineProcess(state, "t1"))).toEqual(["tool:c1"]);
    expect(ids(selectInlineProcess(state, "t2"))).toEqual(["tool:c2"]);
    // Kept per state and turn: a surface reading again gets the same list.
    expect(selectInlineProcess(state)).toBe(selectInlineProcess(state));
    expect(selectInlineProcess(state, "t1")).toBe(selectInlineProcess(state, "t1"));
  });

  it("PROC-02 messages outside any turn: all their process; a turn, once named, keeps only its own", () => {
    const e = stream();
    const loose = projectEvents([
      e("tool.started", { messageId: "m1", toolCallId: "c1", payload: { name: "grep" } }),
      e("tool.started", { messageId: "m2", toolCallId: "c2", payload: { name: "ls" } }),
    ]);
    expect(loose.messages.map((m) => m.turnId)).toEqual([undefined, undefined]);
    expect(ids(selectInlineProcess(loose))).toEqual(["tool:c1", "tool:c2"]);
    const first = projectEvents([
      e("tool.started", { turnId: "t1", messageId: "m1", toolCallId: "c1", payload: { name: "grep" } }),
      e("tool.started", { messageId: "m2", toolCallId: "c2", payload: { name: "ls" } }),
    ]);
    expect(first.messages.map((m) => m.turnId)).toEqual(["t1", undefined]);
    expect(ids(selectInlineProcess(first))).toEqual(["tool:c1"]);
  });

  it("PROC-02 a stored part without an expanded flag is expanded while it streams; a stated flag wins", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const live = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "grep" } }),
      e("reasoning.delta", { partId: "r1", payload: { delta: "why" } }),
      e("plan.delta", { partId: "p1", payload: { text: "1. look" } }),
    ]);
    const stated: Record<string, Partial<MessagePart>> = {
      "tool:c1": { status: "done", expanded: true },
      r1: { status: "streaming" },
      p1: { status: "done" },
    };
    const messages = live.messages.map(
      (m): Message => ({
        ...m,
        parts: m.parts.map((part) => {
          const { expanded: _expanded, ...rest } = part;
          return { ...rest, ...stated[part.id] } as MessagePart;
        }),
      }),
    );
    const state = resumed({ ...live, messages });
    expect(selectInlineProcess(state).map((item) => [item.part.id, item.expanded])).toEqual([
      ["tool:c1", true],
      ["r1", true],
      ["p1", false],
    ]);
  });
});

describe("timeline archive (PROC-03, PROC-04)", () => {
  it("PROC-03 a session with facts but no message yet still has its timeline", () => {
    const e = stream();
    const state = projectEvents([
      e("task.changed", { taskId: "k1", payload: { status: "running", title: "Index" } }),
    ]);
    expect(state.messages).toEqual([]);
    expect(selectTimeline(state).map((item) => [item.id, item.placeholder])).toEqual([["task:k1", false]]);
  });

  it("PROC-04 an action raised for a tool call is a placeholder under its own action row", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "write_file" } }),
      e("action.required", { actionId: "a1", toolCallId: "c1", payload: { actionType: "tool_permission" } }),
    ]);
    expect(placeholders(state)).toMatchObject({ "tool:c1": true, "action:a1": true });
  });

  it("PROC-04 reasoning detail, plans and context boundaries mark their rows while expanded", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("reasoning.delta", { partId: "d1", payload: { delta: "step", visibility: "detail" } }),
      e("plan.delta", { partId: "p1", payload: { text: "1. look" } }),
      e("context.compaction.started", { payload: { compactionId: "x" } }),
    ]);
    expect(placeholders(state)).toMatchObject({ "reasoning:d1": true, "plan:p1": true, "context:x": true });
  });

  it("PROC-04 a resumed projection's expanded parts mark the rows of their facts, whatever the parts' ids", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const live = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "grep" } }),
      e("action.required", { actionId: "a1", payload: { actionType: "clarification" } }),
      e("reasoning.delta", { partId: "r1", payload: { delta: "why" } }),
      e("reasoning.delta", { partId: "d1", payload: { delta: "step", visibility: "detail" } }),
      e("plan.delta", { partId: "p1", payload: { text: "1. look" } }),
    ]);
    const renamed: Record<string, string> = { "tool:c1": "x1", "action:a1": "x2" };
    const messages = live.messages.map(
      (m): Message => ({
        ...m,
        parts: m.parts.map((part) => ({ ...part, id: renamed[part.id] ?? part.id })),
      }),
    );
    const state = resumed({ ...live, messages });
    expect(state.messages[0].parts.map((part) => [part.id, part.expanded])).toEqual([
      ["x1", true],
      ["x2", true],
      ["r1", true],
      ["d1", true],
      ["p1", true],
    ]);
    expect(placeholders(state)).toEqual({
      "tool:c1": true,
      "action:a1": true,
      "reasoning:r1": true,
      "reasoning:d1": true,
      "plan:p1": true,
    });
  });

  it("PROC-04 a delegation marks only the task and agent rows it names (an id is never the word undefined)", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Delegating." } }),
      e("agent.spawned", { agentId: "w1", payload: { agentName: "researcher", status: "running" } }),
      e("task.changed", { taskId: "k2", parentTaskId: "k0", payload: { status: "running", title: "Sub" } }),
      e("task.changed", { taskId: "undefined", turnId: "t0", payload: { status: "running" } }),
      e("agent.changed", { agentId: "undefined", turnId: "t0", payload: { status: "running" } }),
    ]);
    expect(
      state.messages[0].parts
        .filter((part) => part.kind === "agent_task")
        .map((part) => [part.agentId, part.taskId, part.expanded]),
    ).toEqual([
      ["w1", undefined, true],
      [undefined, "k2", true],
    ]);
    expect(placeholders(state)).toEqual({
      "agent:w1": true,
      "task:k2": true,
      "task:undefined": false,
      "agent:undefined": false,
    });
  });

  it("PROC-04 a fact that changes no row keeps the timeline view itself", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const p = createProjector();
    p.apply(e("tool.started", { toolCallId: "c1", payload: { name: "grep" } }));
    p.apply(e("text.delta", { payload: { delta: "Looking" } }));
    const before = p.getState();
    const view = selectTimeline(before);
    p.apply(e("text.delta", { payload: { delta: " further" } }));
    const after = p.getState();
    expect(after.messages).not.toBe(before.messages);
    expect(after.timeline).toBe(before.timeline);
    expect(selectTimeline(after)).toBe(view);
  });
});
