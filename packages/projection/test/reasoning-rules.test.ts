import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const reported = (state: State) =>
  state.diagnostics.map(({ code, severity, message }) => ({ code, severity, message }));
const timelineRow = (state: State, id: string) => {
  const row = state.timeline.find((entry) => entry.id === id);
  return row && { kind: row.kind, title: row.title, status: row.status, refs: row.refs };
};

describe("reasoning and plan parts (PROC-05, TEXT-07, PROC-02)", () => {
  it.each([
    ["a short summary", "Checked the sources", "Checked the sources"],
    ["only its first line", "  First line  \nsecond line", "First line"],
    ["blank text", "   \n  ", "Reasoning"],
    ["a long line cut at a word boundary", `${"word ".repeat(30)}end`, `${"word ".repeat(16).trimEnd()}…`],
    ["a long line without spaces cut at the limit", "x".repeat(100), `${"x".repeat(80)}…`],
    [
      "a long line whose only space is early cut at the limit",
      `ab ${"y".repeat(100)}`,
      `ab ${"y".repeat(77)}…`,
    ],
    ["a line of exactly the limit", "z".repeat(80), "z".repeat(80)],
  ])("PROC-05 a completed summary titles its step with %s", (_label, text, title) => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([e("reasoning.summary", { payload: { text } })]);
    expect(state.messages[0].parts[0]).toMatchObject({ kind: "reasoning_summary", title, status: "done" });
  });

  it("PROC-02 a reasoning step is a running timeline entry while it streams, completed with its title", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const events = [
      e("reasoning.delta", { payload: { delta: "Let me look" } }),
      e("reasoning.summary", { payload: { text: "Looked it up" } }),
    ];
    const part = projectEvents(events).messages[0].parts[0];
    expect(timelineRow(projectEvents(events.slice(0, 1)), `reasoning:${part.id}`)).toEqual({
      kind: "reasoning",
      title: "Reasoning",
      status: "running",
      refs: { messageId: "m1", partId: part.id },
    });
    expect(timelineRow(projectEvents(events), `reasoning:${part.id}`)).toEqual({
      kind: "reasoning",
      title: "Looked it up",
      status: "completed",
      refs: { messageId: "m1", partId: part.id },
    });
  });

  it("PROC-02 a step its run's end interrupts completes its timeline entry, which keeps its refs and turn", () => {
    const e = stream({ turnId: "t1", runId: "r1", messageId: "m1" });
    const state = projectEvents([
      e("run.started", { payload: {} }),
      e("reasoning.delta", { payload: { delta: "Let me look" } }),
      e("run.finished", { payload: { outcome: "success" } }),
    ]);
    expect(state.timeline.find((entry) => entry.id === "reasoning:m1:reasoning:0")).toEqual({
      id: "reasoning:m1:reasoning:0",
      kind: "reasoning",
      title: "Reasoning",
      status: "completed",
      refs: { messageId: "m1", partId: "m1:reasoning:0" },
      turnId: "t1",
      source: { eventId: "s1-3", sequence: 3, type: "run.finished" },
    });
  });

  it("TEXT-07 detail reasoning is titled Thinking on its timeline entry", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([e("reasoning.delta", { payload: { delta: "hm", visibility: "detail" } })]);
    const part = state.messages[0].parts[0];
    expect(timelineRow(state, `reasoning:${part.id}`)?.title).toBe("Thinking");
  });

  it("PROC-01 deltas naming their part continue it after other parts; a summary ends it", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("reasoning.delta", { partId: "r1", payload: { delta: "first " } }),
      e("text.delta", { payload: { delta: "Answer." } }),
      e("reasoning.delta", { partId: "r1", payload: { delta: "second" } }),
      e("reasoning.summary", { partId: "r1", payload: { text: "Both" } }),
    ]);
    expect(state.messages[0].parts.map((p) => [p.id, p.kind, p.text, p.status])).toEqual([
      ["r1", "reasoning_summary", "Both", "done"],
      ["m1:text:1", "assistant_text", "Answer.", "streaming"],
    ]);
  });

  it("PROC-01 a reasoning delta after the answer started opens a new step", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("reasoning.delta", { payload: { delta: "one" } }),
      e("text.delta", { payload: { delta: "Answer." } }),
      e("reasoning.delta", { payload: { delta: "two" } }),
    ]);
    expect(state.messages[0].parts.map((p) => [p.kind, p.text])).toEqual([
      ["reasoning_summary", "one"],
      ["assistant_text", "Answer."],
      ["reasoning_summary", "two"],
    ]);
  });

  it("TEXT-07 a summary shows even when it replaces hidden detail", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("reasoning.delta", { payload: { delta: "secret thoughts", visibility: "detail" } }),
      e("reasoning.summary", { payload: { text: "Summary" } }),
    ]);
    expect(state.messages[0].parts[0]).toMatchObject({ text: "Summary", expanded: false });
  });

  it.each([
    ["reasoning.delta", { delta: 5 }, "reasoning.delta without a string payload.delta"],
    ["reasoning.summary", { text: null }, "reasoning.summary without a string payload.text"],
  ])("TEXT-06 %s without text is reported and adds no part", (type, payload, message) => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([e(type, { payload })]);
    expect(reported(state)).toEqual([{ code: "schema_mismatch", severity: "warning", message }]);
    expect(state.messages.flatMap((m) => m.parts)).toEqual([]);
  });

  it("PROC-02 a plan streams its text and steps, then the final plan collapses it", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const events = [
      e("plan.delta", { payload: { delta: "1. read" } }),
      e("plan.delta", {
        payload: { delta: " 2. fix", steps: [{ title: "read" }, null, "x", { title: "fix" }] },
      }),
      e("plan.final", { payload: { text: "1. read 2. fix 3. test" } }),
    ];
    const live = projectEvents(events.slice(0, 2));
    expect(live.messages[0].parts[0]).toMatchObject({
      id: "m1:plan",
      kind: "plan",
      text: "1. read 2. fix",
      title: "Plan (2 steps)",
      status: "streaming",
      expanded: true,
      data: { steps: [{ title: "read" }, { title: "fix" }] },
    });
    expect(timelineRow(live, "plan:m1:plan")).toEqual({
      kind: "plan",
      title: "Plan (2 steps)",
      status: "running",
      refs: { messageId: "m1", partId: "m1:plan" },
    });
    const done = projectEvents(events);
    expect(done.messages[0].parts[0]).toMatchObject({
      text: "1. read 2. fix 3. test",
      title: "Plan (2 steps)",
      status: "done",
      expanded: false,
    });
    expect(timelineRow(done, "plan:m1:plan")?.status).toBe("completed");
  });

  it("PROC-02 a plan without steps keeps the title Plan", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([e("plan.delta", { payload: { text: "draft" } })]);
    expect(state.messages[0].parts[0]).toMatchObject({ title: "Plan", text: "draft" });
    expect(timelineRow(state, "plan:m1:plan")?.title).toBe("Plan");
  });

  it("ORD-03 a plan delta behind its final plan is reported and the final plan stands", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("plan.final", { partId: "p1", payload: { text: "final" } }),
      e("plan.delta", { partId: "p1", payload: { delta: " late" } }),
    ]);
    expect(state.messages[0].parts[0]).toMatchObject({ id: "p1", text: "final", status: "done" });
    expect(reported(state)).toEqual([
      {
        code: "out_of_order",
        severity: "warning",
        message: "plan.delta after plan p1 was final; the final plan is kept",
      },
    ]);
  });
});

describe("a summary's title and timeline entry (PROC-05, PROC-02)", () => {
  it.each([
    ["leading blank lines skipped", "\n\n  Title here\nmore", "Title here"],
    [
      "a space at index 20 too early to cut at",
      `${"a".repeat(20)} ${"b".repeat(100)}`,
      `${"a".repeat(20)} ${"b".repeat(59)}…`,
    ],
    ["a space at index 21 cut at", `${"a".repeat(21)} ${"b".repeat(100)}`, `${"a".repeat(21)}…`],
  ])("PROC-05 a summary with %s is titled exactly", (_label, text, title) => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([e("reasoning.summary", { payload: { text } })]);
    expect(state.messages[0].parts[0].title).toBe(title);
  });

  it("PROC-02 a summary with no streamed step is one completed timeline entry naming its part", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([e("reasoning.summary", { payload: { text: "Looked it up" } })]);
    expect(state.messages[0].parts.map((p) => p.id)).toEqual(["m1:reasoning:0"]);
    expect(timelineRow(state, "reasoning:m1:reasoning:0")).toEqual({
      kind: "reasoning",
      title: "Looked it up",
      status: "completed",
      refs: { messageId: "m1", partId: "m1:reasoning:0" },
    });
  });
});
