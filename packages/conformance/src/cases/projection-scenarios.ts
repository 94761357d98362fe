// The 12 acceptance scenarios of the runtime event projection contract (seed 000 §Acceptance scenarios,
// requirements §B.2: AS-PROJ-01..12), on hand-written envelope streams.
import { defineCases, envelopes, largeBody } from "../builders";
import { collect } from "../checks";
import { allParts, answerText, conversationText, findAgent, pendingActionIds } from "../inspect";
import {
  artifactLifecycle,
  compaction,
  delegatedApproval,
  diagnosticsMidAnswer,
  queueAndSteer,
  statusThenText,
  subagentRun,
  turnOf,
  workerNotification,
} from "../scenarios";

const exportBody = largeBody("BINARYEXPORT", 50_000);

export const PROJECTION_SCENARIO_CASES = defineCases([
  {
    id: "AS-PROJ-01",
    title: "runtime status before first text renders outside conversation text",
    requirements: ["STAT-01", "STAT-02", "TEXT-01"],
    input: { format: "agent-ui", records: statusThenText("sp01") },
    check: (s, ctx) =>
      collect((c) => {
        const beforeText = ctx.stateAfter(3);
        c.equal(beforeText.runtime.status, "preparing", "status before the first delta");
        c.equal(answerText(beforeText), "", "answer before the first delta");
        c.excludes(conversationText(s), ["Accepted", "Preparing context"], "conversation text");
      }),
  },
  {
    id: "AS-PROJ-02",
    title: "a tool event with artifactId creates an artifact card linked to the tool step",
    requirements: ["TOOL-09", "ART-04", "AS-TU-04"],
    input: { format: "agent-ui", records: artifactLifecycle("sp02", "x") },
    check: (s, ctx) =>
      collect((c) => {
        const afterTool = ctx.stateAfter(2);
        c.defined(afterTool.artifacts.art_report, "artifact card from the tool event alone");
        c.equal(s.artifacts.art_report?.toolCallId, "tc_sp02", "artifact → tool link");
        c.includes(s.tools.tc_sp02?.artifactIds, "art_report", "tool → artifact link");
      }),
  },
  {
    id: "AS-PROJ-03",
    title: "a final event reconciles streamed answer content without duplication",
    requirements: ["TEXT-04", "TEXT-05"],
    input: { format: "agent-ui", records: statusThenText("sp03") },
    check: (s) =>
      collect((c) => {
        c.equal(answerText(s), "The repo has three packages.", "answer text");
        c.equal(allParts(s).filter((p) => p.kind === "assistant_text").length, 1, "assistant text parts");
      }),
  },
  {
    id: "AS-PROJ-04",
    title: "an action request with severity appears in the task capsule and the approval UI",
    requirements: ["HITL-07", "TASK-04", "STAT-04"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("sp04"), [
        ["task.changed", { taskId: "task_sp04", payload: { status: "running", title: "Migrate DB" } }],
        [
          "action.required",
          {
            actionId: "act_sp04",
            taskId: "task_sp04",
            payload: {
              actionType: "tool_approval",
              severity: "high",
              toolName: "psql",
              prompt: "Drop table legacy?",
              availableDecisions: ["approve", "reject"],
            },
          },
        ],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(s.actions.act_sp04?.severity, "high", "approval card severity");
        c.equal(pendingActionIds(s), ["act_sp04"], "pending actions");
        c.oneOf(s.tasks.task_sp04?.status, ["permission_required", "needs_input"], "task capsule state");
        c.equal(s.tasks.task_sp04?.attention, "high", "task capsule attention");
      }),
  },
  {
    id: "AS-PROJ-05",
    title: "missing artifact metadata renders unknown, not guessed from prose",
    requirements: ["ART-02", "FALL-05", "PROSE-01"],
    input: { format: "agent-ui", records: artifactLifecycle("sp05", "x") },
    check: (s) =>
      collect((c) => {
        c.equal(
          s.artifacts.art_mystery?.kind,
          "unknown",
          "kind of the artifact without metadata (prose says PDF/image)",
        );
        c.equal(s.artifacts.art_report?.kind, "report", "kind from metadata");
      }),
  },
  {
    id: "AS-PROJ-06",
    title: "artifact export updates export state without copying the binary into message text",
    requirements: ["ART-09", "ART-06"],
    input: { format: "agent-ui", records: artifactLifecycle("sp06", exportBody) },
    check: (s) =>
      collect((c) => {
        const art = s.artifacts.art_report;
        if (!c.defined(art, "artifacts.art_report")) return;
        c.equal(art.export.status, "completed", "export status");
        c.equal(art.export.ref, "export://exp_1", "export ref");
        c.excludes(JSON.stringify(s.messages), ["BINARYEXPORT"], "messages");
        c.atMost((art.preview ?? "").length, 4096, "artifact preview length");
      }),
  },
  {
    id: "AS-PROJ-07",
    title: "a queued turn updates task capsules without fake assistant prose",
    requirements: ["QUEUE-06", "QUEUE-03"],
    input: { format: "agent-ui", records: queueAndSteer("sp07") },
    check: (s, ctx) =>
      collect((c) => {
        c.equal(
          s.queue.items.map((i) => [i.id, i.preview, i.position]),
          [["q_1", "then publish them", 1]],
          "queue items",
        );
        c.equal(s.messages, ctx.stateAfter(2).messages, "messages (the queue adds none)");
        c.excludes(conversationText(s), ["then publish them"], "conversation text");
      }),
  },
  {
    id: "AS-PROJ-08",
    title: "a subagent event updates task/agent/team state without being flattened into the answer",
    requirements: ["TEAM-05", "TASK-02", "TEAM-02"],
    input: { format: "agent-ui", records: subagentRun("sp08") },
    check: (s) =>
      collect((c) => {
        c.equal(findAgent(s, "sub_1")?.status, "completed", "teammate status");
        c.equal(s.tasks.task_sub?.parentTaskId, "task_lead", "child task → parent task");
        c.ok(
          s.team.edges.some((e) => e.to === "sub_1"),
          "delegation edge",
        );
        c.excludes(conversationText(s), ["SUBAGENT-RESULT"], "conversation text");
      }),
  },
  {
    id: "AS-PROJ-09",
    title: "a worker notification is distinguishable from a user message and links to its result",
    requirements: ["TEAM-04", "TEAM-06"],
    input: { format: "agent-ui", records: workerNotification("sp09") },
    check: (s) =>
      collect((c) => {
        const note = s.team.notifications.find((n) => n.agentId === "worker_a");
        if (!c.defined(note, "team notification from worker_a")) return;
        c.equal(note.resultRef, "result://task_a", "result ref");
        c.equal(note.taskId, "task_a", "task id");
        const userText = s.messages
          .filter((m) => m.role === "user")
          .flatMap((m) => m.parts.map((p) => p.text ?? ""));
        c.excludes(userText.join(" "), ["Option B is cheapest"], "user messages");
        c.ok(userText.includes("Research the options"), "the real user message is kept");
      }),
  },
  {
    id: "AS-PROJ-10",
    title: "a delegated approval card identifies the requesting teammate",
    requirements: ["HITL-09"],
    input: { format: "agent-ui", records: delegatedApproval("sp10") },
    check: (s) =>
      collect((c) => {
        const action = s.actions.act_sp10;
        if (!c.defined(action, "actions.act_sp10")) return;
        c.equal(action.requestedBy?.agentId, "coder", "requestedBy.agentId");
        c.equal(action.type, "delegated_permission", "type");
      }),
  },
  {
    id: "AS-PROJ-11",
    title: "context compaction creates a boundary without replaying old reasoning as answer text",
    requirements: ["CTX-01", "TEXT-06"],
    input: { format: "agent-ui", records: compaction("sp11") },
    check: (s) =>
      collect((c) => {
        const done = s.context.compactions.find((x) => x.id === "cmp_1");
        c.equal(done?.status, "completed", "compaction boundary status");
        c.equal(done?.summary, "Earlier turns summarized", "compaction summary");
        c.equal(answerText(s), "Continuing with the build.", "answer text");
        c.ok(
          allParts(s).some((p) => p.kind === "context_event") || s.timeline.some((e) => e.kind === "context"),
          "the boundary is visible as a context part or timeline entry",
        );
      }),
  },
  {
    id: "AS-PROJ-12",
    title: "safe diagnostics stay inspectable without entering conversation text",
    requirements: ["DIAG-01", "SEC-06"],
    input: { format: "agent-ui", records: diagnosticsMidAnswer("sp12") },
    check: (s) =>
      collect((c) => {
        c.ok(
          s.diagnostics.some((d) => d.message.includes("provider latency high")),
          "diagnostic inspectable",
        );
        c.equal(s.metrics.first_text_delta_ms, 840, "metric");
        c.equal(answerText(s), "Part one. Part two.", "answer text");
        c.excludes(conversationText(s), ["DIAG:", "840"], "conversation text");
      }),
  },
]);
