// Live: the same scenario (a preamble, one approval-gated `delete_file` call, the approval,
// the tool's result, the answer) produced by every registered live peer must project to equivalent
// snapshots. Each production is adapted with `format: "auto"`, projected, and reduced to the
// protocol-neutral summary plus the scenario's named facts; then every producer must agree.
import { adaptRecords, findAdapter } from "@agent-ui/adapters";
import { type AgentUiEvent, type ProjectionState, TOOL_TERMINAL_STATES } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { projectProduction, scenarioFacts, summarizeScenario, textOccurrences } from "./live-support";
import { RESUMED_APPROVAL_SUMMARY } from "../scenario-summary";
import { type LiveProduction, SHARED_SCENARIO } from "./producer";
import { SHARED_SCENARIO_PRODUCERS } from "./producers";

const s = SHARED_SCENARIO;
const names = Object.keys(SHARED_SCENARIO_PRODUCERS);
/** The run stopped for the human: waiting on an action, not finished and not failed. */
const WAITING_STATUSES = ["waiting", "action_required", "interrupted"];

/** Records that are no event of any protocol: each must become a diagnostic, none may crash or hide. */
const GARBAGE: unknown[] = [null, 42, "data: not json", [], {}, { type: "X_FROM_THE_FUTURE", delta: "?" }];

/**
 * The events with some of them delivered again later (a reconnect replaying what was already seen):
 * each `[index, delay]` re-delivers event `index` `delay` positions after its original.
 */
function withReplays(events: AgentUiEvent[], replays: [number, number][]): AgentUiEvent[] {
  const after = new Map<number, AgentUiEvent[]>();
  for (const [index, delay] of replays) {
    const at = Math.min(events.length - 1, index + delay);
    after.set(at, [...(after.get(at) ?? []), events[index]]);
  }
  return events.flatMap((event, position) => [event, ...(after.get(position) ?? [])]);
}

function withoutRunStatus(state: ProjectionState) {
  const { runStatus: _runStatus, ...rest } = summarizeScenario(state);
  return rest;
}

describe("live cross-protocol equivalence: approval-gated delete_file", () => {
  const productions = new Map<string, LiveProduction>();
  beforeAll(async () => {
    for (const name of names) productions.set(name, await SHARED_SCENARIO_PRODUCERS[name]());
  }, 60_000);
  const each = () => [...productions.entries()];

  it("ENV-01 the registry holds at least two live producers", () => {
    expect(names.length).toBeGreaterThanOrEqual(2);
    expect(productions.size).toBe(names.length);
  });

  it("ENV-01 auto-detection picks each production's own format, for the whole thread and the first run", () => {
    for (const [name, production] of each()) {
      expect(projectProduction(production).detected, name).toBe(production.format);
      expect(projectProduction(production, production.interruptedRunLength).detected, name).toBe(
        production.format,
      );
    }
  });

  it("HITL-03 TOOL-01 TEXT-04 after the resume every producer shows the same facts", () => {
    for (const [name, production] of each()) {
      const facts = scenarioFacts(projectProduction(production).state);
      expect(facts.tools, name).toEqual([
        { name: s.toolName, status: "output-available", outputHasResult: true },
      ]);
      expect(
        facts.approvals.map((approval) => approval.status),
        name,
      ).toEqual(["resolved"]);
      expect(facts.pendingActions, name).toBe(0);
      expect(facts.preambleOnce, name).toBe(true);
      expect(facts.answerOnce, name).toBe(true);
      expect(facts.outputInAnswerText, name).toBe(false);
      expect(facts.summary.runStatus, name).toBe("completed");
      expect(facts.summary.errors, name).toEqual([]);
    }
  });

  it("HITL-03 TOOL-01 TEXT-04 after the resume the protocol-neutral summaries are all equal", () => {
    const summaries = each().map(
      ([name, production]) => [name, summarizeScenario(projectProduction(production).state)] as const,
    );
    const [, first] = summaries[0];
    expect(first).toEqual(RESUMED_APPROVAL_SUMMARY);
    for (const [name, summary] of summaries) expect(summary, name).toEqual(first);
  });

  it("FALL-01 HITL-03 the approval decision is recorded exactly when the wire states it, never inferred", () => {
    // Compared per producer, not across them: AG-UI's resume entry states `approved`; the AI SDK
    // continuation, LangGraph's Command(resume) and OpenAI Agents' state.approve() keep it with the
    // caller, so their projections must leave `decision` unset (the tool having run is not a statement).
    for (const [name, production] of each()) {
      const [approval] = scenarioFacts(projectProduction(production).state).approvals;
      expect(approval.decision, name).toBe(production.statedDecision);
    }
  });

  it("HITL-01 TOOL-01 after the interrupted run only: tool unfinished, exactly one pending approval, run waiting", () => {
    const shapes = each().map(([name, production]) => {
      const { state } = projectProduction(production, production.interruptedRunLength);
      const facts = scenarioFacts(state);
      expect(facts.tools, name).toHaveLength(1);
      expect(facts.tools[0].name, name).toBe(s.toolName);
      expect(TOOL_TERMINAL_STATES, name).not.toContain(facts.tools[0].status);
      expect(facts.approvals, name).toEqual([{ status: "pending" }]);
      expect(facts.pendingActions, name).toBe(1);
      expect(facts.preambleOnce, name).toBe(true);
      expect(textOccurrences(state, s.answer), name).toBe(0);
      expect(WAITING_STATUSES, name).toContain(facts.summary.runStatus);
      expect(facts.summary.errors, name).toEqual([]);
      return [name, withoutRunStatus(state)] as const;
    });
    // Apart from the status word of the pause (AI SDK's stream says "finish: tool-calls" with an open
    // approval → action_required; the others state an interrupt), the paused snapshots are equal.
    for (const [name, shape] of shapes) expect(shape, name).toEqual(shapes[0][1]);
  });

  it("PROC-01 ORD-01 HITL-06 streamed record by record, every intermediate snapshot is consistent: nothing early, nothing twice", () => {
    // One adapter per thread, fed as a live viewer receives the records; `finish()` (end of input) is
    // not called mid-stream, so each snapshot is what the UI shows while the stream is still open.
    for (const [name, production] of each()) {
      const adapter = findAdapter(production.format)?.create();
      expect(adapter, name).toBeDefined();
      const events: AgentUiEvent[] = [];
      production.records.forEach((record, index) => {
        const at = `${name} after ${index + 1} record(s)`;
        events.push(...(adapter?.push(record, index) ?? []));
        const state = projectEvents(events);
        const tools = Object.values(state.tools);
        const approvals = Object.values(state.actions);
        expect(tools.length, at).toBeLessThanOrEqual(1);
        expect(approvals.length, at).toBeLessThanOrEqual(1);
        expect(textOccurrences(state, s.preamble), at).toBeLessThanOrEqual(1);
        expect(textOccurrences(state, s.answer), at).toBeLessThanOrEqual(1);
        expect(
          state.diagnostics.filter((d) => d.severity === "error"),
          at,
        ).toEqual([]);
        // A gated tool never shows its output while its approval is still pending.
        if (tools[0]?.status === "output-available")
          expect(
            approvals.map((approval) => approval.status),
            at,
          ).not.toContain("pending");
        // The run is never "completed" while the human or the tool is still awaited.
        if (state.runtime.status === "completed") {
          expect(
            approvals.map((approval) => approval.status),
            at,
          ).not.toContain("pending");
          expect(TOOL_TERMINAL_STATES, at).toContain(tools[0]?.status);
        }
        expect(state.runtime.status, at).not.toBe("failed");
      });
    }
  });

  it("ORD-02 events delivered again later (reconnect replay, same eventId) never change what the user sees", () => {
    for (const [name, production] of each()) {
      const events = adaptRecords(production.records, production.format).events;
      const expected = scenarioFacts(projectEvents(events));
      const replay = fc.tuple(fc.nat({ max: events.length - 1 }), fc.nat({ max: 8 }));
      fc.assert(
        fc.property(fc.array(replay, { minLength: 1, maxLength: 6 }), (replays) => {
          expect(scenarioFacts(projectEvents(withReplays(events, replays))), name).toEqual(expected);
        }),
        { numRuns: 60 },
      );
    }
  });

  it("FALL-02 DIAG-01 garbage records anywhere in a live stream become diagnostics and lose nothing", () => {
    for (const [name, production] of each()) {
      const expected = scenarioFacts(
        projectEvents(adaptRecords(production.records, production.format).events),
      );
      const insertion = fc.tuple(fc.nat({ max: production.records.length }), fc.constantFrom(...GARBAGE));
      fc.assert(
        fc.property(fc.array(insertion, { minLength: 1, maxLength: 4 }), (insertions) => {
          const records = [...production.records];
          for (const [at, garbage] of [...insertions].sort((a, b) => b[0] - a[0]))
            records.splice(at, 0, garbage);
          const events = adaptRecords(records, production.format).events;
          const garbageIndexes = records.flatMap((record, index) =>
            insertions.some(([, garbage]) => garbage === record) ? [index] : [],
          );
          // Never silent: every garbage record is reported at its own index.
          for (const index of garbageIndexes)
            expect(
              events.some((event) => event.type === "diagnostic.changed" && event.source?.index === index),
              `${name}: record #${index}`,
            ).toBe(true);
          // Never lossy: the scenario reads the same around them.
          expect(scenarioFacts(projectEvents(events)), name).toEqual(expected);
        }),
        { numRuns: 40 },
      );
    }
  });
});
