import { describe, expect, it } from "vitest";
import { createProjector, projectEvents, selectAnswerText } from "../src";
import { codes, stream } from "./helpers";

describe("state and messages snapshots", () => {
  it("state.snapshot appState replaces external state; state.delta applies RFC 6902 ops", () => {
    const e = stream();
    const state = projectEvents([
      e("state.snapshot", { payload: { appState: { todos: ["a"], filter: "all" } } }),
      e("state.delta", {
        payload: {
          patch: [
            { op: "add", path: "/todos/-", value: "b" },
            { op: "replace", path: "/filter", value: "done" },
            { op: "copy", from: "/filter", path: "/last" },
            { op: "move", from: "/last", path: "/previous" },
            { op: "test", path: "/todos/0", value: "a" },
            { op: "remove", path: "/todos/0" },
          ],
        },
      }),
    ]);
    expect(state.appState).toEqual({ todos: ["b"], filter: "done", previous: "done" });
    expect(state.cursor.staleSections).toEqual([]);
  });

  it("state.delta a failing op is a patch_failed diagnostic and appState is marked stale (never a silent skip)", () => {
    const e = stream();
    const p = createProjector();
    p.applyAll([
      e("state.snapshot", { payload: { appState: { count: 1 } } }),
      e("state.delta", {
        payload: {
          patch: [
            { op: "replace", path: "/count", value: 2 },
            { op: "remove", path: "/missing" },
          ],
        },
      }),
    ]);
    let state = p.getState();
    expect(state.appState).toEqual({ count: 1 });
    expect(codes(state)).toContain("patch_failed");
    expect(state.cursor.staleSections).toContain("appState");
    expect(state.cursor.stale).toBe(true);
    p.apply(e("state.snapshot", { payload: { appState: { count: 5 } } }));
    state = p.getState();
    expect(state.cursor.staleSections).not.toContain("appState");
    expect(state.appState).toEqual({ count: 5 });
  });

  it("SEC-01 secrets in app state are redacted", () => {
    const e = stream();
    const state = projectEvents([
      e("state.snapshot", { payload: { appState: { password: "hunter2", user: "x" } } }),
    ]);
    expect(state.appState).toEqual({ password: "[redacted:password]", user: "x" });
  });

  it("state.snapshot with nothing recognisable is a diagnostic", () => {
    const e = stream();
    expect(codes(projectEvents([e("state.snapshot", { payload: { foo: 1 } })]))).toContain("schema_mismatch");
  });

  it("TEXT-06 messages.snapshot restores messages; reasoning comes back as collapsed process, not answer", () => {
    const e = stream();
    const state = projectEvents([
      e("messages.snapshot", {
        payload: {
          messages: [
            { id: "u1", role: "user", text: "question" },
            {
              id: "m1",
              role: "assistant",
              parts: [
                { kind: "reasoning", text: "thinking about it" },
                { kind: "tool_call", toolCallId: "c1" },
                { kind: "text", text: "answer" },
              ],
            },
          ],
        },
      }),
    ]);
    expect(selectAnswerText(state)).toBe("answer");
    expect(state.messages[1].parts.map((p) => [p.kind, p.expanded ?? null])).toEqual([
      ["reasoning_summary", false],
      ["tool_call", false],
      ["assistant_text", null],
    ]);
    expect(state.messages[0].parts[0]).toMatchObject({ kind: "user_text", text: "question" });
  });

  it("TEXT-04 a messages.snapshot after streaming replaces, never duplicates (no HelloHello)", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Hel" } }),
      e("text.delta", { payload: { delta: "lo" } }),
      e("messages.snapshot", { payload: { messages: [{ id: "m1", role: "assistant", text: "Hello" }] } }),
    ]);
    expect(selectAnswerText(state)).toBe("Hello");
    expect(state.messages).toHaveLength(1);
  });
});
