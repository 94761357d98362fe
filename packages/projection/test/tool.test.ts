import { describe, expect, it } from "vitest";
import { createProjector, projectEvents, selectAnswerText } from "../src";
import { codes, stream } from "./helpers";

describe("tool family", () => {
  it("TOOL-01 lifecycle keyed by toolCallId: input-streaming → input-available → running → output-available", () => {
    const e = stream({ turnId: "t1", toolCallId: "c1" });
    const p = createProjector();
    p.apply(e("tool.args", { payload: { name: "write", argsDelta: '{"pa' } }));
    expect(p.getState().tools.c1.status).toBe("input-streaming");
    p.apply(e("tool.args", { payload: { input: { path: "a.txt" }, complete: true } }));
    expect(p.getState().tools.c1).toMatchObject({
      status: "input-available",
      inputSummary: '{"path":"a.txt"}',
    });
    p.apply(e("tool.started", { payload: { name: "write" } }));
    expect(p.getState().tools.c1.status).toBe("running");
    p.apply(e("tool.progress", { payload: { message: "half", ratio: 0.5 } }));
    expect(p.getState().tools.c1.progress).toEqual({ message: "half", ratio: 0.5 });
    p.apply(e("tool.result", { payload: { output: "ok" } }));
    const tool = p.getState().tools.c1;
    expect(tool).toMatchObject({
      name: "write",
      status: "output-available",
      outputPreview: "ok",
      outputBytes: 2,
    });
  });

  it("TOOL-03 / SEC-02 secrets in tool input are redacted before entering state", () => {
    const e = stream({ turnId: "t1", toolCallId: "c1" });
    const state = projectEvents([
      e("tool.started", {
        payload: {
          name: "http",
          input: {
            url: "https://x",
            apiKey: "sk-abcdefghijklmnopqrstuv12",
            headers: { Authorization: "Bearer abc123def456ghi789" },
          },
        },
      }),
    ]);
    const json = JSON.stringify(state);
    expect(json).not.toContain("sk-abcdefghijklmnopqrstuv12");
    expect(json).not.toContain("abc123def456ghi789");
    expect(state.tools.c1.inputSummary).toContain("[redacted:api_key]");
    expect(state.tools.c1.redactedFields).toBe(2);
  });

  it("TOOL-02 / AUI-AR-ACTION-005 large output keeps a ref, a bounded preview and its size; answer unchanged", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const big = "x".repeat(1_000_000);
    const state = projectEvents(
      [
        e("text.delta", { payload: { delta: "Summary." } }),
        e("tool.started", { toolCallId: "c1", payload: { name: "cat" } }),
        e("tool.result", { toolCallId: "c1", payload: { output: big, outputRef: "ref://out/1" } }),
      ],
      { previewBytes: 100 },
    );
    const tool = state.tools.c1;
    expect(tool.outputRef).toBe("ref://out/1");
    expect(tool.outputPreview).toHaveLength(100);
    expect(tool.outputBytes).toBe(1_000_000);
    expect(JSON.stringify(state).length).toBeLessThan(20_000);
    expect(selectAnswerText(state)).toBe("Summary.");
  });

  it("TOOL-02 streamed output is counted and previewed within bounds", () => {
    const e = stream({ turnId: "t1", toolCallId: "c1" });
    const events = [e("tool.started", { payload: { name: "sh" } })];
    for (let i = 0; i < 100; i++) events.push(e("tool.output.delta", { payload: { delta: "0123456789" } }));
    const state = projectEvents(events, { previewBytes: 50 });
    expect(state.tools.c1.outputBytes).toBe(1000);
    expect(state.tools.c1.outputPreview).toBe("0123456789".repeat(5));
  });

  it("TOOL-07 / TEXT-11 a retry keeps the failed attempt with its own status and error", () => {
    const e = stream({ turnId: "t1", toolCallId: "c1" });
    const state = projectEvents([
      e("tool.started", { payload: { name: "fetch" } }),
      e("tool.failed", { payload: { error: "timeout", category: "network", retryable: true } }),
      e("tool.started", { payload: { name: "fetch" } }),
      e("tool.result", { payload: { output: "200 OK" } }),
    ]);
    const tool = state.tools.c1;
    expect(tool.status).toBe("output-available");
    expect(tool.attempts).toHaveLength(2);
    expect(tool.attempts[0]).toMatchObject({
      attempt: 1,
      status: "output-error",
      error: { message: "timeout", category: "network", retryable: true },
    });
    expect(tool.attempts[1]).toMatchObject({
      attempt: 2,
      status: "output-available",
      outputPreview: "200 OK",
    });
    expect(tool.error).toBeUndefined();
  });

  it("TOOL-13 a tool.result carrying an error becomes a failed row plus a diagnostic", () => {
    const e = stream({ turnId: "t1", toolCallId: "c1" });
    const state = projectEvents([
      e("tool.started", { payload: { name: "x" } }),
      e("tool.result", { payload: { isError: true, error: "boom" } }),
    ]);
    expect(state.tools.c1).toMatchObject({ status: "output-error", error: { message: "boom" } });
    expect(codes(state)).toContain("tool_result_error");
  });

  it("TOOL-01 cancellation travels as tool.failed{cancelled} and is quiet (no error)", () => {
    const e = stream({ turnId: "t1", toolCallId: "c1" });
    const state = projectEvents([e("tool.started"), e("tool.failed", { payload: { cancelled: true } })]);
    expect(state.tools.c1.status).toBe("cancelled");
    expect(state.tools.c1.error).toBeUndefined();
  });

  it("TOOL-08 tool state comes only from tool facts: prose saying it succeeded changes nothing", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "deploy" } }),
      e("text.delta", { payload: { delta: "The deploy tool succeeded." } }),
    ]);
    expect(state.tools.c1.status).toBe("running");
  });

  it("TOOL-09 a tool result with artifact ids creates linked artifact cards", () => {
    const e = stream({ turnId: "t1", toolCallId: "c1" });
    const state = projectEvents([
      e("tool.started", { payload: { name: "render" } }),
      e("tool.result", { payload: { output: "ok", artifactIds: ["art1"] } }),
    ]);
    expect(state.artifacts.art1).toMatchObject({ kind: "unknown", toolCallId: "c1", sourceRefs: ["c1"] });
    expect(state.tools.c1.artifactIds).toEqual(["art1"]);
  });

  it("ENV-13 two tool calls and one action in one message are three independent records", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "a" } }),
      e("tool.started", { toolCallId: "c2", payload: { name: "b" } }),
      e("action.required", { actionId: "a1", payload: { actionType: "clarification" } }),
    ]);
    expect(Object.keys(state.tools)).toEqual(["c1", "c2"]);
    expect(Object.keys(state.actions)).toEqual(["a1"]);
  });

  it("ENV-12 a tool event without toolCallId is a diagnostic, never a guessed row", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([e("tool.result", { payload: { output: "x" } })]);
    expect(state.tools).toEqual({});
    expect(codes(state)).toContain("missing_correlation");
  });

  it("TOOL-01 a result for an unseen tool is kept, flagged tool_result_without_start", () => {
    const e = stream({ turnId: "t1", toolCallId: "c9" });
    const state = projectEvents([e("tool.result", { payload: { output: "x" } })]);
    expect(state.tools.c9).toMatchObject({ status: "output-available", name: "unknown" });
    expect(codes(state)).toContain("tool_result_without_start");
  });
});
