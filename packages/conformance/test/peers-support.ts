// Shared plumbing of the peers-<format> end-to-end tests: read a captured stream from
// ../shared/peers/streams, frame it, adapt it (auto-detected unless a format is named), project it.
import { readFileSync } from "node:fs";
import { ADAPTERS, type AdaptOptions, adaptRecords } from "@agent-ui/adapters";
import {
  type AgentUiEvent,
  type FramedRecord,
  type ProjectionState,
  parseRecords,
} from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";

const STREAMS = new URL("../../../../shared/peers/streams/", import.meta.url);

export function framed(name: string): FramedRecord[] {
  return parseRecords(readFileSync(new URL(name, STREAMS), "utf8")).records;
}

/** Adapts one captured stream; `format` defaults to auto-detection, whose result is returned too. */
export function adaptStream(
  name: string,
  format = "auto",
  options: AdaptOptions = {},
): { events: AgentUiEvent[]; detected?: string } {
  const result = adaptRecords(framed(name), format, options);
  return { events: result.events, detected: result.detected?.format };
}

export function project(events: AgentUiEvent[]): ProjectionState {
  return projectEvents(events);
}

/** The format whose `detect` scores a record highest among all registered adapters. */
export function bestDetector(record: unknown): string | undefined {
  let best: { format: string; score: number } | undefined;
  for (const module of ADAPTERS) {
    const score = module.detect(record);
    if (score > 0 && (best === undefined || score > best.score)) best = { format: module.format, score };
  }
  return best?.format;
}

/** [messageId, agentId, text] of every assistant_text part, in order. */
export function assistantTexts(state: ProjectionState): [string, string | undefined, string | undefined][] {
  return state.messages.flatMap((m) =>
    m.parts
      .filter((p) => p.kind === "assistant_text")
      .map((p): [string, string | undefined, string | undefined] => [m.id, m.agentId, p.text]),
  );
}

export function errorDiagnostics(state: ProjectionState) {
  return state.diagnostics.filter((d) => d.severity === "error");
}
