// Parts the source discarded (AI SDK `reset-step`: a retried step's partial output is invalid). The
// adapter ends each with a `text.final` / `reasoning.summary` carrying `payload.discarded: true`; the
// projection removes the part, as the SDK's own reducer does, and leaves no empty part (TEXT-04, PROC-01).
import { aiSdkAdapter } from "@agent-ui/adapters";
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { type UIMessage, type UIMessageChunk, readUIMessageStream } from "ai";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";

function adapt(chunks: unknown[]): AgentUiEvent[] {
  const adapter = aiSdkAdapter.create({ streamId: "s" });
  return [...chunks.flatMap((c, i) => adapter.push(c, i)), ...adapter.finish()];
}

/** The SDK's own reducer: the message its UI shows. */
async function reference(chunks: UIMessageChunk[]): Promise<UIMessage> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream })) last = message;
  if (last === undefined) throw new Error("the SDK reducer produced no message");
  return last;
}

/** Every part of every message: kind and text, in order (empty parts included: none may be left). */
const parts = (state: ProjectionState) =>
  state.messages.flatMap((m) => m.parts).map((p) => [p.kind, p.text ?? ""]);
const SDK_KIND: Record<string, string> = { text: "assistant_text", reasoning: "reasoning_summary" };
const sdkParts = (message: UIMessage) =>
  message.parts
    .filter((p) => p.type === "text" || p.type === "reasoning")
    .map((p) => [SDK_KIND[p.type], (p as { text: string }).text]);

const reasoning = (id: string, text: string): UIMessageChunk[] => [
  { type: "reasoning-start", id },
  { type: "reasoning-delta", id, delta: text },
  { type: "reasoning-end", id },
];
const text = (id: string, value: string): UIMessageChunk[] => [
  { type: "text-start", id },
  { type: "text-delta", id, delta: value },
  { type: "text-end", id },
];

describe("discarded parts (TEXT-04, PROC-01)", () => {
  it("TEXT-04 a discarded answer part is removed, not left empty; the retried answer shows once", async () => {
    const chunks: UIMessageChunk[] = [
      { type: "start", messageId: "m1" },
      { type: "start-step" },
      { type: "text-start", id: "t1" },
      { type: "text-delta", id: "t1", delta: "The answer is 4" },
      { type: "reset-step" } as UIMessageChunk,
      { type: "start-step" },
      ...text("t1", "The answer is 42."),
      { type: "finish-step" },
      { type: "finish" },
    ];
    const events = adapt(chunks);
    expect(events.some((e) => e.type === "text.final" && e.payload?.discarded === true)).toBe(true);
    const state = projectEvents(events);
    expect(parts(state)).toEqual([["assistant_text", "The answer is 42."]]);
    expect(parts(state)).toEqual(sdkParts(await reference(chunks)));
    expect(state.runtime.status).toBe("completed");
  });

  it("PROC-01 discarded reasoning is removed; its timeline entry says discarded, the retried step's reasoning keeps its order", async () => {
    const chunks: UIMessageChunk[] = [
      { type: "start", messageId: "m1" },
      { type: "start-step" },
      ...text("a", "Step one stays."),
      { type: "finish-step" },
      { type: "start-step" },
      { type: "reasoning-start", id: "r1" },
      { type: "reasoning-delta", id: "r1", delta: "Thinking about the wrong file" },
      { type: "reset-step" } as UIMessageChunk,
      ...reasoning("r2", "Checking the right file."),
      ...text("b", "Done."),
      { type: "finish-step" },
      { type: "finish" },
    ];
    const state = projectEvents(adapt(chunks));
    expect(parts(state)).toEqual([
      ["assistant_text", "Step one stays."],
      ["reasoning_summary", "Checking the right file."],
      ["assistant_text", "Done."],
    ]);
    expect(parts(state)).toEqual(sdkParts(await reference(chunks)));
    const discarded = state.timeline.filter((entry) => entry.status === "discarded");
    expect(discarded).toHaveLength(1);
    expect(discarded[0].kind).toBe("reasoning");
  });

  it("TEXT-04 a discarded final for a part never shown changes nothing", () => {
    const state = projectEvents([
      { eventId: "1", type: "text.delta", messageId: "m", partId: "keep", payload: { delta: "kept" } },
      {
        eventId: "2",
        type: "text.final",
        messageId: "m",
        partId: "ghost",
        payload: { text: "", discarded: true },
      },
    ]);
    expect(parts(state)).toEqual([["assistant_text", "kept"]]);
    expect(state.diagnostics).toEqual([]);
  });

  it("PROC-01 parts added after a removal get fresh ids: no part is overwritten", () => {
    const state = projectEvents([
      { eventId: "1", type: "text.delta", messageId: "m", partId: "t1", payload: { delta: "x" } },
      { eventId: "2", type: "reasoning.delta", messageId: "m", payload: { delta: "a" } },
      { eventId: "3", type: "reasoning.summary", messageId: "m", payload: { text: "A" } },
      {
        eventId: "4",
        type: "text.final",
        messageId: "m",
        partId: "t1",
        payload: { text: "", discarded: true },
      },
      { eventId: "5", type: "reasoning.delta", messageId: "m", payload: { delta: "b" } },
      { eventId: "6", type: "text.delta", messageId: "m", payload: { delta: "y" } },
    ]);
    expect(parts(state)).toEqual([
      ["reasoning_summary", "A"],
      ["reasoning_summary", "b"],
      ["assistant_text", "y"],
    ]);
    const ids = state.messages.flatMap((m) => m.parts.map((p) => p.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("PROC-01 PROC-09 a retried step without part ids gets its own timeline entry; the discarded one stays", () => {
    const fact = (eventId: string, type: string, payload: Record<string, unknown>) =>
      ({ eventId, type, turnId: "t1", messageId: "m", payload }) as AgentUiEvent;
    const state = projectEvents([
      fact("1", "reasoning.delta", { delta: "Wrong file." }),
      fact("2", "reasoning.summary", { text: "", discarded: true }),
      fact("3", "reasoning.delta", { delta: "Right file." }),
      fact("4", "reasoning.summary", { text: "Right file." }),
    ]);
    expect(parts(state)).toEqual([["reasoning_summary", "Right file."]]);
    expect(state.timeline.map((entry) => [entry.kind, entry.status])).toEqual([
      ["reasoning", "discarded"],
      ["reasoning", "completed"],
    ]);
    const ids = state.timeline.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("PROC-09 ARCH-04 a step discarded before a restore and retried after it still gets its own timeline entry", () => {
    const fact = (eventId: string, type: string, payload: Record<string, unknown>) =>
      ({ eventId, type, turnId: "t1", messageId: "m", payload }) as AgentUiEvent;
    const before = [
      fact("1", "reasoning.delta", { delta: "Wrong file." }),
      fact("2", "reasoning.summary", { text: "", discarded: true }),
    ];
    const after = [
      fact("3", "reasoning.delta", { delta: "Right file." }),
      fact("4", "reasoning.summary", { text: "Right file." }),
    ];
    const resumed = createProjector();
    resumed.hydrate({ kind: "projection", state: projectEvents(before) });
    resumed.applyAll(after);
    const live = projectEvents([...before, ...after]);
    const entries = (state: ProjectionState) => state.timeline.map((entry) => [entry.id, entry.status]);
    expect(entries(resumed.getState())).toStrictEqual(entries(live));
    expect(entries(live)).toStrictEqual([
      ["reasoning:m:reasoning:0", "discarded"],
      ["reasoning:m:reasoning:1", "completed"],
    ]);
    expect(parts(resumed.getState())).toEqual([["reasoning_summary", "Right file."]]);
  });

  it("PROC-09 a part id the source chose in the projector's own shape pushes the next one forward, not back", () => {
    const fact = (eventId: string, type: string, payload: Record<string, unknown>, partId?: string) =>
      ({ eventId, type, turnId: "t1", messageId: "m", partId, payload }) as AgentUiEvent;
    const state = projectEvents([
      fact("1", "reasoning.delta", { delta: "Wrong file." }),
      fact("2", "reasoning.summary", { text: "", discarded: true }),
      fact("3", "text.delta", { delta: "Looking." }, "m:reasoning:1"),
      fact("4", "reasoning.delta", { delta: "Right file." }),
    ]);
    expect(state.timeline.map((entry) => [entry.kind, entry.status])).toEqual([
      ["reasoning", "discarded"],
      ["reasoning", "running"],
    ]);
  });

  it("TEXT-04 PROC-01 any mix of steps, resets, texts and reasoning shows the parts the SDK's reducer keeps (fast-check)", async () => {
    const step = fc.record({
      items: fc.array(
        fc.tuple(fc.constantFrom("text", "reasoning"), fc.string({ minLength: 3, maxLength: 8 })),
        {
          minLength: 1,
          maxLength: 3,
        },
      ),
      resetAfter: fc.option(fc.nat(10), { nil: null }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), async (steps) => {
        const chunks: UIMessageChunk[] = [{ type: "start", messageId: "m" }];
        steps.forEach((s, n) => {
          const body = s.items.flatMap(([kind, value], p) =>
            kind === "text" ? text(`s${n}p${p}`, value) : reasoning(`s${n}p${p}`, value),
          );
          chunks.push({ type: "start-step" });
          if (s.resetAfter !== null)
            chunks.push(...body.slice(0, s.resetAfter), { type: "reset-step" } as UIMessageChunk);
          chunks.push(...body, { type: "finish-step" });
        });
        chunks.push({ type: "finish" });
        const state = projectEvents(adapt(chunks));
        expect(parts(state)).toEqual(sdkParts(await reference(chunks)));
      }),
      { numRuns: 60 },
    );
  });
});
