// AUI-AR-EVID-001..005 and AUI-AR-HYDRATE-001..004 (seed 002 §Evidence, replay and review, §Session
// hydration).
import { defineCases, envelopes, limeEvents, limeSnapshot } from "../builders";
import { collect } from "../checks";
import { answerText, findAgent, pendingActionIds, timelineFor } from "../inspect";
import { lanesAgree } from "./lanes";

const spine = { sessionId: "sess_ev", threadId: "thread_ev", turnId: "turn_ev" };

export const EVIDENCE_HYDRATE_CASES = defineCases([
  {
    id: "AUI-AR-EVID-001",
    title: "evidence export progress shows in the evidence surface without blocking text streaming",
    requirements: ["EVID-04", "ART-08"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        ["model.delta", { payload: { messageId: "m_e1", delta: "Exporting the " } }],
        ["evidence.changed", { evidenceId: "ev_1", payload: { status: "exporting" } }],
        ["model.delta", { payload: { messageId: "m_e1", delta: "evidence pack now." } }],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.oneOf(s.evidence.ev_1?.status, ["exporting", "pending"], "evidence status");
        c.equal(answerText(s), "Exporting the evidence pack now.", "answer streamed across the export");
        c.notOneOf(s.runtime.status, ["blocked", "waiting"], "runtime.status (export does not block)");
        c.ok(timelineFor(s, "ev_1").length > 0, "the export shows in the timeline");
      }),
  },
  {
    id: "AUI-AR-EVID-002",
    title: "evidence pack ready: the surface links the durable pack",
    requirements: ["EVID-05", "EVID-10"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        ["evidence.changed", { evidenceId: "ev_2", payload: { status: "exporting" } }],
        [
          "evidence.changed",
          { evidenceId: "ev_2", payload: { status: "ready", packRef: "evidence://sess_ev/turn_ev" } },
        ],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(s.evidence.ev_2?.packRef, "evidence://sess_ev/turn_ev", "packRef");
        c.notOneOf(s.evidence.ev_2?.status, ["exporting", "pending"], "status once ready");
      }),
  },
  {
    id: "AUI-AR-EVID-003",
    title: "replay and review lanes read the same pack and never compute their own status",
    requirements: ["EVID-03", "EVID-02", "EVID-09"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        [
          "evidence.changed",
          {
            evidenceId: "ev_3",
            payload: {
              packRef: "evidence://pack_3",
              replayRef: "replay://pack_3",
              reviewRef: "review://pack_3",
              verificationOutcomes: [{ name: "unit_tests", status: "failed" }],
            },
          },
        ],
      ]),
    },
    check: (s) =>
      collect((c) => {
        const ev = s.evidence.ev_3;
        if (!c.defined(ev, "evidence.ev_3")) return;
        c.equal(
          [ev.replayRef, ev.reviewRef],
          ["replay://pack_3", "review://pack_3"],
          "replay and review refs",
        );
        for (const failure of lanesAgree(s, "ev_3")) c.ok(false, failure);
      }),
  },
  {
    id: "AUI-AR-EVID-004",
    title: "no telemetry: known gaps unavailable, never a fabricated unlinked gap",
    requirements: ["EVID-06", "FALL-05"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        ["evidence.changed", { evidenceId: "ev_4", payload: { packRef: "evidence://pack_4" } }],
      ]),
    },
    check: (s) =>
      collect((c) => {
        const ev = s.evidence.ev_4;
        if (!c.defined(ev, "evidence.ev_4")) return;
        c.equal(ev.knownGaps, "unavailable", "knownGaps");
        c.oneOf(ev.verification, ["unavailable", "unknown"], "verification (not run, never passed)");
      }),
  },
  {
    id: "AUI-AR-EVID-005",
    title: "a failed tool is auditable: failure, tool row and evidence detail link up",
    requirements: ["EVID-07", "TOOL-10"],
    input: {
      format: "lime",
      records: limeEvents(spine, [
        ["tool.started", { stepId: "s5", toolCallId: "tc_5", payload: { toolName: "deploy" } }],
        [
          "tool.failed",
          {
            stepId: "s5",
            toolCallId: "tc_5",
            evidenceId: "ev_5",
            payload: { failureCategory: "timeout", error: "deploy timed out" },
          },
        ],
        [
          "evidence.changed",
          { evidenceId: "ev_5", payload: { packRef: "evidence://pack_5", toolCallIds: ["tc_5"] } },
        ],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(s.tools.tc_5?.status, "output-error", "tool row status");
        c.ok((s.tools.tc_5?.error?.message ?? "").includes("timed out"), "the tool row keeps the error");
        c.includes(s.evidence.ev_5?.toolCallIds, "tc_5", "evidence toolCallIds");
        c.includes(s.tools.tc_5?.evidenceIds, "ev_5", "tool row evidenceIds");
        c.ok(
          timelineFor(s, "tc_5").some((e) => e.status === "failed" || e.status === "output-error"),
          "the timeline shows the failure keyed by the toolCallId",
        );
      }),
  },
  {
    id: "AUI-AR-HYDRATE-001",
    title:
      "hydrate from a thread snapshot: shell, status, pending actions, queue and recent messages, no replay",
    requirements: ["HYD-09", "HYD-01", "HYD-02"],
    input: {
      format: "lime",
      records: [],
      hydrate: {
        kind: "runtime-session",
        snapshot: limeSnapshot(
          [
            {
              threadId: "thread_h",
              status: "running",
              activeTurnId: "turn_h",
              turns: [{ turnId: "turn_h", status: "running" }],
              pendingRequests: [
                { actionId: "act_h", actionType: "tool_permission", toolName: "shell", prompt: "Run make?" },
              ],
              queuedTurns: [{ queuedTurnId: "q_h", preview: "then update the changelog" }],
              messages: [{ id: "msg_u", role: "user", text: "build the release" }],
            },
          ],
          { sessionId: "sess_h" },
        ),
      },
    },
    check: (s) =>
      collect((c) => {
        c.equal(s.session.sessionId, "sess_h", "session shell");
        c.equal(s.session.hydration.status, "hydrated", "hydration status");
        c.notOneOf(
          s.runtime.status,
          ["idle", "unknown", "completed"],
          "runtime.status of the running thread",
        );
        c.equal(pendingActionIds(s), ["act_h"], "pending actions");
        c.equal(s.queue.items.length, 1, "queued turns");
        c.ok(
          s.messages.some((m) => m.parts.some((p) => p.text === "build the release")),
          "the recent message window renders",
        );
        c.equal(s.cursor.eventCount, 0, "no events replayed");
      }),
  },
  {
    id: "AUI-AR-HYDRATE-002",
    title: "repair from the stream: a gap marks the state stale until the missing event arrives",
    requirements: ["HYD-10", "ORD-01", "ORD-05"],
    input: {
      format: "agent-ui",
      records: (() => {
        const [start, a, b, c] = envelopes({ sessionId: "sess_gap", runId: "run_gap", turnId: "turn_gap" }, [
          ["run.started"],
          ["text.delta", { messageId: "m_gap", payload: { delta: "one " } }],
          ["text.delta", { messageId: "m_gap", payload: { delta: "two " } }],
          ["text.delta", { messageId: "m_gap", payload: { delta: "three" } }],
        ]);
        return [start, a, c, b];
      })(),
    },
    check: (s, ctx) =>
      collect((c) => {
        const gap = ctx.stateAfter(3);
        c.equal(gap.cursor.stale, true, "cursor.stale while sequence 3 is missing");
        c.equal(
          gap.cursor.gaps.map((g) => [g.from, g.to]),
          [[3, 3]],
          "cursor.gaps",
        );
        c.ok(gap.cursor.staleSections.length > 0, "stale sections are named");
        c.excludes(answerText(gap), ["three"], "answer ahead of the gap (held, not promoted)");
        c.equal(s.cursor.stale, false, "cursor.stale after repair");
        c.equal(s.cursor.gaps, [], "cursor.gaps after repair");
        c.equal(answerText(s), "one two three", "answer in sequence order after repair");
      }),
  },
  {
    id: "AUI-AR-HYDRATE-003",
    title: "evidence refs from a snapshot show as refs; the payload is not loaded or invented",
    requirements: ["EVID-10", "HYD-02", "FALL-01"],
    input: {
      format: "lime",
      records: [
        limeSnapshot(
          [
            {
              threadId: "thread_ev",
              status: "completed",
              turns: [{ turnId: "turn_ev", status: "completed" }],
            },
          ],
          {
            sessionId: "sess_ev",
            evidenceRefs: ["ev_lazy"],
          },
        ),
      ],
    },
    check: (s) =>
      collect((c) => {
        const ev = s.evidence.ev_lazy;
        if (!c.defined(ev, "evidence.ev_lazy")) return;
        c.oneOf(ev.packRef, ["unknown", "unavailable"], "packRef (payload not loaded)");
        c.oneOf(ev.verification, ["unknown", "unavailable"], "verification (not in the snapshot)");
      }),
  },
  {
    id: "AUI-AR-HYDRATE-004",
    title: "an old session with subagent lineage hydrates with parent/child ids resolvable",
    requirements: ["TEAM-02", "HYD-09", "HYD-12"],
    input: {
      format: "lime",
      records: [
        limeSnapshot(
          [
            {
              threadId: "thread_old",
              status: "completed",
              subagents: [
                {
                  subagentId: "sub_old",
                  agentName: "researcher",
                  status: "completed",
                  sessionId: "sess_child",
                  threadId: "thread_child",
                  parentSessionId: "sess_old",
                  parentThreadId: "thread_old",
                  taskId: "task_child",
                },
              ],
            },
          ],
          { sessionId: "sess_old" },
        ),
      ],
    },
    check: (s) =>
      collect((c) => {
        const agent = findAgent(s, "sub_old");
        if (!c.defined(agent, "agent sub_old from the snapshot")) return;
        c.equal(agent.lineage, "known", "lineage");
        c.equal([agent.parentSessionId, agent.parentThreadId], ["sess_old", "thread_old"], "parent ids");
        c.ok(
          s.team.edges.some((e) => e.to === agent.agentId),
          "a delegation edge to the child",
        );
      }),
  },
]);
