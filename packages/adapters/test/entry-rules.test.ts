// The package's entry points as a caller sees them: format detection over a sample (scores, rounding,
// candidates and the reason given), `adaptRecords` with a named, detected or unknown format, the
// "mapped none" report, adapter diagnostics as diagnostics, and the agent-ui passthrough's reports.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { adaptRecords, detectFormat, detectFramedFormat, diagnosticOfEvent, noneMapped } from "../src";
import { agentUiAdapter } from "../src/agent-ui";
import type { AdapterModule } from "../src/types";

/** A module that scores records by their `fmt` field and maps `{ fmt, say }` to one text event. */
function fake(format: string, score: (record: Record<string, unknown>) => number): AdapterModule {
  return {
    format,
    description: format,
    detect: (record) => score(record as Record<string, unknown>),
    create: () => ({
      format,
      push: (record, index) =>
        typeof (record as { say?: unknown }).say === "string"
          ? [
              {
                type: "text.delta",
                eventId: `${format}:${index}`,
                payload: { delta: (record as { say: string }).say },
              },
            ]
          : [
              {
                type: "diagnostic.changed",
                eventId: `${format}:d${index}`,
                payload: { code: "runtime_info", severity: "info", message: "skipped" },
              },
            ],
      finish: () => [],
    }),
  };
}
const alpha = fake("alpha", (r) => (r.fmt === "alpha" ? 0.9 : r.fmt === "both" ? 0.444 : 0));
const beta = fake("beta", (r) => (r.fmt === "beta" ? 0.8 : r.fmt === "both" ? 0.456 : 0));
const wild = fake("wild", (r) => (r.fmt === "wild" ? 7 : r.fmt === "nan" ? Number.NaN : -1));
const thrower = fake("thrower", () => {
  throw new Error("detector failed");
});
const ADAPTERS = [alpha, beta, wild, thrower];

describe("detectFormat", () => {
  it("ENV-01 the best average over the sample wins, rounded, with the runner-up in the reason", () => {
    expect(detectFormat([{ fmt: "alpha" }, { fmt: "alpha" }, { fmt: "beta" }], 5, ADAPTERS)).toStrictEqual({
      format: "alpha",
      confidence: 0.6,
      reason: "alpha scored 0.6 over 3 record(s) (next best 0.27)",
      candidates: [
        { format: "alpha", score: 0.6 },
        { format: "beta", score: 0.27 },
      ],
    });
  });

  it("ENV-01 below the confidence floor detection is unsure and lists at most three candidates", () => {
    const c = fake("c", (r) => (r.fmt === "both" ? 0.1 : 0));
    const d = fake("d", (r) => (r.fmt === "both" ? 0.05 : 0));
    expect(detectFormat([{ fmt: "both" }], 5, [alpha, beta, c, d])).toStrictEqual({
      format: "unknown",
      confidence: 0.46,
      reason:
        "no adapter is sure of the first 1 record(s) (below 0.5); candidates: beta 0.46, alpha 0.44, c 0.10",
      candidates: [
        { format: "beta", score: 0.46 },
        { format: "alpha", score: 0.44 },
        { format: "c", score: 0.1 },
      ],
    });
  });

  it("ENV-01 a score of exactly the floor is sure; nothing recognised says so; no adapters is unknown", () => {
    const half = fake("half", () => 0.5);
    expect(detectFormat([{}], 5, [half]).format).toBe("half");
    expect(detectFormat([{ fmt: "none" }, { fmt: "none" }], 5, [alpha])).toStrictEqual({
      format: "unknown",
      confidence: 0,
      reason: "no adapter recognised the first 2 record(s)",
      candidates: [],
    });
    expect(detectFormat([{}], 5, [])).toStrictEqual({
      format: "unknown",
      confidence: 0,
      reason: "no adapter recognised the first 1 record(s)",
      candidates: [],
    });
  });

  it("ENV-09 scores are clamped to 0..1, a NaN or a throwing detector counts as 0", () => {
    expect(detectFormat([{ fmt: "wild" }], 5, ADAPTERS)).toMatchObject({
      format: "wild",
      confidence: 1,
      candidates: [{ format: "wild", score: 1 }],
    });
    expect(detectFormat([{ fmt: "nan" }], 5, [wild, thrower])).toMatchObject({
      format: "unknown",
      candidates: [],
    });
  });

  it("ENV-01 only objects and arrays are sampled, up to the sample size; scalars alone say why", () => {
    const records = [1, "x", null, { fmt: "wild" }, [0], { fmt: "alpha" }, { fmt: "alpha" }];
    expect(detectFormat(records, 2, ADAPTERS)).toMatchObject({
      format: "wild",
      confidence: 0.5,
      reason: "wild scored 0.5 over 2 record(s) (next best 0)",
    });
    expect(detectFormat([1, "x", null, true], 5, ADAPTERS)).toStrictEqual({
      format: "unknown",
      confidence: 0,
      reason: "no JSON object or array records to sample",
      candidates: [],
    });
  });

  it("ENV-01 framed records are sampled for their SSE event name even when their value is a scalar", () => {
    const bySse = fake("sse", (_r) => 0);
    const named: AdapterModule = { ...bySse, detect: (_record, meta) => (meta?.sseEvent === "end" ? 1 : 0) };
    expect(
      detectFramedFormat([{ value: null, index: 0, meta: { sseEvent: "end" } }], 5, [named]).format,
    ).toBe("sse");
    expect(detectFramedFormat([{ value: null, index: 0, meta: {} }], 5, [named]).reason).toBe(
      "no JSON object or array records to sample",
    );
  });
});

describe("adaptRecords", () => {
  it("ENV-01 a named format adapts every record; adapter diagnostics are listed with their event", () => {
    const result = adaptRecords([{ say: "hi" }, { other: 1 }], "alpha", { adapters: ADAPTERS });
    expect(result.detected).toBeUndefined();
    expect(result.events.map((e) => e.eventId)).toStrictEqual(["alpha:0", "alpha:d1"]);
    expect(result.diagnostics).toStrictEqual([
      {
        code: "runtime_info",
        severity: "info",
        message: "skipped",
        eventRef: { index: undefined, eventId: "alpha:d1", type: "diagnostic.changed", sequence: undefined },
      },
    ]);
  });

  it("ENV-01 an unknown format and an undetectable input are one error naming the known formats", () => {
    expect(adaptRecords([{ a: 1 }], "nope", { adapters: [alpha, beta] })).toStrictEqual({
      events: [],
      diagnostics: [
        {
          code: "unsupported_source_event",
          severity: "error",
          message: 'unknown format "nope"; known formats: alpha, beta',
        },
      ],
      details: new Map(),
    });
    const auto = adaptRecords([{ fmt: "none" }], "auto", { adapters: [alpha, beta] });
    expect(auto.diagnostics).toStrictEqual([
      {
        code: "unsupported_source_event",
        severity: "error",
        message:
          "could not detect the input format: no adapter recognised the first 1 record(s); pass one of: alpha, beta",
      },
    ]);
    expect(auto.detected?.format).toBe("unknown");
  });

  it("ENV-01 no records with auto is an empty stream; a registry format is found beyond the default list only without a list", () => {
    expect(adaptRecords([], "auto")).toStrictEqual({ events: [], diagnostics: [], details: new Map() });
    expect(adaptRecords([{ type: "thread.started", thread_id: "t" }], "codex").events[0].type).toBe(
      "session.opened",
    );
    expect(adaptRecords([{ a: 1 }], "codex", { adapters: [alpha] }).diagnostics[0].message).toBe(
      'unknown format "codex"; known formats: alpha',
    );
  });

  it("FALL-01 an adapter that mapped none of the records says so, first, with the number of its diagnostics", () => {
    const result = adaptRecords([{ a: 1 }, { b: 2 }], "alpha", { adapters: ADAPTERS });
    expect(result.diagnostics[0]).toStrictEqual({
      code: "no_records_mapped",
      severity: "error",
      message:
        "the alpha adapter mapped none of the 2 record(s) (2 diagnostic(s)): the input is probably another format; pass --from with the right one",
    });
    expect(noneMapped("x", 3, 0)?.message).toBe(
      "the x adapter mapped none of the 3 record(s): the input is probably another format; pass --from with the right one",
    );
    expect(noneMapped("x", 0, 0)).toBeUndefined();
  });

  it("DIAG-01 an adapter's diagnostic event keeps its code, info and error severities, and defaults the rest", () => {
    const event = (payload: Record<string, unknown>) =>
      ({
        type: "diagnostic.changed",
        eventId: "e",
        sequence: 4,
        source: { format: "x", index: 2 },
        payload,
      }) as AgentUiEvent;
    const ref = { eventRef: { index: 2, eventId: "e", type: "diagnostic.changed", sequence: 4 } };
    expect(diagnosticOfEvent(event({ code: "c", severity: "error", message: "m" }))).toStrictEqual({
      code: "c",
      severity: "error",
      message: "m",
      ...ref,
    });
    expect(diagnosticOfEvent(event({ severity: "info" })).severity).toBe("info");
    expect(diagnosticOfEvent(event({ code: 3, severity: "fatal", message: {} }))).toStrictEqual({
      code: "unsupported_source_event",
      severity: "warning",
      message: "adapter diagnostic",
      ...ref,
    });
  });
});

describe("agent-ui passthrough reports", () => {
  it("ENV-01 an invalid record is reported with its first problem's code, id and problem list", () => {
    const adapter = agentUiAdapter.create();
    const [report] = adapter.push({ type: "text.delta", eventId: "bad", owner: "nobody" }, 3);
    expect(report.eventId).toBe("agent-ui:bad:invalid");
    expect(report.payload?.severity).toBe("error");
    expect(String(report.payload?.message)).toMatch(/^invalid Agent UI event: \w+ at /);
    const [scalar] = adapter.push(7, 4);
    expect(scalar.eventId).toBe("agent-ui:#4:invalid");
    expect(adapter.push(7)[0].eventId).toBe("agent-ui:#0:invalid");
    expect(adapter.finish()).toStrictEqual([]);
  });

  it.each([
    [{ type: "run.started", source: { format: "lime" } }, 1],
    [{ type: "run.started", source: { format: 3 } }, 0.6],
    ...["owner", "scope", "surface", "persistence", "phase"].map(
      (key) => [{ type: "run.status", [key]: "x" }, 0.9] as [unknown, number],
    ),
    [{ type: "run.status", owner: 1 }, 0.6],
    [{ type: "tool.started", schemaVersion: "lime-profile-0.4.0" }, 0],
    [{ type: "tool.started", schemaVersion: "0.4.0" }, 0.6],
    [{ type: "TEXT_MESSAGE_START" }, 0],
    [{ owner: "x" }, 0],
    ["run.started", 0],
  ])("ENV-01 %j scores %d as agent-ui", (record, score) => {
    expect(agentUiAdapter.detect(record)).toBe(score);
  });
});
