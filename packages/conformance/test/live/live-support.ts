// Shared plumbing of the live-producer tests: what a live peer delivered → adapter (auto-detected, as a
// user of `agent-ui --from auto` would run it) → projection, and the shared scenario's facts read back
// from the projected state, protocol-neutrally.
import { adaptRecords } from "@agent-ui/adapters";
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { type ScenarioSummary, assistantTextParts, summarizeScenario } from "../scenario-summary";
import { type LiveProduction, SHARED_SCENARIO } from "./producer";

export { assistantTextParts, summarizeScenario };
export type { ScenarioSummary };

export interface ProjectedProduction {
  /** The format auto-detection picked for the records. */
  detected: string;
  events: AgentUiEvent[];
  state: ProjectionState;
}

/** Adapts the first `upTo` records (all by default) with `format: "auto"` and projects them. */
export function projectProduction(
  production: LiveProduction,
  upTo = production.records.length,
): ProjectedProduction {
  const adapted = adaptRecords(production.records.slice(0, upTo), "auto");
  return {
    detected: adapted.detected?.format ?? "unknown",
    events: adapted.events,
    state: projectEvents(adapted.events),
  };
}

/** How many assistant_text parts are exactly `text` (a text shown twice is a duplication bug). */
export function textOccurrences(state: ProjectionState, text: string): number {
  return assistantTextParts(state).filter((part) => part === text).length;
}

/** The shared scenario's named facts: the summary's shape plus the tool, texts and decisions by name. */
export function scenarioFacts(state: ProjectionState) {
  const s = SHARED_SCENARIO;
  const tools = Object.values(state.tools);
  const actions = Object.values(state.actions);
  return {
    summary: summarizeScenario(state),
    tools: tools.map((tool) => ({
      name: tool.name,
      status: tool.status,
      outputHasResult: (tool.outputPreview ?? "").includes(s.toolOutput),
    })),
    approvals: actions
      .filter((action) => action.type === "tool_approval")
      .map((action) => ({ status: action.status, decision: action.decision })),
    pendingActions: actions.filter((action) => action.status === "pending").length,
    preambleOnce: textOccurrences(state, s.preamble) === 1,
    answerOnce: textOccurrences(state, s.answer) === 1,
    /** Tool output never leaks into assistant text (it belongs on the tool row). */
    outputInAnswerText: assistantTextParts(state).some((text) => text.includes(s.toolOutput)),
  };
}

export type ScenarioFacts = ReturnType<typeof scenarioFacts>;
