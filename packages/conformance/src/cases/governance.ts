// The six governance failures (seed 002 §Governance failure cases, requirements §C.3) as negative tests:
// each feeds the tempting input and asserts the projection does NOT do the non-conformant thing.
import { defineCases, envelopes, largeBody } from "../builders";
import { collect } from "../checks";
import { answerText, containsString, findAgent, jsonSize, pendingActionIds } from "../inspect";
import { lanesAgree } from "./lanes";

const run = { sessionId: "sess_gf", runId: "run_gf", turnId: "turn_gf" };
const say = (messageId: string, delta: string) =>
  ["text.delta", { messageId, payload: { delta } }] as [string, Record<string, unknown>];

export const GOVERNANCE_CASES = defineCases([
  {
    id: "GF-1",
    title: "prose claiming approval, test success, a saved file, routing and completion changes no fact",
    requirements: ["PROSE-01", "PROSE-02", "PERM-01", "TASK-06", "ART-02"],
    input: {
      format: "agent-ui",
      records: envelopes(run, [
        ["run.started"],
        ["task.changed", { taskId: "task_gf", payload: { status: "running", title: "Fix the build" } }],
        ["tool.started", { toolCallId: "tc_gf", payload: { name: "run_tests" } }],
        [
          "action.required",
          {
            actionId: "act_gf",
            payload: {
              actionType: "tool_approval",
              toolName: "deploy",
              availableDecisions: ["approve", "reject"],
            },
          },
        ],
        say("m_gf", "Approved. Tests passed. Saved report.pdf. Routed to gpt-5 by policy. Task complete. "),
        [
          "text.final",
          {
            messageId: "m_gf",
            payload: {
              text: "Approved. Tests passed. Saved report.pdf. Routed to gpt-5 by policy. Task complete.",
            },
          },
        ],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(pendingActionIds(s), ["act_gf"], "pending actions (prose approval resolves nothing)");
        c.notOneOf(
          s.tools.tc_gf?.status,
          ["output-available", "output-error"],
          "tool status (prose says passed)",
        );
        c.equal(Object.keys(s.artifacts), [], "artifacts (prose says saved report.pdf)");
        c.notOneOf(s.tasks.task_gf?.status, ["completed"], "task status (prose says complete)");
        c.notOneOf(s.runtime.model.selected, ["gpt-5"], "model chip (prose names a model)");
        c.notOneOf(s.runtime.status, ["completed"], "runtime.status (prose says complete)");
        c.equal(Object.keys(s.evidence), [], "evidence (prose claims a verdict)");
      }),
  },
  {
    id: "GF-2",
    title: "the projection owns no runtimeStatus, verdict, permission grant or artifact contents",
    requirements: ["ARCH-01", "ARCH-06", "ART-09", "STAT-07"],
    input: {
      format: "agent-ui",
      records: envelopes(run, [
        ["run.started"],
        ["run.status", { payload: { status: "streaming" } }],
        ["tool.started", { toolCallId: "tc_own", payload: { name: "write_file" } }],
        ["tool.result", { toolCallId: "tc_own", payload: { outputPreview: "ok" } }],
        [
          "artifact.created",
          {
            artifactId: "art_own",
            artifactKind: "document",
            payload: { title: "Plan", content: largeBody("ARTBODY") },
          },
        ],
        say("m_own", "All done."),
        ["text.final", { messageId: "m_own", payload: { text: "All done." } }],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(s.tools.tc_own?.status, "output-available", "the tool fact itself is projected");
        c.equal(s.artifacts.art_own?.kind, "document", "the artifact card is projected");
        c.equal(answerText(s), "All done.", "answer text");
        c.notOneOf(
          s.runtime.status,
          ["completed"],
          "runtime.status without run.finished (no local completion)",
        );
        c.equal(Object.keys(s.evidence), [], "evidence verdicts (none owned by the projection)");
        c.equal(s.permissions.decisions, [], "permission grants (none without a policy fact)");
        c.ok(
          !containsString(s, "ARTBODY-0123456789abcdef ARTBODY"),
          "artifact contents are not held in state",
        );
        c.atMost(jsonSize(s), 60_000, "serialized state size");
      }),
  },
  {
    id: "GF-3",
    title: "evidence, replay and review lanes never contradict each other",
    requirements: ["EVID-03", "EVID-02"],
    input: {
      format: "agent-ui",
      records: envelopes(run, [
        [
          "evidence.changed",
          { evidenceId: "ev_gf", evidencePackRef: "evidence://gf", payload: { status: "exporting" } },
        ],
        [
          "evidence.changed",
          {
            evidenceId: "ev_gf",
            evidencePackRef: "evidence://gf",
            replayRef: "replay://gf",
            reviewRef: "review://gf",
            payload: { status: "ready", verificationOutcomes: [{ name: "lint", status: "failed" }] },
          },
        ],
      ]),
    },
    check: (s, ctx) =>
      collect((c) => {
        for (const state of [ctx.stateAfter(1), s])
          for (const failure of lanesAgree(state, "ev_gf")) c.ok(false, failure);
      }),
  },
  {
    id: "GF-4",
    title: "missing runtime fields render unknown, never a fabricated value",
    requirements: ["FALL-01", "FALL-02", "ART-02", "HITL-06"],
    input: {
      format: "agent-ui",
      records: envelopes(run, [
        ["tool.started", { toolCallId: "tc_noname" }],
        ["artifact.created", { artifactId: "art_nokind" }],
        ["agent.spawned", { agentId: "agent_noname" }],
        ["action.required", { actionId: "act_bare", payload: { actionType: "tool_approval" } }],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(s.tools.tc_noname?.name, "unknown", "tool name");
        c.equal(s.artifacts.art_nokind?.kind, "unknown", "artifact kind");
        c.equal(findAgent(s, "agent_noname")?.name, "unknown", "agent name");
        c.equal(findAgent(s, "agent_noname")?.lineage, "unknown", "agent lineage (no parent ids given)");
        c.equal(s.actions.act_bare?.toolCallId, "unknown", "action toolCallId");
        c.oneOf(s.actions.act_bare?.availableDecisions, ["unknown", "unavailable"], "action decisions");
        c.equal(s.team.edges, [], "delegation edges (none fabricated)");
      }),
  },
  {
    id: "GF-5",
    title: "no action is marked successful before the runtime confirms it (prose, user text, client writes)",
    requirements: ["HITL-03", "CTRL-03", "PROSE-02", "ARCH-01", "ARCH-05"],
    input: {
      format: "agent-ui",
      records: envelopes(run, [
        ["run.started", { payload: { input: "deploy it" } }],
        ["tool.started", { toolCallId: "tc_deploy", payload: { name: "deploy" } }],
        ["tool.progress", { toolCallId: "tc_deploy", payload: { awaitingActionId: "act_deploy" } }],
        [
          "action.required",
          {
            actionId: "act_deploy",
            toolCallId: "tc_deploy",
            payload: { actionType: "tool_approval", availableDecisions: ["approve", "reject"] },
          },
        ],
        ["messages.snapshot", { payload: { messages: [{ id: "u_yes", role: "user", text: "I approve" }] } }],
        say("m_yes", "The deployment was approved and succeeded."),
        // The client's own optimistic write: a UI-owned "resolution" and a patch forging the action's
        // status. Neither is the runtime's confirmation (ARCH-01: ui_projection owns only UI state).
        [
          "action.resolved",
          {
            actionId: "act_deploy",
            owner: "ui_projection",
            payload: { outcome: "resolved", decision: "approve" },
          },
        ],
        [
          "state.delta",
          { payload: { patch: [{ op: "replace", path: "/actions/act_deploy/status", value: "resolved" }] } },
        ],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(s.actions.act_deploy?.status, "pending", "action status");
        c.equal(s.actions.act_deploy?.decision, undefined, "action decision");
        c.notOneOf(s.tools.tc_deploy?.status, ["output-available"], "tool status");
      }),
  },
  {
    id: "GF-6",
    title: "subagent and background work keep their ownership; nothing is flattened into one transcript",
    requirements: ["TASK-02", "TEAM-05", "TEAM-04"],
    input: {
      format: "agent-ui",
      records: envelopes(run, [
        [
          "agent.spawned",
          {
            agentId: "researcher",
            parentSessionId: "sess_gf",
            parentThreadId: "thread_gf",
            taskId: "task_r",
            payload: { agentName: "researcher", status: "running" },
          },
        ],
        [
          "agent.spawned",
          {
            agentId: "writer",
            parentSessionId: "sess_gf",
            parentThreadId: "thread_gf",
            taskId: "task_w",
            payload: { agentName: "writer", status: "running" },
          },
        ],
        [
          "text.delta",
          { agentId: "researcher", messageId: "m_r", payload: { delta: "Found three sources." } },
        ],
        [
          "worker.notification",
          {
            agentId: "researcher",
            taskId: "task_r",
            workerNotificationId: "wn_r",
            payload: { status: "completed", summary: "3 sources", resultRef: "result://r" },
          },
        ],
        say("m_lead", "Here is the summary."),
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.ok(findAgent(s, "researcher") && findAgent(s, "writer"), "both teammates are on the roster");
        c.equal(answerText(s, "researcher"), "Found three sources.", "researcher's own text");
        c.excludes(
          s.messages
            .filter((m) => m.agentId !== "researcher")
            .flatMap((m) => m.parts.map((p) => p.text ?? ""))
            .join(" "),
          ["Found three sources."],
          "messages of other authors",
        );
        c.ok(
          s.team.notifications.some((n) => n.agentId === "researcher"),
          "the worker notification is a team fact",
        );
        c.ok(
          !s.messages.some(
            (m) => m.role === "user" && m.parts.some((p) => (p.text ?? "").includes("3 sources")),
          ),
          "the worker notification is not a user message",
        );
      }),
  },
]);
