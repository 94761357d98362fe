// One check per story, the same for every protocol: the rule a story gives evidence for, and what the
// projected state must show. A protocol's case is `<rule>@<format>`.
import type { ProjectionState } from "@agent-ui/contracts";
import { collect } from "../checks";
import { allParts, answerText, containsString } from "../inspect";
import type { CaseContext } from "../types";
import { FACTS, type ProtocolStories, type Story, type StoryName } from "./types";

export interface StoryRule {
  /** The case id before `@<format>`. */
  id: string;
  title: string;
  requirements: string[];
  check(state: ProjectionState, ctx: CaseContext, story: Story, protocol: ProtocolStories): string[];
}

function processText(state: ProjectionState): string {
  return allParts(state)
    .filter((p) => p.kind !== "assistant_text")
    .map((p) => `${p.text ?? ""} ${p.title ?? ""}`)
    .join("\n");
}

export const STORY_RULES: Record<StoryName, StoryRule> = {
  text: {
    id: "TEXT-01",
    title: "a streamed answer equals its concatenated deltas and grows by prefixes",
    requirements: ["TEXT-01", "TEXT-03"],
    check: (state, ctx, story, protocol) =>
      collect((c) => {
        c.equal(answerText(state), FACTS.answer, "answer");
        c.excludes(processText(state), ["Hello"], "process parts");
        const seen = story.records.map((_, i) => answerText(ctx.stateAfter(i + 1)));
        for (const text of seen)
          c.ok(FACTS.answer.startsWith(text), `partial answer ${JSON.stringify(text)} is a prefix`);
        if (!protocol.wholeText)
          c.ok(
            seen.some((text) => text.length > 0 && text.length < FACTS.answer.length),
            "the answer shows part-way (streamed, not only at the end)",
          );
      }),
  },
  reasoning: {
    id: "TEXT-02",
    title: "reasoning is its own typed part, never in the answer",
    requirements: ["TEXT-02", "TEXT-01"],
    check: (state) =>
      collect((c) => {
        c.equal(answerText(state), FACTS.answer, "answer");
        const reasoning = allParts(state).filter((p) => p.kind.startsWith("reasoning"));
        c.equal(reasoning.length, 1, "reasoning parts");
        // TEXT-07: a reasoning *detail* shows its text only when policy allows (hidden by default).
        const shown =
          reasoning[0]?.kind === "reasoning_detail" ? [undefined, FACTS.reasoning] : [FACTS.reasoning];
        c.oneOf(reasoning[0]?.text, shown, "reasoning text");
        const elsewhere = allParts(state).filter((p) => !p.kind.startsWith("reasoning"));
        c.excludes(elsewhere.map((p) => p.text ?? "").join("\n"), [FACTS.reasoning], "non-reasoning parts");
      }),
  },
  tool: {
    id: "TOOL-01",
    title: "a tool call keyed by its id shows its input and ends output-available with its output",
    requirements: ["TOOL-01", "TOOL-04"],
    check: (state, _ctx, story) =>
      collect((c) => {
        const tool = state.tools[story.toolCallId ?? ""];
        if (!c.defined(tool, `tool ${story.toolCallId}`)) return;
        c.equal(tool.status, "output-available", "tool status");
        c.ok(containsString(tool.inputSummary ?? "", FACTS.city), `input summary shows ${FACTS.city}`);
        c.ok(
          containsString(`${tool.outputPreview ?? ""}${tool.outputText ?? ""}`, String(FACTS.tempC)),
          "output shows the result",
        );
        c.excludes(answerText(state), [String(FACTS.tempC)], "answer");
      }),
  },
  toolError: {
    id: "TOOL-01-ERROR",
    title: "a failing tool ends output-error with its error, never completed",
    requirements: ["TOOL-01", "TOOL-05"],
    check: (state, _ctx, story) =>
      collect((c) => {
        const tool = state.tools[story.toolCallId ?? ""];
        if (!c.defined(tool, `tool ${story.toolCallId}`)) return;
        c.equal(tool.status, "output-error", "tool status");
        c.defined(tool.error, "tool error");
        // TOOL-05: an error shows its summary plus the stderr/output preview; the message is in one of them.
        c.ok(
          containsString([tool.error, tool.outputPreview], FACTS.toolError),
          "the error shows on the tool",
        );
      }),
  },
  runError: {
    id: "STAT-07",
    title: "a failed run shows failed status with its message, outside the answer",
    requirements: ["STAT-07", "STAT-02"],
    check: (state) =>
      collect((c) => {
        c.equal(state.runtime.status, "failed", "runtime status");
        c.ok(
          containsString({ failure: state.runtime.failure, diagnostics: state.diagnostics }, FACTS.runError),
          "the failure message is visible",
        );
        c.excludes(answerText(state), [FACTS.runError], "answer");
      }),
  },
  redelivery: {
    id: "ORD-02",
    title: "a redelivered record (same id) changes nothing",
    requirements: ["ORD-02"],
    check: (state, ctx, story) =>
      collect((c) => {
        c.equal(answerText(state), FACTS.answer, "answer after redelivery");
        const once = ctx.stateAfter(story.records.length - 1);
        c.equal(state.messages, once.messages, "messages after the duplicate (last record) vs before");
      }),
  },
  approve: {
    id: "HITL-03",
    title: "an approval request shows pending; the runtime's approval resolves it and the tool runs",
    requirements: ["HITL-01", "HITL-03"],
    check: (state, ctx, story, protocol) =>
      collect((c) => {
        const asked = ctx.stateAfter(story.requestedAfter ?? 0);
        const pending = Object.values(asked.actions).filter((a) => a.status === "pending");
        c.equal(pending.length, 1, "pending actions after the request");
        c.equal(
          pending[0]?.toolCallId,
          story.actionToolCallId ?? story.toolCallId,
          "the action names its tool call",
        );
        const action = state.actions[pending[0]?.actionId ?? ""];
        c.equal(action?.status, "resolved", "action after the answer");
        // A stream that only shows the approved call running (AI SDK) states no decision; none is invented.
        c.oneOf(action?.decision, [protocol.decisions?.approve ?? "approve", undefined], "decision");
        c.equal(state.tools[story.toolCallId ?? ""]?.status, "output-available", "approved tool");
      }),
  },
  deny: {
    id: "HITL-04",
    title: "a denied approval resolves as reject and the tool never shows a result",
    requirements: ["HITL-04", "HITL-03"],
    check: (state, ctx, story, protocol) =>
      collect((c) => {
        const asked = ctx.stateAfter(story.requestedAfter ?? 0);
        const pending = Object.values(asked.actions).filter((a) => a.status === "pending");
        c.equal(pending.length, 1, "pending actions after the request");
        const action = state.actions[pending[0]?.actionId ?? ""];
        const reject = protocol.decisions?.reject ?? "reject";
        c.equal([action?.status, action?.decision], ["resolved", reject], "action after the answer");
        const tool = state.tools[story.toolCallId ?? ""];
        if (!c.defined(tool, `tool ${story.toolCallId}`)) return;
        c.oneOf(tool.status, ["output-denied", "output-error", "cancelled"], "denied tool");
        const results = allParts(state).filter(
          (p) => p.kind === "tool_result" && p.toolCallId === tool.toolCallId,
        );
        c.equal(results.length, 0, "tool_result parts of the denied call");
      }),
  },
  sources: {
    id: "EVID-01",
    title: "a source the stream states shows as a citation, never inside the answer text",
    requirements: ["EVID-01", "TEXT-01"],
    check: (state) =>
      collect((c) => {
        const cited = allParts(state).flatMap((p) => p.citations ?? []);
        const evidence = Object.values(state.evidence).flatMap((e) => e.citations ?? []);
        c.ok(containsString([...cited, ...evidence], FACTS.sourceUrl), "the source is cited");
        c.excludes(answerText(state), [FACTS.sourceUrl], "answer");
      }),
  },
};
