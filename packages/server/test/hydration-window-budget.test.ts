// HYD-01/13: the hydration window's messages are the newest that fit a byte budget, so a session of long
// answers still sends a bounded window; the newest message always comes, older ones page in by cursor.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { createProjector } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { hydrationWindow, MESSAGE_WINDOW_BYTES } from "../src/http/hydration-window";
import type { SessionRecord } from "../src";

const session = { id: "s", sourceKind: "test", config: {}, status: "completed" } as unknown as SessionRecord;

function answers(count: number, chars: number): AgentUiEvent[] {
  const events: AgentUiEvent[] = [];
  for (let t = 0; t < count; t++) {
    const base = { sessionId: "s", threadId: "th", turnId: `t${t}`, messageId: `m${t}` };
    events.push({
      ...base,
      type: "text.delta",
      eventId: `e${t}`,
      sequence: t + 1,
      timestamp: new Date(t * 1000).toISOString(),
      payload: { delta: `${t} ${"word ".repeat(chars / 5)}` },
    } as AgentUiEvent);
  }
  return events;
}

describe("the hydration window's message budget", () => {
  it("HYD-13 long answers: the newest that fit the byte budget, the rest behind a cursor", () => {
    const projector = createProjector();
    projector.applyAll(answers(40, 30_000));
    const window = hydrationWindow(session, false, 40, projector.getState());
    const bytes = JSON.stringify(window.state.messages).length;
    expect(window.state.messages.length).toBeGreaterThan(1);
    expect(window.state.messages.length).toBeLessThan(40);
    expect(bytes).toBeLessThanOrEqual(MESSAGE_WINDOW_BYTES);
    expect(window.window.messages).toMatchObject({ total: 40, truncated: true });
    expect(window.window.messages.before).toBe(String(40 - window.state.messages.length));
    expect(window.state.messages.at(-1)?.id).toBe(projector.getState().messages.at(-1)?.id);
  });

  it("HYD-13 PERF-04 one 5 MB answer: the window holds its tail within the budget and says where the rest is", () => {
    const projector = createProjector();
    projector.applyAll(answers(3, 5 * 1024 * 1024));
    const state = projector.getState();
    const whole = state.messages[2];
    const window = hydrationWindow(session, false, 3, state);
    expect(JSON.stringify(window.state.messages[0]).length).toBeLessThanOrEqual(MESSAGE_WINDOW_BYTES);
    expect(JSON.stringify(window).length).toBeLessThan(2 * MESSAGE_WINDOW_BYTES);
    expect(window.state.messages).toHaveLength(1);
    const held = window.state.messages[0];
    expect(held.id).toBe(whole.id);
    // The newest text, cut from its head: a live delta appended to it still reads right.
    const text = held.parts[0].text ?? "";
    expect(text.length).toBeGreaterThan(MESSAGE_WINDOW_BYTES / 2);
    expect(whole.parts[0].text?.endsWith(text)).toBe(true);
    expect(window.window.cut).toEqual({
      messageId: whole.id,
      bytes: JSON.stringify(whole).length,
      parts: { total: 1, included: 1 },
      text: { partId: whole.parts[0].id, total: whole.parts[0].text?.length, included: text.length },
    });
    // Older messages stay behind the cursor.
    expect(window.window.messages).toMatchObject({ total: 3, included: 1, before: "2" });
  });

  it("HYD-13 a message of many parts keeps its newest parts that fit, never a part's head", () => {
    const projector = createProjector();
    const events: AgentUiEvent[] = [];
    for (let k = 0; k < 400; k++)
      events.push({
        sessionId: "s",
        threadId: "th",
        turnId: "t0",
        messageId: "m0",
        type: "tool.started",
        toolCallId: `c${k}`,
        eventId: `e${k}`,
        sequence: k + 1,
        timestamp: new Date(k * 1000).toISOString(),
        payload: { name: "read", input: { path: `${k} ${"p".repeat(2000)}` } },
      } as AgentUiEvent);
    projector.applyAll(events);
    const whole = projector.getState().messages[0];
    const window = hydrationWindow(session, false, 400, projector.getState());
    const held = window.state.messages[0];
    expect(JSON.stringify(held).length).toBeLessThanOrEqual(MESSAGE_WINDOW_BYTES);
    expect(window.window.cut?.parts.total).toBe(whole.parts.length);
    expect(held.parts.length).toBeGreaterThan(0);
    expect(held.parts.length).toBeLessThan(whole.parts.length);
    expect(held.parts.at(-1)?.id).toBe(whole.parts.at(-1)?.id);
  });

  it("HYD-01 short answers: the newest N by count", () => {
    const projector = createProjector();
    projector.applyAll(answers(60, 100));
    const window = hydrationWindow(session, false, 60, projector.getState(), 40);
    expect(window.state.messages).toHaveLength(40);
  });
});
