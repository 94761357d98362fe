// assistant-stream chunks address parts by path: nested paths, chunks without a path, the path bound,
// message-level lists and the reader's diagnostics for long names — each record in, the exact facts out.
import { describe, expect, it } from "vitest";
import { assistantStreamAdapter, detectAssistantStream } from "../src/assistant-stream";

const STAMPED = new Set(["eventId", "sequence", "owner", "scope", "surface", "persistence", "source"]);
function adapt(records: unknown[]): Record<string, unknown>[] {
  const adapter = assistantStreamAdapter.create();
  return [...records.flatMap((record, index) => adapter.push(record, index)), ...adapter.finish()].map((e) =>
    Object.fromEntries(Object.entries(e).filter(([key]) => !STAMPED.has(key))),
  );
}
const part = (type: string, fields: Record<string, unknown> = {}, path: number[] = []) => ({
  type: "part-start",
  path,
  part: { type, ...fields },
});
const MESSAGE = { messageId: "assistant-stream:message-1" };
const warning = (index: number, reason: string, keys: string[], type: string) => ({
  payload: {
    code: "unsupported_source_event",
    severity: "warning",
    message: `assistant-stream record #${index}: ${reason}`,
    summary: { kind: "object", keys, type },
  },
  type: "diagnostic.changed",
});

describe("assistant-stream paths", () => {
  it("TEXT-04 TOOL-01 nested paths address their own parts: [0,0] and [11,0] differ from [0] and [1,1,0]", () => {
    const text = (partId: string, delta: string) => ({
      partId,
      phase: "producing",
      payload: { delta, role: "assistant" },
      ...MESSAGE,
      type: "text.delta",
    });
    expect(
      adapt([
        part("text"),
        part("text", {}, [0]),
        { type: "text-delta", path: [0, 0], textDelta: "inner" },
        { type: "part-finish", path: [0, 0] },
        part("text", {}, [1, 1]),
        part("text", {}, [11]),
        { type: "text-delta", path: [11, 0], textDelta: "b" },
        part("tool-call", { toolCallId: "c1", toolName: "ls" }, [0]),
        { type: "text-delta", path: [0, 1], textDelta: "{}" },
        { type: "tool-call-args-text-finish", path: [0, 1] },
        { type: "result", path: [0, 1], result: "ok" },
      ]).slice(1),
    ).toStrictEqual([
      text("part-0.0", "inner"),
      { partId: "part-0.0", payload: { text: "inner" }, ...MESSAGE, type: "text.final" },
      text("part-11.0", "b"),
      { toolCallId: "c1", phase: "acting", payload: { name: "ls" }, ...MESSAGE, type: "tool.started" },
      { toolCallId: "c1", phase: "acting", payload: { argsDelta: "{}" }, ...MESSAGE, type: "tool.args" },
      {
        toolCallId: "c1",
        phase: "acting",
        payload: { input: {}, complete: true },
        ...MESSAGE,
        type: "tool.args",
      },
      {
        toolCallId: "c1",
        phase: "acting",
        payload: { output: "ok", outputPreview: "ok" },
        ...MESSAGE,
        type: "tool.result",
      },
    ]);
  });

  it("ENV-09 a chunk without a path addresses the message's root; a path of 32 indices is still a path", () => {
    const deep = Array.from({ length: 32 }, () => 0);
    expect(
      adapt([
        { type: "part-start", part: { type: "text" } },
        { type: "text-delta", path: [0], textDelta: "x" },
        { type: "text-delta", path: deep, textDelta: "y" },
      ]).slice(1),
    ).toStrictEqual([
      {
        partId: "part-0",
        phase: "producing",
        payload: { delta: "x", role: "assistant" },
        ...MESSAGE,
        type: "text.delta",
      },
      warning(2, "text-delta for a part that was never started", ["type", "path", "textDelta"], "text-delta"),
    ]);
  });

  it("DIAG-02 a part without type, and chunk or part types cut to 80 characters in the message", () => {
    const long = (c: string) => c.repeat(100);
    expect(
      adapt([{ type: "part-start", path: [], part: {} }, { type: long("x"), path: [] }, part(long("y"))]),
    ).toStrictEqual([
      warning(0, "part-start without a part type", ["type", "path", "part"], "part-start"),
      warning(
        1,
        `unknown assistant-stream chunk "${"x".repeat(80)}"`,
        ["type", "path"],
        `${"x".repeat(80)}…`,
      ),
      warning(2, `unknown part type "${"y".repeat(80)}"`, ["type", "path", "part"], "part-start"),
    ]);
  });

  it("STATE-01 ERR-01 message data and annotations append item by item; a step's finish says nothing; an error without text is a stream error", () => {
    expect(
      adapt([
        { type: "step-finish", path: [] },
        { type: "data", path: [], data: [{ a: 1 }, 2] },
        { type: "annotations", path: [], annotations: ["n"] },
        { type: "error", path: [] },
      ]).slice(1),
    ).toStrictEqual([
      {
        payload: {
          patch: [
            { op: "add", path: "/aiSdkData", value: {} },
            { op: "add", path: "/aiSdkData/data:1", value: { a: 1 } },
          ],
        },
        ...MESSAGE,
        type: "state.delta",
      },
      {
        payload: { patch: [{ op: "add", path: "/aiSdkData/data:2", value: 2 }] },
        ...MESSAGE,
        type: "state.delta",
      },
      {
        payload: { patch: [{ op: "add", path: "/aiSdkData/annotations:1", value: "n" }] },
        ...MESSAGE,
        type: "state.delta",
      },
      { phase: "failed", payload: { message: "stream error" }, ...MESSAGE, type: "run.failed" },
    ]);
  });

  it("TEAM-02 TOOL-03 a subagent's source is its own; a message's finish leaves a call whose arguments never closed open", () => {
    expect(
      adapt([
        part("source", { id: "s1", url: "https://a.example", parentId: "sub" }),
        part("tool-call", { toolCallId: "c1", toolName: "ls" }),
        { type: "text-delta", path: [1], textDelta: '{"a":' },
        { type: "message-finish", path: [] },
      ]).slice(2),
    ).toStrictEqual([
      {
        evidenceId: "s1",
        payload: { citations: [{ id: "s1", sourceType: "url", url: "https://a.example", ...MESSAGE }] },
        messageId: "assistant-stream:message-1:sub",
        type: "evidence.changed",
        agentId: "sub",
        runtimeEntity: "subagent_turn",
      },
      { toolCallId: "c1", phase: "acting", payload: { name: "ls" }, ...MESSAGE, type: "tool.started" },
      { toolCallId: "c1", phase: "acting", payload: { argsDelta: '{"a":' }, ...MESSAGE, type: "tool.args" },
      { phase: "completed", payload: { outcome: "success" }, ...MESSAGE, type: "run.finished" },
    ]);
  });

  it("STAT-01 a step's finish as the first chunk opens the response", () => {
    expect(adapt([{ type: "step-finish", path: [] }]).map((e) => [e.type, e.phase])).toEqual([
      ["run.started", "submitted"],
    ]);
  });

  it("ENV-01 only a part-start's record part raises the score", () => {
    expect(detectAssistantStream({ type: "text-delta", path: [0], part: { type: "text" } })).toBe(0.95);
  });
});
