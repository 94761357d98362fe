// The projection items of the 19-item validation checklist (seed 001 §Validation checklist, requirements
// §B.4 VC-02..06, 08..17, 19). VC-01 (listener before submit), VC-07 (controlled-write APIs) and VC-18
// (stale-safe hydration across session switches) belong to the client and workbench suites.
import { defineCases, envelopes, largeBody } from "../builders";
import { collect } from "../checks";
import { allParts, answerText, conversationText, findAgent, timelineFor } from "../inspect";
import {
  blockOrder,
  compaction,
  delegatedApproval,
  diagnosticsMidAnswer,
  interleavedTurn,
  queueAndSteer,
  statusThenText,
  subagentRun,
  turnOf,
  workerNotification,
} from "../scenarios";

export const VALIDATION_CHECKLIST_CASES = defineCases([
  {
    id: "VC-02",
    title: "accepted/preparing status renders before the first text",
    requirements: ["STAT-01"],
    input: { format: "agent-ui", records: statusThenText("vc02") },
    check: (s, ctx) =>
      collect((c) => {
        c.equal(ctx.stateAfter(2).runtime.status, "accepted", "status after run.status accepted");
        c.equal(ctx.stateAfter(3).runtime.status, "preparing", "status after run.status preparing");
        c.equal(answerText(ctx.stateAfter(3)), "", "no answer yet");
        c.equal(s.runtime.status, "completed", "status after run.finished");
      }),
  },
  {
    id: "VC-03",
    title: "active message parts render in event/part order",
    requirements: ["PROC-01", "V-05"],
    input: { format: "agent-ui", records: interleavedTurn("vc03", false) },
    check: (s) =>
      collect((c) => {
        c.equal(blockOrder(s), ["reasoning", "tool", "text", "reasoning", "text"], "part order");
      }),
  },
  {
    id: "VC-04",
    title: "running process stays visible; completed process collapses",
    requirements: ["PROC-02", "PROC-03", "AS-PR-08", "AS-MP-07", "AS-TL-07", "V-06"],
    input: { format: "agent-ui", records: interleavedTurn("vc04") },
    check: (s, ctx) =>
      collect((c) => {
        const running = ctx.stateAfter(3);
        const toolPart = allParts(running).find((p) => p.toolCallId === "tc_vc04");
        c.equal(toolPart?.expanded, true, "running tool part expanded");
        const done = allParts(s).filter((p) => p.kind !== "assistant_text" && p.kind !== "user_text");
        c.ok(
          done.length > 0 && done.every((p) => p.expanded !== true),
          "process parts collapsed after the run",
        );
        c.ok(timelineFor(s, "tc_vc04").length > 0, "the tool is archived in the timeline");
      }),
  },
  {
    id: "VC-05",
    title: "the final answer is clean and reconciled: no duplicate final text",
    requirements: ["TEXT-04", "TEXT-05", "V-03"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("vc05"), [
        ["text.delta", { messageId: "m", payload: { delta: "Helo " } }],
        ["text.delta", { messageId: "m", payload: { delta: "world" } }],
        ["text.final", { messageId: "m", payload: { text: "Hello world" } }],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(answerText(s), "Hello world", "answer text (final wins, once)");
        const part = allParts(s).find((p) => p.kind === "assistant_text");
        c.equal(part?.reconciled, true, "the replaced part is marked reconciled");
      }),
  },
  {
    id: "VC-06",
    title:
      "process facts (reasoning, tool input, progress, output, error, diagnostics) never enter the answer",
    requirements: ["TOOL-08", "TEXT-08", "AS-PR-02", "V-04"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("vc06"), [
        ["reasoning.delta", { partId: "r", payload: { delta: "REASONING look for TODO markers" } }],
        [
          "tool.started",
          { toolCallId: "tc_a", payload: { name: "grep", inputSummary: "TOOLINPUT pattern=TODO" } },
        ],
        ["tool.progress", { toolCallId: "tc_a", payload: { message: "TOOLPROGRESS 50%" } }],
        ["tool.output.delta", { toolCallId: "tc_a", payload: { delta: "TOOLOUTPUT src/a.ts:3" } }],
        ["tool.result", { toolCallId: "tc_a", payload: { outputPreview: "TOOLOUTPUT 4 matches" } }],
        ["tool.started", { toolCallId: "tc_b", payload: { name: "sed" } }],
        ["tool.failed", { toolCallId: "tc_b", payload: { error: "TOOLERROR permission denied" } }],
        [
          "diagnostic.changed",
          { payload: { code: "provider_slow", severity: "warning", message: "DIAGNOSTIC provider slow" } },
        ],
        ["text.delta", { messageId: "m", payload: { delta: "Found 4 TODOs." } }],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(answerText(s), "Found 4 TODOs.", "answer text");
        c.excludes(
          conversationText(s),
          ["REASONING", "TOOLINPUT", "TOOLPROGRESS", "TOOLOUTPUT", "TOOLERROR", "DIAGNOSTIC"],
          "conversation text",
        );
        c.ok(
          allParts(s).some((p) => p.kind.startsWith("reasoning") && p.text?.includes("REASONING")),
          "the reasoning is its own part",
        );
        c.equal(
          s.diagnostics.map((d) => d.code),
          ["provider_slow"],
          "the diagnostic is in the diagnostics surface",
        );
        c.equal(
          [s.tools.tc_a?.status, s.tools.tc_b?.status],
          ["output-available", "output-error"],
          "tool states",
        );
      }),
  },
  {
    id: "VC-08",
    title: "queue and steer are distinct",
    requirements: ["QUEUE-02", "QUEUE-04"],
    input: { format: "agent-ui", records: queueAndSteer("vc08") },
    check: (s) =>
      collect((c) => {
        c.equal(
          s.queue.items.map((i) => i.id),
          ["q_1"],
          "queue items",
        );
        c.equal(
          s.queue.steers.map((x) => [x.id, x.status, x.targetTurnId]),
          [["s_1", "pending", "turn_vc08"]],
          "steers",
        );
      }),
  },
  {
    id: "VC-09",
    title: "artifact bodies live in the workspace, not in the transcript",
    requirements: ["ART-08", "ART-10", "AS-ART-01", "AS-PR-03"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("vc09"), [
        [
          "artifact.created",
          {
            artifactId: "art_long",
            artifactKind: "document",
            artifactReadRef: "artifact://long",
            payload: { title: "Design doc", preview: largeBody("ARTIFACTBODY", 20_000) },
          },
        ],
        ["text.delta", { messageId: "m", payload: { delta: "The design doc is ready." } }],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(s.artifacts.art_long?.readRef, "artifact://long", "artifact read ref");
        c.excludes(conversationText(s), ["ARTIFACTBODY"], "conversation text");
        c.atMost((s.artifacts.art_long?.preview ?? "").length, 4096, "bounded artifact preview");
      }),
  },
  {
    id: "VC-10",
    title: "citations and verdicts come from evidence facts only",
    requirements: ["EVID-02", "EVID-01", "AS-TL-03"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("vc10"), [
        ["text.delta", { messageId: "m", payload: { delta: "Per [1] and [2], verified: PASS." } }],
        [
          "evidence.changed",
          { evidenceId: "ev_c", payload: { citations: [{ id: "cite_1", title: "RFC 9110" }] } },
        ],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(Object.keys(s.evidence), ["ev_c"], "evidence records (only the fact, none from [2] or PASS)");
        c.oneOf(s.evidence.ev_c?.verification, ["unknown", "unavailable"], "verification (prose says PASS)");
      }),
  },
  {
    id: "VC-11",
    title: "multi-agent and background work use task/agent/team facts",
    requirements: ["TASK-02", "TEAM-05"],
    input: { format: "agent-ui", records: subagentRun("vc11") },
    check: (s) =>
      collect((c) => {
        c.defined(s.tasks.task_sub, "child task capsule");
        c.equal(findAgent(s, "sub_1")?.runtimeEntity, "subagent_turn", "runtime entity");
        c.equal(
          s.messages.filter((m) => m.role === "assistant").length,
          0,
          "no assistant prose made from team facts",
        );
      }),
  },
  {
    id: "VC-12",
    title: "team topology is visible",
    requirements: ["TEAM-16"],
    input: { format: "agent-ui", records: workerNotification("vc12") },
    check: (s) =>
      collect((c) => {
        c.equal(s.team.topology, "coordinator_team", "team topology");
        c.includes(s.team.roster, "worker_a", "team roster");
      }),
  },
  {
    id: "VC-13",
    title: "worker notifications are distinguishable from user messages and the coordinator's text",
    requirements: ["TEAM-04", "TEAM-06"],
    input: { format: "agent-ui", records: workerNotification("vc13") },
    check: (s) =>
      collect((c) => {
        c.equal(s.team.notifications.length, 1, "team notifications");
        c.equal(answerText(s), "Based on the research, pick B.", "coordinator answer");
        const notificationParts = allParts(s).filter((p) => (p.text ?? "").includes("Option B is cheapest"));
        c.ok(
          notificationParts.every((p) => p.kind === "worker_notification" && p.role !== "user"),
          "any rendered notification is a worker_notification part outside user messages",
        );
      }),
  },
  {
    id: "VC-14",
    title: "parent/child ids survive a stored-projection round trip",
    requirements: ["TEAM-02", "HYD-09"],
    input: { format: "agent-ui", records: subagentRun("vc14") },
    check: (s, ctx) =>
      collect((c) => {
        const restored = ctx.project([], { kind: "projection", state: JSON.parse(JSON.stringify(s)) });
        const agent = findAgent(restored, "sub_1");
        c.equal(
          [agent?.parentSessionId, agent?.parentThreadId],
          ["vc14", "thread_vc14"],
          "parent ids after restore",
        );
        c.equal(restored.tasks.task_sub?.parentTaskId, "task_lead", "parent task after restore");
        c.equal(restored.team.edges, s.team.edges, "delegation edges after restore");
      }),
  },
  {
    id: "VC-15",
    title: "delegated approvals identify the requesting teammate",
    requirements: ["HITL-09"],
    input: { format: "agent-ui", records: delegatedApproval("vc15") },
    check: (s) =>
      collect((c) => {
        c.equal(s.actions.act_vc15?.requestedBy?.agentId, "coder", "requestedBy");
        c.equal(s.actions.act_vc15?.status, "pending", "status");
      }),
  },
  {
    id: "VC-16",
    title: "context and compaction are facts and boundaries, not hidden text mutations",
    requirements: ["CTX-01", "CTX-02", "CTX-03"],
    input: { format: "agent-ui", records: compaction("vc16") },
    check: (s) =>
      collect((c) => {
        c.equal(
          s.context.refs.map((r) => r.id),
          ["ctx_readme"],
          "context chips",
        );
        c.equal(
          s.context.missing.map((m) => m.id),
          ["ctx_secrets"],
          "missing context",
        );
        c.equal([s.context.budget?.used, s.context.budget?.limit], [9000, 10000], "context budget");
        c.equal(
          s.context.compactions.map((x) => x.status),
          ["completed"],
          "compaction boundary",
        );
        c.excludes(answerText(s), ["OLD-REASONING", "README.md", "Earlier turns summarized"], "answer text");
      }),
  },
  {
    id: "VC-17",
    title: "missing facts render honest fallbacks",
    requirements: ["FALL-01", "FALL-05", "V-08"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("vc17"), [
        ["evidence.changed", { evidenceId: "ev_bare" }],
        ["artifact.created", { artifactId: "art_bare" }],
        ["tool.started", { toolCallId: "tc_bare" }],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.oneOf(s.evidence.ev_bare?.packRef, ["unknown", "unavailable"], "evidence packRef fallback");
        c.oneOf(
          s.evidence.ev_bare?.verification,
          ["unknown", "unavailable"],
          "evidence verification fallback",
        );
        c.equal(s.artifacts.art_bare?.kind, "unknown", "artifact kind fallback");
        c.equal(s.tools.tc_bare?.name, "unknown", "tool name fallback");
        c.oneOf(s.runtime.model.selected, ["unknown", "unavailable"], "model chip fallback");
      }),
  },
  {
    id: "VC-19",
    title: "diagnostics and metrics stay outside the transcript",
    requirements: ["DIAG-01"],
    input: { format: "agent-ui", records: diagnosticsMidAnswer("vc19") },
    check: (s) =>
      collect((c) => {
        c.ok(s.diagnostics.length > 0, "diagnostics recorded");
        c.ok(Object.keys(s.metrics).length > 0, "metrics recorded");
        c.ok(
          allParts(s).every((p) => p.kind !== "diagnostic" || p.role !== "assistant"),
          "no diagnostic part inside assistant messages",
        );
        c.excludes(conversationText(s), ["provider latency"], "conversation text");
      }),
  },
]);
