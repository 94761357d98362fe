import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";

const started: AgentUiEvent = {
  eventId: "s",
  type: "tool.started",
  toolCallId: "c1",
  payload: { name: "read" },
};
const result = (payload: Record<string, unknown>): AgentUiEvent => ({
  eventId: "r",
  type: "tool.result",
  toolCallId: "c1",
  payload,
});

describe("what a tool row shows of its result (TOOL-13, TOOL-03, TOOL-05)", () => {
  it.each([
    [{ isError: true }, "output-error", "tool reported an error"],
    [{ isError: true, error: "denied by host" }, "output-error", "denied by host"],
    [{ success: false }, "output-error", "tool reported an error"],
    [{ success: false, error: "nope" }, "output-error", "nope"],
    [{ status: "error" }, "output-error", "error"],
    [{ status: "failed" }, "output-error", "failed"],
    [{ status: "failed", error: "exit 2" }, "output-error", "exit 2"],
    [{ error: "plain" }, "output-error", "plain"],
    [{ error: { code: 5, reason: "quota" } }, "output-error", '{"code":5,"reason":"quota"}'],
    [{ error: false, output: "ok" }, "output-available", undefined],
    [{ error: null, output: "ok" }, "output-available", undefined],
    [{ isError: false, success: true, status: "completed", output: "ok" }, "output-available", undefined],
  ])("TOOL-13 a result %j is %s", (payload, status, message) => {
    const state = projectEvents([started, result(payload)]);
    expect(state.tools.c1.status).toBe(status);
    expect(state.tools.c1.error?.message).toBe(message);
    expect(state.diagnostics.filter((d) => d.code === "tool_result_error").map((d) => d.message)).toEqual(
      message === undefined ? [] : ["tool.result for c1 carries an error"],
    );
  });

  it("TOOL-05 an output inline past the preview limit without a ref is reported with its size", () => {
    const projector = createProjector({ previewBytes: 8 });
    projector.applyAll([started, result({ output: "0123456789abcdef" })]);
    const state = projector.getState();
    expect(state.tools.c1).toMatchObject({ outputPreview: "01234567", outputBytes: 16 });
    expect(state.diagnostics.map(({ code, severity, message }) => ({ code, severity, message }))).toEqual([
      {
        code: "large_payload_inline",
        severity: "info",
        message: "tool c1 output inline (16 bytes); preview kept",
      },
    ]);
  });

  it("TOOL-05 an output that fits the preview, or has a ref, is not reported", () => {
    const projector = createProjector({ previewBytes: 8 });
    projector.applyAll([started, result({ output: "01234567" })]);
    expect(projector.getState().diagnostics).toEqual([]);
    const withRef = createProjector({ previewBytes: 8 });
    withRef.applyAll([started, result({ output: "0123456789abcdef", outputRef: "blob://out" })]);
    expect(withRef.getState().diagnostics).toEqual([]);
    expect(withRef.getState().tools.c1.outputRef).toBe("blob://out");
  });

  it("TOOL-05 an output's size is its UTF-8 bytes, and its preview never splits a character", () => {
    const projector = createProjector({ previewBytes: 3 });
    projector.applyAll([started, result({ output: "ab\u{1F600}é€" })]);
    const tool = projector.getState().tools.c1;
    // a, b: 1 byte each; the emoji 4; é 2; € 3.
    expect(tool.outputBytes).toBe(11);
    expect(tool.outputPreview).toBe("ab");
    expect(tool.outputText).toBe("ab\u{1F600}é€");
  });

  it("TOOL-05 an output's size counts each character's UTF-8 bytes at every encoding boundary", () => {
    // U+007F 1 byte, U+0080 and U+07FF 2, U+0800, U+D7FF, U+E000 and U+FFFF 3, U+10000 and U+10FFFF 4.
    const output = "\u007f\u0080\u07ff\u0800\ud7ff\ue000\uffff\u{10000}\u{10FFFF}";
    const state = projectEvents([started, result({ output })]);
    expect(state.tools.c1.outputBytes).toBe(1 + 2 + 2 + 3 + 3 + 3 + 3 + 4 + 4);
    expect(state.tools.c1.outputBytes).toBe(new TextEncoder().encode(output).length);
  });

  it.each([
    ["ab\u{10000}c", "ab"],
    ["ab\u{10FFFF}c", "ab"],
    ["a\u{10000}c", "a\u{10000}"],
    ["ab\ud7ffc", "ab\ud7ff"],
    ["ab\ue000c", "ab\ue000"],
    // A text that fits is kept as it is, whatever its last character.
    ["ab\ud83d", "ab\ud83d"],
  ])("TOOL-05 a preview cut at 3 characters from %j is %j (a pair is never split)", (output, preview) => {
    const projector = createProjector({ previewBytes: 3 });
    projector.applyAll([started, result({ output })]);
    expect(projector.getState().tools.c1.outputPreview).toBe(preview);
  });

  it.each([
    [10n, "[unserializable]"],
    [Symbol("handle"), "Symbol(handle)"],
  ])("TOOL-03 an output JSON cannot state (%s) is shown as %j, and the stream goes on", (output, shown) => {
    const state = projectEvents([
      started,
      result({ output }),
      { ...started, eventId: "s2", toolCallId: "c2" },
    ]);
    expect(state.tools.c1).toMatchObject({
      status: "output-available",
      outputPreview: shown,
      outputText: shown,
    });
    expect(state.tools.c2.status).toBe("running");
  });

  it("TOOL-03 a number or a list output is shown as JSON; an input summary too", () => {
    const state = projectEvents([
      { ...started, payload: { name: "calc", input: [1, "two"] } },
      result({ output: 42 }),
    ]);
    expect(state.tools.c1).toMatchObject({
      inputSummary: '[1,"two"]',
      outputPreview: "42",
      outputText: "42",
      outputBytes: 2,
    });
  });

  it("TOOL-03 an input past the preview limit is cut and its size told", () => {
    const projector = createProjector({ previewBytes: 10 });
    projector.applyAll([{ ...started, payload: { name: "w", input: { text: "é".repeat(20) } } }]);
    // {"text":"éé…"} is 31 characters, 51 bytes.
    expect(projector.getState().tools.c1.inputSummary).toBe('{"text":"é… (51 bytes)');
    const fits = createProjector({ previewBytes: 31 });
    fits.applyAll([{ ...started, payload: { name: "w", input: { text: "é".repeat(20) } } }]);
    expect(fits.getState().tools.c1.inputSummary).toBe(`{"text":"${"é".repeat(20)}"}`);
  });

  const offloaded = (ref: string) => ({ offloaded: true, ref, bytes: 99_999, preview: "big…" });
  it.each([
    ["a stdout field", { exitCode: 0, stdout: offloaded("blob://out") }, "blob://out"],
    ["three levels down", { a: { b: { c: offloaded("blob://deep") } } }, "blob://deep"],
    ["four levels down", { a: { b: { c: { d: offloaded("blob://d4") } } } }, "blob://d4"],
    [
      "five levels down (past the bound)",
      { a: { b: { c: { d: { e: offloaded("blob://d5") } } } } },
      undefined,
    ],
    [
      "a list item after plain values",
      { parts: [1, null, "x", { text: offloaded("blob://item") }] },
      "blob://item",
    ],
    ["the first of two", { one: offloaded("blob://1"), two: offloaded("blob://2") }, "blob://1"],
    [
      "a field after a plain object",
      { meta: { exitCode: 0, tags: ["x"] }, stdout: offloaded("blob://after") },
      "blob://after",
    ],
    ["an object that only looks offloaded", { stdout: { offloaded: "yes", ref: "blob://no" } }, undefined],
    [
      "the 64th field",
      Object.fromEntries([
        ...Array.from({ length: 63 }, (_, i) => [`k${i}`, i]),
        ["last", offloaded("blob://64")],
      ]),
      "blob://64",
    ],
    [
      "the 65th field (past the bound)",
      Object.fromEntries([
        ...Array.from({ length: 64 }, (_, i) => [`k${i}`, i]),
        ["last", offloaded("blob://65")],
      ]),
      undefined,
    ],
  ])(
    "TOOL-05 an offloaded value inside a structured output (%s) gives the output its ref",
    (_label, output, ref) => {
      const state = projectEvents([started, result({ output })]);
      expect(state.tools.c1.outputRef).toBe(ref);
      expect(state.tools.c1.attempts.at(-1)?.outputRef).toBe(ref);
    },
  );

  it("TOOL-03 a null output is shown as JSON null, with no ref and no diagnostic", () => {
    const state = projectEvents([started, result({ output: null })]);
    expect(state.tools.c1).toMatchObject({ outputPreview: "null", outputBytes: 4 });
    expect(state.tools.c1.outputRef).toBeUndefined();
    expect(state.diagnostics).toEqual([]);
  });

  it("TOOL-05 a result without output keeps the earlier preview, ref and size; a later ref is kept on the attempt", () => {
    const state = projectEvents([
      started,
      { eventId: "d", type: "tool.output.delta", toolCallId: "c1", payload: { delta: "partial" } },
      result({ outputRef: "blob://late" }),
    ]);
    expect(state.tools.c1).toMatchObject({ outputRef: "blob://late", outputPreview: "partial" });
    expect(state.tools.c1.attempts.at(-1)).toMatchObject({
      outputRef: "blob://late",
      outputPreview: "partial",
    });
    expect(state.tools.c1.outputBytes).toBe(7);
    expect(state.tools.c1.resultMessageId).toBeUndefined();
  });

  it.each([
    ["an inline output", { output: "whole answer" }, "whole answer"],
    ["a preview alone", { outputPreview: "first lines" }, "first lines"],
  ])(
    "TOOL-05 %s after an offloaded one drops the earlier ref: the row opens no body it does not show",
    (_, later, preview) => {
      const offloaded = { offloaded: true, ref: "blob://first", preview: "fir", bytes: 9000 };
      const state = projectEvents([
        started,
        result({ output: offloaded }),
        { ...result(later), eventId: "r2" },
      ]);
      expect(state.tools.c1.outputRef).toBeUndefined();
      expect(state.tools.c1.outputPreview).toBe(preview);
      expect(state.tools.c1.attempts.at(-1)?.outputRef).toBeUndefined();
      const part = Object.values(state.messages)
        .flatMap((m) => m.parts)
        .find((p) => p.id === "tool:c1");
      expect(part?.data).toEqual({ state: "output-available", outputPreview: preview });
    },
  );

  it("TOOL-05 a later result with no output keeps the offloaded output's ref", () => {
    const offloaded = { offloaded: true, ref: "blob://first", preview: "fir", bytes: 9000 };
    const state = projectEvents([
      started,
      result({ output: offloaded }),
      { ...result({ status: "completed" }), eventId: "r2" },
    ]);
    expect(state.tools.c1).toMatchObject({
      outputRef: "blob://first",
      outputPreview: "fir",
      outputBytes: 9000,
    });
    expect(state.tools.c1.attempts.at(-1)?.outputRef).toBe("blob://first");
  });

  it("TOOL-03 an output of exactly outputTextBytes is kept whole; one byte more is preview only", () => {
    const exact = createProjector({ outputTextBytes: 4 });
    exact.applyAll([started, result({ output: "abcd" })]);
    expect(exact.getState().tools.c1.outputText).toBe("abcd");
    const wide = createProjector({ outputTextBytes: 4 });
    wide.applyAll([started, result({ output: "abé" })]);
    // 3 characters, 4 bytes: fits.
    expect(wide.getState().tools.c1.outputText).toBe("abé");
    const over = createProjector({ outputTextBytes: 4 });
    over.applyAll([started, result({ output: "abcé" })]);
    expect(over.getState().tools.c1.outputText).toBeUndefined();
  });
});
