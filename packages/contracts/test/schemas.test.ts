import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  type AgentUiEvent,
  agentUiEventSchema,
  type KnownKeys,
  projectionStateSchema,
  RUNTIME_SCHEMAS,
  validateEvent,
  validateProjectionState,
} from "../src/index";
import { NUMBER, STRING, objectSchema } from "../src/schema-builders";
import { fullProjectionState } from "./projection-fixture";

const readJson = (relative: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(relative, import.meta.url)), "utf8"));

// Every declared envelope field, populated: the compiler rejects this literal if a field is missing.
const fullEvent: Required<Pick<AgentUiEvent, KnownKeys<AgentUiEvent>>> = {
  type: "tool.started",
  eventId: "evt_1",
  sequence: 1,
  streamId: "s",
  timestamp: "2026-05-11T10:00:00Z",
  runtimeId: "rt",
  sessionId: "sess",
  threadId: "thread",
  runId: "run",
  turnId: "turn",
  attemptId: "att",
  stepId: "step",
  messageId: "msg",
  partId: "part",
  taskId: "task",
  agentId: "agent",
  subagentId: "sub",
  parentSessionId: "psess",
  parentThreadId: "pthread",
  toolCallId: "call",
  actionId: "act",
  artifactId: "art",
  evidenceId: "ev",
  traceId: "trace",
  spanId: "span",
  evidencePackRef: "evidence://p",
  replayRef: "replay://r",
  reviewRef: "review://r",
  handoffId: "ho",
  reviewId: "rev",
  workItemId: "wi",
  remoteTaskId: "rtask",
  workerNotificationId: "wn",
  diagnosticId: "diag",
  teamId: "team",
  runtimeEntity: "agent_turn",
  runtimeStatus: "running",
  latestTurnStatus: "running",
  teamPhase: "active",
  teamName: "delivery",
  queuedTurnCount: 0,
  teamParallelBudget: 2,
  teamActiveCount: 1,
  teamQueuedCount: 0,
  queueReason: "budget",
  providerConcurrencyGroup: "openai",
  providerParallelBudget: 4,
  retryableOverload: false,
  artifactKind: "document",
  artifactStatus: "ready",
  artifactVersionId: "v1",
  artifactExportId: "exp",
  artifactReadRef: "artifact://read",
  artifactDiffRef: "artifact://diff",
  artifactPreviewRef: "artifact://preview",
  artifactPreview: "# preview",
  sourceRefs: ["call"],
  evidenceRefs: ["ev"],
  agentName: "researcher",
  agentRole: "research",
  agentSource: "local",
  transcriptRef: "transcript://t",
  workerUsage: { tokens: 10 },
  teamPolicy: null,
  owner: "tool",
  scope: "tool_call",
  phase: "acting",
  surface: "tool_ui",
  persistence: "transcript",
  control: "approve",
  topology: "solo_run",
  metricName: "first_status_ms",
  payload: { name: "read_file" },
  refs: ["blob://x"],
  rawEventRef: "raw://1",
  source: {
    format: "lime",
    index: 0,
    sourceType: "tool.started",
    sourceEventId: "e",
    schemaVersion: "lime-profile-0.4.0",
  },
};

describe("Agent UI event schema (ENV-01, ENV-05)", () => {
  it("has exactly one property per declared AgentUiEvent field", () => {
    const schemaKeys = Object.keys(agentUiEventSchema.properties as object).sort();
    expect(schemaKeys).toEqual(Object.keys(fullEvent).sort());
  });

  it("a fully populated event validates with no diagnostics", () => {
    expect(validateEvent(fullEvent)).toEqual([]);
  });

  it("is draft 2020-12, requires only `type` and allows extension fields", () => {
    expect(agentUiEventSchema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(agentUiEventSchema.required).toEqual(["type"]);
    expect(agentUiEventSchema.additionalProperties).toBe(true);
    expect(validateEvent({ type: "run.status", vendorField: { x: 1 } })).toEqual([]);
  });

  it("schemas/agentui-event.schema.json on disk equals the schema built from TypeScript", () => {
    expect(readJson("../schemas/agentui-event.schema.json")).toEqual(agentUiEventSchema);
  });
});

describe("projection snapshot schema (ARCH-04)", () => {
  it("has exactly one property per ProjectionState key", () => {
    expect(Object.keys(projectionStateSchema.properties as object).sort()).toEqual(
      Object.keys(fullProjectionState).sort(),
    );
  });

  it("a fully populated ProjectionState validates", () => {
    expect(validateProjectionState(fullProjectionState)).toEqual([]);
  });

  it("rejects a missing slice, a status outside its taxonomy and an undeclared field", () => {
    const { cursor: _c, ...withoutCursor } = fullProjectionState;
    expect(validateProjectionState(withoutCursor)).toMatchObject([{ code: "schema_mismatch", path: "" }]);
    const badStatus = {
      ...fullProjectionState,
      runtime: { ...fullProjectionState.runtime, status: "thinking" },
    };
    expect(validateProjectionState(badStatus)).toMatchObject([
      { code: "schema_mismatch", path: "/runtime/status" },
    ]);
    const extra = {
      ...fullProjectionState,
      tools: { call_1: { ...fullProjectionState.tools.call_1, rawInput: "x" } },
    };
    expect(validateProjectionState(extra)).toMatchObject([{ path: "/tools/call_1" }]);
    expect(validateProjectionState(null)).toHaveLength(1);
  });

  it("schemas/agentui-projection.schema.json on disk equals the schema built from TypeScript", () => {
    expect(readJson("../schemas/agentui-projection.schema.json")).toEqual(projectionStateSchema);
  });
});

describe("schema builders keep schema and types in step", () => {
  type Sample = { a: string; b?: number };

  it("an object schema lists every key and exactly the required ones", () => {
    expect(objectSchema<Sample>({ a: STRING, b: NUMBER }, { a: true })).toEqual({
      type: "object",
      properties: { a: STRING, b: NUMBER },
      required: ["a"],
      additionalProperties: false,
    });
    // The lines below must not compile; `tsc` (part of `npm test`) fails if they ever do.
    // @ts-expect-error a key of the interface has no schema entry
    objectSchema<Sample>({ a: STRING }, { a: true });
    // @ts-expect-error a required key is not listed as required
    objectSchema<Sample>({ a: STRING, b: NUMBER }, {});
    // @ts-expect-error a schema entry for a key the interface does not have
    objectSchema<Sample>({ a: STRING, b: NUMBER, c: STRING }, { a: true });
  });
});

describe("official Agent Runtime schemas (PROF, §E-1)", () => {
  it.each([
    ["event", "agentruntime-event.schema.json"],
    ["snapshot", "agentruntime-snapshot.schema.json"],
    ["profileEvent", "agentruntime-lime-profile-event.schema.json"],
    ["profileSnapshot", "agentruntime-lime-profile-snapshot.schema.json"],
  ] as const)("the vendored %s schema is the unmodified official %s", (key, file) => {
    expect(RUNTIME_SCHEMAS[key]).toEqual(
      readJson(`../../../../shared/fixtures/agentruntime/schemas/${file}`),
    );
  });

  it("ships with the Apache-2.0 licence and a notice", () => {
    const dir = new URL("../schemas/agentruntime/", import.meta.url);
    expect(readFileSync(fileURLToPath(new URL("LICENSE", dir)), "utf8")).toContain("Apache License");
    expect(readFileSync(fileURLToPath(new URL("NOTICE", dir)), "utf8")).toContain("Apache License 2.0");
  });
});
