// How a serialized OpenAI Agents RunState names the call an approval is about: the SDK's `callId`, the
// Responses API's `call_id`, or only the item's `id`. Whichever spelling the item uses, the approval is
// stated once per call, the state's recorded decision settles it, and the interrupted run end names the
// call (HITL-01, HITL-04, STAT-02). Built on the peer capture `openai-agents.approval.runstate.json`.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { adapt, ops, STATE, stateWith } from "./openai-agents-support";

const args = '{"path":"/workspace/demo/x"}';
/** A delete_file call as a run item's `rawItem`, with the call named by `ids`. */
const rawWith = (ids: Record<string, string>) => ({
  type: "function_call",
  name: "delete_file",
  status: "completed",
  arguments: args,
  ...ids,
});
const approvalItem = (raw: object) => ({ type: "tool_approval_item", rawItem: raw, agent: ops });
const interruption = (raw: object) => ({
  type: "next_step_interruption",
  data: { interruptions: [approvalItem(raw)] },
});
/** The captured state paused on one approval of `raw`, with approval records in `context`. */
const pausedOn = (raw: object, approvals: Record<string, unknown> = {}) =>
  stateWith({
    generatedItems: [{ type: "tool_call_item", rawItem: raw, agent: ops }, approvalItem(raw)],
    currentStep: interruption(raw),
    context: { ...(STATE.context as object), approvals },
  });

const of = (events: AgentUiEvent[], type: string) => events.filter((e) => e.type === type);
const actions = (events: AgentUiEvent[]) =>
  events.filter((e) => e.type.startsWith("action.")).map((e) => [e.type, e.actionId, e.payload?.decision]);
const end = (events: AgentUiEvent[]) => {
  const [finished] = of(events, "run.finished");
  return [finished?.eventId, finished?.payload?.reason];
};
const DECIDED = "approvals decided; the run goes on when the caller resumes the state";

describe("openai-agents RunState: the call an approval names (HITL-01, HITL-04)", () => {
  it("HITL-04 an approval naming its call `call_id` is stated once and settled by the state's record", () => {
    const raw = rawWith({ id: "fc_py", call_id: "call_py" });
    const events = adapt([pausedOn(raw, { delete_file: { approved: ["call_py"], rejected: [] } })]);
    expect(actions(events)).toEqual([
      ["action.required", "call_py", undefined],
      ["action.resolved", "call_py", "approve"],
    ]);
    expect(end(events)).toEqual(["openai-agents:interruption:call_py:run.finished", DECIDED]);
    const state = projectEvents(events);
    expect(state.actions.call_py).toMatchObject({ status: "resolved", decision: "approve" });
  });

  it("HITL-04 an approval naming its call only by the item's `id` is settled by the record of that id", () => {
    const raw = rawWith({ id: "fc_only" });
    const events = adapt([pausedOn(raw, { delete_file: { approved: [], rejected: ["fc_only"] } })]);
    expect(actions(events)).toEqual([
      ["action.required", "fc_only", undefined],
      ["action.resolved", "fc_only", "reject"],
    ]);
    expect(end(events)).toEqual(["openai-agents:interruption:fc_only:run.finished", DECIDED]);
  });

  it("STAT-02 a pending approval named by `call_id` or `id` is the call the interrupted run waits on", () => {
    for (const [ids, call] of [
      [{ call_id: "call_py" }, "call_py"],
      [{ id: "fc_only" }, "fc_only"],
    ] as const) {
      const events = adapt([pausedOn(rawWith(ids))]);
      expect(actions(events), call).toEqual([["action.required", call, undefined]]);
      expect(end(events), call).toEqual([
        `openai-agents:interruption:${call}:run.finished`,
        `awaiting approval of ${call}`,
      ]);
    }
  });

  it("HITL-04 a call the run went past, named by `call_id`, is an approval the state's record settles", () => {
    // The SDK drops the approval item once the run goes on; the call item and the record remain.
    const raw = rawWith({ id: "fc_py", call_id: "call_py" });
    const events = adapt([
      stateWith({
        generatedItems: [{ type: "tool_call_item", rawItem: raw, agent: ops }],
        currentStep: { type: "next_step_run_again", data: {} },
        context: { ...(STATE.context as object), approvals: { delete_file: { approved: ["call_py"] } } },
      }),
    ]);
    expect(actions(events)).toEqual([
      ["action.required", "call_py", undefined],
      ["action.resolved", "call_py", "approve"],
    ]);
  });

  it("HITL-01 an approval naming no call asks nothing and settles nothing, even when its tool is always approved", () => {
    const raw = rawWith({});
    const events = adapt([pausedOn(raw, { delete_file: { approved: true, rejected: [] } })]);
    expect(actions(events)).toEqual([]);
    const missing = of(events, "diagnostic.changed").filter((e) => e.payload?.code === "missing_correlation");
    expect(missing.map((e) => e.payload?.message)).toEqual([
      "tool call without callId",
      "tool call without callId",
      "tool call without callId",
    ]);
  });
});

describe("openai-agents RunState: a pending interruption that is not an item (ENV-09)", () => {
  it("ENV-09 STAT-02 an interruption entry that is no object is named, and the run still ends interrupted", () => {
    for (const entry of [null, "call_rm"]) {
      const events = adapt([
        stateWith({ currentStep: { type: "next_step_interruption", data: { interruptions: [entry] } } }),
      ]);
      expect(events[0].type, String(entry)).toBe("session.hydrated");
      const notes = of(events, "diagnostic.changed").map((e) => e.payload?.message);
      expect(notes, String(entry)).toContain("RunState item #-1 without rawItem");
      expect(end(events), String(entry)).toEqual([
        "openai-agents:interruption:unknown:run.finished",
        "awaiting approval of unknown",
      ]);
    }
  });
});
