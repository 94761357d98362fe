import type { ThreadReadModel } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents, selectAnswerText } from "../src";
import { codes, stream } from "./helpers";

const thread = (fields: Partial<ThreadReadModel>): ThreadReadModel => ({
  threadId: "th1",
  status: "completed",
  ...fields,
});

const toolParts = (state: ReturnType<typeof projectEvents>) =>
  state.messages.flatMap((m) => m.parts.filter((p) => p.kind === "tool_call").map((p) => ({ m, p })));

describe("read-model tool calls attached to their messages", () => {
  it("HYD-09 / D.6 a tool call naming its message becomes that message's tool_call part", () => {
    const p = createProjector();
    p.hydrate({
      kind: "thread",
      thread: thread({
        messages: [{ id: "m1", role: "assistant", turnId: "t1", text: "Found 3 matches." }],
        toolCalls: [{ toolCallId: "c1", name: "grep", status: "completed", messageId: "m1" }],
      }),
    });
    const state = p.getState();
    expect(state.messages[0].parts.map((part) => part.kind)).toEqual(["tool_call", "assistant_text"]);
    expect(state.messages[0].parts[0]).toMatchObject({
      id: "tool:c1",
      toolCallId: "c1",
      title: "grep",
      status: "done",
      expanded: false,
      data: { state: "output-available" },
    });
    expect(state.tools.c1).toMatchObject({ messageId: "m1", status: "output-available", turnId: "t1" });
    expect(selectAnswerText(state, "m1")).toBe("Found 3 matches.");
  });

  it("HYD-09 a hydrated tool looks like the live one: same part id, title, state and collapse", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const live = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "grep" } }),
      e("tool.result", { toolCallId: "c1", payload: { outputRef: "out://c1" } }),
      e("text.delta", { payload: { delta: "Found 3 matches." } }),
      e("run.finished", { payload: { outcome: "success" } }),
    ]);
    const p = createProjector();
    p.hydrate({
      kind: "thread",
      thread: thread({
        messages: [{ id: "m1", role: "assistant", turnId: "t1", text: "Found 3 matches." }],
        toolCalls: [
          { toolCallId: "c1", name: "grep", status: "completed", messageId: "m1", outputRef: "out://c1" },
        ],
      }),
    });
    const pick = (s: ReturnType<typeof projectEvents>) =>
      s.messages[0].parts.map((part) => [part.id, part.kind, part.title, part.status, part.expanded]);
    expect(pick(p.getState())[0]).toEqual(pick(live)[0]);
    expect(p.getState().messages[0].parts[0].data).toEqual(live.messages[0].parts[0].data);
  });

  it("HYD-09 a window message listing toolCallIds gets their parts; unknown tools stay `unknown`", () => {
    const p = createProjector();
    p.hydrate({
      kind: "thread",
      thread: thread({
        messages: [{ id: "m1", role: "assistant", turnId: "t1", text: "ok", toolCallIds: ["c9"] }],
      }),
    });
    const [{ m, p: part }] = toolParts(p.getState());
    expect(m.id).toBe("m1");
    expect(part).toMatchObject({ toolCallId: "c9", title: "Tool call", data: { state: "unknown" } });
    expect(p.getState().tools.c9).toMatchObject({ name: "unknown", status: "unknown", messageId: "m1" });
  });

  it("HYD-10 / TOOL-01 a running hydrated tool is live: the tail's result updates the same part", () => {
    const p = createProjector();
    p.hydrate({
      kind: "thread",
      thread: thread({
        status: "running",
        turns: [{ turnId: "t1", status: "running" }],
        messages: [
          {
            id: "m1",
            role: "assistant",
            turnId: "t1",
            parts: [{ kind: "tool_call", toolCallId: "c2", toolName: "read_file" }],
          },
        ],
        toolCalls: [{ toolCallId: "c2", status: "running" }],
      }),
      cursor: { s1: 4 },
    });
    let state = p.getState();
    expect(toolParts(state)).toHaveLength(1);
    expect(toolParts(state)[0].p).toMatchObject({ status: "streaming", expanded: true, title: "read_file" });
    const e = stream({ turnId: "t1" });
    for (let i = 0; i < 4; i++) e("ignored");
    p.apply(e("tool.result", { toolCallId: "c2", payload: { outputPreview: "42 lines" } }));
    state = p.getState();
    expect(toolParts(state)).toHaveLength(1);
    expect(toolParts(state)[0].p).toMatchObject({
      status: "done",
      expanded: false,
      data: { state: "output-available", outputPreview: "42 lines" },
    });
  });

  it("TOOL-01 / TOOL-08 a hydrated running tool that never ends is closed by the run end, never running forever", () => {
    const p = createProjector();
    p.hydrate({
      kind: "thread",
      thread: thread({
        status: "running",
        turns: [{ turnId: "t1", status: "running" }],
        messages: [{ id: "m1", role: "assistant", turnId: "t1", text: "working" }],
        toolCalls: [{ toolCallId: "c3", name: "build", status: "running", messageId: "m1" }],
      }),
    });
    p.apply({ type: "run.finished", turnId: "t1", payload: { outcome: "success" } });
    const state = p.getState();
    expect(state.tools.c3.status).toBe("unknown");
    expect(toolParts(state)[0].p).toMatchObject({ status: "done", expanded: false });
    expect(codes(state)).toContain("tool_unclosed_at_turn_end");
  });

  it("HYD-05 a tool whose message is outside the window gets no invented message or part", () => {
    const p = createProjector();
    p.hydrate({
      kind: "thread",
      thread: thread({
        toolCalls: [{ toolCallId: "c4", name: "ls", status: "completed", messageId: "m-old" }],
      }),
    });
    const state = p.getState();
    expect(state.messages).toHaveLength(0);
    expect(state.tools.c4).toMatchObject({ messageId: "m-old", status: "output-available" });
  });

  it("PROC-04 property: however live facts and windows interleave, one part per tool", () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant("live" as const), tool: fc.constantFrom("c1", "c2") }),
      fc.record({
        kind: fc.constant("window" as const),
        tool: fc.constantFrom("c1", "c2"),
        message: fc.constantFrom("m1", "m2"),
      }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        const e = stream({ turnId: "t1" });
        const p = createProjector();
        for (const s of steps) {
          if (s.kind === "live")
            p.apply(e("tool.started", { messageId: "m1", toolCallId: s.tool, payload: { name: "x" } }));
          else
            p.apply(
              e("messages.snapshot", {
                payload: {
                  messages: [{ id: s.message, parts: [{ kind: "tool_call", toolCallId: s.tool }] }],
                },
              }),
            );
        }
        const state = p.getState();
        const seen = toolParts(state).map(({ p: part }) => part.toolCallId);
        expect(seen.slice().sort()).toEqual(Array.from(new Set(steps.map((s) => s.tool))).sort());
        for (const { m, p: part } of toolParts(state))
          expect(state.tools[part.toolCallId!].messageId).toBe(m.id);
      }),
    );
  });
});
