// Per-turn usage (PERF-08): token and cost metrics a runtime reports while a turn runs are kept on that
// turn's answer, beside the session-wide `metrics`, from real peer streams through their adapters.
import { readFileSync } from "node:fs";
import { aguiAdapter, codexAdapter, openaiAgentsAdapter } from "@agent-ui/adapters";
import { type AgentUiEvent, parseRecords } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";

const STREAMS = "../../../../shared/peers/streams/";
const records = (name: string) =>
  parseRecords(readFileSync(new URL(`${STREAMS}${name}`, import.meta.url), "utf8")).records.map(
    (r) => r.value,
  );

type Adapter = {
  create(options?: { streamId?: string }): {
    push(r: unknown, i: number): AgentUiEvent[];
    finish(): AgentUiEvent[];
  };
};
function adapt(adapter: Adapter, input: unknown[], streamId: string): AgentUiEvent[] {
  const instance = adapter.create({ streamId });
  return [...input.flatMap((r, i) => instance.push(r, i)), ...instance.finish()];
}

const answers = (events: AgentUiEvent[]) =>
  projectEvents(events).messages.filter(
    (m) => m.role === "assistant" && m.parts.some((p) => p.kind === "assistant_text"),
  );

describe("per-turn usage", () => {
  it("PERF-08 a Codex turn's usage (turn.completed) is on that turn's answer; each turn keeps its own", () => {
    const first = records("codex-sdk.text-only-default-model.threadevents.jsonl");
    const second = [
      { type: "turn.started" },
      { type: "item.completed", item: { id: "item_1", type: "agent_message", text: "done" } },
      {
        type: "turn.completed",
        usage: { input_tokens: 31, cached_input_tokens: 8, output_tokens: 12, reasoning_output_tokens: 4 },
      },
    ];
    const [one, two] = answers(adapt(codexAdapter, [...first, ...second], "codex"));
    expect(one.usage).toEqual({
      "tokens.input": 10,
      "tokens.cached_input": 0,
      "tokens.output": 5,
      "tokens.reasoning_output": 0,
    });
    expect(two.usage).toEqual({
      "tokens.input": 31,
      "tokens.cached_input": 8,
      "tokens.output": 12,
      "tokens.reasoning_output": 4,
    });
  });

  it("PERF-08 AG-UI RUN_FINISHED usage lands on its run's answer, one run per request", () => {
    const run = records("agui.http.events.jsonl") as Record<string, unknown>[];
    // The same recorded run, sent again as a second run: its ids are made its own.
    const withUsage = (runId: string, inputTokens: number, outputTokens: number) =>
      run.map((r) => {
        const own = JSON.parse(
          JSON.stringify(r)
            .replaceAll('"run-http-1"', `"${runId}"`)
            .replace(/"(messageId|toolCallId|parentMessageId)":"([^"]+)"/g, `"$1":"$2-${runId}"`),
        );
        return own.type === "RUN_FINISHED" ? { ...own, usage: [{ inputTokens, outputTokens }] } : own;
      });
    const projector = createProjector();
    projector.applyAll(adapt(aguiAdapter, withUsage("run-1", 120, 30), "agui-1"));
    projector.applyAll(adapt(aguiAdapter, withUsage("run-2", 200, 45), "agui-2"));
    const state = projector.getState();
    const byRun = (runId: string) => state.messages.filter((m) => m.runId === runId && m.usage !== undefined);
    expect(byRun("run-1").map((m) => m.usage)).toEqual([{ "tokens.input": 120, "tokens.output": 30 }]);
    expect(byRun("run-2").map((m) => m.usage)).toEqual([{ "tokens.input": 200, "tokens.output": 45 }]);
    expect(state.metrics).toMatchObject({ "tokens.input": 200, "tokens.output": 45 });
  });

  it("PERF-08 OpenAI Agents usage reported before the turn has an answer joins its first answer", () => {
    const events = adapt(openaiAgentsAdapter, records("openai-agents.approval.runstreamevents.jsonl"), "oa");
    const usageAt = events.findIndex((e) => e.type === "metric.changed");
    expect(usageAt).toBeGreaterThanOrEqual(0);
    const withUsage = projectEvents(events).messages.filter((m) => m.usage !== undefined);
    expect(withUsage).toHaveLength(1);
    expect(withUsage[0].role).toBe("assistant");
    expect(withUsage[0].usage).toEqual({ "tokens.input": 0, "tokens.output": 0 });
  });

  it("PERF-08 latency metrics stay session-wide; usage survives a stored-projection resume", () => {
    const events = adapt(
      codexAdapter,
      records("codex-sdk.text-only-default-model.threadevents.jsonl"),
      "codex",
    );
    const state = projectEvents([
      ...events,
      {
        ...events[events.length - 1],
        eventId: "lat",
        type: "metric.changed",
        metricName: "first_text_paint_ms",
        payload: { value: 12 },
      } as AgentUiEvent,
    ]);
    const answer = state.messages.find((m) => m.usage !== undefined);
    expect(answer?.usage).not.toHaveProperty("first_text_paint_ms");
    const resumed = createProjector();
    resumed.hydrate({ kind: "projection", state: JSON.parse(JSON.stringify(state)) });
    expect(resumed.getState().messages.find((m) => m.id === answer?.id)?.usage).toEqual(answer?.usage);
  });
});
