// Runtime record validation, diagnostic by diagnostic: exact codes, severities, messages, paths and event
// refs for aliases, conflicts, scope ids, unknown classes, non-objects, snapshots and trial packs.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  type Diagnostic,
  normalizeRuntimeEvent,
  runtimeRecordKind,
  validateBenchmarkTrialPack,
  validateRuntimeEvent,
  validateRuntimeRecord,
  validateRuntimeSnapshot,
} from "../src/index";

const fixtureDir = new URL(
  "../../../../shared/fixtures/agentruntime/fixtures/lime-profile/",
  import.meta.url,
);
const fixture = (name: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(name, fixtureDir)), "utf8")) as Record<string, unknown>;
const action = () => fixture("tool-approval-action-required-event.json");
const snapshot = () => fixture("thread-read-snapshot.json");
const pack = () => fixture("benchmark-trial-pack.json");

const ACTION_REF = { eventId: "evt_action_required_001", sequence: 7, type: "action.required" };
const d = (
  code: string,
  severity: Diagnostic["severity"],
  message: string,
  path: string | undefined,
  eventRef: Diagnostic["eventRef"],
): Diagnostic => ({ code, severity, message, ...(path === undefined ? {} : { path }), eventRef });
const scope = (field: string, type: string, eventRef: Diagnostic["eventRef"]) =>
  d(
    "missing_scope_id",
    "error",
    `${type} needs ${field} under the Lime profile; the fact cannot be placed without it`,
    `/${field}`,
    eventRef,
  );

describe("snake_case aliases (E-4, ENV-10)", () => {
  it("ENV-10 every alias is renamed once, on a copy; equal duplicates are dropped without a conflict", () => {
    const input = { session_id: "a", sessionId: "a", turn_id: "t", run_id: "r", other_key: 1 };
    expect(normalizeRuntimeEvent(input)).toEqual({
      event: { sessionId: "a", turnId: "t", runId: "r", other_key: 1 },
      aliases: [
        { from: "turn_id", to: "turnId" },
        { from: "run_id", to: "runId" },
      ],
      conflicts: [],
    });
    expect(input).toHaveProperty("turn_id", "t");
    const plain = { type: "x", eventId: "e" };
    expect(normalizeRuntimeEvent(plain).event).toBe(plain);
    for (const value of [null, [1], "text", 3]) {
      expect(normalizeRuntimeEvent(value)).toEqual({ event: value, aliases: [], conflicts: [] });
    }
  });

  it("ENV-10 an alias is an info naming both spellings, located by the renamed event; a conflict is a warning", () => {
    const { eventId, actionId, ...rest } = action();
    const renamed = validateRuntimeEvent({ ...rest, event_id: eventId, action_id: actionId }, { index: 3 });
    const ref = { index: 3, ...ACTION_REF };
    expect(renamed).toEqual([
      d(
        "schema_mismatch",
        "info",
        "snake_case alias 'event_id' accepted as 'eventId' (§E-4)",
        "/event_id",
        ref,
      ),
      d(
        "schema_mismatch",
        "info",
        "snake_case alias 'action_id' accepted as 'actionId' (§E-4)",
        "/action_id",
        ref,
      ),
    ]);
    expect(validateRuntimeEvent({ ...action(), action_id: "other", turn_id: "turn_lime_001" })).toEqual([
      d(
        "schema_mismatch",
        "warning",
        "'action_id' disagrees with its camelCase field, which wins",
        "/action_id",
        ACTION_REF,
      ),
    ]);
  });
});

describe("profile errors (ENV-11, ENV-12, E-10)", () => {
  it("ENV-12 a missing scope id names the class and the id; any other missing field is a schema_mismatch", () => {
    const { turnId: _t, eventId: _e, ...event } = action();
    const ref = { sequence: 7, type: "action.required" };
    expect(validateRuntimeEvent(event)).toEqual([
      d(
        "schema_mismatch",
        "error",
        "lime-profile event: (root) must have required property 'eventId'",
        "",
        ref,
      ),
      scope("turnId", "action.required", ref),
    ]);
  });

  it("ENV-12 a class that is not a string: 'this event' needs its ids; E-10 an unknown class is a warning", () => {
    const { turnId: _t, ...event } = action();
    const ref = { eventId: "evt_action_required_001", sequence: 7 };
    const out = validateRuntimeEvent({ ...event, type: 7 });
    expect(out.slice(0, 3)).toEqual([
      d("schema_mismatch", "error", "lime-profile event: /type must be string", "/type", ref),
      d(
        "unknown_event_class",
        "warning",
        "'7' is not a runtime event class of the profile (open extension, §E-10)",
        "/type",
        ref,
      ),
      scope("turnId", "this event", ref),
    ]);
    expect(validateRuntimeEvent({ ...action(), type: "x.y" }, { profile: "public" })).toEqual([
      d(
        "unknown_event_class",
        "warning",
        "'x.y' is not a runtime event class of the profile (open extension, §E-10)",
        "/type",
        { ...ACTION_REF, type: "x.y" },
      ),
    ]);
  });

  it("ENV-11 an enum outside /type and a required id below the root stay schema mismatches", () => {
    const event = { ...action(), sequence: -1 };
    expect(validateRuntimeEvent(event)).toEqual([
      d("schema_mismatch", "error", "lime-profile event: /sequence must be >= 0", "/sequence", {
        ...ACTION_REF,
        sequence: -1,
      }),
    ]);
  });

  it("ENV-11 the public schema names itself; an enum error below /type stays a schema mismatch", () => {
    expect(validateRuntimeEvent({ ...action(), sequence: -1 }, { profile: "public" })).toEqual([
      d("schema_mismatch", "error", "agentruntime event: /sequence must be >= 0", "/sequence", {
        ...ACTION_REF,
        sequence: -1,
      }),
    ]);
    const role = validateRuntimeEvent({ ...action(), benchmark: { role: "judge" } }).find(
      (x) => x.path === "/benchmark/role",
    );
    expect(role).toEqual(
      d(
        "schema_mismatch",
        "error",
        "lime-profile event: /benchmark/role must be equal to one of the allowed values (baseline, candidate, control)",
        "/benchmark/role",
        ACTION_REF,
      ),
    );
  });

  it("E-11 artifact facts need an artifactId or refs (a warning); artifactRefs count only when not empty", () => {
    const artifact = { ...action(), type: "artifact.changed", actionId: undefined, payload: {} };
    const warning = d(
      "missing_scope_id",
      "warning",
      "artifact.changed has no artifactId or refs: the artifact lane cannot place it (§E-11)",
      "/artifactId",
      { ...ACTION_REF, type: "artifact.changed" },
    );
    expect(validateRuntimeEvent({ ...artifact, artifactRefs: [] })).toEqual([warning]);
    expect(validateRuntimeEvent({ ...artifact, artifactRefs: ["artifact://a"] })).toEqual([]);
    expect(validateRuntimeEvent({ ...artifact, refs: {} })).toEqual([warning]);
  });

  it("ENV-11 a record that is no object, or that cannot be read, is one located schema_mismatch", () => {
    const notObject = (what: string, kind: string, eventRef: Diagnostic["eventRef"]) =>
      d("schema_mismatch", "error", `${what} must be a JSON object, got ${kind}`, "", eventRef);
    expect(validateRuntimeEvent(null)).toEqual([notObject("a runtime event", "null", {})]);
    expect(validateRuntimeEvent([1], { index: 2 })).toEqual([
      notObject("a runtime event", "an array", { index: 2 }),
    ]);
    expect(validateRuntimeEvent("s")).toEqual([notObject("a runtime event", "string", {})]);
    expect(validateRuntimeSnapshot(7, { index: 4 })).toEqual([
      notObject("a runtime snapshot", "number", { index: 4 }),
    ]);
    expect(validateBenchmarkTrialPack([])).toEqual([notObject("a benchmark trial pack", "an array", {})]);
    const unreadable = action();
    Object.defineProperty(unreadable, "payload", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    expect(validateRuntimeEvent(unreadable)).toEqual([
      {
        code: "schema_mismatch",
        severity: "error",
        message: "validator failed on this record: boom",
        eventRef: ACTION_REF,
      },
    ]);
    const snap = snapshot();
    Object.defineProperty(snap, "threads", {
      enumerable: true,
      get() {
        throw new Error("gone");
      },
    });
    expect(validateRuntimeSnapshot(snap, { index: 1 })).toEqual([
      {
        code: "schema_mismatch",
        severity: "error",
        message: "validator failed on this record: gone",
        eventRef: { index: 1 },
      },
    ]);
  });
});

describe("snapshots and trial packs (HYD-09, BENCH-01)", () => {
  it("HYD-09 a snapshot is checked against the profile or the public schema, and for secrets", () => {
    const broken = { ...snapshot(), threads: "x" };
    expect(validateRuntimeSnapshot(broken, { index: 4 })).toEqual([
      d("schema_mismatch", "error", "lime-profile snapshot: /threads must be array", "/threads", {
        index: 4,
      }),
    ]);
    expect(validateRuntimeSnapshot(broken, { profile: "public" })).toEqual([
      d("schema_mismatch", "error", "agentruntime snapshot: /threads must be array", "/threads", {}),
    ]);
    const { runtimeId: _r, ...publicOnly } = snapshot();
    expect(validateRuntimeSnapshot(publicOnly, { profile: "public" })).toStrictEqual([]);
    expect(validateRuntimeSnapshot(publicOnly)).toStrictEqual([
      {
        code: "schema_mismatch",
        severity: "error",
        message: "lime-profile snapshot: (root) must have required property 'runtimeId'",
        path: "",
        eventRef: {},
      },
    ]);
    expect(validateRuntimeSnapshot({ ...snapshot(), token: "abc" })).toEqual([
      d(
        "secret_leak_risk",
        "error",
        "/token: key 'token' carries a secret (token) inline; redact it or send a ref",
        "/token",
        {},
      ),
    ]);
  });

  it("BENCH-01 a trial pack names every joinability field it lacks; correlation ids are scope ids", () => {
    const ref = { index: 1 };
    const need = (code: string, block: string, field: string) =>
      d(
        code,
        "error",
        `benchmark trial pack: /${block}/${field} is required to join the trial`,
        `/${block}/${field}`,
        ref,
      );
    const { trialId: _t, ...benchmark } = pack().benchmark as Record<string, unknown>;
    const out = validateBenchmarkTrialPack(
      { ...pack(), benchmark: { ...benchmark, datasetId: "", taskId: 1 }, runtimeCorrelation: "x" },
      { index: 1 },
    );
    expect(out).toEqual([
      {
        code: "schema_mismatch",
        severity: "info",
        message: "benchmark trial pack: no official schema; checked joinability fields",
        eventRef: ref,
      },
      need("schema_mismatch", "benchmark", "datasetId"),
      need("schema_mismatch", "benchmark", "taskId"),
      need("schema_mismatch", "benchmark", "trialId"),
      need("missing_scope_id", "runtimeCorrelation", "sessionId"),
      need("missing_scope_id", "runtimeCorrelation", "threadId"),
      need("missing_scope_id", "runtimeCorrelation", "turnId"),
      need("missing_scope_id", "runtimeCorrelation", "runId"),
    ]);
    expect(validateBenchmarkTrialPack(pack())).toStrictEqual([
      {
        code: "schema_mismatch",
        severity: "info",
        message: "benchmark trial pack: no official schema; checked joinability fields",
        eventRef: {},
      },
    ]);
    const leaking = validateBenchmarkTrialPack({ ...pack(), apiKey: "abc" });
    expect(leaking.map((x) => [x.code, x.path])).toEqual([
      ["schema_mismatch", undefined],
      ["secret_leak_risk", "/apiKey"],
    ]);
  });

  it("ENV-11 a record is read by its shape: type, threads or tasks, benchmark with runtimeCorrelation", () => {
    const kinds = [
      [{ type: "x" }, "event"],
      [{ type: "x", threads: [] }, "event"],
      [{ threads: [] }, "snapshot"],
      [{ tasks: [] }, "snapshot"],
      [{ benchmark: {}, runtimeCorrelation: {} }, "trial-pack"],
      [{ benchmark: {} }, "unknown"],
      [{ runtimeCorrelation: {} }, "unknown"],
      [{}, "unknown"],
      [[], "unknown"],
      [null, "unknown"],
    ] as const;
    expect(kinds.map(([value]) => runtimeRecordKind(value))).toEqual(kinds.map(([, kind]) => kind));
    expect(validateRuntimeRecord({ ...snapshot(), threads: "x" }, { index: 2 })[0]).toMatchObject({
      message: "lime-profile snapshot: /threads must be array",
      eventRef: { index: 2 },
    });
    expect(validateRuntimeRecord({ benchmark: {}, runtimeCorrelation: {} })[0]?.message).toBe(
      "benchmark trial pack: no official schema; checked joinability fields",
    );
    expect(validateRuntimeRecord({ benchmark: {} })[0]?.message).toBe(
      "lime-profile event: (root) must have required property 'type'",
    );
  });
});
