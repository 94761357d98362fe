import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { createProjector } from "@agent-ui/projection";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeSession, generateSession } from "../../../bench/src/generator";
import { DEFAULT_MESSAGE_WINDOW, windowContentBytes } from "../src/http/hydration-window";
import { MAX_EVENTS_AFTER_STORED_WINDOW, storedStateAtHead, WINDOW_STAMP } from "../src/http/stored-window";
import type { LogEntry, SessionRecord, SessionStore, StoredWindow } from "../src/store/session-store";

/** The two reads `storedStateAtHead` makes, over a log and one stored window. */
function storeOf(events: readonly AgentUiEvent[], window: StoredWindow): SessionStore {
  return {
    async readWindow() {
      return window;
    },
    async readEvents(_id: string, { after = 0, limit = Number.POSITIVE_INFINITY } = {}) {
      return events
        .slice(after, after + limit)
        .map((event, i): LogEntry => ({ seq: after + 1 + i, event }) as LogEntry);
    },
  } as unknown as SessionStore;
}

/** The stored window of the state after the first `cut` events. */
async function windowAt(events: readonly AgentUiEvent[], cut: number): Promise<StoredWindow> {
  const body = await windowContentBytes(projected(events.slice(0, cut)), DEFAULT_MESSAGE_WINDOW);
  return { seq: cut, messageLimit: DEFAULT_MESSAGE_WINDOW, stamp: WINDOW_STAMP, body: `${body}` };
}

const pendingIds = (state: Pick<ProjectionState, "actions"> | undefined) =>
  Object.values(state?.actions ?? {})
    .filter((action) => action.status === "pending")
    .map((action) => action.actionId);

function projected(events: readonly AgentUiEvent[]): ProjectionState {
  const projector = createProjector();
  for (const event of events) projector.apply(event);
  return projector.getState();
}

/** Generated sessions: runs with text, reasoning, tools (args, errors, retries), approvals, subagents,
 * artifacts and evidence, cut into short turns. */
const sessions = [1, 2, 3].map(
  (seed) => encodeSession(generateSession({ seed, events: 3000, turnEvents: [250, 600] })).envelope,
);

describe("the state at the head from a stored window behind it", () => {
  it("HYD-08 FALL-01 the runtime and the live actions equal the whole projection's, wherever the window was cut", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: sessions.length - 1 }),
        fc.nat(),
        fc.integer({ min: 1, max: 400 }),
        async (which, at, tail) => {
          const events = sessions[which];
          const cut = at % events.length;
          const head = Math.min(events.length, cut + tail);
          const session = { id: "s", lastSeq: head } as SessionRecord;
          const read = await storedStateAtHead(storeOf(events, await windowAt(events, cut)), session);
          const whole = projected(events.slice(0, head));
          expect(read?.runtime).toEqual(whole.runtime);
          expect(pendingIds(read)).toEqual(pendingIds(whole));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("HYD-08 HITL-01 an approval asked after the window is pending at the head; one answered after it is not", async () => {
    const events = sessions.flatMap((session, which) =>
      session.flatMap((event, at) => (event.type === "action.required" ? [[which, at] as const] : [])),
    );
    expect(events.length).toBeGreaterThan(0);
    for (const [which, at] of events) {
      const session = sessions[which];
      const answered = session.findIndex((e, i) => i > at && e.type === "action.resolved");
      for (const [cut, head] of [
        [at, at + 1],
        [at, answered + 1],
        [at + 1, answered + 1],
      ]) {
        const atHead = { id: "s", lastSeq: head } as SessionRecord;
        const read = await storedStateAtHead(storeOf(session, await windowAt(session, cut)), atHead);
        const whole = projected(session.slice(0, head));
        expect(pendingIds(read)).toEqual(pendingIds(whole));
        expect(pendingIds(read)).toHaveLength(head === at + 1 ? 1 : 0);
        expect(read?.runtime).toEqual(whole.runtime);
      }
    }
  });

  it("HYD-08 a window more than MAX_EVENTS_AFTER_STORED_WINDOW behind is not read", async () => {
    const events = sessions[0];
    const window = await windowAt(events, 0);
    const far = { id: "s", lastSeq: MAX_EVENTS_AFTER_STORED_WINDOW + 1 } as SessionRecord;
    expect(await storedStateAtHead(storeOf(events, window), far)).toBeUndefined();
    const near = { id: "s", lastSeq: MAX_EVENTS_AFTER_STORED_WINDOW } as SessionRecord;
    expect((await storedStateAtHead(storeOf(events, window), near))?.runtime).toEqual(
      projected(events.slice(0, MAX_EVENTS_AFTER_STORED_WINDOW)).runtime,
    );
  });
});
