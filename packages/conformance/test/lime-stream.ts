// Builds Lime AgentRuntime profile records (camelCase ids, `lime-profile-0.4.0`, one sequence) for the
// Lime end-to-end tests, and projects them through auto-detection the way `agent-ui project` would.
import { adaptRecords } from "@agent-ui/adapters";
import type { ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { expect } from "vitest";

const BASE = {
  schemaVersion: "lime-profile-0.4.0",
  runtimeId: "rt",
  sessionId: "sess",
  threadId: "thread",
  turnId: "turn-1",
  timestamp: "2026-05-11T10:00:00Z",
};

export type LimeRecord = Record<string, unknown>;

/** A fresh record builder: each call numbers its record after the previous one. */
export function limeStream() {
  let sequence = 0;
  return (type: string, payload: Record<string, unknown> = {}, ids: Record<string, unknown> = {}) => {
    sequence++;
    return { ...BASE, type, eventId: `evt-${sequence}`, sequence, payload, ...ids } as LimeRecord;
  };
}

export function projectLime(records: unknown[]): ProjectionState {
  const adapted = adaptRecords(records, "auto");
  expect(adapted.detected?.format).toBe("lime");
  return projectEvents(adapted.events);
}
