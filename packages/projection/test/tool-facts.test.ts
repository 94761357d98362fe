// Tool facts that must change exactly what they name (TOOL-01..09, STAT-03, HITL-06, PERM-05, ENV-12): a
// fact without a toolCallId touches nothing, a redundant fact leaves the row (and the status row) as it
// was, a later fact keeps what it does not restate, and a run's end closes what is no longer waiting.
import type { AgentUiEvent, ThreadReadModel } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const diagnostics = (state: State) => state.diagnostics.map((d) => [d.code, d.severity, d.message]);

describe("tool facts without a toolCallId (ENV-12)", () => {
  it("ENV-12 each tool fact without a toolCallId is reported by its type and creates no row", () => {
    const types = [
      "tool.started",
      "tool.args",
      "tool.progress",
      "tool.output.delta",
      "tool.result",
      "tool.failed",
    ];
    for (const type of types) {
      const e = stream({ turnId: "t1" });
      const state = projectEvents([e(type, { payload: { name: "x", delta: "d", output: "o" } })]);
      expect(diagnostics(state)).toEqual([["missing_correlation", "warning", `${type} without toolCallId`]]);
      expect(state.tools).toEqual({});
      expect(state.messages).toEqual([]);
    }
  });
});

describe("the status row follows open tools only when that changes it (STAT-03, D.4)", () => {
  it("STAT-03 a result for a tool that never opened leaves a streaming row as it was", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.started", { timestamp: "2026-01-01T00:00:00Z" }),
      e("text.delta", { messageId: "m1", timestamp: "2026-01-01T00:00:01Z", payload: { delta: "hi" } }),
      e("tool.result", { toolCallId: "c1", timestamp: "2026-01-01T00:00:02Z", payload: { output: "x" } }),
    ]);
    expect(state.tools.c1.status).toBe("output-available");
    expect([state.runtime.status, state.runtime.source?.eventId, state.runtime.updatedAt]).toEqual([
      "streaming",
      "s1-2",
      "2026-01-01T00:00:01Z",
    ]);
  });

  it("STAT-03 progress of a tool that is already running leaves the tool_running row as it was", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.started", { timestamp: "2026-01-01T00:00:00Z" }),
      e("tool.started", { toolCallId: "c1", timestamp: "2026-01-01T00:00:01Z", payload: { name: "x" } }),
      e("tool.progress", { toolCallId: "c1", timestamp: "2026-01-01T00:00:02Z", payload: { message: "m" } }),
    ]);
    expect(state.tools.c1.progress).toEqual({ message: "m" });
    expect([state.runtime.status, state.runtime.source?.eventId, state.runtime.updatedAt]).toEqual([
      "tool_running",
      "s1-2",
      "2026-01-01T00:00:01Z",
    ]);
  });

  it("HYD-09 a hydrated tool without a message takes its live result without an error", () => {
    const p = createProjector();
    const thread: ThreadReadModel = {
      threadId: "th1",
      status: "running",
      toolCalls: [{ toolCallId: "c1", name: "grep", status: "running" }],
    };
    p.hydrate({ kind: "thread", thread });
    const e = stream({ turnId: "t1" });
    p.apply(e("tool.result", { toolCallId: "c1", payload: { output: "ok" } }));
    const state = p.getState();
    expect(diagnostics(state)).toEqual([]);
    expect([state.tools.c1.status, state.tools.c1.outputPreview]).toEqual(["output-available", "ok"]);
  });
});

describe("later facts keep what they do not restate (TOOL-01, TOOL-07)", () => {
  it("TOOL-01 a second terminal fact without a timestamp keeps the end time", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", timestamp: "2026-01-01T00:00:00Z", payload: { name: "x" } }),
      e("tool.result", { toolCallId: "c1", timestamp: "2026-01-01T00:00:01Z", payload: { output: "o" } }),
      e("tool.failed", { toolCallId: "c1", payload: { error: "late" } }),
    ]);
    expect([state.tools.c1.status, state.tools.c1.endedAt]).toEqual(["output-error", "2026-01-01T00:00:01Z"]);
  });

  it("TOOL-07 a retry that names no kind keeps the kind of the first attempt", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "grep", kind: "search" } }),
      e("tool.failed", { toolCallId: "c1", payload: { error: "bad" } }),
      e("tool.started", { toolCallId: "c1", payload: {} }),
    ]);
    expect([state.tools.c1.name, state.tools.c1.kind, state.tools.c1.attempts.length]).toEqual([
      "grep",
      "search",
      2,
    ]);
  });

  it("TOOL-09 a result without an evidence id links no evidence", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
      e("tool.result", { toolCallId: "c1", payload: { output: "o" } }),
    ]);
    expect(state.tools.c1.evidenceIds).toStrictEqual([]);
    expect(state.tools.c1.artifactIds).toStrictEqual([]);
  });
});

describe("tool.args (TOOL-01, TOOL-03)", () => {
  it("TOOL-01 args of an unseen tool open its row without a pairing diagnostic", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([e("tool.args", { toolCallId: "c1", payload: { name: "grep" } })]);
    expect(diagnostics(state)).toEqual([]);
    expect([state.tools.c1.status, state.tools.c1.name]).toEqual(["input-streaming", "grep"]);
  });

  it("TOOL-03 args with an input refresh a running tool's summary; the name it already has stays", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "grep", input: { q: 1 } } }),
      e("tool.args", { toolCallId: "c1", payload: { name: "other", input: { q: 2 } } }),
    ]);
    expect([state.tools.c1.status, state.tools.c1.name, state.tools.c1.inputSummary]).toEqual([
      "running",
      "grep",
      '{"q":2}',
    ]);
  });

  it("TOOL-01 a delta that changes no visible fact leaves the row untouched", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    // An unnamed tool whose arguments are streaming: a bare delta changes nothing.
    p.apply(e("tool.args", { toolCallId: "c1", payload: {} }));
    const streaming = p.getState().tools.c1;
    p.apply(e("tool.args", { toolCallId: "c1", payload: {} }));
    expect(p.getState().tools.c1).toBe(streaming);
    // A running tool: "complete" alone changes nothing either.
    p.apply(e("tool.started", { toolCallId: "c2", payload: { name: "x" } }));
    const running = p.getState().tools.c2;
    p.apply(e("tool.args", { toolCallId: "c2", payload: { complete: true } }));
    expect(p.getState().tools.c2).toBe(running);
    expect(p.getState().timeline.find((item) => item.id === "tool:c2")?.source?.eventId).toBe("s1-3");
  });
});

describe("tool.progress and tool.output.delta (TOOL-01, TOOL-05, HITL-06)", () => {
  it("HITL-06 progress without an approval or a hold starts a tool whose input is complete", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.args", { toolCallId: "c1", payload: { complete: true } }),
      e("tool.progress", { toolCallId: "c1", payload: { message: "working" } }),
    ]);
    expect([state.tools.c1.status, state.tools.c1.attempts[0].status, state.tools.c1.actionId]).toEqual([
      "running",
      "running",
      undefined,
    ]);
  });

  it("TOOL-05 an output delta of a running tool adds output without restating the row's fact", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
      e("tool.output.delta", { toolCallId: "c1", payload: { delta: "ab" } }),
    ]);
    expect([state.tools.c1.outputPreview, state.tools.c1.outputBytes]).toEqual(["ab", 2]);
    expect(state.tools.c1.source?.eventId).toBe("s1-1");
    expect(state.tools.c1.attempts[0].source?.eventId).toBe("s1-1");
  });
});

describe("a run's end closes what no longer waits (TOOL-01, HITL-06)", () => {
  it("HITL-06 a tool whose approval was answered is closed at the run's end", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
      e("action.required", { actionId: "a1", toolCallId: "c1", payload: { actionType: "tool_approval" } }),
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved", decision: "approve" } }),
      e("run.finished", {}),
    ]);
    expect([state.tools.c1.status, state.tools.c1.actionId]).toEqual(["unknown", "a1"]);
    expect(diagnostics(state)).toEqual([
      ["tool_unclosed_at_turn_end", "warning", "tool c1 had no terminal fact when the run ended"],
    ]);
  });

  it("HITL-06 a tool kept open for its approval is closed by the run's next end once answered", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
      e("action.required", { actionId: "a1", toolCallId: "c1", payload: { actionType: "tool_approval" } }),
      e("run.finished", {}),
      e("action.resolved", { actionId: "a1", payload: { outcome: "resolved", decision: "approve" } }),
      e("run.started", {}),
      e("run.finished", {}),
    ] as AgentUiEvent[]);
    expect(state.tools.c1.status).toBe("unknown");
    expect(diagnostics(state)).toEqual([
      ["tool_unclosed_at_turn_end", "warning", "tool c1 had no terminal fact when the run ended"],
    ]);
  });
});

describe("permission facts on tool rows (PERM-05)", () => {
  it("PERM-05 a violation or hook naming an unseen tool is kept without a row", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("permission.changed", { toolCallId: "c9", payload: { violation: { id: "v1", reason: "net" } } }),
      e("permission.changed", { toolCallId: "c9", payload: { hook: { status: "blocked" } } }),
    ]);
    expect(diagnostics(state)).toEqual([]);
    expect(state.tools).toEqual({});
    expect(state.permissions.violations.map((v) => [v.id, v.reason, v.toolCallId])).toEqual([
      ["v1", "net", "c9"],
    ]);
  });
});

describe("a tool's output preview never keeps part of a secret (SEC-02, TOOL-05)", () => {
  const key = ["sk-proj-", "Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6"].join("");
  const text = `0123456789012345678 ${key} tail`;
  const previewOf = (deltas: string[]) => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents(
      [
        e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
        ...deltas.map((delta) => e("tool.output.delta", { toolCallId: "c1", payload: { delta } })),
      ],
      { previewBytes: 32 },
    );
    return [state.tools.c1.outputPreview, state.tools.c1.outputBytes];
  };

  it("SEC-02 a secret cut by the preview's limit leaves none of its characters, wherever the deltas split it", () => {
    const body = key.slice("sk-proj-".length);
    const leaks = (preview: unknown) =>
      Array.from({ length: body.length - 3 }, (_, at) => body.slice(at, at + 4)).some((part) =>
        String(preview).includes(part),
      );
    expect(previewOf([text])).toEqual(["0123456789012345678 [redacted:op", text.length]);
    for (let cut = 1; cut < text.length; cut++) {
      const [preview, bytes] = previewOf([text.slice(0, cut), text.slice(cut)]);
      expect([cut, leaks(preview), bytes]).toEqual([cut, false, text.length]);
    }
    // A first delta that just fits waits for the rest; one past the limit in the middle of the key is
    // cut there, drops the fragment and is final.
    expect(previewOf([text.slice(0, 32), text.slice(32)])).toEqual([
      "0123456789012345678 [redacted:op",
      text.length,
    ]);
    expect(previewOf([text.slice(0, 34), text.slice(34)])).toEqual(["0123456789012345678 ", text.length]);
  });

  it("SEC-02 a secret split across deltas is redacted whole, wherever the deltas split it", () => {
    const output = `key ${key} done`;
    for (let cut = 1; cut < output.length; cut++) {
      const e = stream({ turnId: "t1" });
      const state = projectEvents([
        e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
        e("tool.output.delta", { toolCallId: "c1", payload: { delta: output.slice(0, cut) } }),
        e("tool.output.delta", { toolCallId: "c1", payload: { delta: output.slice(cut) } }),
      ]);
      expect([cut, state.tools.c1.outputPreview]).toEqual([cut, "key [redacted:openai_api_key] done"]);
    }
  });

  it("TOOL-05 deltas continue a result's preview below the limit, never one at it; a retry starts over", () => {
    const e = stream({ turnId: "t1" });
    const full = "0123456789012345678901234567 sk-";
    const state = projectEvents(
      [
        e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
        e("tool.result", { toolCallId: "c1", payload: { outputPreview: "abc" } }),
        e("tool.output.delta", { toolCallId: "c1", payload: { delta: "def" } }),
        e("tool.started", { toolCallId: "c2", payload: { name: "x" } }),
        e("tool.result", { toolCallId: "c2", payload: { outputPreview: full } }),
        e("tool.output.delta", { toolCallId: "c2", payload: { delta: "more" } }),
        e("tool.started", { toolCallId: "c3", payload: { name: "x" } }),
        e("tool.output.delta", { toolCallId: "c3", payload: { delta: "first try" } }),
        e("tool.failed", { toolCallId: "c3", payload: { error: "bad" } }),
        e("tool.started", { toolCallId: "c3", payload: {} }),
        e("tool.output.delta", { toolCallId: "c3", payload: { delta: "second" } }),
      ],
      { previewBytes: 32 },
    );
    expect(["c1", "c2", "c3"].map((id) => state.tools[id].outputPreview)).toEqual(["abcdef", full, "second"]);
  });

  it("SEC-02 an open private key block keeps the preview a marker; past the raw bound the preview is final", () => {
    const head = "key:\n-----BEGIN PRIVATE KEY-----\n";
    // The raw output kept while the preview fills: 2,048 characters of preview plus 16 KiB.
    const bound = 2048 + 16_384;
    const outputOf = (raw: number) => {
      const e = stream({ turnId: "t1" });
      const body = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC".repeat(1024).slice(0, raw - head.length);
      const deltas = [head, body.slice(0, 9000), body.slice(9000), "-----END PRIVATE KEY-----\nafter"];
      const state = projectEvents([
        e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
        ...deltas.map((delta) => e("tool.output.delta", { toolCallId: "c1", payload: { delta } })),
      ]);
      return state.tools.c1.outputPreview;
    };
    expect(outputOf(2000)).toBe("key:\n[redacted:private_key]\nafter");
    expect(outputOf(bound)).toBe("key:\n[redacted:private_key]\nafter");
    expect(outputOf(bound + 1)).toBe("key:\n[redacted:private_key]");
  });

  it("SEC-02 no snapshot taken while the output streams shows part of a secret", () => {
    const output = `key ${key} done`;
    const body = key.slice("sk-proj-".length);
    for (let cut = 1; cut < output.length; cut++) {
      const e = stream({ turnId: "t1" });
      const p = createProjector();
      p.apply(e("tool.started", { toolCallId: "c1", payload: { name: "x" } }));
      const shown: unknown[] = [];
      for (const delta of [output.slice(0, cut), output.slice(cut)]) {
        p.apply(e("tool.output.delta", { toolCallId: "c1", payload: { delta } }));
        shown.push(p.getState().tools.c1.outputPreview);
      }
      const leaked = shown.filter((text) =>
        Array.from({ length: body.length - 3 }, (_, at) => body.slice(at, at + 4)).some((part) =>
          String(text).includes(part),
        ),
      );
      expect([cut, leaked]).toEqual([cut, []]);
      p.apply(e("tool.result", { toolCallId: "c1", payload: {} }));
      expect(p.getState().tools.c1.outputPreview).toBe("key [redacted:openai_api_key] done");
    }
  });

  it("TOOL-05 a fragment held back while the output streams shows once the tool ends or the run closes it", () => {
    for (const end of ["tool.result", "tool.failed", "run.finished"]) {
      const e = stream({ turnId: "t1" });
      const p = createProjector();
      p.apply(e("tool.started", { toolCallId: "c1", payload: { name: "deploy" } }));
      p.apply(
        e("tool.output.delta", {
          toolCallId: "c1",
          payload: { delta: "Deployed to https://app.example.com" },
        }),
      );
      expect(p.getState().tools.c1.outputPreview).toBe("Deployed to ");
      p.apply(
        e(end, end === "tool.result" || end === "tool.failed" ? { toolCallId: "c1", payload: {} } : {}),
      );
      expect([end, p.getState().tools.c1.outputPreview]).toEqual([
        end,
        "Deployed to https://app.example.com",
      ]);
      // A late delta continues the settled preview.
      p.apply(e("tool.output.delta", { toolCallId: "c1", payload: { delta: "/ok" } }));
      expect(p.getState().tools.c1.outputPreview).toBe("Deployed to https://app.example.com/ok");
    }
  });

  it("SEC-02 a secret's start stays held back when the first delta starts the tool or progress arrives", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.apply(e("tool.args", { toolCallId: "c1", payload: { name: "x", complete: true } }));
    p.apply(e("tool.output.delta", { toolCallId: "c1", payload: { delta: "key sk-proj-Q1w2E3" } }));
    expect([p.getState().tools.c1.status, p.getState().tools.c1.outputPreview]).toEqual(["running", "key "]);
    p.apply(e("tool.progress", { toolCallId: "c1", payload: { message: "still going" } }));
    expect(p.getState().tools.c1.outputPreview).toBe("key ");
    p.apply(e("tool.output.delta", { toolCallId: "c1", payload: { delta: key.slice(14) } }));
    p.apply(e("tool.result", { toolCallId: "c1", payload: {} }));
    expect(p.getState().tools.c1.outputPreview).toBe("key [redacted:openai_api_key]");
  });

  it("TOOL-05 a tool's end keeps a full preview and a result's own preview as they are", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents(
      [
        e("tool.started", { toolCallId: "c1", payload: { name: "x" } }),
        e("tool.output.delta", { toolCallId: "c1", payload: { delta: `${"a".repeat(30)} ${key}` } }),
        e("tool.result", { toolCallId: "c1", payload: {} }),
        e("tool.started", { toolCallId: "c2", payload: { name: "x" } }),
        e("tool.output.delta", { toolCallId: "c2", payload: { delta: "streamed https://example.com" } }),
        e("tool.result", { toolCallId: "c2", payload: { outputPreview: "final" } }),
      ],
      { previewBytes: 32 },
    );
    expect([state.tools.c1.outputPreview, state.tools.c2.outputPreview]).toEqual([
      `${"a".repeat(30)} [`,
      "final",
    ]);
    expect(diagnostics(state)).toEqual([]);
  });
});
