// Chunks the AI SDK's own `uiMessageChunkSchema` rejects (the SDK's reducer would fail on them): the adapter
// names each in one `unsupported_source_event` warning, what is missing included, and states no fact for it.
// A delta without its text is an empty update: nothing to show, nothing to warn about.
import { safeValidateTypes } from "@ai-sdk/provider-utils";
import { uiMessageChunkSchema } from "ai";
import { describe, expect, it } from "vitest";
import { adapt, codes, wire } from "./ai-sdk-support";

/** What the SDK says of the chunk: whether its own schema accepts it. */
async function sdkAccepts(chunk: unknown): Promise<boolean> {
  return (await safeValidateTypes({ value: chunk, schema: uiMessageChunkSchema })).success;
}

/** The one warning the adapter states for `chunk` pushed first, and nothing else. */
function warningOf(chunk: unknown): unknown[][] {
  const events = adapt([chunk]);
  expect(events).toHaveLength(1);
  return codes(events);
}

const warning = (message: string) => [
  ["unsupported_source_event", "warning", `ai-sdk record #0: ${message}`],
];

describe("ai-sdk chunks the SDK rejects", () => {
  it("ENV-09 a chunk that is no object, or has no type, is named as such", async () => {
    for (const chunk of ["text", null, [1], 7]) {
      expect(await sdkAccepts(chunk)).toBe(false);
      expect(warningOf(chunk)).toEqual(warning("not a JSON object"));
    }
    expect(await sdkAccepts({ id: "a", delta: "x" })).toBe(false);
    expect(warningOf({ id: "a", delta: "x" })).toEqual(warning("chunk without type"));
  });

  it("ENV-09 an unknown chunk type is quoted, clipped to 80 characters", async () => {
    expect(await sdkAccepts({ type: "text-replace", id: "a" })).toBe(false);
    expect(warningOf({ type: "text-replace", id: "a" })).toEqual(
      warning('unknown UI message chunk "text-replace"'),
    );
    const long = `x-${"y".repeat(98)}`;
    expect(warningOf({ type: long })).toEqual(warning(`unknown UI message chunk "${long.slice(0, 80)}…"`));
  });

  it("ENV-09 a text or reasoning chunk without id names its chunk", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: "text-start" }, "text-start without id"],
      [{ type: "reasoning-start" }, "reasoning-start without id"],
      [{ type: "text-delta", delta: "x" }, "text-delta without id"],
      [{ type: "reasoning-delta", delta: "x" }, "reasoning-delta without id"],
      [{ type: "text-end" }, "part end without id"],
      [{ type: "reasoning-end" }, "part end without id"],
    ];
    for (const [chunk, message] of cases) {
      expect(await sdkAccepts(chunk)).toBe(false);
      expect(warningOf(chunk)).toEqual(warning(message));
    }
  });

  it("ENV-09 a tool chunk without toolCallId names its chunk; no tool row is made", async () => {
    const cases: Record<string, unknown>[] = [
      { type: "tool-input-start", toolName: "t" },
      { type: "tool-input-delta", inputTextDelta: "{" },
      { type: "tool-input-available", toolName: "t", input: {} },
      { type: "tool-input-error", toolName: "t", input: "{", errorText: "bad" },
      { type: "tool-output-available", output: 1 },
      { type: "tool-output-error", errorText: "boom" },
      { type: "tool-output-denied" },
    ];
    for (const chunk of cases) {
      expect(await sdkAccepts(chunk)).toBe(false);
      expect(warningOf(chunk)).toEqual(warning(`${chunk.type} without toolCallId`));
    }
  });

  it("ENV-09 HITL-01 an approval request or response missing its ids or decision is named, never guessed", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { type: "tool-approval-request", toolCallId: "c" },
        "tool-approval-request without approvalId or toolCallId",
      ],
      [
        { type: "tool-approval-request", approvalId: "ap" },
        "tool-approval-request without approvalId or toolCallId",
      ],
      [
        { type: "tool-approval-response", approvalId: "ap" },
        "tool-approval-response without approvalId or approved",
      ],
      [
        { type: "tool-approval-response", approved: true },
        "tool-approval-response without approvalId or approved",
      ],
    ];
    for (const [chunk, message] of cases) {
      expect(await sdkAccepts(chunk)).toBe(false);
      expect(warningOf(chunk)).toEqual(warning(message));
    }
  });

  it("ENV-09 a delta without its text adds nothing: no part, no tool row, no warning", async () => {
    for (const chunk of [
      { type: "text-delta", id: "a" },
      { type: "reasoning-delta", id: "r" },
      { type: "tool-input-delta", toolCallId: "c" },
    ]) {
      expect(await sdkAccepts(chunk)).toBe(false);
      expect(adapt([chunk])).toEqual([]);
    }
  });
});

describe("ai-sdk part ends that close nothing shown", () => {
  it("TEXT-04 an end for a part never started, or started and never streamed, states nothing", async () => {
    const chunks = await wire([
      { type: "text-end", id: "never" },
      { type: "reasoning-end", id: "never" },
      { type: "text-start", id: "a" },
      { type: "text-end", id: "a" },
      { type: "reasoning-start", id: "r" },
      { type: "reasoning-end", id: "r" },
    ]);
    expect(adapt(chunks)).toEqual([]);
  });
});
