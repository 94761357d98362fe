// Hand-written input streams. Each step is `[type, fields]`; the builder fills the envelope identity a real
// producer would (a stable eventId and the next sequence), so cases read as the scenario they script.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { LIME_PROFILE_SCHEMA_VERSION } from "@agent-ui/contracts";
import type { ConformanceCase } from "./types";

export type Step = [type: string, fields?: Record<string, unknown>];

/** Our envelope: `sequence` counts from 1 unless a step sets it; `eventId` is `<prefix>-<sequence>`. */
export function envelopes(base: Partial<AgentUiEvent>, steps: Step[]): AgentUiEvent[] {
  const prefix = base.sessionId ?? "conformance";
  return steps.map(([type, fields = {}], index) => {
    const sequence = typeof fields.sequence === "number" ? fields.sequence : index + 1;
    return { eventId: `${prefix}-${sequence}`, sequence, ...base, type, ...fields } as AgentUiEvent;
  });
}

export const LIME_RUNTIME_ID = "rt_conformance";

/** Lime AgentRuntime profile events (seed 003): every base field the profile requires, timestamps one
 * second apart from 2026-05-11T10:00:00Z. */
export function limeEvents(base: Record<string, unknown>, steps: Step[]): Record<string, unknown>[] {
  const sessionId = (base.sessionId as string | undefined) ?? "sess_conformance";
  return steps.map(([type, fields = {}], index) => {
    const sequence = typeof fields.sequence === "number" ? fields.sequence : index + 1;
    const seconds = String(sequence % 60).padStart(2, "0");
    const minutes = String(Math.floor(sequence / 60) % 60).padStart(2, "0");
    return {
      type,
      eventId: `evt_${sessionId}_${sequence}`,
      timestamp: `2026-05-11T10:${minutes}:${seconds}Z`,
      schemaVersion: LIME_PROFILE_SCHEMA_VERSION,
      runtimeId: LIME_RUNTIME_ID,
      sessionId,
      sequence,
      payload: {},
      ...base,
      ...fields,
    };
  });
}

/** A Lime session snapshot (thread read model + tasks) with the profile's required summaries; `extra`
 * overrides or removes (`undefined`) top-level fields. */
export function limeSnapshot(
  threads: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const snapshot: Record<string, unknown> = {
    schemaVersion: LIME_PROFILE_SCHEMA_VERSION,
    runtimeId: LIME_RUNTIME_ID,
    sessionId: "sess_conformance",
    updatedAt: "2026-05-11T10:10:00Z",
    threads: threads.map((thread) => ({
      turns: [],
      pendingRequests: [],
      queuedTurns: [],
      incidents: [],
      evidenceSummary: {},
      ...thread,
    })),
    tasks: [],
    taskSummary: {},
    routingLimitSummary: {},
    telemetrySummary: {},
    evidenceRefs: [],
    ...extra,
  };
  for (const [key, value] of Object.entries(snapshot)) if (value === undefined) delete snapshot[key];
  return snapshot;
}

/** Identity helper so case tables type-check without repeating the interface. */
export function defineCases(cases: ConformanceCase[]): ConformanceCase[] {
  return cases;
}

/** A large, recognisable inline body: cases assert it never reaches message text or bloats state. */
export function largeBody(label: string, bytes = 200_000): string {
  const unit = `${label}-0123456789abcdef `;
  return unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);
}
