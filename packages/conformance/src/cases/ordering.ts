// Ordering, redelivery and snapshot honesty (requirements ORD-01..03, HYD-03): the replay-runner checks of
// §C.5 that every AUI-AR case relies on, named by their requirement ids.
import { defineCases, envelopes, limeSnapshot } from "../builders";
import { collect } from "../checks";
import { answerText, pendingActionIds } from "../inspect";
import { turnOf } from "../scenarios";

const ordered = envelopes(turnOf("ord"), [
  ["run.started", { payload: { input: "count" } }],
  ["text.delta", { messageId: "m", payload: { delta: "one " } }],
  ["tool.started", { toolCallId: "tc_ord", payload: { name: "count" } }],
  ["tool.result", { toolCallId: "tc_ord", payload: { outputPreview: "3" } }],
  ["text.delta", { messageId: "m", payload: { delta: "two three" } }],
  ["run.finished", { payload: { outcome: "success" } }],
]);

export const ORDERING_CASES = defineCases([
  {
    id: "ORD-01",
    title:
      "out-of-order delivery after the first event renders in sequence order, as in-order delivery would",
    requirements: ["ORD-01", "PROC-01"],
    input: {
      format: "agent-ui",
      // The stream's baseline is its first event (streams may be excerpts), so the shuffle starts there.
      records: [ordered[0], ordered[2], ordered[4], ordered[1], ordered[5], ordered[3]],
    },
    check: (s, ctx) =>
      collect((c) => {
        const inOrder = ctx.project(ordered);
        c.equal(answerText(s), "one two three", "answer text");
        c.equal(s.messages, inOrder.messages, "messages equal the in-order projection");
        c.equal(s.tools, inOrder.tools, "tools equal the in-order projection");
        c.equal(s.runtime.status, "completed", "runtime.status");
        c.equal(s.cursor.gaps, [], "no gap remains");
      }),
  },
  {
    id: "ORD-02",
    title: "duplicate delivery (same eventId) changes nothing",
    requirements: ["ORD-02", "TEXT-04"],
    input: {
      format: "agent-ui",
      records: [...ordered.slice(0, 3), ordered[1], ordered[2], ...ordered.slice(3), ordered[4]],
    },
    check: (s, ctx) =>
      collect((c) => {
        const once = ctx.project(ordered);
        c.equal(answerText(s), "one two three", "answer text (no duplicated delta)");
        c.equal(s.messages, once.messages, "messages equal the single delivery");
        c.equal(s.timeline, once.timeline, "timeline equals the single delivery");
      }),
  },
  {
    id: "ORD-02-EVENT-ID",
    title: "a redelivered event with a fresh sequence number is still a duplicate by its eventId",
    requirements: ["ORD-02", "TEXT-04"],
    notes:
      "Isolates dedupe by eventId: the copies carry new, gap-free sequence numbers, so ordering alone " +
      "would apply them again.",
    input: {
      format: "agent-ui",
      records: [
        ...ordered,
        { ...ordered[1], sequence: ordered.length + 1 },
        { ...ordered[4], sequence: ordered.length + 2 },
        { ...ordered[3], sequence: ordered.length + 3 },
      ],
    },
    check: (s, ctx) =>
      collect((c) => {
        const once = ctx.project(ordered);
        c.equal(answerText(s), "one two three", "answer text (no repeated delta)");
        c.equal(s.messages, once.messages, "messages equal the single delivery");
        c.equal(s.tools, once.tools, "tools equal the single delivery");
        c.equal(s.runtime.status, "completed", "runtime.status");
      }),
  },
  {
    id: "ORD-03",
    title: "a later snapshot without an unresolved action never silently erases it",
    requirements: ["ORD-03", "HYD-10", "HITL-03"],
    input: {
      format: "agent-ui",
      records: [
        ...envelopes(turnOf("ord3"), [
          [
            "action.required",
            { actionId: "act_keep", payload: { actionType: "tool_approval", prompt: "Allow deploy?" } },
          ],
        ]),
        ...envelopes(turnOf("ord3"), [
          [
            "state.snapshot",
            {
              sequence: 2,
              payload: {
                runtimeSession: limeSnapshot(
                  [
                    {
                      threadId: "thread_ord3",
                      status: "running",
                      turns: [{ turnId: "turn_ord3", status: "running" }],
                    },
                  ],
                  { sessionId: "ord3" },
                ),
              },
            },
          ],
        ]),
      ],
    },
    check: (s) =>
      collect((c) => {
        const action = s.actions.act_keep;
        if (!c.defined(action, "actions.act_keep after the snapshot")) return;
        c.oneOf(action.status, ["pending", "stale"], "action status (kept, possibly marked stale)");
        c.notOneOf(action.status, ["resolved"], "action status (never resolved by omission)");
        c.ok(
          action.status === "pending" || s.diagnostics.some((d) => d.code === "snapshot_conflict"),
          "a stale action comes with a snapshot_conflict diagnostic",
        );
      }),
  },
  {
    id: "HYD-03",
    title: "a late hydration for another session never overwrites the active view",
    requirements: ["HYD-03", "ORD-04"],
    input: {
      format: "agent-ui",
      records: envelopes(turnOf("sess_active"), [
        ["run.started", { payload: { input: "hello" } }],
        ["text.delta", { messageId: "m", payload: { delta: "Active answer." } }],
        [
          "state.snapshot",
          {
            sessionId: "sess_other",
            payload: {
              runtimeSession: limeSnapshot(
                [
                  {
                    threadId: "thread_other",
                    status: "failed",
                    pendingRequests: [{ actionId: "act_other", actionType: "clarification", prompt: "?" }],
                  },
                ],
                { sessionId: "sess_other" },
              ),
            },
          },
        ],
      ]),
    },
    check: (s, ctx) =>
      collect((c) => {
        const before = ctx.stateAfter(2);
        c.equal(answerText(s), "Active answer.", "answer text of the active session");
        c.equal(s.runtime.status, before.runtime.status, "runtime.status unchanged by the other session");
        c.equal(pendingActionIds(s), [], "no pending action from the other session");
        c.ok(s.session.sessionId !== "sess_other", "the shell still shows the active session");
      }),
  },
]);
