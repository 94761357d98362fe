// The seven official Lime AgentRuntime profile fixtures (spec/fixtures.md §3, requirements §C.1), each run
// through the Lime adapter and the projection. Where a fixture disagrees with a test case, §E's handling is
// applied and named in `notes`.
import { defineCases } from "../builders";
import { collect } from "../checks";
import type { LimeProfileFixture } from "../fixtures";
import { allParts, conversationText, pendingActionIds, timelineFor } from "../inspect";
import type { CaseInput } from "../types";
import type { FixtureLoader } from "../fixtures";

const fixture =
  (...names: LimeProfileFixture[]) =>
  (loader: FixtureLoader): CaseInput => ({
    format: "lime",
    records: names.map((n) => loader.limeProfile(n)),
  });

const errorDiagnostics = (diagnostics: { severity: string; code: string }[]) =>
  diagnostics.filter((d) => d.severity === "error").map((d) => d.code);

export const OFFICIAL_FIXTURE_CASES = defineCases([
  {
    id: "FIX-submit-turn-event",
    title: "submit-turn-event.json: accepted work before first text, spine ids kept, no runId invented",
    requirements: ["AUI-AR-READ-001", "AUI-AR-ID-001", "STAT-01", "ENV-03", "ORD-02"],
    notes: "No runId in the fixture: the turn is the run key and no runId is invented (fixtures.md §3.1).",
    input: fixture("submit-turn-event.json"),
    check: (s, ctx) =>
      collect((c) => {
        c.oneOf(s.runtime.status, ["submitted", "accepted", "preparing"], "runtime.status");
        c.equal(allParts(s).filter((p) => p.kind === "assistant_text").length, 0, "assistant text parts");
        c.equal(s.runtime.sessionId, "sess_lime_001", "runtime.sessionId");
        c.equal(s.runtime.threadId, "thread_lime_001", "runtime.threadId");
        c.equal(s.runtime.turnId, "turn_lime_001", "runtime.turnId");
        c.equal(s.runtime.runtimeId, "lime_runtime_local", "runtime.runtimeId");
        c.equal(s.runtime.traceId, "trace_lime_001", "runtime.traceId");
        c.oneOf(s.runtime.runId, [undefined, "turn_lime_001"], "runtime.runId (never invented)");
        c.ok(
          ctx.events.some((e) => e.source?.sourceEventId === "evt_submit_turn_001"),
          "the runtime eventId is kept on the adapted events (dedupe key)",
        );
        const again = ctx.project([...ctx.events, ...ctx.events]);
        c.equal(again.runtime, s.runtime, "runtime slice after re-applying the same event");
        c.equal(again.timeline, s.timeline, "timeline after re-applying the same event");
        c.equal(errorDiagnostics(s.diagnostics), [], "error diagnostics");
      }),
  },
  {
    id: "FIX-tool-approval-action-required-event",
    title:
      "tool-approval-action-required-event.json: approval card by actionId, tool link unknown, no tool run",
    requirements: ["AUI-AR-ACTION-001", "AUI-AR-READ-003", "HITL-01", "HITL-06", "FALL-01"],
    notes:
      "§E-6: the fixture has no toolCallId although the test case says the card uses actionId/toolCallId; " +
      "the card shows the tool name from the payload and the tool link as `unknown` — never synthesized.",
    input: fixture("tool-approval-action-required-event.json"),
    check: (s) =>
      collect((c) => {
        const action = s.actions.action_write_001;
        if (!c.defined(action, "actions.action_write_001")) return;
        c.equal(action.status, "pending", "action status");
        c.equal(action.type, "tool_approval", "action type (tool_permission mapped, §E-5)");
        c.equal(action.sourceType, "tool_permission", "action sourceType");
        c.equal(action.prompt, "Allow write_file to update README.md?", "action prompt");
        c.equal(action.toolName, "write_file", "action toolName");
        c.equal(action.scope, { path: "README.md" }, "action scope");
        c.equal(action.toolCallId, "unknown", "action toolCallId (§E-6: never synthesized)");
        c.ok(
          Array.isArray(action.availableDecisions) && action.availableDecisions.length === 2,
          `two decisions from decisionKind allow_or_deny, got ${JSON.stringify(action.availableDecisions)}`,
        );
        c.oneOf(action.severity, [undefined, "unknown"], "action severity (absent in the fixture)");
        c.equal(Object.keys(s.tools), [], "tool rows (no tool is run optimistically)");
        c.oneOf(s.runtime.status, ["action_required", "waiting"], "runtime.status");
        c.equal(s.runtime.attention, "high", "runtime attention");
        c.equal(pendingActionIds(s), ["action_write_001"], "pending actions");
      }),
  },
  {
    id: "FIX-task-retry-attempt-failed-event",
    title:
      "task-retry-attempt-failed-event.json: failed attempt visible; later snapshot keeps it beside the retry",
    requirements: ["AUI-AR-TASK-001", "AUI-AR-ID-002", "TASK-07"],
    notes:
      "Run alone, then followed by thread-read-snapshot.json (fixtures.md §3.3 'combined with the snapshot').",
    input: fixture("task-retry-attempt-failed-event.json", "thread-read-snapshot.json"),
    check: (s, ctx) =>
      collect((c) => {
        const alone = ctx.stateAfter(1);
        const task = alone.tasks.task_lime_001;
        if (c.defined(task, "tasks.task_lime_001 after the event")) {
          c.equal(task.status, "failed", "task status after the failed attempt");
          const attempt = task.attempts.find((a) => a.runId === "run_lime_001");
          c.ok(attempt?.status === "failed", "attempt run_lime_001 is kept as failed");
          c.equal(attempt?.attemptId, "attempt_lime_001", "attempt id");
          c.ok(
            JSON.stringify(task).includes("tool_failed"),
            "the failure category tool_failed is shown on the capsule",
          );
        }
        c.ok(
          timelineFor(alone, "run_lime_001").length + timelineFor(alone, "attempt_lime_001").length > 0,
          "a timeline entry records the failed attempt",
        );
        const combined = s.tasks.task_lime_001;
        if (c.defined(combined, "tasks.task_lime_001 after the snapshot")) {
          c.equal(combined.status, "completed", "task status from the newer snapshot");
          c.equal(combined.currentRunId, "run_lime_002", "current run");
          c.equal(
            combined.attempts.map((a) => [a.runId, a.status]),
            [
              ["run_lime_001", "failed"],
              ["run_lime_002", "completed"],
            ],
            "attempt history (the failed attempt is not overwritten)",
          );
        }
      }),
  },
  {
    id: "FIX-routing-single-candidate-event",
    title: "routing-single-candidate-event.json: model chip from the runtime fact, not prose, not a failure",
    requirements: ["AUI-AR-TASK-003", "ROUTE-01", "ROUTE-04", "PROSE-01"],
    input: fixture("routing-single-candidate-event.json"),
    check: (s) =>
      collect((c) => {
        c.equal(s.runtime.model.selected, "gpt-5.4", "model chip selected");
        c.equal(s.runtime.model.candidateCount, 1, "model chip candidateCount");
        c.equal(s.runtime.model.decisionSource, "explicit_default", "model chip decisionSource");
        c.oneOf(s.runtime.model.singleCandidate, [undefined, true], "model chip singleCandidate");
        c.equal(s.runtime.model.decisionReason, undefined, "decisionReason (absent, not invented)");
        c.equal(s.runtime.model.capabilityGap, "none", "model chip capabilityGap");
        c.excludes(conversationText(s), ["gpt-5.4", "explicit_default"], "conversation text");
        c.notOneOf(
          s.runtime.status,
          ["failed", "blocked"],
          "runtime.status (single candidate is no failure)",
        );
        c.equal(errorDiagnostics(s.diagnostics), [], "error diagnostics");
      }),
  },
  {
    id: "FIX-evidence-export-event",
    title: "evidence-export-event.json: refs lifted, verdict only from outcomes, review lane unavailable",
    requirements: ["AUI-AR-EVID-002", "AUI-AR-EVID-003", "AUI-AR-ID-004", "EVID-03", "EVID-05"],
    notes:
      "§E-9: packRef/replayRef are lifted from the payload; the fixture has no reviewRef, so `unavailable`.",
    input: fixture("evidence-export-event.json"),
    check: (s) =>
      collect((c) => {
        const ev = s.evidence.evidence_lime_001;
        if (!c.defined(ev, "evidence.evidence_lime_001")) return;
        c.equal(ev.packRef, "evidence://sess_lime_001/thread_lime_001/turn_lime_001", "packRef");
        c.equal(ev.replayRef, "replay://sess_lime_001/turn_lime_001", "replayRef");
        c.equal(ev.reviewRef, "unavailable", "reviewRef (absent in the fixture)");
        c.equal(ev.verification, [{ name: "profile_fixture_validation", status: "passed" }], "verification");
        c.equal(ev.knownGaps, "unavailable", "knownGaps (none reported)");
        c.includes(Object.values(ev.correlation), "run_lime_002", "correlation");
        c.includes(Object.values(ev.correlation), "task_lime_001", "correlation");
        c.notOneOf(
          ev.status,
          ["pending", "exporting"],
          "evidence status (the event is the completed export)",
        );
        c.ok(timelineFor(s, "evidence_lime_001").length > 0, "a timeline entry links the evidence");
      }),
  },
  {
    id: "FIX-thread-read-snapshot",
    title: "thread-read-snapshot.json: hydrate directly; completed beats activeTurnId; nothing recomputed",
    requirements: ["AUI-AR-HYDRATE-001", "AUI-AR-READ-004", "HYD-09", "FALL-01"],
    notes:
      "§E-7: status completed wins over activeTurnId. §E-8: the snapshot has no message window, so no " +
      "message is fabricated. Decision source is absent in the snapshot, so it is not invented.",
    input: fixture("thread-read-snapshot.json"),
    check: (s) =>
      collect((c) => {
        c.equal(s.session.sessionId, "sess_lime_001", "session id");
        c.equal(s.session.threadId, "thread_lime_001", "thread id");
        c.oneOf(s.session.hydration.status, ["hydrated", "live"], "hydration status");
        c.equal(s.runtime.status, "completed", "runtime.status (§E-7)");
        c.equal(pendingActionIds(s), [], "pending actions (an empty array is a fact)");
        c.equal(s.queue.items, [], "queued turns");
        const task = s.tasks.task_lime_001;
        if (c.defined(task, "tasks.task_lime_001")) {
          c.equal(task.status, "completed", "task status");
          c.equal(task.currentRunId, "run_lime_002", "current run");
          c.equal(
            task.title,
            "Implement Lime AgentRuntime profile fixture validation.",
            "task title (objective)",
          );
          c.equal(
            task.attempts.map((a) => [a.runId, a.attemptId, a.status]),
            [
              ["run_lime_001", "attempt_lime_001", "failed"],
              ["run_lime_002", "attempt_lime_002", "completed"],
            ],
            "attempts",
          );
        }
        c.equal(s.runtime.model.selected, "gpt-5.4", "model chip");
        c.oneOf(s.runtime.model.decisionSource, [undefined, "unavailable", "unknown"], "decision source");
        const ev = s.evidence.evidence_lime_001;
        if (c.defined(ev, "evidence.evidence_lime_001 (from evidenceRefs)")) {
          c.equal(
            ev.verification,
            [{ name: "profile_fixture_validation", status: "passed" }],
            "verification",
          );
          c.oneOf(ev.packRef, ["unknown", "unavailable"], "packRef (payload not loaded)");
        }
        c.equal(s.messages, [], "messages (none in the snapshot, none fabricated)");
        c.equal(errorDiagnostics(s.diagnostics), [], "error diagnostics");
      }),
  },
  {
    id: "FIX-benchmark-trial-pack",
    title:
      "benchmark-trial-pack.json: evidence with its correlation spine only; never prose, never a verdict",
    requirements: ["BENCH-01", "EVID-11", "PROSE-01", "DIAG-01"],
    notes:
      "Not in the §C.1 table (it predates the pack); handled per fixtures.md §3.7: evidence/diagnostics only, " +
      "the dataset task id is never conflated with the runtime task id.",
    input: fixture("benchmark-trial-pack.json"),
    check: (s) =>
      collect((c) => {
        c.equal(s.messages, [], "messages (the pack is not conversation)");
        c.notOneOf(s.runtime.status, ["completed", "failed"], "runtime.status (a pack completes nothing)");
        c.equal(s.tasks["tool-approval-sandbox-boundary"], undefined, "no task from the dataset task id");
        const withSpine = Object.values(s.evidence).filter(
          (e) =>
            Object.values(e.correlation).includes("run_123") &&
            Object.values(e.correlation).includes("trace_123"),
        );
        c.equal(withSpine.length, 1, "one evidence record carries the pack's runtime correlation");
        c.equal(errorDiagnostics(s.diagnostics), [], "error diagnostics");
      }),
  },
]);
