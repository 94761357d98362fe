import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const reported = (state: State) =>
  state.diagnostics.map(({ code, severity, message }) => ({ code, severity, message }));
const shape = (state: State) =>
  state.messages.map((m) => ({
    id: m.id,
    role: m.role,
    parts: m.parts.map((p) => [p.kind, p.text, p.status, p.expanded]),
  }));

describe("messages.snapshot (TEXT-04, TEXT-06, HYD-09)", () => {
  it("HYD-09 part kinds by their runtime words; process parts come back done and collapsed", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("messages.snapshot", {
        payload: {
          messages: [
            {
              id: "m1",
              parts: [
                { type: "thinking", text: "Pondered" },
                { kind: "reasoning", text: "Summed up" },
                { type: "text", text: "Answer" },
                { kind: "assistant_text", text: " more" },
              ],
            },
          ],
        },
      }),
    ]);
    expect(shape(state)).toEqual([
      {
        id: "m1",
        role: "assistant",
        parts: [
          ["reasoning_summary", "Pondered", "done", false],
          ["reasoning_summary", "Summed up", "done", false],
          ["assistant_text", "Answer", "done", undefined],
          ["assistant_text", " more", "done", undefined],
        ],
      },
    ]);
  });

  it.each([["tool"], ["tool-call"], ["tool_call"]])(
    "HYD-09 a %s part is the tool's one part, named by its call id, collapsed",
    (type) => {
      const e = stream({ turnId: "t1" });
      const state = projectEvents([
        e("messages.snapshot", {
          payload: { messages: [{ id: "m1", parts: [{ type, toolCallId: "c1", toolName: "grep" }] }] },
        }),
      ]);
      expect(state.messages[0].parts.map((p) => [p.id, p.kind, p.toolCallId, p.status, p.expanded])).toEqual([
        ["tool:c1", "tool_call", "c1", "done", false],
      ]);
      expect(state.tools.c1.name).toBe("grep");
      expect(state.tools.c1.messageId).toBe("m1");
    },
  );

  it("HYD-09 a tool part's name may come as name", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("messages.snapshot", {
        payload: { messages: [{ id: "m1", parts: [{ kind: "tool_call", toolCallId: "c1", name: "ls" }] }] },
      }),
    ]);
    expect(state.tools.c1.name).toBe("ls");
  });

  it.each([
    [{ type: "banana", text: "x" }, 'snapshot part kind "banana" is not known'],
    [{ text: "x" }, 'snapshot part kind "undefined" is not known'],
  ])("TEXT-06 a part of unknown kind %j is reported and not shown", (part, message) => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("messages.snapshot", {
        payload: { messages: [{ id: "m1", parts: [part, "junk", { type: "text", text: "ok" }] }] },
      }),
    ]);
    expect(reported(state)).toEqual([{ code: "unknown_taxonomy_value", severity: "info", message }]);
    expect(state.messages[0].parts.map((p) => [p.kind, p.text])).toEqual([["assistant_text", "ok"]]);
  });

  it.each([
    ["user", "user_text"],
    ["notification", "worker_notification"],
    ["assistant", "assistant_text"],
    ["robot", "assistant_text"],
  ])("TEXT-06 a %s message's text is a %s part", (role, kind) => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("messages.snapshot", {
        payload: { messages: [{ messageId: "m1", role, text: "hi", parts: undefined }] },
      }),
    ]);
    expect(state.messages.map((m) => [m.id, m.role, m.parts.map((p) => [p.kind, p.text, p.status])])).toEqual(
      [["m1", role === "robot" ? "assistant" : role, [[kind, "hi", "done"]]]],
    );
  });

  it("TEXT-04 the snapshot's text replaces the streamed fragments with one answer part", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m1", partId: "a", payload: { delta: "Hel" } }),
      e("reasoning.delta", { messageId: "m1", payload: { delta: "hm" } }),
      e("text.delta", { messageId: "m1", partId: "b", payload: { delta: "lo wor" } }),
      e("messages.snapshot", { payload: { messages: [{ id: "m1", text: "Hello world", agentId: "w1" }] } }),
    ]);
    expect(state.messages[0].parts.map((p) => [p.id, p.kind, p.text, p.status])).toEqual([
      ["a", "assistant_text", "Hello world", "done"],
      ["m1:reasoning:1", "reasoning_summary", "hm", "streaming"],
    ]);
    expect(state.messages[0].agentId).toBe("w1");
  });

  it("HYD-09 messages without an id are reported and skipped; non-records are skipped", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("messages.snapshot", {
        payload: { messages: [{ text: "orphan" }, 7, null, { id: "m2", text: "kept" }] },
      }),
    ]);
    expect(reported(state)).toEqual([
      { code: "missing_correlation", severity: "info", message: "snapshot message without id" },
    ]);
    expect(state.messages.map((m) => m.id)).toEqual(["m2"]);
  });

  it("TEXT-06 a snapshot without a message list is reported", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([e("messages.snapshot", { payload: { messages: { id: "m1" } } })]);
    expect(reported(state)).toEqual([
      {
        code: "schema_mismatch",
        severity: "warning",
        message: "messages.snapshot without payload.messages[]",
      },
    ]);
    expect(state.messages).toEqual([]);
  });

  it("HYD-09 an authoritative list drops the messages it names as removed", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("messages.snapshot", {
        payload: {
          messages: [
            { id: "m1", text: "a" },
            { id: "m2", text: "b" },
          ],
        },
      }),
      e("messages.snapshot", {
        payload: { messages: [{ id: "m3", text: "c" }], removedMessageIds: ["m1", 5] },
      }),
    ]);
    expect(state.messages.map((m) => m.id)).toEqual(["m2", "m3"]);
  });

  it("HYD-09 a window message lands in its own turn, or its run's, never in the delivering event's", () => {
    const e = stream();
    const state = projectEvents([
      e("run.started", { turnId: "t2", runId: "r2", payload: { input: "q" } }),
      e("messages.snapshot", {
        turnId: "t9",
        payload: {
          messages: [
            { id: "m-turn", turnId: "t2", parts: [{ type: "reasoning", partId: "x" }] },
            { id: "m-run", runId: "r2", text: "by run" },
            { id: "m-none", text: "snapshot's turn" },
          ],
        },
      }),
    ]);
    expect(state.messages.filter((m) => m.role === "assistant").map((m) => [m.id, m.turnId])).toEqual([
      ["m-turn", "t2"],
      ["m-run", "t2"],
      ["m-none", "t9"],
    ]);
  });

  it("SEC-02 a secret in snapshot text is redacted", () => {
    const key = ["sk-", "proj-", "A1b2C3d4E5f6G7h8I9j0K1l2"].join("");
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("messages.snapshot", {
        payload: {
          messages: [
            { id: "m1", text: `key ${key}` },
            { id: "m2", parts: [{ type: "text", text: key }] },
          ],
        },
      }),
    ]);
    expect(JSON.stringify(state.messages)).not.toContain(key);
  });
});

describe("a window message keeps its own turn, author and answer (HYD-09, TEXT-04)", () => {
  it("HYD-09 a message naming its turn, or only its run, lands in that turn, not the delivering one", () => {
    const e = stream({ turnId: "t9" });
    const state = projectEvents([
      e("run.started", { turnId: "t2", runId: "r2", payload: { input: "q" } }),
      e("messages.snapshot", {
        timestamp: "2026-01-02T03:04:05.000Z",
        payload: {
          messages: [
            { id: "m1", turnId: "t1", runId: "r1", text: "One" },
            { id: "m2", runId: "r2", text: "Two" },
            { id: "m3", text: "Three" },
          ],
        },
      }),
    ]);
    const assistant = state.messages.filter((m) => m.role === "assistant");
    expect(assistant.map((m) => [m.id, m.turnId, m.runId, m.createdAt])).toEqual([
      ["m1", "t1", "r1", "2026-01-02T03:04:05.000Z"],
      ["m2", "t2", "r2", "2026-01-02T03:04:05.000Z"],
      ["m3", "t9", undefined, "2026-01-02T03:04:05.000Z"],
    ]);
  });

  it("TEXT-04 / ENV-07 the snapshot's text is the answer's one text part; the author and confirmation stick", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("message.created", { payload: { role: "assistant", optimistic: true } }),
      e("text.delta", { partId: "a", payload: { delta: "Hel" } }),
      e("reasoning.delta", { payload: { delta: "hm" } }),
      e("text.delta", { partId: "b", payload: { delta: "lo" } }),
      e("messages.snapshot", { payload: { messages: [{ id: "m1", agentId: "w1", text: "Hello" }] } }),
      e("messages.snapshot", { payload: { messages: [{ id: "m4", text: "Fresh" }] } }),
    ]);
    expect(
      state.messages.map((m) => [m.id, m.agentId, m.optimistic === true, m.parts.map((p) => [p.id, p.text])]),
    ).toEqual([
      [
        "m1",
        "w1",
        false,
        [
          ["a", "Hello"],
          [expect.any(String), "hm"],
        ],
      ],
      ["m4", undefined, false, [[expect.stringMatching(/:text$/), "Fresh"]]],
    ]);
  });
});
