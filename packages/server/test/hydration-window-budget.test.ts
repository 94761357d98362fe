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

  it("HYD-13 one answer larger than the budget still comes whole", () => {
    const projector = createProjector();
    projector.applyAll(answers(3, MESSAGE_WINDOW_BYTES * 2));
    const window = hydrationWindow(session, false, 3, projector.getState());
    expect(window.state.messages).toHaveLength(1);
    expect(window.state.messages[0]).toEqual(projector.getState().messages[2]);
  });

  it("HYD-01 short answers: the newest N by count", () => {
    const projector = createProjector();
    projector.applyAll(answers(60, 100));
    const window = hydrationWindow(session, false, 60, projector.getState(), 40);
    expect(window.state.messages).toHaveLength(40);
  });
});
