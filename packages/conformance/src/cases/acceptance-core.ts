// Agent UI acceptance scenarios AS-01..11 (requirements §B.1), where the projection can observe them.
// Composer, listener and paint timing parts belong to the client and workbench suites.
import { defineCases, envelopes, largeBody } from "../builders";
import { collect } from "../checks";
import { allParts, answerText, conversationText, pendingActionIds, timelineFor } from "../inspect";
import { blockOrder, interleavedTurn, queueAndSteer, statusThenText, turnOf } from "../scenarios";
import { lanesAgree } from "./lanes";

const textOf = (s: Parameters<typeof allParts>[0], messageId: string) =>
  s.messages
    .filter((m) => m.id === messageId)
    .flatMap((m) => m.parts.filter((p) => p.kind === "assistant_text").map((p) => p.text ?? ""))
    .join("");

export const ACCEPTANCE_CORE_CASES = defineCases([
  {
    id: "AS-01",
    title: "send and first status: the user message and a runtime status show before any answer text",
    requirements: ["STAT-01", "TEXT-09", "STAT-07"],
    input: { format: "agent-ui", records: statusThenText("as01") },
    check: (s, ctx) =>
      collect((c) => {
        const first = ctx.stateAfter(1);
        c.ok(
          first.messages.some(
            (m) => m.role === "user" && m.parts.some((p) => p.text === "Summarize the repository"),
          ),
          "the user message shows from run.started",
        );
        c.notOneOf(first.runtime.status, ["idle", "unknown"], "status right after submit");
        c.equal(s.messages.filter((m) => m.role === "user").length, 1, "exactly one user message");
      }),
  },
  {
    id: "AS-02",
    title: "reasoning stays process content; the answer is clean and not replayed after hydration",
    requirements: ["TEXT-06", "TEXT-07", "PROC-02", "PROC-03", "AS-MP-01"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("as02"), [
        [
          "reasoning.delta",
          {
            messageId: "m",
            partId: "r",
            payload: { delta: "<think>THINKDETAIL weigh both</think>", visibility: "detail" },
          },
        ],
        ["reasoning.summary", { messageId: "m", partId: "rs", payload: { text: "Weighed both options" } }],
        ["text.delta", { messageId: "m", partId: "t", payload: { delta: "Use option A." } }],
        ["text.final", { messageId: "m", partId: "t", payload: { text: "Use option A." } }],
        ["run.finished", { payload: { outcome: "success" } }],
      ]),
    },
    check: (s, ctx) =>
      collect((c) => {
        c.equal(answerText(s), "Use option A.", "answer text");
        c.excludes(conversationText(s), ["<think>", "THINKDETAIL", "Weighed"], "conversation text");
        c.ok(
          allParts(s).every((p) => !(p.text ?? "").includes("THINKDETAIL")),
          "raw reasoning detail is not rendered by default",
        );
        c.ok(
          allParts(ctx.stateAfter(1)).some((p) => p.kind.startsWith("reasoning") && p.expanded === true),
          "running reasoning is visible (expanded) while it streams",
        );
        c.ok(
          allParts(s)
            .filter((p) => p.kind.startsWith("reasoning"))
            .every((p) => p.expanded !== true),
          "completed reasoning collapsed",
        );
        const restored = ctx.project([], { kind: "projection", state: s });
        c.equal(answerText(restored), "Use option A.", "answer after hydration (not replayed twice)");
      }),
  },
  {
    id: "AS-03",
    title: "interleaved active turn renders in order, running tools expanded, archived once afterwards",
    requirements: ["PROC-01", "PROC-02", "PROC-03", "PROC-04", "AS-PR-07", "AS-MP-06"],
    input: { format: "agent-ui", records: interleavedTurn("as03") },
    check: (s, ctx) =>
      collect((c) => {
        c.equal(
          blockOrder(ctx.stateAfter(7)),
          ["reasoning", "tool", "text", "reasoning", "text"],
          "live order",
        );
        const tool = allParts(ctx.stateAfter(3)).find((p) => p.toolCallId === "tc_as03");
        c.equal(tool?.expanded, true, "running tool expanded");
        c.equal(
          timelineFor(s, "tc_as03").filter((e) => e.kind === "tool").length,
          1,
          "one timeline entry for the tool",
        );
        c.equal(answerText(s), "Debug is off. Nothing overrides it.", "answer text");
      }),
  },
  {
    id: "AS-04",
    title: "final reconciliation: deltas + final once, final-only, deltas-only",
    requirements: ["TEXT-04", "TEXT-05", "AS-MP-05"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("as04"), [
        ["text.delta", { messageId: "m1", payload: { delta: "Hel" } }],
        ["text.delta", { messageId: "m1", payload: { delta: "lo" } }],
        ["text.final", { messageId: "m1", payload: { text: "Hello" } }],
        ["text.final", { messageId: "m2", payload: { text: "Only final." } }],
        ["text.delta", { messageId: "m3", payload: { delta: "Kept " } }],
        ["text.delta", { messageId: "m3", payload: { delta: " as streamed" } }],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(textOf(s, "m1"), "Hello", "deltas + final");
        const m1 = allParts(s).find((p) => p.kind === "assistant_text" && p.text === "Hello");
        c.notOneOf(m1?.reconciled, [true], "m1 reconciled flag (the final equals the stream)");
        c.equal(textOf(s, "m2"), "Only final.", "final only");
        c.equal(textOf(s, "m3"), "Kept  as streamed", "deltas only, verbatim");
      }),
  },
  {
    id: "AS-05",
    title:
      "tool call: stable id, safe redacted input, progress on the row, offloaded result, recoverable error",
    requirements: ["TOOL-01", "TOOL-02", "TOOL-03", "TOOL-08", "SEC-02"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("as05"), [
        [
          "tool.started",
          {
            toolCallId: "tc_api",
            payload: {
              name: "http_get",
              input: { url: "https://api.example.com", apiKey: "sk-live-AS05SECRETVALUE0000" },
            },
          },
        ],
        ["tool.progress", { toolCallId: "tc_api", payload: { message: "downloading", ratio: 0.5 } }],
        [
          "tool.result",
          {
            toolCallId: "tc_api",
            payload: {
              outputRef: "output://tc_api",
              outputBytes: 120_000,
              output: largeBody("APIRESPONSE", 120_000),
            },
          },
        ],
        ["tool.started", { toolCallId: "tc_flaky", payload: { name: "fetch_feed" } }],
        ["tool.failed", { toolCallId: "tc_flaky", payload: { error: "connection reset", retryable: true } }],
      ]),
    },
    check: (s, ctx) =>
      collect((c) => {
        c.ok(!JSON.stringify(s).includes("AS05SECRETVALUE"), "the secret input never enters state");
        c.equal(ctx.stateAfter(2).tools.tc_api?.progress?.ratio, 0.5, "progress updates the row");
        c.equal(s.tools.tc_api?.outputRef, "output://tc_api", "result ref");
        c.atMost(s.tools.tc_api?.outputPreview?.length ?? 0, 4096, "bounded preview");
        c.equal(s.tools.tc_flaky?.status, "output-error", "failed tool");
        c.equal(s.tools.tc_flaky?.error?.retryable, true, "recoverable error");
        c.equal(answerText(s), "", "answer text");
      }),
  },
  {
    id: "AS-06",
    title:
      "HITL: request with id/type/scope/schema is promoted; resolved only on runtime confirmation; audit kept",
    requirements: ["HITL-01", "HITL-03", "HITL-10"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("as06"), [
        [
          "action.required",
          {
            actionId: "act_form",
            payload: {
              actionType: "structured_input",
              title: "Pick a region",
              scope: { project: "web" },
              schema: { type: "object", properties: { region: { type: "string" } } },
            },
          },
        ],
        [
          "action.resolved",
          {
            actionId: "act_form",
            payload: { outcome: "resolved", decision: "answer", response: { region: "eu-west-1" } },
          },
        ],
      ]),
    },
    check: (s, ctx) =>
      collect((c) => {
        const card = ctx.stateAfter(1).actions.act_form;
        c.equal([card?.status, card?.type], ["pending", "structured_input"], "card status and type");
        c.equal(card?.scope, { project: "web" }, "card scope");
        c.ok(card?.schema !== undefined, "card schema");
        c.equal(pendingActionIds(s), [], "no longer pending after runtime confirmation");
        c.equal(s.actions.act_form?.status, "resolved", "kept for audit as resolved");
      }),
  },
  {
    id: "AS-07",
    title: "queue and steer are different modes; queue mutations update without new messages",
    requirements: ["QUEUE-02", "QUEUE-03", "QUEUE-04", "QUEUE-07", "AS-QS-04"],
    input: {
      format: "agent-ui",
      records: [
        ...queueAndSteer("as07"),
        ...envelopes(turnOf("as07"), [
          [
            "queue.changed",
            {
              sequence: 4,
              payload: {
                items: [],
                steers: [
                  {
                    id: "s_1",
                    preview: "use British spelling",
                    status: "accepted",
                    targetTurnId: "turn_as07",
                  },
                ],
              },
            },
          ],
        ]),
      ],
    },
    check: (s, ctx) =>
      collect((c) => {
        c.equal(ctx.stateAfter(3).queue.items.length, 1, "queued item while queued");
        c.equal(s.queue.items.filter((i) => i.status === "queued").length, 0, "queued items after removal");
        c.equal(
          s.queue.steers.map((x) => x.status),
          ["accepted"],
          "steer accepted by the runtime",
        );
        c.equal(s.messages.length, ctx.stateAfter(2).messages.length, "messages unchanged by queue facts");
      }),
  },
  {
    id: "AS-08",
    title: "artifact workspace: stable id, versions, a failed save keeps the last confirmed version",
    requirements: ["ART-03", "ART-07", "ART-01"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("as08"), [
        [
          "artifact.created",
          {
            artifactId: "art_doc",
            artifactKind: "document",
            artifactVersionId: "v1",
            payload: { title: "Spec" },
          },
        ],
        ["artifact.version.created", { artifactId: "art_doc", artifactVersionId: "v2" }],
        ["artifact.failed", { artifactId: "art_doc", payload: { error: "save conflict" } }],
      ]),
    },
    check: (s) =>
      collect((c) => {
        const art = s.artifacts.art_doc;
        if (!c.defined(art, "artifacts.art_doc")) return;
        c.equal(
          art.versions.map((v) => v.versionId),
          ["v1", "v2"],
          "versions",
        );
        c.equal(art.currentVersionId, "v2", "last confirmed version kept after the failed save");
        c.ok((art.error ?? "").includes("save conflict"), "the failure is shown");
      }),
  },
  {
    id: "AS-09",
    title: "evidence export runs in the background and links durable refs",
    requirements: ["EVID-04", "EVID-05", "EVID-08", "AS-TL-04"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("as09"), [
        ["evidence.changed", { evidenceId: "ev_x", payload: { status: "exporting" } }],
        ["text.delta", { messageId: "m", payload: { delta: "Still answering." } }],
        [
          "evidence.changed",
          {
            evidenceId: "ev_x",
            evidencePackRef: "evidence://x",
            replayRef: "replay://x",
            payload: { status: "completed" },
          },
        ],
      ]),
    },
    check: (s, ctx) =>
      collect((c) => {
        c.equal(answerText(ctx.stateAfter(2)), "Still answering.", "text streams during the export");
        c.equal(s.evidence.ev_x?.packRef, "evidence://x", "pack ref");
        for (const failure of lanesAgree(s, "ev_x")) c.ok(false, failure);
      }),
  },
  {
    id: "AS-10",
    title: "old-session recovery from a thread read model: shell, recent window, queue and pending first",
    requirements: ["HYD-01", "HYD-09", "HYD-02", "AS-HY-01", "AS-HY-02", "AS-PR-04", "VC-18"],
    input: {
      format: "agent-ui",
      records: [],
      hydrate: {
        kind: "thread",
        sessionId: "sess_old10",
        thread: {
          threadId: "thread_old10",
          status: "blocked",
          turns: [{ turnId: "turn_old10", status: "running" }],
          pendingRequests: [{ actionId: "act_old10", actionType: "clarification", prompt: "Which branch?" }],
          queuedTurns: [{ queuedTurnId: "q_old10", preview: "then tag it" }],
          messages: [
            { id: "u1", role: "user", text: "release it" },
            { id: "a1", role: "assistant", text: "Preparing the release." },
          ],
        },
      },
    },
    check: (s) =>
      collect((c) => {
        c.equal([s.session.sessionId, s.session.threadId], ["sess_old10", "thread_old10"], "shell ids");
        c.equal(s.messages.length, 2, "recent message window");
        c.equal(pendingActionIds(s), ["act_old10"], "pending actions");
        c.equal(s.queue.items.length, 1, "queued turns");
        c.equal(s.cursor.eventCount, 0, "no full replay");
      }),
  },
  {
    id: "AS-11",
    title: "missing facts: unknown kind, no verification verdict, safe controls; nothing fabricated",
    requirements: ["FALL-01", "FALL-05", "FALL-06", "ART-02", "AS-PR-06", "AS-ART-03"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("as11"), [
        ["artifact.created", { artifactId: "art_q", payload: { title: "chart.png" } }],
        ["evidence.changed", { evidenceId: "ev_q", evidencePackRef: "evidence://q" }],
        ["action.required", { actionId: "act_q", payload: { actionType: "unknown" } }],
        ["text.delta", { messageId: "m", payload: { delta: "The PNG chart is verified and approved." } }],
      ]),
    },
    check: (s) =>
      collect((c) => {
        c.equal(s.artifacts.art_q?.kind, "unknown", "artifact kind (the title and prose say PNG)");
        c.oneOf(s.evidence.ev_q?.verification, ["unknown", "unavailable"], "verification");
        c.equal(s.evidence.ev_q?.reviewRef, "unavailable", "review lane");
        c.equal(s.actions.act_q?.status, "pending", "the action stays pending (controls remain)");
      }),
  },
]);
