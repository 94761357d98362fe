// AG-UI TOOL_CALL_RESULT → tool.result: the whole output, its size and the result message's id, so a
// projection can rebuild the result after a restart instead of a 200-character preview (TOOL-03/05).
import { readFileSync } from "node:fs";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { aguiAdapter } from "../src/ag-ui";

const STREAMS = new URL("../../../../shared/peers/streams/", import.meta.url);
const lines = (name: string): unknown[] =>
  readFileSync(new URL(name, STREAMS), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
const adapt = (records: unknown[], options = {}): AgentUiEvent[] => {
  const adapter = aguiAdapter.create(options);
  return [...records.flatMap((r, i) => adapter.push(r, i)), ...adapter.finish()];
};
const call = (content: unknown): unknown[] => [
  { type: "RUN_STARTED", threadId: "t1", runId: "r1" },
  { type: "TOOL_CALL_START", toolCallId: "tc-1", toolCallName: "read_file", parentMessageId: "m1" },
  { type: "TOOL_CALL_ARGS", toolCallId: "tc-1", delta: '{"path":"README.md"}' },
  { type: "TOOL_CALL_END", toolCallId: "tc-1" },
  { type: "TOOL_CALL_RESULT", toolCallId: "tc-1", messageId: "tool-msg-1", content, role: "tool" },
  { type: "RUN_FINISHED", threadId: "t1", runId: "r1" },
];
const resultOf = (events: AgentUiEvent[]) => events.find((e) => e.type === "tool.result");

describe("ag-ui tool results (TOOL-03/05)", () => {
  it("TOOL-05 the peer stream's result states its size and its message id", () => {
    const result = resultOf(adapt(lines("agui.run-tool-state.events.jsonl")));
    expect(result?.payload).toMatchObject({
      output: { tempC: 21 },
      outputBytes: JSON.stringify({ tempC: 21 }).length,
      resultMessageId: "tool-msg-1",
    });
    const state = projectEvents(adapt(lines("agui.run-tool-state.events.jsonl")));
    expect(state.tools["tc-1"]).toMatchObject({
      status: "output-available",
      outputText: '{"tempC":21}',
      outputBytes: 12,
      resultMessageId: "tool-msg-1",
    });
  });

  it("TOOL-03 a long result: the preview stays a 200-character preview, the projection keeps the whole output", () => {
    const content = `# Report\n${"line of the tool's output. ".repeat(60)}`;
    const events = adapt(call(content));
    const payload = resultOf(events)?.payload as Record<string, unknown>;
    expect((payload.outputPreview as string).length).toBeLessThanOrEqual(201);
    expect(payload.outputBytes).toBe(new TextEncoder().encode(content).length);
    const tool = projectEvents(events).tools["tc-1"];
    expect(tool.outputPreview).toBe(payload.outputPreview);
    expect(tool.outputText).toBe(content);
    expect(tool.outputBytes).toBe(payload.outputBytes);
  });

  it("TOOL-03 SEC-03 a secret in the output is redacted in the kept output too", () => {
    const content = "token=sk-abcdefghijklmnopqrstuvwxyz0123456789 done";
    const tool = projectEvents(adapt(call(content))).tools["tc-1"];
    expect(tool.outputText).toBeDefined();
    expect(tool.outputText).not.toContain("sk-abcdefghijklmnopqrstuvwxyz0123456789");
  });

  it("TOOL-03 an output over the adapter's inline limit travels as a ref: size stated, never rendered as its stub", () => {
    const content = "x".repeat(5000);
    const events = adapt(call(content), { largePayloadBytes: 1024 });
    const payload = resultOf(events)?.payload as Record<string, unknown>;
    expect(payload.outputBytes).toBeGreaterThan(5000);
    const tool = projectEvents(events).tools["tc-1"];
    expect(tool.outputRef).toMatch(/^detail:\/\/body\/\d+-[0-9a-f]{16}$/);
    expect(tool.outputText).toBeUndefined();
    expect(tool.outputPreview).not.toContain("offloaded");
    expect(tool.outputBytes).toBe(payload.outputBytes);
  });
});
