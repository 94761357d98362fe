import { readFileSync, readdirSync } from "node:fs";
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
const docExamples = new URL("../../../../shared/fixtures/doc-examples/", import.meta.url);
const readJson = (url: URL) => JSON.parse(readFileSync(fileURLToPath(url), "utf8"));
const fixture = (name: string) => readJson(new URL(name, fixtureDir));
const errors = (d: Diagnostic[]) => d.filter((x) => x.severity === "error");

describe("official Lime profile fixtures (PROF, AUI-AR fixture table)", () => {
  const files = readdirSync(fileURLToPath(fixtureDir)).filter((f) => f.endsWith(".json"));

  it("all 7 official fixtures are present", () => {
    expect(files).toHaveLength(7);
  });

  it.each(files)("ENV-11 %s validates against the official schemas with zero errors", (file) => {
    expect(errors(validateRuntimeRecord(fixture(file)))).toEqual([]);
  });

  it("each fixture is recognised by shape: 5 events, 1 snapshot, 1 trial pack", () => {
    const kinds = files.map((f) => runtimeRecordKind(fixture(f))).sort();
    expect(kinds).toEqual(["event", "event", "event", "event", "event", "snapshot", "trial-pack"]);
  });
});

describe("validateRuntimeEvent", () => {
  const action = () => fixture("tool-approval-action-required-event.json");

  it("ENV-12 missing_scope_id when a profile-scoped id is dropped", () => {
    const { actionId: _a, ...withoutAction } = action();
    expect(validateRuntimeEvent(withoutAction)).toMatchObject([
      { code: "missing_scope_id", severity: "error", path: "/actionId" },
    ]);
    const { turnId: _t, ...withoutTurn } = action();
    expect(validateRuntimeEvent(withoutTurn).map((d) => d.code)).toEqual(["missing_scope_id"]);
  });

  it("ENV-11 schema_mismatch with the instance path for a wrong profile envelope", () => {
    const d = validateRuntimeEvent({
      ...action(),
      schemaVersion: "0.1.0",
      sequence: "7",
      timestamp: "yesterday",
    });
    expect(d.every((x) => x.code === "schema_mismatch" && x.severity === "error")).toBe(true);
    expect(d.map((x) => x.path).sort()).toEqual(["/schemaVersion", "/sequence", "/timestamp"]);
  });

  it("ENV-11 the public runtime doc example passes the public schema but not the Lime profile", () => {
    const example = readJson(new URL("agentruntime__contracts_runtime-event-stream__0.json", docExamples));
    expect(errors(validateRuntimeEvent(example, { profile: "public" }))).toEqual([]);
    const profile = errors(validateRuntimeEvent(example));
    expect(profile.map((d) => d.path)).toEqual(expect.arrayContaining(["", "/schemaVersion"]));
  });

  it("E-4 snake_case id aliases are normalized, reported as info, and then validate", () => {
    const { eventId, sessionId, actionId, ...rest } = action();
    const snake = { ...rest, event_id: eventId, session_id: sessionId, action_id: actionId };
    const d = validateRuntimeEvent(snake);
    expect(errors(d)).toEqual([]);
    expect(d.filter((x) => x.severity === "info").map((x) => x.path)).toEqual([
      "/event_id",
      "/session_id",
      "/action_id",
    ]);
    const normalized = normalizeRuntimeEvent(snake);
    expect(normalized.event).toMatchObject({ eventId, sessionId, actionId });
    expect(normalized.event).not.toHaveProperty("event_id");
    expect(snake).toHaveProperty("event_id");
  });

  it("E-4 camelCase wins over a conflicting snake_case alias, with a warning", () => {
    const d = validateRuntimeEvent({ ...action(), action_id: "other" });
    expect(d).toMatchObject([{ code: "schema_mismatch", severity: "warning", path: "/action_id" }]);
    expect(normalizeRuntimeEvent({ ...action(), action_id: "other" }).event).toMatchObject({
      actionId: "action_write_001",
    });
  });

  it("E-10 a class outside the profile enum is unknown_event_class (warning), not a crash", () => {
    const d = validateRuntimeEvent({ ...action(), type: "channel.peer_task.linked" });
    expect(d.map((x) => [x.code, x.severity])).toEqual([["unknown_event_class", "warning"]]);
  });

  it("E-11 artifact.changed without artifactId or refs is schema-valid but warned as missing_scope_id", () => {
    const artifact = { ...action(), type: "artifact.changed", actionId: undefined, payload: {} };
    expect(validateRuntimeEvent(artifact)).toMatchObject([
      { code: "missing_scope_id", severity: "warning", path: "/artifactId" },
    ]);
    expect(validateRuntimeEvent({ ...artifact, artifactId: "art_1" })).toEqual([]);
    expect(validateRuntimeEvent({ ...artifact, refs: { artifactRef: "artifact://a" } })).toEqual([]);
  });

  it("SEC-08 secrets in a runtime payload are flagged", () => {
    const d = validateRuntimeEvent({ ...action(), payload: { ...action().payload, apiKey: "abc" } });
    expect(d).toMatchObject([{ code: "secret_leak_risk", path: "/payload/apiKey" }]);
  });
});

describe("validateRuntimeSnapshot", () => {
  it("HYD-09 the thread read snapshot passes; a thread without its required lists fails", () => {
    const snapshot = fixture("thread-read-snapshot.json");
    expect(validateRuntimeSnapshot(snapshot)).toEqual([]);
    const { pendingRequests: _p, ...thread } = snapshot.threads[0];
    const broken = validateRuntimeSnapshot({ ...snapshot, threads: [thread] });
    expect(broken).toMatchObject([{ code: "schema_mismatch", path: "/threads/0" }]);
    expect(broken[0].message).toContain("pendingRequests");
  });
});

describe("validateBenchmarkTrialPack", () => {
  it("BENCH-01 a pack without its correlation spine is not joinable", () => {
    const pack = fixture("benchmark-trial-pack.json");
    expect(errors(validateBenchmarkTrialPack(pack))).toEqual([]);
    const { runId: _r, ...correlation } = pack.runtimeCorrelation;
    const d = errors(validateBenchmarkTrialPack({ ...pack, runtimeCorrelation: correlation }));
    expect(d).toMatchObject([{ code: "missing_scope_id", path: "/runtimeCorrelation/runId" }]);
  });
});
