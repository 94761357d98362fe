// Only changed slices re-render (PERF, ARCH-05): a text delta moves the cursor and the messages, not what
// the status row shows of the cursor; a sequence gap does change it.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { createProjector } from "@agent-ui/projection";
import { shallowEqual } from "@agent-ui/react";
import { describe, expect, it } from "vitest";
import {
  sameCursorHealth,
  selectConversation,
  selectCursorHealth,
  selectMentionSources,
} from "../src/selectors";

const delta = (sequence: number): AgentUiEvent => ({
  type: "text.delta",
  eventId: `e${sequence}`,
  sequence,
  sessionId: "s",
  turnId: "t",
  messageId: "m",
  payload: { delta: "word ", role: "assistant" },
});

describe("workbench selectors", () => {
  it("PERF-04 a text delta leaves the status row's cursor health and the mention sources unchanged", () => {
    const projector = createProjector({ sessionId: "s" });
    projector.apply(delta(1));
    const before = projector.getState();
    projector.apply(delta(2));
    const after = projector.getState();
    expect(after.cursor).not.toBe(before.cursor);
    expect(sameCursorHealth(selectCursorHealth(before), selectCursorHealth(after))).toBe(true);
    expect(shallowEqual(selectMentionSources(after), selectMentionSources(before))).toBe(true);
    expect(selectConversation(after).messages).not.toBe(selectConversation(before).messages);
  });

  it("HYD-05 a sequence gap changes the cursor health the status row shows", () => {
    const projector = createProjector({ sessionId: "s" });
    projector.apply(delta(1));
    const before = projector.getState();
    projector.apply(delta(5));
    const after = projector.getState();
    expect(after.cursor.gaps.length).toBeGreaterThan(0);
    expect(sameCursorHealth(selectCursorHealth(before), selectCursorHealth(after))).toBe(false);
  });
});
